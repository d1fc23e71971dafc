/**
 * Turnarounds as team planning sees them: the legs with their tasks, the staff each task needs and has, and the
 * handling window (first task begin .. last task end, the plan time of a leg without tasks).
 */
import { and, asc, eq, gte, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeamFlight } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import { yieldToEvents } from '../../db/gate.ts';
import {
  aircraftTypes,
  airlines,
  airports,
  employeePositions,
  employees,
  flights,
  flightTypes,
  jobs,
  resourceTypes,
  taskEmployees,
  taskPositions,
  taskResources,
  tasks,
  turnarounds,
  workplaces,
} from '../../db/schema/index.ts';
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

type LegRow = Awaited<ReturnType<typeof readLegs>>[number];

/** A turnaround (or a single leg without one) with its tasks. */
export interface Pair {
  aid: number | null;
  arrival: LegRow | null;
  departure: LegRow | null;
  tasks: PairTask[];
  begin: Date;
  end: Date;
}

const dep = alias(airports, 'dep_airport');
const arr = alias(airports, 'arr_airport');

async function readLegs(reader: Reader, where: ReturnType<typeof and>) {
  return reader
    .select({
      id: flights.id,
      direction: flights.direction,
      number: flights.flightNumber,
      airlineId: airlines.id,
      airlineCode: airlines.iataCode,
      airlineIcao: airlines.icaoCode,
      flightTypeId: flightTypes.id,
      flightTypeName: flightTypes.name,
      aircraftTypeId: aircraftTypes.id,
      aircraftTypeName: aircraftTypes.name,
      boardNumber: flights.boardNumber,
      standId: workplaces.id,
      standName: workplaces.name,
      planAt: flights.planAt,
      planDepartureAt: flights.planDepartureAt,
      planArrivalAt: flights.planArrivalAt,
      calcDepartureAt: flights.calcDepartureAt,
      calcArrivalAt: flights.calcArrivalAt,
      factDepartureAt: flights.factDepartureAt,
      factArrivalAt: flights.factArrivalAt,
      depId: dep.id,
      depName: dep.nameRu,
      arrId: arr.id,
      arrName: arr.nameRu,
      aid: turnarounds.aid,
      arrivalId: turnarounds.arrivalFlightId,
      departureId: turnarounds.departureFlightId,
    })
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airlineId))
    .innerJoin(flightTypes, eq(flightTypes.id, flights.flightTypeId))
    .innerJoin(aircraftTypes, eq(aircraftTypes.id, flights.aircraftTypeId))
    .innerJoin(dep, eq(dep.id, flights.departureAirportId))
    .innerJoin(arr, eq(arr.id, flights.arrivalAirportId))
    .leftJoin(workplaces, eq(workplaces.id, flights.standId))
    .leftJoin(
      turnarounds,
      or(eq(turnarounds.arrivalFlightId, flights.id), eq(turnarounds.departureFlightId, flights.id)),
    )
    .where(where)
    .orderBy(asc(flights.planAt), asc(flights.id));
}

/** The tasks of the legs with needs, staff and resource types. */
async function readTasks(reader: Reader, legs: readonly LegRow[]): Promise<PairTask[]> {
  if (legs.length === 0) return [];
  const legById = new Map(legs.map((l) => [l.id, l]));
  const rows = await reader
    .select({
      id: tasks.id,
      flightId: tasks.flightId,
      jobId: jobs.id,
      jobName: jobs.name,
      tgoId: tasks.tgoJobId,
      begin: tasks.beginAt,
      end: tasks.endAt,
      planBegin: tasks.planBeginAt,
      planEnd: tasks.planEndAt,
      factBegin: tasks.factBeginAt,
      factEnd: tasks.factEndAt,
    })
    .from(tasks)
    .innerJoin(jobs, eq(jobs.id, tasks.jobId))
    .where(anyOf(tasks.flightId, [...legById.keys()]))
    .orderBy(asc(tasks.beginAt), asc(tasks.id));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const needs = await reader
    .select({
      taskId: taskPositions.taskId,
      positionId: taskPositions.employeePositionId,
      positionName: employeePositions.name,
      count: taskPositions.count,
    })
    .from(taskPositions)
    .innerJoin(employeePositions, eq(employeePositions.id, taskPositions.employeePositionId))
    .where(anyOf(taskPositions.taskId, ids));
  const staff = await reader
    .select({
      taskId: taskEmployees.taskId,
      taskEmployeeId: taskEmployees.id,
      employeeId: employees.id,
      employeeName: employees.name,
      positionId: taskEmployees.employeePositionId,
      positionName: employeePositions.name,
    })
    .from(taskEmployees)
    .innerJoin(employees, eq(employees.id, taskEmployees.employeeId))
    .innerJoin(employeePositions, eq(employeePositions.id, taskEmployees.employeePositionId))
    .where(anyOf(taskEmployees.taskId, ids))
    .orderBy(asc(taskEmployees.id));
  const resources = await reader
    .select({
      taskId: taskResources.taskId,
      typeId: resourceTypes.id,
      typeName: resourceTypes.name,
      resourceId: taskResources.resourceId,
    })
    .from(taskResources)
    .innerJoin(resourceTypes, eq(resourceTypes.id, taskResources.resourceTypeId))
    .where(anyOf(taskResources.taskId, ids));
  const byTask = new Map<number, PairTask>();
  // Each row becomes its task in place: a week is ~35,000 tasks, and a copy of each was a fifth of the garbage.
  const out = rows as PairTask[];
  for (const task of out) {
    const leg = legById.get(task.flightId) as LegRow;
    task.aid = leg.aid;
    task.needs = [];
    task.staff = [];
    task.resourceTypes = [];
    task.resourceIds = [];
    task.aircraftTypeId = leg.aircraftTypeId;
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
    ? [...found, ...(await readLegs(reader, and(anyOf(flights.id, [...new Set(missing)]))))]
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
    and(
      gte(flights.planAt, new Date(period.begin.getTime() - LEG_MARGIN_MS)),
      lt(flights.planAt, new Date(period.end.getTime() + LEG_MARGIN_MS)),
    ),
  );
  const wanted = skip.size ? legs.filter((leg) => leg.aid === null || !skip.has(leg.aid)) : legs;
  return (await pairsOf(reader, wanted)).filter((p) => p.begin < period.end && p.end > period.begin);
}

/** The pairs of the turnarounds. */
export async function pairsOfAids(reader: Reader, aids: readonly number[]): Promise<Pair[]> {
  if (aids.length === 0) return [];
  const legs = await readLegs(reader, and(anyOf(turnarounds.aid, aids)));
  return pairsOf(reader, legs);
}

/** The pairs holding the legs. */
export async function pairsOfLegs(reader: Reader, legIds: readonly number[]): Promise<Pair[]> {
  if (legIds.length === 0) return [];
  return pairsOf(reader, await readLegs(reader, and(anyOf(flights.id, legIds))));
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
