/**
 * Turnarounds as team planning sees them: the legs with their tasks, the staff each task needs and has, and the
 * handling window (first task begin .. last task end, the plan time of a leg without tasks).
 */
import { type SQL, sql } from 'drizzle-orm';
import { flightNumberText } from '../../../shared/flight-table.ts';
import type { TeamFlight } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import { yieldToEvents } from '../../db/gate.ts';
import { parseInts } from '../../db/parseInts.ts';
import { epochMs, epochMsInt8, rawRows } from '../../db/rawRows.ts';
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

/** Task fields folded into text by readTasks, in order. */
const TASK_STRIDE = 10;
/** A folded id, 0 for null (ids start at 1). */
const idOrNull = (id: number) => (id === 0 ? null : id);
/** A folded optional time: ms + 1, 0 for null (times before 1970 are not planned). */
const timeOrNull = (folded: number) => (folded === 0 ? null : new Date(folded - 1));

/** Names by id of the rows of a `json_agg(json_build_array(id, name))`. */
const namesOf = (pairs: [number, string][] | null) => new Map(pairs ?? []);

/**
 * The tasks of the legs with needs, staff and resource types. The integers of each table come folded into one text
 * (`string_agg`, read by `parseInts`, as the staff-planning flight reads do) and the names once per id: a week is
 * ~35,000 tasks, and Drizzle's row mapping (six timestamps parsed a task), then the driver's parsing of every field
 * of every row, held the HTTP thread for most of the reading.
 */
async function readTasks(reader: Reader, legs: readonly LegRow[]): Promise<PairTask[]> {
  if (legs.length === 0) return [];
  const legById = new Map(legs.map((l) => [l.id, l]));
  const [head] = await rawRows<{ tasks: string | null }>(
    reader,
    sql`select string_agg(t.id || ',' || t.flight_id || ',' || t.job_id || ',' || coalesce(t.tgo_job_id, 0) || ',' ||
                          ${epochMsInt8(sql`t.begin_at`)} || ',' || ${epochMsInt8(sql`t.end_at`)} || ',' ||
                          ${epochMsInt8(sql`t.plan_begin_at`)} || ',' || ${epochMsInt8(sql`t.plan_end_at`)} || ',' ||
                          coalesce(${epochMsInt8(sql`t.fact_begin_at`)} + 1, 0) || ',' ||
                          coalesce(${epochMsInt8(sql`t.fact_end_at`)} + 1, 0), ';' order by t.begin_at, t.id) tasks
        from tasks t where ${anyOf(sql`t.flight_id`, [...legById.keys()])}`,
  );
  const taskInts = parseInts(head.tasks);
  if (taskInts.length === 0) return [];
  const ids: number[] = [];
  for (let i = 0; i < taskInts.length; i += TASK_STRIDE) ids.push(taskInts[i]);
  const [rest] = await rawRows<{
    needs: string | null;
    staff: string | null;
    resources: string | null;
    jobs: [number, string][] | null;
    positions: [number, string][] | null;
    employees: [number, string][] | null;
    types: [number, string][] | null;
  }>(
    reader,
    sql`select (select string_agg(tp.task_id || ',' || tp.employee_position_id || ',' || tp.count, ';')
                from task_positions tp where ${anyOf(sql`tp.task_id`, ids)}) needs,
               (select string_agg(te.task_id || ',' || te.id || ',' || te.employee_id || ',' ||
                                  te.employee_position_id, ';' order by te.id)
                from task_employees te where ${anyOf(sql`te.task_id`, ids)}) staff,
               (select string_agg(tr.task_id || ',' || tr.resource_type_id || ',' || coalesce(tr.resource_id, 0), ';')
                from task_resources tr where ${anyOf(sql`tr.task_id`, ids)}) resources,
               (select json_agg(json_build_array(id, name)) from jobs) jobs,
               (select json_agg(json_build_array(id, name)) from employee_positions) positions,
               (select json_agg(json_build_array(e.id, e.name)) from employees e
                where e.id in (select te.employee_id from task_employees te
                               where ${anyOf(sql`te.task_id`, ids)})) employees,
               (select json_agg(json_build_array(id, name)) from resource_types) types`,
  );
  const jobNames = namesOf(rest.jobs);
  const positionNames = namesOf(rest.positions);
  const employeeNames = namesOf(rest.employees);
  const typeNames = namesOf(rest.types);
  const byTask = new Map<number, PairTask>();
  const out: PairTask[] = [];
  for (let i = 0; i < taskInts.length; i += TASK_STRIDE) {
    const leg = legById.get(taskInts[i + 1]) as LegRow;
    const task: PairTask = {
      id: taskInts[i],
      flightId: taskInts[i + 1],
      jobId: taskInts[i + 2],
      jobName: jobNames.get(taskInts[i + 2]) as string,
      tgoId: idOrNull(taskInts[i + 3]),
      begin: new Date(taskInts[i + 4]),
      end: new Date(taskInts[i + 5]),
      planBegin: new Date(taskInts[i + 6]),
      planEnd: new Date(taskInts[i + 7]),
      factBegin: timeOrNull(taskInts[i + 8]),
      factEnd: timeOrNull(taskInts[i + 9]),
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
  const needs = parseInts(rest.needs);
  for (let i = 0; i < needs.length; i += 3)
    byTask.get(needs[i])?.needs.push({
      positionId: needs[i + 1],
      positionName: positionNames.get(needs[i + 1]) as string,
      count: needs[i + 2],
    });
  const staff = parseInts(rest.staff);
  for (let i = 0; i < staff.length; i += 4)
    byTask.get(staff[i])?.staff.push({
      taskEmployeeId: staff[i + 1],
      employeeId: staff[i + 2],
      employeeName: employeeNames.get(staff[i + 2]) as string,
      positionId: staff[i + 3],
      positionName: positionNames.get(staff[i + 3]) as string,
    });
  const resources = parseInts(rest.resources);
  for (let i = 0; i < resources.length; i += 3) {
    const task = byTask.get(resources[i]);
    if (!task) continue;
    const typeId = resources[i + 1];
    if (!task.resourceTypes.some((t) => t.id === typeId))
      task.resourceTypes.push({ id: typeId, name: typeNames.get(typeId) as string });
    if (resources[i + 2] !== 0) task.resourceIds.push(resources[i + 2]);
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
      flight_number_symbol: flightNumberText(code, l.number),
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
    flight_number: legs.map((l) => flightNumberText(code, l.number)).join(' / '),
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
