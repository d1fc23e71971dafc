/**
 * Turnarounds as team planning sees them: the legs with their tasks, the staff each task needs and has, and the
 * handling window (first task begin .. last task end, the plan time of a leg without tasks).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TeamFlight } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import { yieldToEvents } from '../../db/gate.ts';
import { epochMs, rawRows } from '../../db/rawRows.ts';
import type { Reader } from './tx.ts';

const MS_PER_HOUR = 3_600_000;
/** How far a leg's plan time may lie from its tasks: TGO jobs start at most a few hours before on-block. */
const LEG_MARGIN_MS = 12 * MS_PER_HOUR;

/** A task of a leg with what it needs and who does it. */
export interface PairTask {
  id: number;
  flightId: number;
  aid: number | null;
  jobId: number;
  jobName: string;
  tgoId: number | null;
  begin: Date;
  end: Date;
  planBegin: Date;
  planEnd: Date;
  factBegin: Date | null;
  factEnd: Date | null;
  needs: { positionId: number; positionName: string; count: number }[];
  staff: {
    taskEmployeeId: number;
    employeeId: number;
    employeeName: string;
    positionId: number;
    positionName: string;
  }[];
  resourceTypes: { id: number; name: string }[];
  resourceIds: number[];
  aircraftTypeId: number;
}

/** A leg as team planning reads it, with its airports, stand and turnaround. */
interface LegRow {
  id: number;
  direction: number;
  number: string;
  airlineId: number;
  airlineCode: string | null;
  airlineIcao: string | null;
  flightTypeId: number;
  flightTypeName: string;
  aircraftTypeId: number;
  aircraftTypeName: string;
  boardNumber: string | null;
  standId: number | null;
  standName: string | null;
  planAt: Date;
  planDepartureAt: Date;
  planArrivalAt: Date;
  calcDepartureAt: Date | null;
  calcArrivalAt: Date | null;
  factDepartureAt: Date | null;
  factArrivalAt: Date | null;
  depId: number;
  depName: string;
  arrId: number;
  arrName: string;
  aid: number | null;
  arrivalId: number | null;
  departureId: number | null;
}

/** A turnaround (or a single leg without one) with its tasks. */
export interface Pair {
  aid: number | null;
  arrival: LegRow | null;
  departure: LegRow | null;
  tasks: PairTask[];
  begin: Date;
  end: Date;
}

/** LegRow as the database sends it: times in ms since the epoch. */
type RawLeg = Omit<
  LegRow,
  | 'planAt'
  | 'planDepartureAt'
  | 'planArrivalAt'
  | 'calcDepartureAt'
  | 'calcArrivalAt'
  | 'factDepartureAt'
  | 'factArrivalAt'
> & {
  planAt: number;
  planDepartureAt: number;
  planArrivalAt: number;
  calcDepartureAt: number | null;
  calcArrivalAt: number | null;
  factDepartureAt: number | null;
  factArrivalAt: number | null;
};

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/**
 * The legs where `where` holds (over `f` flights and `ta` turnarounds), by plan time. Raw SQL with epoch numbers, as
 * the staff-planning reads: Drizzle's select maps each field of each row and parses seven timestamps a leg.
 */
async function readLegs(reader: Reader, where: SQL): Promise<LegRow[]> {
  const rows = await rawRows<RawLeg>(
    reader,
    sql`select f.id, f.direction, f.flight_number as "number", al.id as "airlineId", al.iata_code as "airlineCode",
               al.icao_code as "airlineIcao", ft.id as "flightTypeId", ft.name as "flightTypeName",
               ac.id as "aircraftTypeId", ac.name as "aircraftTypeName", f.board_number as "boardNumber",
               w.id as "standId", w.name as "standName", ${epochMs(sql`f.plan_at`)} as "planAt",
               ${epochMs(sql`f.plan_departure_at`)} as "planDepartureAt",
               ${epochMs(sql`f.plan_arrival_at`)} as "planArrivalAt",
               ${epochMs(sql`f.calc_departure_at`)} as "calcDepartureAt",
               ${epochMs(sql`f.calc_arrival_at`)} as "calcArrivalAt",
               ${epochMs(sql`f.fact_departure_at`)} as "factDepartureAt",
               ${epochMs(sql`f.fact_arrival_at`)} as "factArrivalAt",
               dep.id as "depId", dep.name_ru as "depName", arr.id as "arrId", arr.name_ru as "arrName", ta.aid,
               ta.arrival_flight_id as "arrivalId", ta.departure_flight_id as "departureId"
        from flights f
        join airlines al on al.id = f.airline_id
        join flight_types ft on ft.id = f.flight_type_id
        join aircraft_types ac on ac.id = f.aircraft_type_id
        join airports dep on dep.id = f.departure_airport_id
        join airports arr on arr.id = f.arrival_airport_id
        left join workplaces w on w.id = f.stand_id
        left join turnarounds ta on ta.arrival_flight_id = f.id or ta.departure_flight_id = f.id
        where ${where}
        order by f.plan_at, f.id`,
  );
  return rows.map((r) => ({
    ...r,
    planAt: new Date(r.planAt),
    planDepartureAt: new Date(r.planDepartureAt),
    planArrivalAt: new Date(r.planArrivalAt),
    calcDepartureAt: dateOrNull(r.calcDepartureAt),
    calcArrivalAt: dateOrNull(r.calcArrivalAt),
    factDepartureAt: dateOrNull(r.factDepartureAt),
    factArrivalAt: dateOrNull(r.factArrivalAt),
  }));
}

/** A task row as the database sends it: times in ms since the epoch. */
interface RawTask {
  id: number;
  flightId: number;
  jobId: number;
  jobName: string;
  tgoId: number | null;
  begin: number;
  end: number;
  planBegin: number;
  planEnd: number;
  factBegin: number | null;
  factEnd: number | null;
}

/**
 * The tasks of the legs with needs, staff and resource types. Raw SQL with epoch numbers (a week is ~35,000 tasks:
 * Drizzle's row mapping and six timestamp parses a task were 60–120 ms of the HTTP thread a query).
 */
async function readTasks(reader: Reader, legs: readonly LegRow[]): Promise<PairTask[]> {
  if (legs.length === 0) return [];
  const legById = new Map(legs.map((l) => [l.id, l]));
  const rows = await rawRows<RawTask>(
    reader,
    sql`select t.id, t.flight_id as "flightId", j.id as "jobId", j.name as "jobName", t.tgo_job_id as "tgoId",
               ${epochMs(sql`t.begin_at`)} as "begin", ${epochMs(sql`t.end_at`)} as "end",
               ${epochMs(sql`t.plan_begin_at`)} as "planBegin", ${epochMs(sql`t.plan_end_at`)} as "planEnd",
               ${epochMs(sql`t.fact_begin_at`)} as "factBegin", ${epochMs(sql`t.fact_end_at`)} as "factEnd"
        from tasks t join jobs j on j.id = t.job_id
        where ${anyOf(sql`t.flight_id`, [...legById.keys()])}
        order by t.begin_at, t.id`,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const needs = await rawRows<PairTask['needs'][number] & { taskId: number }>(
    reader,
    sql`select tp.task_id as "taskId", tp.employee_position_id as "positionId", ep.name as "positionName", tp.count
        from task_positions tp join employee_positions ep on ep.id = tp.employee_position_id
        where ${anyOf(sql`tp.task_id`, ids)}`,
  );
  const staff = await rawRows<PairTask['staff'][number] & { taskId: number }>(
    reader,
    sql`select te.task_id as "taskId", te.id as "taskEmployeeId", e.id as "employeeId", e.name as "employeeName",
               te.employee_position_id as "positionId", ep.name as "positionName"
        from task_employees te
        join employees e on e.id = te.employee_id
        join employee_positions ep on ep.id = te.employee_position_id
        where ${anyOf(sql`te.task_id`, ids)}
        order by te.id`,
  );
  const resources = await rawRows<{
    taskId: number;
    typeId: number;
    typeName: string;
    resourceId: number | null;
  }>(
    reader,
    sql`select tr.task_id as "taskId", rt.id as "typeId", rt.name as "typeName", tr.resource_id as "resourceId"
        from task_resources tr join resource_types rt on rt.id = tr.resource_type_id
        where ${anyOf(sql`tr.task_id`, ids)}`,
  );
  const byTask = new Map<number, PairTask>();
  const out: PairTask[] = [];
  for (const row of rows) {
    const leg = legById.get(row.flightId) as LegRow;
    const task: PairTask = {
      id: row.id,
      flightId: row.flightId,
      jobId: row.jobId,
      jobName: row.jobName,
      tgoId: row.tgoId,
      begin: new Date(row.begin),
      end: new Date(row.end),
      planBegin: new Date(row.planBegin),
      planEnd: new Date(row.planEnd),
      factBegin: dateOrNull(row.factBegin),
      factEnd: dateOrNull(row.factEnd),
      aid: leg.aid,
      needs: [],
      staff: [],
      resourceTypes: [],
      resourceIds: [],
      aircraftTypeId: leg.aircraftTypeId,
    };
    out.push(task);
    byTask.set(task.id, task);
  }
  for (const n of needs) byTask.get(n.taskId)?.needs.push(n);
  for (const s of staff) byTask.get(s.taskId)?.staff.push(s);
  for (const r of resources) {
    const task = byTask.get(r.taskId);
    if (!task) continue;
    if (!task.resourceTypes.some((t) => t.id === r.typeId))
      task.resourceTypes.push({ id: r.typeId, name: r.typeName });
    if (r.resourceId !== null) task.resourceIds.push(r.resourceId);
  }
  return out;
}

/** Groups legs (and their tasks) into pairs; a leg of a turnaround whose other leg is missing is fetched. */
async function pairsOf(reader: Reader, found: LegRow[]): Promise<Pair[]> {
  const have = new Set(found.map((l) => l.id));
  const missing = found
    .flatMap((l) => [l.arrivalId, l.departureId])
    .filter((id): id is number => id !== null && !have.has(id));
  const legs = missing.length
    ? [...found, ...(await readLegs(reader, anyOf(sql`f.id`, [...new Set(missing)])))]
    : found;
  const allTasks = await readTasks(reader, legs);
  // A week's tasks are tens of thousands: their rows were mapped in this turn, the grouping gets its own.
  await yieldToEvents();
  const tasksOf = new Map<number, PairTask[]>();
  for (const t of allTasks) {
    const list = tasksOf.get(t.flightId);
    if (list) list.push(t);
    else tasksOf.set(t.flightId, [t]);
  }
  const pairs = new Map<string, Pair>();
  for (const leg of legs) {
    const key = leg.aid === null ? `leg:${leg.id}` : `aid:${leg.aid}`;
    const pair = pairs.get(key) ?? {
      aid: leg.aid,
      arrival: null,
      departure: null,
      tasks: [],
      begin: leg.planAt,
      end: leg.planAt,
    };
    if (leg.direction === 2) pair.arrival = leg;
    else pair.departure = leg;
    pairs.set(key, pair);
  }
  for (const pair of pairs.values()) {
    const legsOfPair = [pair.arrival, pair.departure].filter((l): l is LegRow => l !== null);
    pair.tasks = legsOfPair
      .flatMap((l) => tasksOf.get(l.id) ?? [])
      .sort((a, b) => +a.begin - +b.begin || a.id - b.id);
    let begin = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    for (const t of pair.tasks) {
      begin = Math.min(begin, t.begin.getTime());
      end = Math.max(end, t.end.getTime());
    }
    if (pair.tasks.length === 0) {
      for (const l of legsOfPair) {
        begin = Math.min(begin, l.planAt.getTime());
        end = Math.max(end, l.planAt.getTime());
      }
    }
    pair.begin = new Date(begin);
    pair.end = new Date(end);
  }
  return [...pairs.values()].sort((a, b) => +a.begin - +b.begin || (a.aid ?? 0) - (b.aid ?? 0));
}

/**
 * The pairs whose window overlaps the period, except the turnarounds `skip` names (a caller walking a long period
 * window by window has them from an earlier window: their tasks are not read again).
 */
export async function pairsInPeriod(
  reader: Reader,
  period: { begin: Date; end: Date },
  skip: ReadonlySet<number> = new Set(),
): Promise<Pair[]> {
  const legs = await readLegs(
    reader,
    sql`f.plan_at >= ${new Date(period.begin.getTime() - LEG_MARGIN_MS)}
        and f.plan_at < ${new Date(period.end.getTime() + LEG_MARGIN_MS)}`,
  );
  const wanted = skip.size ? legs.filter((leg) => leg.aid === null || !skip.has(leg.aid)) : legs;
  return (await pairsOf(reader, wanted)).filter((p) => p.begin < period.end && p.end > period.begin);
}

/** The pairs of the turnarounds. */
export async function pairsOfAids(reader: Reader, aids: readonly number[]): Promise<Pair[]> {
  if (aids.length === 0) return [];
  const legs = await readLegs(reader, anyOf(sql`ta.aid`, aids));
  return pairsOf(reader, legs);
}

/** The pairs holding the legs. */
export async function pairsOfLegs(reader: Reader, legIds: readonly number[]): Promise<Pair[]> {
  if (legIds.length === 0) return [];
  return pairsOf(reader, await readLegs(reader, anyOf(sql`f.id`, legIds)));
}

/** Airline colours: a fixed palette picked by the airline id, so a carrier keeps its colour everywhere. */
const PALETTE = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457', '#4e342e', '#283593'];
const CONFLICT_BORDER = '#d32f2f';

const wallOrNull = (date: Date | null, zone: string) => (date ? instantToWallClock(date, zone) : null);

/** A pair as the team views answer it (spec 3 "Flight pair in a team view"). */
export function toTeamFlight(pair: Pair, zone: string, conflict = false): TeamFlight {
  const legs = [pair.arrival, pair.departure].filter((l): l is LegRow => l !== null);
  const first = legs[0] as LegRow;
  const field = PALETTE[first.airlineId % PALETTE.length];
  const code = first.airlineCode ?? first.airlineIcao ?? '';
  const leg = (l: LegRow | null) => {
    if (!l) return null;
    const own = pair.tasks.filter((t) => t.flightId === l.id);
    const times = own.length
      ? own.flatMap((t) => [t.begin.getTime(), t.end.getTime()])
      : [l.planAt.getTime()];
    const plan = own.flatMap((t) => [t.planBegin.getTime(), t.planEnd.getTime()]);
    return {
      flight_id: l.id,
      flight_number: l.number,
      flight_number_symbol: `${code}${l.number}`,
      begin_datetime: instantToWallClock(Math.min(...times), zone),
      end_datetime: instantToWallClock(Math.max(...times), zone),
      plan_departure_datetime: instantToWallClock(l.planDepartureAt, zone),
      plan_arrival_datetime: instantToWallClock(l.planArrivalAt, zone),
      calc_departure_datetime: wallOrNull(l.calcDepartureAt, zone),
      calc_arrival_datetime: wallOrNull(l.calcArrivalAt, zone),
      fact_departure_datetime: wallOrNull(l.factDepartureAt, zone),
      fact_arrival_datetime: wallOrNull(l.factArrivalAt, zone),
      tgo_times: plan.length
        ? {
            begin: instantToWallClock(Math.min(...plan), zone),
            end: instantToWallClock(Math.max(...plan), zone),
          }
        : null,
      departure_airport: { id: l.depId, name: l.depName },
      arrival_airport: { id: l.arrId, name: l.arrName },
    };
  };
  return {
    aid: pair.aid,
    flight_number: legs.map((l) => `${code}${l.number}`).join(' / '),
    color: { field, font: '#ffffff', border: conflict ? CONFLICT_BORDER : field },
    url: `/flight/view/${first.id}`,
    aviacompany: { id: first.airlineId, code },
    aircraft: {
      id: null,
      type_id: first.aircraftTypeId,
      bort_number: first.boardNumber,
      type_name: first.aircraftTypeName,
    },
    parking: first.standId === null ? null : { id: first.standId, name: first.standName ?? '' },
    flight_type: { id: first.flightTypeId, name: first.flightTypeName },
    begin_datetime: instantToWallClock(pair.begin, zone),
    end_datetime: instantToWallClock(pair.end, zone),
    arrivalFlight: leg(pair.arrival),
    departureFlight: leg(pair.departure),
  };
}
