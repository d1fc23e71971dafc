import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { shiftScheduleMachine } from '../../machines/shiftSchedule.ts';
import type { PlanningCalc } from '../../shared/shift-schedules.ts';
import { Page, PageCard, PageTitle, TabList, tabPanelProps } from '../../widgets/index.ts';
import { CalcLoadFailure } from './CalcLoadFailure.tsx';
import { CoeffPanel } from './coeff/CoeffPanel.tsx';
import { ScheduleChart } from './ScheduleChart.tsx';
import { ScheduleTable } from './ScheduleTable.tsx';
import { distinctText, hoursText, solveText, statusText } from './schedule.ts';
import './shift-schedules.css';

const TITLE = 'График сменности';
/** The id of the panel the positions' tabs show. */
const POSITION_PANEL = 'shift-schedule-position';

/** 'DD.MM.YYYY' of 'YYYY-MM-DD…'. */
const day = (stamp: string) => `${stamp.slice(8, 10)}.${stamp.slice(5, 7)}.${stamp.slice(0, 4)}`;

/** The calculation's heading figures: period, solve time, and per position its status and staff-hours. */
function Summary({ calc }: { calc: PlanningCalc }) {
  const { result } = calc;
  return (
    <div className="shift-schedule__summary-block">
      <dl className="shift-schedule__facts">
        <div>
          <dt>Период</dt>
          <dd>
            {day(calc.begin)} – {day(calc.end)}
          </dd>
        </div>
        <div>
          <dt>Типовая неделя</dt>
          <dd>с {day(result.week_start)}</dd>
        </div>
        <div>
          <dt>Время расчёта</dt>
          <dd>{solveText(result.solve_ms)}</dd>
        </div>
      </dl>
      <table className="shift-schedule__table" aria-label="Результат по должностям">
        <thead>
          <tr>
            <th scope="col">Должность</th>
            <th scope="col">Человеко-часы</th>
            <th scope="col">Статус</th>
            <th scope="col">Меньше разных смен</th>
            <th scope="col">Время</th>
          </tr>
        </thead>
        <tbody>
          {result.positions.map((position) => (
            <tr key={position.employee_position_id}>
              <td>{position.name}</td>
              <td>{hoursText(position.staff_hours)}</td>
              <td>{statusText(position)}</td>
              <td>{distinctText(position.distinct_gap)}</td>
              <td>{solveText(position.solve_ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /shift-schedules/{id} (issue 15): the saved standard schedule against its demand, by slot and by shift. */
export default function Screen() {
  const { id } = useParams();
  const calcId = Number(id);
  if (!Number.isInteger(calcId) || calcId < 1) {
    return (
      <Page label={TITLE}>
        <PageTitle title={TITLE} />
        <PageCard>
          <p role="alert">Расчёт не найден</p>
        </PageCard>
      </Page>
    );
  }
  return <Schedule key={calcId} calcId={calcId} />;
}

function Schedule({ calcId }: { calcId: number }) {
  const actor = useActorRef(shiftScheduleMachine, { input: { id: calcId } });
  const { calc, positionId, message, gone, exportMessage } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const exporting = useSelector(actor, (s) => s.hasTag('exporting'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const position = useMemo(
    () => calc?.result.positions.find((p) => p.employee_position_id === positionId) ?? null,
    [calc, positionId],
  );
  const actions = calc
    ? [
        {
          // Not disabled while exporting: a disabled button drops the keyboard focus to the page's start. The machine
          // takes EXPORT.START only when idle; the status, not the label, says the file is being prepared.
          label: 'Выгрузить в Excel',
          onClick: () => actor.send({ type: 'EXPORT.START' }),
          variant: 'secondary' as const,
        },
      ]
    : [];

  return (
    <Page label={TITLE}>
      <PageTitle title={calc ? `${TITLE}: ${calc.name}` : TITLE} actions={actions}>
        <span className="shift-schedule__status" role="status" aria-busy={loading || exporting}>
          {loading ? 'Загрузка…' : exporting ? 'Подготовка файла…' : (exportMessage ?? '')}
        </span>
        {calc ? (
          <Link className="w-button w-button--secondary" to={`/planning-vacation/${calc.id}`}>
            Планирование отпусков
          </Link>
        ) : null}
      </PageTitle>
      {failed ? (
        <CalcLoadFailure message={message} gone={gone} onRetry={() => actor.send({ type: 'LOAD.RETRY' })} />
      ) : null}
      {calc ? (
        <>
          <PageCard>
            <Summary calc={calc} />
          </PageCard>
          <PageCard>
            <CoeffPanel calcId={calc.id} />
          </PageCard>
          {calc.result.positions.length === 0 ? (
            <PageCard>
              <p>Ошибка при расчете графиков сменности</p>
            </PageCard>
          ) : (
            <PageCard title="Покрытие потребности по типовой неделе">
              <TabList
                label="Должность"
                tabs={calc.result.positions.map((p) => ({ id: p.employee_position_id, name: p.name }))}
                selected={positionId ?? -1}
                onSelect={(id) => actor.send({ type: 'POSITION.SELECT', positionId: id })}
                className="shift-schedule__positions"
                tabClassName="shift-schedule__position"
                panelId={POSITION_PANEL}
              />
              {position ? (
                <div {...tabPanelProps(POSITION_PANEL, position.employee_position_id)}>
                  <ScheduleChart
                    name={position.name}
                    demand={position.demand}
                    cover={position.cover}
                    slotMinutes={calc.result.slot_minutes}
                  />
                  <ScheduleTable shifts={position.shifts} />
                </div>
              ) : null}
            </PageCard>
          )}
        </>
      ) : null}
    </Page>
  );
}
