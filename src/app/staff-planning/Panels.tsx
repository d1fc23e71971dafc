import { lazy, Suspense, useMemo, useState } from 'react';
import type { MaxDemandRow, StaffPlanningFilters } from '../../machines/staffPlanningFilters.ts';
import { apiStamp, stampMinutes } from '../../machines/staffPlanningFilters.ts';
import type { PassengerCount, PeakGraph } from '../../shared/planning-demand.ts';
import { scheduleFieldError } from '../../shared/shift-schedules.ts';
import { wallClockText } from '../../shared/wallClock.ts';
import { type FieldErrors, fieldMessage, parseApiError } from '../api/errors.ts';
import { loadMaxDemands, loadPassengerCount, loadPeakGraph } from './api.ts';
import type { ChartAxisKind } from './chartFormat.ts';
import { stampWeekday } from './chartFormat.ts';
import { WholeInput } from './WholeInput.tsx';

const SeriesChart = lazy(() => import('./SeriesChart.tsx'));

/** Chart data of lists of `{datetime, count}` points sharing their times: the first list's times, each list's counts. */
function pointsChart(lists: { label: string; points: { datetime: string; count: number }[] }[]) {
  const minutes = (lists[0]?.points ?? []).map((p) => stampMinutes(p.datetime.slice(0, 16)));
  return { minutes, series: lists.map((l) => ({ label: l.label, values: l.points.map((p) => p.count) })) };
}

/** A lazily loaded line chart of a panel; `axis` 'week' for a typical week (ticks by weekday). */
function PanelChart(props: {
  chart: ReturnType<typeof pointsChart>;
  title: string;
  unit: string;
  axis?: ChartAxisKind;
}) {
  if (props.chart.minutes.length === 0) return null;
  return (
    <Suspense fallback={<p className="staff-planning__note">Загрузка графика…</p>}>
      <SeriesChart
        {...props.chart}
        kind="line"
        title={props.title}
        unit={props.unit}
        height={240}
        axis={props.axis}
      />
    </Suspense>
  );
}

/** Peak slots listed per position, the highest first. */
const PEAKS_SHOWN = 5;

type Status = 'idle' | 'loading' | 'failed';

/**
 * A panel's load: a status, and the server's field messages of the last refusal by wire name (spec 5: shown under
 * their inputs). A field's message goes once its input is edited, since it was about the value sent.
 */
function useRun() {
  const [status, setStatus] = useState<Status>('idle');
  const [fields, setFields] = useState<FieldErrors>({});
  const run = async (work: () => Promise<void>) => {
    setStatus('loading');
    setFields({});
    try {
      await work();
      setStatus('idle');
    } catch (error) {
      setFields(parseApiError(error).fields);
      setStatus('failed');
    }
  };
  const edited = (field: string) =>
    setFields((old) => {
      if (!(field in old)) return old;
      const { [field]: _, ...rest } = old;
      return rest;
    });
  return { status, fields, run, edited };
}

function RunButton({
  status,
  onClick,
  disabled,
}: {
  status: Status;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="w-button" disabled={disabled || status === 'loading'} onClick={onClick}>
      {status === 'loading' ? 'Расчёт…' : 'Рассчитать'}
    </button>
  );
}

/** The generic failure note (spec 8), unless the refusal's messages already sit under the panel's inputs. */
function Failed({ status, fields, inputs = [] }: { status: Status; fields: FieldErrors; inputs?: string[] }) {
  if (status !== 'failed' || inputs.some((input) => fieldMessage(fields, input))) return null;
  return <p className="staff-planning__note">Не удалось рассчитать, проверьте фильтры</p>;
}

/**
 * The flight filters of the screen as the demand panels send them («Вид расписания», «Статусы заявок», type), so max
 * demand and the peak graph answer for the same flights.
 */
const flightLists = (filters: StaffPlanningFilters) => ({
  'flight_schedule[]': filters.flightSchedule,
  'flight_type[]': filters.flightType,
  'flight_status[]': filters.flightStatus,
});

/** Max demand per position (`/planning/max-demand`) with the min_time input; kept in the machine's storage. */
export function MaxDemandPanel(props: {
  filters: StaffPlanningFilters;
  positions: { id: number; name: string }[];
  maxDemand: { minTime: number; rows: MaxDemandRow[] };
  onResult: (minTime: number, rows: MaxDemandRow[]) => void;
}) {
  const { filters, positions, maxDemand, onResult } = props;
  const [minTime, setMinTime] = useState(String(maxDemand.minTime));
  const { status, fields, run, edited } = useRun();
  const chosen = filters.positions.length ? filters.positions : positions.map((p) => p.id);
  const nameOf = (id: number) => positions.find((p) => p.id === id)?.name ?? `#${id}`;
  const calculate = () =>
    run(async () => {
      const minutes = Number(minTime.trim() || 0);
      if (chosen.length === 0) return onResult(minutes, []);
      const rows = await loadMaxDemands({
        begin_datetime: apiStamp(filters.range.from),
        end_datetime: apiStamp(filters.range.to),
        ...flightLists(filters),
        min_time: minutes,
        'employee_position_id[]': chosen,
      });
      onResult(minutes, rows);
    });
  return (
    <section className="staff-planning__panel" aria-label="Максимальная потребность">
      <h2>Максимальная потребность</h2>
      <div className="staff-planning__panel-inputs">
        <WholeInput
          label="Минимальная длительность, мин"
          value={minTime}
          placeholder="0"
          error={fieldMessage(fields, 'min_time')}
          onChange={(value) => {
            setMinTime(value);
            edited('min_time');
          }}
        />
        <RunButton status={status} onClick={calculate} />
      </div>
      <Failed status={status} fields={fields} inputs={['min_time']} />
      {maxDemand.rows.length ? (
        <table className="staff-planning__table">
          <thead>
            <tr>
              <th scope="col">Должность</th>
              <th scope="col">Максимум, чел.</th>
              <th scope="col">С</th>
              <th scope="col">По</th>
            </tr>
          </thead>
          <tbody>
            {maxDemand.rows.map((row) => (
              <tr key={row.employee_position_id}>
                <td>{nameOf(row.employee_position_id)}</td>
                <td>{row.max_count}</td>
                <td>{row.begin ? wallClockText(row.begin) : '—'}</td>
                <td>{row.end ? wallClockText(row.end) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="staff-planning__note">Нажмите «Рассчитать» для выбранных должностей</p>
      )}
    </section>
  );
}

/** The peak graph (`planning/peak-graph`): per position, the slots of the typical week whose peak recurs. */
export function PeakGraphPanel({ filters }: { filters: StaffPlanningFilters }) {
  // Typed as text (spec 5: whole numbers or empty; empty means 1 repeat and 0 %), judged as the standard form's.
  const [repeat, setRepeat] = useState('1');
  const [deviation, setDeviation] = useState('0');
  const [graph, setGraph] = useState<PeakGraph | null>(null);
  const chart = useMemo(
    () => (graph?.length ? pointsChart(graph.map((e) => ({ label: e.name, points: e.points }))) : null),
    [graph],
  );
  const { status, fields, run, edited } = useRun();
  const repeatError = scheduleFieldError('interval_repeat_in_period', repeat);
  const deviationError = scheduleFieldError('deviation_in_period', deviation);
  const calculate = () =>
    run(async () => {
      const query: Record<string, string | number | number[]> = {
        begin_period_date: filters.range.from.slice(0, 10),
        end_period_date: filters.range.to.slice(0, 10),
        step: filters.scale,
        'employee_positions[]': filters.positions,
        ...flightLists(filters),
      };
      if (repeat.trim()) query.interval_repeat_in_period = Number(repeat);
      if (deviation.trim()) query.deviation_in_period = Number(deviation);
      setGraph(await loadPeakGraph(query));
    });
  return (
    <section className="staff-planning__panel" aria-label="График пиков">
      <h2>График пиков</h2>
      <div className="staff-planning__panel-inputs">
        <WholeInput
          label="Повторов за период"
          value={repeat}
          placeholder="1"
          error={repeatError ?? fieldMessage(fields, 'interval_repeat_in_period')}
          onChange={(value) => {
            setRepeat(value);
            edited('interval_repeat_in_period');
          }}
        />
        <WholeInput
          label="Отклонение, %"
          value={deviation}
          placeholder="0"
          error={deviationError ?? fieldMessage(fields, 'deviation_in_period')}
          onChange={(value) => {
            setDeviation(value);
            edited('deviation_in_period');
          }}
        />
        <RunButton
          status={status}
          disabled={filters.positions.length === 0 || Boolean(repeatError || deviationError)}
          onClick={calculate}
        />
      </div>
      {filters.positions.length === 0 ? (
        <p className="staff-planning__note">Выберите должности в фильтре</p>
      ) : null}
      <Failed status={status} fields={fields} inputs={['interval_repeat_in_period', 'deviation_in_period']} />
      {chart ? (
        <PanelChart
          chart={chart}
          title="Типичная неделя: потребность по должностям"
          unit="чел."
          axis="week"
        />
      ) : null}
      {graph?.map((entry) => {
        const peaks = entry.points.filter((p) => p.is_peak === 1).sort((a, b) => b.count - a.count);
        const shown = peaks
          .slice(0, PEAKS_SHOWN)
          .map((p) => `${stampWeekday(p.datetime)} ${p.datetime.slice(11, 16)} — ${p.count}`);
        return (
          <p key={entry.employee_position_id} className="staff-planning__peaks">
            <strong>{entry.name}:</strong>{' '}
            {peaks.length ? `пиковых слотов ${peaks.length}; наибольшие: ${shown.join('; ')}` : 'пиков нет'}
          </p>
        );
      })}
    </section>
  );
}

/** Passenger counts by direction per slot of the scale (`/planning/passenger-count`): totals and the busiest slot. */
export function PassengerPanel({ filters }: { filters: StaffPlanningFilters }) {
  const [counts, setCounts] = useState<PassengerCount | null>(null);
  const chart = useMemo(
    () => (counts?.length ? pointsChart(counts.map((d) => ({ label: d.name, points: d.intervals }))) : null),
    [counts],
  );
  const { status, fields, run } = useRun();
  const calculate = () =>
    run(async () => {
      setCounts(
        await loadPassengerCount({
          'times[]': [apiStamp(filters.range.from), apiStamp(filters.range.to)],
          'direction_id[]': [1, 2],
          scale: filters.scale,
          'flight_schedule_id[]': filters.flightSchedule,
          'status[]': filters.flightStatus,
          'type[]': filters.flightType,
          'class[]': filters.flightClass,
        }),
      );
    });
  return (
    <section className="staff-planning__panel" aria-label="Пассажиропоток">
      <h2>Пассажиропоток</h2>
      <div className="staff-planning__panel-inputs">
        <RunButton status={status} onClick={calculate} />
      </div>
      <Failed status={status} fields={fields} />
      {chart ? <PanelChart chart={chart} title="Пассажиры по слотам" unit="чел." /> : null}
      {counts ? (
        <table className="staff-planning__table">
          <thead>
            <tr>
              <th scope="col">Направление</th>
              <th scope="col">Пассажиров</th>
              <th scope="col">Пик слота</th>
              <th scope="col">Слот пика</th>
            </tr>
          </thead>
          <tbody>
            {counts.map((direction) => {
              const total = direction.intervals.reduce((sum, i) => sum + i.count, 0);
              const peak = direction.intervals.reduce<(typeof direction.intervals)[number] | null>(
                (best, i) => (best === null || i.count > best.count ? i : best),
                null,
              );
              return (
                <tr key={direction.direction_id}>
                  <td>{direction.name}</td>
                  <td>{total}</td>
                  <td>{peak?.count ?? 0}</td>
                  <td>{peak ? wallClockText(peak.datetime) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
