import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import {
  assignBody,
  changedCount,
  delayEmployeeMachine,
  shownEmployee,
} from '../../machines/delayEmployee.ts';
import type { DelayEmployee } from '../../shared/delay-employee.ts';
import { instantToDay } from '../../shared/wallClock.ts';
import {
  DatePicker,
  LoadFailure,
  Page,
  PageCard,
  PageTitle,
  Select,
  type SelectOption,
  TextInput,
} from '../../widgets/index.ts';
import { useCan } from '../access/rules.ts';
import { fieldMessage } from '../api/errors.ts';
import { readTimeZone } from '../api/storage.ts';
import './delayEmployee.css';

const TITLE = 'Ответственные за задержки';
const DIRECTION: Record<number, string> = { 1: 'Вылет', 2: 'Прилёт' };

/** 'DD.MM HH:mm' of a wire time 'YYYY-MM-DD HH:mm:ss'. */
function shortTime(stamp: string): string {
  return `${stamp.slice(8, 10)}.${stamp.slice(5, 7)} ${stamp.slice(11, 16)}`;
}

/** The label of a row's select, unique on the page. */
function rowLabel(row: DelayEmployee): string {
  return `Ответственный: ${row.flight_number}, код ${row.number_code}`;
}

/** /delay-employee (spec 2, 4): the delays of a day's flights and the employee answerable for each. */
export default function Screen() {
  const canEdit = useCan('delay-employee-update');
  const actor = useActorRef(delayEmployeeMachine, {
    // Today in the zone chosen in the frame: the server reads the day in that zone too.
    input: { date: instantToDay(Date.now(), readTimeZone()) },
  });
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const failed = useSelector(actor, (s) => s.matches({ day: 'failed' }));
  const pending = changedCount(context);
  // Each changed row's place among the items of the body a save sends, where the server's field errors point.
  const sentIndex = useMemo(
    () => new Map(assignBody(context).items.map((item, index) => [item.delay_id, index])),
    [context],
  );

  // The employees offered: the search's page, plus whoever the rows already show, so a chosen name never vanishes.
  const options = useMemo<SelectOption[]>(() => {
    const byId = new Map<number, SelectOption>();
    for (const employee of context.employees)
      byId.set(employee.id, {
        id: employee.id,
        name: employee.name,
        subtitle: employee.employeePosition.name,
      });
    for (const row of context.rows) {
      const shown = shownEmployee(context, row);
      if (shown && !byId.has(shown.id)) byId.set(shown.id, { id: shown.id, name: shown.name });
    }
    return [...byId.values()];
  }, [context]);

  const actions = canEdit
    ? [
        {
          label: 'Сохранить',
          onClick: () => actor.send({ type: 'CHANGES.SAVE' }),
          disabled: saving || loading || pending === 0,
          variant: 'success' as const,
        },
      ]
    : [];

  return (
    <Page label={TITLE}>
      <PageTitle title={TITLE} actions={actions}>
        <span className="delay-employee__status" role="status">
          {saved && context.notice
            ? context.notice
            : pending > 0
              ? `Несохранённых изменений: ${pending}`
              : ''}
        </span>
      </PageTitle>
      <PageCard>
        <div className="delay-employee__toolbar">
          <DatePicker
            label="День"
            value={`${context.date} 00:00`}
            onChange={(stamp) => {
              if (stamp) actor.send({ type: 'DATE.CHANGE', date: stamp.slice(0, 10) });
            }}
            disabled={saving}
          />
          <TextInput
            label="Поиск сотрудника"
            type="search"
            placeholder="Часть ФИО"
            value={context.search}
            onChange={(search) => actor.send({ type: 'SEARCH.CHANGE', search })}
          />
        </div>
        <LoadFailure
          className="delay-employee__error"
          message={context.message}
          onRetry={failed ? () => actor.send({ type: 'LOAD.RETRY' }) : undefined}
        />
        <div aria-busy={loading || saving}>
          {loading ? (
            <p>Загрузка…</p>
          ) : context.rows.length === 0 ? (
            <p>{failed ? '' : 'За этот день задержек нет'}</p>
          ) : (
            <table className="delay-employee__table" aria-label="Задержки рейсов">
              <thead>
                <tr>
                  <th>Рейс</th>
                  <th>Направление</th>
                  <th>План</th>
                  <th>Код задержки</th>
                  <th>Минут</th>
                  <th>Ответственный</th>
                </tr>
              </thead>
              <tbody>
                {context.rows.map((row) => {
                  const shown = shownEmployee(context, row);
                  const changed = Object.hasOwn(context.changes, row.id);
                  // A refusal names the body's items (the changed rows only): `items.N` is the row's place there.
                  const sent = sentIndex.get(row.id);
                  const error =
                    sent === undefined ? null : fieldMessage(context.fields, `items.${sent}.employee_id`);
                  return (
                    <tr key={row.id} className={changed ? 'delay-employee__changed' : undefined}>
                      <td>{row.flight_number}</td>
                      <td>{DIRECTION[row.direction] ?? row.direction}</td>
                      <td>{shortTime(row.plan_at)}</td>
                      <td title={row.transcript}>
                        <strong>{row.number_code}</strong>
                        {row.letter_code ? ` ${row.letter_code}` : ''}
                        <span className="delay-employee__transcript">{row.transcript}</span>
                      </td>
                      <td>{row.minutes}</td>
                      <td className="delay-employee__who">
                        <Select
                          label={rowLabel(row)}
                          hideLabel
                          options={options}
                          value={shown?.id ?? null}
                          onChange={(_, option) =>
                            actor.send({
                              type: 'EMPLOYEE.CHOOSE',
                              delayId: row.id,
                              employee: option ? { id: Number(option.id), name: option.name } : null,
                            })
                          }
                          searchable
                          clearable
                          placeholder="Не назначен"
                          disabled={!canEdit || saving}
                          error={error}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </div>
      </PageCard>
    </Page>
  );
}
