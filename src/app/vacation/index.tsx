import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { vacationPlannerMachine } from '../../machines/vacationPlanner.ts';
import { daysBetween, VACATION_STAFF_LIMIT } from '../../shared/planning-calc.ts';
import { Page, PageCard, PageTitle, TextInput } from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { confirmLeave, useLeaveGuard } from '../shell/leaveGuard.ts';
import { CalcLoadFailure } from '../shift-schedules/CalcLoadFailure.tsx';
import { VacationGrid } from './VacationGrid.tsx';
import './vacation.css';

const TITLE = 'Планирование отпусков';

/** Said when the server read no more than its limit of the calculation's staff. */
const STAFF_CAPPED_TEXT = `Показаны первые ${VACATION_STAFF_LIMIT} сотрудников расчёта по ФИО: больше планировщик не загружает, и нехватка по дням посчитана только по ним.`;

const SORTS = [
  { value: '-vacation_left', label: 'Больше дней осталось' },
  { value: 'vacation_left', label: 'Меньше дней осталось' },
  { value: 'fio', label: 'ФИО, А–Я' },
  { value: '-fio', label: 'ФИО, Я–А' },
];

/** 'DD.MM.YYYY' of 'YYYY-MM-DD'. */
const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** /planning-vacation/{id} (spec 2, 3, 4): the vacation planner of a saved calculation. */
export default function Screen() {
  const { id } = useParams();
  const calcId = Number(id);
  if (!Number.isInteger(calcId) || calcId < 1)
    return (
      <Page label={TITLE}>
        <PageTitle title={TITLE} />
        <PageCard>
          <p role="alert">Расчёт не найден</p>
        </PageCard>
      </Page>
    );
  return <Planner key={calcId} calcId={calcId} />;
}

function Planner({ calcId }: { calcId: number }) {
  // Saving needs either rule (the server's); the link needs that of the route /shift-schedules/{id}.
  const canOpenSchedule = useCan('strategic-planning-index');
  const canSave = useCan('calc-update') || canOpenSchedule;
  const actor = useActorRef(vacationPlannerMachine, { input: { calcId, canPlan: canSave } });
  // The rules may be read again (a sign-in elsewhere, a refresh of them): the machine plans only with the right.
  useEffect(() => {
    actor.send({ type: 'ACCESS.SET', canPlan: canSave });
  }, [actor, canSave]);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const planning = useSelector(actor, (s) => s.hasTag('planning'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const { answer, drafts, message, fields, gone, notice, staffCapped } = context;
  const days = useMemo(() => (answer ? daysBetween(answer.calc.begin, answer.calc.end) : []), [answer]);
  const changed = Object.keys(drafts).length;
  useLeaveGuard(changed > 0);
  const fieldText = [...new Set(Object.values(fields).flat())].join('. ');
  const status = loading
    ? 'Загрузка…'
    : planning
      ? 'Пересчёт нехватки…'
      : saving
        ? 'Сохранение…'
        : (notice ?? (changed > 0 ? `Не сохранено: сотрудников ${changed}` : ''));

  const actions =
    canSave && answer
      ? [
          {
            label: 'Отменить изменения',
            onClick: () => actor.send({ type: 'CHANGES.RESET' }),
            disabled: changed === 0 || loading || saving || planning,
            variant: 'secondary' as const,
          },
          {
            label: 'Сохранить',
            onClick: () => actor.send({ type: 'CHANGES.SAVE' }),
            disabled: changed === 0 || loading || saving || planning,
          },
        ]
      : [];

  return (
    <Page label={TITLE}>
      {/* The title may wrap beside its buttons; the buttons keep their words on one line (vacation.css). */}
      <div className="vacation-title">
        <PageTitle title={answer ? `${TITLE}: ${answer.calc.name}` : TITLE} actions={actions}>
          {answer && canOpenSchedule ? (
            <Link
              className="w-button w-button--secondary"
              to={`/shift-schedules/${answer.calc.id}`}
              onClick={confirmLeave(changed > 0)}
            >
              График сменности
            </Link>
          ) : null}
        </PageTitle>
      </div>
      {failed ? (
        <CalcLoadFailure message={message} gone={gone} onRetry={() => actor.send({ type: 'LOAD.RETRY' })} />
      ) : null}
      {answer ? (
        <PageCard>
          <div className="vacation-toolbar">
            <p className="vacation-toolbar__period">
              Период: {dayText(answer.calc.begin)} – {dayText(answer.calc.end)} · отпуск до{' '}
              {answer.total_left} дн.
            </p>
            <label className="w-field vacation-toolbar__sort">
              <span className="w-field__label">Сортировка</span>
              <select
                value={context.sort}
                onChange={(event) => actor.send({ type: 'SORT.SET', sort: event.target.value })}
              >
                {SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </label>
            <TextInput
              label="Сотрудник"
              type="search"
              placeholder="Часть ФИО"
              value={context.employee}
              onChange={(value) => actor.send({ type: 'FILTER.CHANGE', employee: value })}
            />
          </div>
          <p className="vacation-status" role="status" aria-busy={loading || planning || saving}>
            {status}
          </p>
          {staffCapped ? (
            <p className="vacation-warning" role="note">
              {STAFF_CAPPED_TEXT}
            </p>
          ) : null}
          {message && !failed ? (
            <p className="vacation-error" role="alert">
              {fieldText ? `${message}: ${fieldText}` : message}
            </p>
          ) : null}
          {answer.employees.length === 0 ? (
            <p>Нет сотрудников</p>
          ) : (
            <VacationGrid
              rows={answer.employees}
              days={days}
              context={context}
              planning={planning}
              readOnly={!canSave}
              send={actor.send}
            />
          )}
          <p className="vacation-hint">
            {canSave
              ? 'Протяните по дням сотрудника, чтобы запланировать отпуск (с запланированного дня — чтобы снять); стрелки — переход по дням, пробел или Enter — отметить день.'
              : 'Только просмотр: нет права на изменение плана отпусков. Стрелки — переход по дням.'}{' '}
            Строка «Нехватка / запас»: сотрудники, доступные в этот день, минус нужные по графику; красным —
            нехватка.
          </p>
        </PageCard>
      ) : null}
    </Page>
  );
}
