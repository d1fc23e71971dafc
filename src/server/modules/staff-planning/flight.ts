/**
 * `GET /api/planning/flight` (issue 10, contract 1): the flights of a period with their ground-handling tasks, the
 * staff each task needs, who is assigned and whether someone is double-booked. A month of the demo airport is
 * ~10,000 flights and ~70,000 tasks, so the answer is built for speed on the single-session embedded database:
 *
 * - The work runs a week of flights at a time (three short queries each) through the heavy gate, so light calls
 *   queue between two queries instead of behind the month, and a caller that has gone stops it within a query.
 *   The queries are pipelined: the next one is queued before the last one's text is parsed, and the conflicts'
 *   query runs while the JSON is written.
 * - Rows are few: each query folds its rows into one text of integers (`string_agg`), which PGlite builds and the
 *   driver hands over far cheaper than 250,000 rows (measured: 3× cheaper than rows, 10× cheaper than lateral
 *   `array_agg` per task).
 * - The link tables are read by key RANGE: the tasks of a week's flights by `flight_id between` the week's lowest
 *   and highest flight id, their positions, resources and employees by `task_id between` the lowest and highest
 *   task id. Ids grow with time, so the ranges hold almost only the rows asked for and the extra few are dropped
 *   here; a semi-join instead makes the planner probe the key 70,000 times (4× slower). When ids are scattered
 *   (a range over four times the rows it should hold) the query asks for the ids themselves.
 * - Times travel as epoch seconds and become wall-clock text here, through a cache of zone offsets per day (per
 *   quarter hour on a day the offset changes) and of formatted seconds.
 * - The JSON is written here as UTF-8 bytes into one Buffer, with the fragments that repeat (a task's name, count,
 *   resources and positions) encoded once: the answer's zod schema documents it in Swagger but does not walk
 *   70,000 tasks per call.
 * - Double-booking is a sweep per employee over the period's assignments (sorted by begin), never pairs.
 */
import { type SQL, sql } from 'drizzle-orm';
import { zoneOffset } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import type { Period } from '../../http/period.ts';
import {
  createSharedBuilds,
  createWatchedFlightCache,
  type FlightCacheOptions,
  flightCacheKey,
} from './flightCache.ts';

/** Flights per round of queries: a week of plan times (about 30 ms of the embedded database per query). */
const WINDOW_MS = 7 * 86_400_000;
/** A key range holding more than this many times the rows asked for is read by the ids instead. */
const SPARSE_FACTOR = 4;
/** Zone offsets are cached per quarter hour: every offset change in the tz database falls on one. */
const OFFSET_BUCKET_MS = 900_000;
const MS_PER_DAY = 86_400_000;

/** 1: flights whose ground handling (a task) overlaps the period; 2: flights whose plan time lies in it. */
export type FlightPeriodType = 1 | 2;

/** The filters of `GET /planning/flight`, read and checked by the route. */
export interface FlightQuery {
  period: Period;
  periodType: FlightPeriodType;
  flightSchedule?: number[];
  flightType?: number[];
  flightStatus?: number[];
  flightClass?: number[];
  /** Tasks needing one of these positions; a task then lists only these positions. */
  positions?: number[];
  resourceTypes?: number[];
  jobs?: number[];
  /** Tasks needing a position of the department; a task then lists only that department's positions. */
  departmentId?: number;
  /** IANA zone of the wall-clock times of the answer. */
  timeZone: string;
}

/**
 * The service's view of the database. With `listen` the answers are cached (flightCache.ts), each live notice
 * dropping them all; without, every call builds its answer.
 */
export type PlanningFlightDeps = Pick<DbHandle, 'db' | 'heavy'> & Partial<Pick<DbHandle, 'listen'>>;

interface FlightRow {
  id: number;
  direction: number;
  airline_id: number;
  flight_number: string;
  flight_type_id: number;
  flight_schedule_id: number;
  flight_status_id: number;
  aircraft_type_id: number;
  departure_airport_id: number;
  arrival_airport_id: number;
  passengers: number;
  tgo_template_id: number | null;
  plan: number;
  aid: number | null;
}

let scratch = new Float64Array(1 << 16);

/** The non-negative integers of `text` (any other character separates them), in order. */
function parseInts(text: string | null): Float64Array {
  if (!text) return new Float64Array(0);
  let count = 0;
  let value = 0;
  let inNumber = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      inNumber = true;
    } else if (inNumber) {
      if (count === scratch.length) {
        const grown = new Float64Array(scratch.length * 2);
        grown.set(scratch);
        scratch = grown;
      }
      scratch[count++] = value;
      value = 0;
      inNumber = false;
    }
  }
  if (inNumber) {
    if (count === scratch.length) {
      const grown = new Float64Array(scratch.length * 2);
      grown.set(scratch);
      scratch = grown;
    }
    scratch[count++] = value;
  }
  return scratch.slice(0, count);
}

/**
 * Task id → index among the tasks read: a flat table over the span of ids (dense in practice: ids grow with
 * time), or a Map once they spread over far more than they hold. A Map of 70,000 ids cost more than the rest of
 * the reading.
 */
export class IdIndex {
  private base = 0;
  private table = new Int32Array(0);
  private map: Map<number, number> | null = null;
  private count = 0;

  /** The index of an id, or -1. */
  get(id: number): number {
    if (this.map) return this.map.get(id) ?? -1;
    const at = id - this.base;
    return at >= 0 && at < this.table.length ? this.table[at] : -1;
  }

  set(id: number, index: number): void {
    this.count++;
    if (this.map) {
      this.map.set(id, index);
      return;
    }
    const end = this.base + this.table.length;
    if (this.table.length === 0) {
      this.base = Math.max(0, id - 1024);
      this.table = new Int32Array(id - this.base + 65_536).fill(-1);
    } else if (id < this.base || id >= end) {
      const from = Math.min(this.base, id);
      const to = Math.max(end, id + 1);
      if (to - from > 4 * this.count + 1_000_000) {
        this.map = new Map();
        for (let at = 0; at < this.table.length; at++)
          if (this.table[at] >= 0) this.map.set(this.base + at, this.table[at]);
        this.map.set(id, index);
        return;
      }
      // Room on the side that grew, for the ids still to come.
      const slack = Math.max(1024, to - from);
      const newFrom = id < this.base ? Math.max(0, from - slack) : this.base;
      const newTo = id >= end ? to + slack : end;
      const table = new Int32Array(newTo - newFrom).fill(-1);
      table.set(this.table, this.base - newFrom);
      this.table = table;
      this.base = newFrom;
    }
    this.table[id - this.base] = index;
  }
}

/**
 * A formatter of epoch seconds as 'YYYY-MM-DD HH:mm:ss' in a zone, cached: a month has ~10,000 distinct task
 * times and 140,000 uses of them. The zone's offset is asked (Intl, slow) twice per day: when both ends of the day
 * agree, it holds all day (no zone changes its offset twice in a day); else per quarter hour on that day.
 */
export function wallClockFormatter(zone: string): (seconds: number) => string {
  const dayOffsets = new Map<number, number | null>();
  const offsets = new Map<number, number>();
  const texts = new Map<number, string>();
  const offsetAt = (ms: number) => {
    const day = Math.floor(ms / MS_PER_DAY);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      const first = zoneOffset(day * MS_PER_DAY, zone);
      offset = zoneOffset((day + 1) * MS_PER_DAY - OFFSET_BUCKET_MS, zone) === first ? first : null;
      dayOffsets.set(day, offset);
    }
    if (offset !== null) return offset;
    const bucket = Math.floor(ms / OFFSET_BUCKET_MS);
    let changing = offsets.get(bucket);
    if (changing === undefined) {
      changing = zoneOffset(bucket * OFFSET_BUCKET_MS, zone);
      offsets.set(bucket, changing);
    }
    return changing;
  };
  return (seconds) => {
    let text = texts.get(seconds);
    if (text === undefined) {
      const ms = seconds * 1000;
      const iso = new Date(ms + offsetAt(ms)).toISOString();
      text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
      texts.set(seconds, text);
    }
    return text;
  };
}

/** Sorts the rows of one employee by begin and marks each that overlaps another: O(n log n). */
export function sweepEmployee(rows: number[], begins: number[], ends: number[], conflict: Uint8Array): void {
  rows.sort((a, b) => begins[a] - begins[b]);
  let maxEnd = Number.NEGATIVE_INFINITY;
  let maxRow = -1;
  for (const row of rows) {
    if (begins[row] >= ends[row]) continue; // an instant overlaps nothing
    // Any earlier row ending after this one begins overlaps it; the one ending last does, and is marked too.
    // An earlier row overlapping a later one is always caught: either it holds the latest end then, or a row
    // that began before it ends after it began, which marked it in its own turn.
    if (begins[row] < maxEnd) {
      conflict[row] = 1;
      conflict[maxRow] = 1;
    }
    if (ends[row] > maxEnd) {
      maxEnd = ends[row];
      maxRow = row;
    }
  }
}

/** An int[] parameter (the query builder would spread a JS array into a row). */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** `column between lo and hi` when the range is dense, else `column = any(ids)`. */
function keyCondition(column: SQL, ids: number[]): SQL {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const id of ids) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  return hi - lo + 1 <= SPARSE_FACTOR * ids.length + 64
    ? sql`${column} between ${lo} and ${hi}`
    : sql`${column} = any(${intArray(ids)})`;
}

const COMMA = 44;
const DIGIT_ONE = 49;
/** The is_conflict digit's place counted back from the end of a flight's head, `…"is_conflict":0,"tasks":[`. */
const CONFLICT_DIGIT_FROM_END = ',"tasks":['.length + 1;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const TASK_ID = Buffer.from('{"id":');
const TASK_BEGIN = Buffer.from(',"begin":');
const TASK_END = Buffer.from(',"end":');
const TASK_EMPLOYEES = Buffer.from(',"taskEmployee":[');
const CLOSE_LIST_OBJECT = Buffer.from(']}');
/** Bytes of a task beyond its middle fragment and employees: the keys, an id, two times, a comma, with room. */
const TASK_FIXED_BYTES = 160;

/** The JSON text of a string. */
const json = (text: string) => JSON.stringify(text);

/** The flights of the staff-planning timeline. */
export function createPlanningFlightService(
  { db, heavy, listen }: PlanningFlightDeps,
  cacheOptions: FlightCacheOptions = {},
) {
  const cache = listen ? createWatchedFlightCache({ listen }, cacheOptions) : undefined;
  const shared = createSharedBuilds();
  const rows = async <T>(query: SQL): Promise<T[]> =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  /** Flight filters shared by both period types. */
  function flightFilters(query: FlightQuery): SQL[] {
    const list: SQL[] = [];
    if (query.flightSchedule) list.push(sql`f.flight_schedule_id = any(${intArray(query.flightSchedule)})`);
    if (query.flightType) list.push(sql`f.flight_type_id = any(${intArray(query.flightType)})`);
    if (query.flightStatus) list.push(sql`f.flight_status_id = any(${intArray(query.flightStatus)})`);
    if (query.flightClass) list.push(sql`f.flight_class_id = any(${intArray(query.flightClass)})`);
    return list;
  }

  // Raw SQL throughout: text aggregation, key ranges and the range-overlap operator that the GiST index serves are
  // beyond the query builder, and each query is shaped for what the embedded database does fastest (see the top).
  /** The flights of a window that pass the filters, without their turnaround (`aid` null). */
  async function flightsOf(window: Period, last: boolean, query: FlightQuery): Promise<FlightRow[]> {
    const upper = last ? sql`<=` : sql`<`;
    const inWindow =
      query.periodType === 2
        ? sql`f.plan_at >= ${window.begin} and f.plan_at ${upper} ${window.end}`
        : sql`f.id in (select t.flight_id from tasks t where tstzrange(t.plan_begin_at, t.plan_end_at, '[]')
              && tstzrange(${window.begin}, ${window.end}, ${last ? '[]' : '[)'}))`;
    const where = sql.join([inWindow, ...flightFilters(query)], sql` and `);
    // Integers as text, the flight numbers (text) as an array in the same order.
    const [row] = await rows<{ s: string | null; numbers: string[] | null }>(sql`
      select string_agg(f.id || ',' || f.direction || ',' || f.airline_id || ',' || f.flight_type_id || ',' ||
                        f.flight_schedule_id || ',' || f.flight_status_id || ',' || f.aircraft_type_id || ',' ||
                        f.departure_airport_id || ',' || f.arrival_airport_id || ',' || greatest(f.passengers, 0) ||
                        ',' || coalesce(f.tgo_template_id, 0) || ',' || date_part('epoch', f.plan_at)::int8, ';'
                        order by f.id) s,
             array_agg(f.flight_number order by f.id) numbers
      from flights f where ${where}`);
    const ints = parseInts(row.s);
    const numbers = row.numbers ?? [];
    const found: FlightRow[] = [];
    for (let i = 0, k = 0; i < ints.length; i += 12, k++) {
      found.push({
        id: ints[i],
        direction: ints[i + 1],
        airline_id: ints[i + 2],
        flight_type_id: ints[i + 3],
        flight_schedule_id: ints[i + 4],
        flight_status_id: ints[i + 5],
        aircraft_type_id: ints[i + 6],
        departure_airport_id: ints[i + 7],
        arrival_airport_id: ints[i + 8],
        passengers: ints[i + 9],
        tgo_template_id: ints[i + 10] || null,
        plan: ints[i + 11],
        flight_number: numbers[k],
        aid: null,
      });
    }
    return found;
  }

  /**
   * Tasks of the flights (id, flight, job, begin and end seconds, flat; with their lowest and highest id and count)
   * and the flights' turnarounds (aid, arrival, departure; 0 for none), in one round trip.
   */
  async function tasksOf(flightIds: number[]) {
    const [row] = await rows<{
      tasks: string | null;
      lo: number | null;
      hi: number | null;
      n: string;
      turnarounds: string | null;
    }>(sql`
      select x.tasks, x.lo, x.hi, x.n,
             (select string_agg(ta.aid || ',' || coalesce(ta.arrival_flight_id, 0) || ',' ||
                                coalesce(ta.departure_flight_id, 0), ';')
              from turnarounds ta
              where ${keyCondition(sql`ta.arrival_flight_id`, flightIds)}
                 or ${keyCondition(sql`ta.departure_flight_id`, flightIds)}) turnarounds
      from (select string_agg(t.id || ',' || t.flight_id || ',' || t.job_id || ',' ||
                              date_part('epoch', t.plan_begin_at)::int8 || ',' ||
                              date_part('epoch', t.plan_end_at)::int8, ';') tasks,
                   min(t.id) lo, max(t.id) hi, count(*) n
            from tasks t where ${keyCondition(sql`t.flight_id`, flightIds)}) x`);
    return row;
  }

  /** Positions (task, position, count), resource types (task, type) and employees (task, employee) of the tasks. */
  async function linksOf(taskKey: (column: SQL) => SQL) {
    const [row] = await rows<{ p: string | null; r: string | null; e: string | null }>(sql`
      select (select string_agg(tp.task_id || ',' || tp.employee_position_id || ',' || tp.count, ';')
              from task_positions tp where ${taskKey(sql`tp.task_id`)}) p,
             (select string_agg(tr.task_id || ',' || tr.resource_type_id, ';')
              from task_resources tr where ${taskKey(sql`tr.task_id`)}) r,
             (select string_agg(te.task_id || ',' || te.employee_id, ';')
              from task_employees te where ${taskKey(sql`te.task_id`)}) e`);
    return row;
  }

  /** Assignments (task, employee, begin, end) of tasks overlapping the span outside the flights already read. */
  async function otherAssignments(span: Period, covered: SQL[]): Promise<string | null> {
    const outside = covered.length ? sql`and not (${sql.join(covered, sql` or `)})` : sql``;
    const [row] = await rows<{ s: string | null }>(sql`
      select string_agg(te.task_id || ',' || te.employee_id || ',' || date_part('epoch', t.plan_begin_at)::int8
                        || ',' || date_part('epoch', t.plan_end_at)::int8, ';') s
      from tasks t join task_employees te on te.task_id = t.id
      where tstzrange(t.plan_begin_at, t.plan_end_at, '[]') && tstzrange(${span.begin}, ${span.end}, '[]')
      ${outside}`);
    return row.s;
  }

  /** Names of the reference rows the answer mentions. */
  async function names(flights: FlightRow[]) {
    const ids = (pick: (f: FlightRow) => number | null) => [
      ...new Set(flights.map(pick).filter((id): id is number => id !== null)),
    ];
    const airportIds = [
      ...new Set([...ids((f) => f.departure_airport_id), ...ids((f) => f.arrival_airport_id)]),
    ];
    const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((row) => [row.id, row]));
    // One round trip: each list as a JSON array of [id, name] pairs.
    const list = (select: SQL) =>
      sql`(select coalesce(json_agg(json_build_array(id, name)), '[]') from (${select}) l)`;
    const [row] = await rows<Record<string, [number, string][]>>(sql`
      select ${list(sql`select id, coalesce(iata_code, icao_code, '') as name from airlines where id = any(${intArray(ids((f) => f.airline_id))})`)} airlines,
             ${list(sql`select id, coalesce(iata_code, icao_code, name_ru) as name from airports where id = any(${intArray(airportIds)})`)} airports,
             ${list(sql`select id, name from aircraft_types where id = any(${intArray(ids((f) => f.aircraft_type_id))})`)} aircraft,
             ${list(sql`select id, name from tgo_templates where id = any(${intArray(ids((f) => f.tgo_template_id))})`)} tgo,
             ${list(sql`select id, name from flight_statuses`)} statuses,
             ${list(sql`select id, name from jobs`)} jobs,
             ${list(sql`select id, name || '|' || department_id as name from employee_positions`)} positions,
             ${list(sql`select id, name from resource_types`)} resource_types`);
    const named = (pairs: [number, string][]) => pairs.map(([id, name]) => ({ id, name, code: name }));
    const airlines = named(row.airlines);
    const airports = named(row.airports);
    const aircraft = named(row.aircraft);
    const tgo = named(row.tgo);
    const statuses = named(row.statuses);
    const jobs = named(row.jobs);
    const positions = row.positions.map(([id, text]) => {
      const cut = text.lastIndexOf('|');
      return { id, name: text.slice(0, cut), department_id: Number(text.slice(cut + 1)) };
    });
    const resourceTypes = named(row.resource_types);
    return {
      airlines: byId(airlines),
      airports: byId(airports),
      aircraft: byId(aircraft),
      tgo: byId(tgo),
      statuses: byId(statuses),
      jobs: byId(jobs),
      positions: byId(positions),
      resourceTypes: byId(resourceTypes),
    };
  }

  /**
   * The answer of `GET /planning/flight` as UTF-8 JSON (planningFlightsSchema), sorted by begin, then id.
   * Throws WorkAbandonedError when the caller goes away.
   */
  async function flightsJson(query: FlightQuery, signal?: AbortSignal): Promise<Buffer> {
    if (signal?.aborted) throw new WorkAbandonedError();
    if (!cache || !(await cache.ready())) return buildJson(query, signal);
    const key = flightCacheKey(query);
    const held = cache.get(key);
    if (held) return held;
    // Taken before the first query: a drop while this build reads means it may hold changed rows, so it is not kept.
    const since = cache.generation;
    return shared(
      key,
      since,
      async (buildSignal) => {
        const built = await buildJson(query, buildSignal);
        cache.set(key, built, since);
        return built;
      },
      signal,
    );
  }

  /** The answer built from the database (flightsJson without the cache). */
  async function buildJson(query: FlightQuery, signal?: AbortSignal): Promise<Buffer> {
    const check = () => {
      if (signal?.aborted) throw new WorkAbandonedError();
    };
    const periodMs = { begin: query.period.begin.getTime(), end: query.period.end.getTime() };

    // Every task read, by index: its id, flight, job, begin and end (seconds), positions, resources, employees.
    const taskIndex = new IdIndex();
    const tId: number[] = [];
    const tFlight: number[] = [];
    const tJob: number[] = [];
    const tBegin: number[] = [];
    const tEnd: number[] = [];
    const tPositions: (number[] | undefined)[] = [];
    const tResources: (number[] | undefined)[] = [];
    const tEmployees: (number[] | undefined)[] = [];
    /** The round that read a task's links: a task whose range two rounds both read keeps the first round's. */
    const tLinkRound: number[] = [];
    const flights = new Map<number, FlightRow>();
    const covered: SQL[] = [];

    const windows: { window: Period; last: boolean }[] = [];
    for (let from = periodMs.begin; ; from += WINDOW_MS) {
      const to = Math.min(from + WINDOW_MS, periodMs.end);
      windows.push({ window: { begin: new Date(from), end: new Date(to) }, last: to >= periodMs.end });
      if (to >= periodMs.end) break;
    }
    /** Lets the driver send the queries just started before a stretch of parsing or writing holds the thread. */
    const dispatch = () => new Promise<void>((resolve) => setImmediate(resolve));
    /** A query started ahead: awaited later, its failure never left unhandled meanwhile. */
    const ahead = <T>(promise: Promise<T>) => {
      promise.catch(() => undefined);
      return promise;
    };

    await heavy(async () => {
      // Pipelined: the next query is queued before this one's text is parsed, so the database works while the
      // parsing runs (the link query needs only the tasks' id range, which the task query answers).
      let nextFlights = ahead(flightsOf(windows[0].window, windows[0].last, query));
      for (let round = 0; round < windows.length; round++) {
        check();
        const found = await nextFlights;
        const fresh = found.filter((f) => !flights.has(f.id));
        for (const f of fresh) flights.set(f.id, f);
        let tasksRead: ReturnType<typeof tasksOf> | undefined;
        if (fresh.length > 0) {
          const flightIds = fresh.map((f) => f.id);
          covered.push(keyCondition(sql`t.flight_id`, flightIds));
          tasksRead = ahead(tasksOf(flightIds));
        }
        const following = windows[round + 1];
        if (following) nextFlights = ahead(flightsOf(following.window, following.last, query));
        if (!tasksRead) continue;
        check();
        const read = await tasksRead;
        const count = Number(read.n);
        const lo = read.lo ?? 0;
        const hi = read.hi ?? 0;
        const dense = count > 0 && hi - lo + 1 <= SPARSE_FACTOR * count + 64;
        let linksRead = dense
          ? ahead(linksOf((column) => sql`${column} between ${lo} and ${hi}`))
          : undefined;
        await dispatch();
        const turnaroundInts = parseInts(read.turnarounds);
        for (let i = 0; i < turnaroundInts.length; i += 3) {
          for (const flightId of [turnaroundInts[i + 1], turnaroundInts[i + 2]]) {
            const flight = flights.get(flightId);
            if (flight) flight.aid = turnaroundInts[i];
          }
        }
        const taskInts = parseInts(read.tasks);
        const taskIds: number[] = [];
        for (let i = 0; i < taskInts.length; i += 5) {
          const id = taskInts[i];
          taskIds.push(id);
          if (taskIndex.get(id) >= 0) continue;
          taskIndex.set(id, tId.length);
          tId.push(id);
          tFlight.push(taskInts[i + 1]);
          tJob.push(taskInts[i + 2]);
          tBegin.push(taskInts[i + 3]);
          tEnd.push(taskInts[i + 4]);
          tPositions.push(undefined);
          tResources.push(undefined);
          tEmployees.push(undefined);
          tLinkRound.push(round);
        }
        if (taskIds.length === 0) continue;
        if (!linksRead) {
          check();
          linksRead = linksOf((column) => keyCondition(column, taskIds));
        }
        const links = await linksRead;
        const attach = (text: string | null, width: number, into: (number[] | undefined)[]) => {
          const ints = parseInts(text);
          for (let i = 0; i < ints.length; i += width) {
            const index = taskIndex.get(ints[i]);
            if (index < 0 || tLinkRound[index] !== round) continue;
            let list = into[index];
            if (!list) {
              list = [];
              into[index] = list;
            }
            for (let k = 1; k < width; k++) list.push(ints[i + k]);
          }
        };
        attach(links.p, 3, tPositions);
        attach(links.r, 2, tResources);
        attach(links.e, 2, tEmployees);
      }
    }, signal);

    const ref = await names([...flights.values()]);

    // Which tasks the answer shows, and which positions of a task it lists.
    const chosenPositions = query.positions ? new Set(query.positions) : undefined;
    const departmentPositions =
      query.departmentId !== undefined
        ? new Set(
            [...ref.positions.values()]
              .filter((p) => p.department_id === query.departmentId)
              .map((p) => p.id),
          )
        : undefined;
    const positionShown = (id: number) =>
      (!chosenPositions || chosenPositions.has(id)) && (!departmentPositions || departmentPositions.has(id));
    const positionFiltered = chosenPositions !== undefined || departmentPositions !== undefined;
    const chosenResources = query.resourceTypes ? new Set(query.resourceTypes) : undefined;
    const chosenJobs = query.jobs ? new Set(query.jobs) : undefined;
    const taskFiltered = positionFiltered || chosenResources !== undefined || chosenJobs !== undefined;

    const shownTasks = new Map<number, number[]>();
    let shownTaskCount = 0;
    /** Whether any shown task has someone assigned: without, nobody can be double-booked on them. */
    let anyAssigned = false;
    let spanBegin = Number.POSITIVE_INFINITY;
    let spanEnd = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < tId.length; index++) {
      if (!flights.has(tFlight[index])) continue;
      if (chosenJobs && !chosenJobs.has(tJob[index])) continue;
      if (positionFiltered) {
        const positions = tPositions[index];
        let any = false;
        for (let k = 0; positions && k < positions.length && !any; k += 2) any = positionShown(positions[k]);
        if (!any) continue;
      }
      if (chosenResources && !tResources[index]?.some((type) => chosenResources.has(type))) continue;
      let list = shownTasks.get(tFlight[index]);
      if (!list) {
        list = [];
        shownTasks.set(tFlight[index], list);
      }
      list.push(index);
      shownTaskCount++;
      if (tEmployees[index]) anyAssigned = true;
      if (tBegin[index] < spanBegin) spanBegin = tBegin[index];
      if (tEnd[index] > spanEnd) spanEnd = tEnd[index];
    }

    // Double-booking: every assignment of the span, these tasks' and any other flight's, swept per employee. The
    // other flights' assignments are read while the JSON is written; the flags are patched in afterwards.
    const hasSpan = anyAssigned && spanBegin <= spanEnd;
    if (hasSpan) check();
    const othersRead = hasSpan
      ? ahead(
          heavy(
            () =>
              otherAssignments({ begin: new Date(spanBegin * 1000), end: new Date(spanEnd * 1000) }, covered),
            signal,
          ),
        )
      : undefined;
    if (othersRead) await dispatch();
    const { json: out, conflictAt } = writeJson();
    /** 1 at the index of a task (of those read) that one of its employees is double-booked on. */
    const conflictTask = new Uint8Array(tId.length);
    if (othersRead) {
      const begins: number[] = [];
      const ends: number[] = [];
      const taskOf: number[] = [];
      const byEmployee = new Map<number, number[]>();
      const add = (task: number, employee: number, begin: number, end: number) => {
        if (end < spanBegin || begin > spanEnd) return;
        const row = begins.length;
        begins.push(begin);
        ends.push(end);
        taskOf.push(task);
        let list = byEmployee.get(employee);
        if (!list) {
          list = [];
          byEmployee.set(employee, list);
        }
        list.push(row);
      };
      for (let index = 0; index < tId.length; index++) {
        const employees = tEmployees[index];
        if (employees)
          for (const employee of employees) add(tId[index], employee, tBegin[index], tEnd[index]);
      }
      const others = parseInts(await othersRead);
      for (let i = 0; i < others.length; i += 4) add(others[i], others[i + 1], others[i + 2], others[i + 3]);
      const conflict = new Uint8Array(begins.length);
      for (const list of byEmployee.values()) sweepEmployee(list, begins, ends, conflict);
      for (let row = 0; row < conflict.length; row++) {
        const index = conflict[row] ? taskIndex.get(taskOf[row]) : -1;
        if (index >= 0) conflictTask[index] = 1;
      }
    }
    for (const { at, tasks } of conflictAt)
      if (tasks.some((index) => conflictTask[index])) out[at] = DIGIT_ONE;
    return out;

    /** The answer with every is_conflict 0, and where each flight's flag is, to set once the conflicts are known. */
    function writeJson(): { json: Buffer; conflictAt: { at: number; tasks: number[] }[] } {
      const wallText = wallClockFormatter(query.timeZone);
      // Keyed by seconds from the earliest time: small integers, which a Map hashes far faster than epoch seconds.
      let base = spanBegin;
      for (const flight of flights.values()) if (flight.plan < base) base = flight.plan;
      const quoted = new Map<number, Buffer>();
      /** A time as the bytes of a JSON string. */
      const wall = (seconds: number) => {
        const key = seconds - base;
        let bytes = quoted.get(key);
        if (bytes === undefined) {
          bytes = Buffer.from(`"${wallText(seconds)}"`);
          quoted.set(key, bytes);
        }
        return bytes;
      };
      const jobJson = new Map<number, string>();
      for (const job of ref.jobs.values()) jobJson.set(job.id, json(job.name));
      /** A task's name, count, resources and positions: few distinct ones, written once each (by a hash). */
      const middles = new Map<number, { index: number; bytes: Buffer }[]>();
      const shownPosition = (id: number) => !positionFiltered || positionShown(id);
      const sameMiddle = (a: number, b: number) => {
        if (tJob[a] !== tJob[b]) return false;
        const ra = tResources[a] ?? [];
        const rb = tResources[b] ?? [];
        if (ra.length !== rb.length) return false;
        for (let k = 0; k < ra.length; k++) if (ra[k] !== rb[k]) return false;
        const pa = tPositions[a] ?? [];
        const pb = tPositions[b] ?? [];
        let i = 0;
        let k = 0;
        for (;;) {
          while (i < pa.length && !shownPosition(pa[i])) i += 2;
          while (k < pb.length && !shownPosition(pb[k])) k += 2;
          if (i >= pa.length || k >= pb.length) return i >= pa.length && k >= pb.length;
          if (pa[i] !== pb[k] || pa[i + 1] !== pb[k + 1]) return false;
          i += 2;
          k += 2;
        }
      };
      const writeMiddle = (index: number) => {
        const positions = tPositions[index] ?? [];
        const items: string[] = [];
        let count = 0;
        for (let k = 0; k < positions.length; k += 2) {
          if (!shownPosition(positions[k])) continue;
          count += positions[k + 1];
          const name = ref.positions.get(positions[k])?.name ?? '';
          items.push(
            `{"id":${positions[k]},"employeePositionName":${json(name)},"count":${positions[k + 1]}}`,
          );
        }
        const resources = (tResources[index] ?? []).map(
          (type) => `{"id":${type},"resourceTypeName":${json(ref.resourceTypes.get(type)?.name ?? '')}}`,
        );
        return Buffer.from(
          `,"name":${jobJson.get(tJob[index]) ?? '""'},"count":${count},"resources":[${resources.join(',')}],"employee_positions":[${items.join(',')}]`,
        );
      };
      const middle = (index: number) => {
        let hash = tJob[index];
        const positions = tPositions[index];
        if (positions)
          for (let k = 0; k < positions.length; k += 2)
            if (shownPosition(positions[k]))
              hash = (Math.imul(hash, 31) + positions[k] * 64 + positions[k + 1]) | 0;
        const resources = tResources[index];
        if (resources) for (const type of resources) hash = (Math.imul(hash, 37) + type + 7919) | 0;
        hash &= 0x3fffffff; // a small integer key
        let bucket = middles.get(hash);
        if (!bucket) {
          bucket = [];
          middles.set(hash, bucket);
        }
        for (const known of bucket) if (sameMiddle(known.index, index)) return known.bytes;
        const bytes = writeMiddle(index);
        bucket.push({ index, bytes });
        return bytes;
      };

      interface Entry {
        flight: FlightRow;
        begin: number;
        end: number;
        tasks: number[];
      }
      const entries: Entry[] = [];
      for (const flight of flights.values()) {
        const tasks = shownTasks.get(flight.id) ?? [];
        if (taskFiltered && tasks.length === 0) continue;
        tasks.sort((a, b) => tBegin[a] - tBegin[b] || tId[a] - tId[b]);
        let begin = flight.plan;
        let end = flight.plan;
        if (tasks.length > 0) {
          begin = Number.POSITIVE_INFINITY;
          end = Number.NEGATIVE_INFINITY;
          for (const index of tasks) {
            if (tBegin[index] < begin) begin = tBegin[index];
            if (tEnd[index] > end) end = tEnd[index];
          }
        }
        entries.push({ flight, begin, end, tasks });
      }
      entries.sort((a, b) => a.begin - b.begin || a.flight.id - b.flight.id);

      // UTF-8 written straight into a Buffer: the 70,000 tasks of a month become no intermediate strings (joining
      // them cost more than everything else here), the repeated fragments are copied as bytes. Locals, not an
      // object's fields, in this loop: measured 5× faster.
      let buf = Buffer.allocUnsafe(Math.max(4096, shownTaskCount * 400 + entries.length * 800));
      let pos = 0;
      const room = (n: number) => {
        if (pos + n <= buf.length) return;
        const next = Buffer.allocUnsafe(Math.max(buf.length * 2, pos + n));
        buf.copy(next, 0, 0, pos);
        buf = next;
      };
      const copy = (bytes: Uint8Array) => {
        const length = bytes.length;
        // A call into set() costs ~25 ns: more than copying a key or a time by hand, far less than a fragment.
        if (length > 16) buf.set(bytes, pos);
        else for (let k = 0; k < length; k++) buf[pos + k] = bytes[k];
        pos += length;
      };
      /** A non-negative integer in decimal. */
      const int = (value: number) => {
        let digits = 1;
        for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
        let at = pos + digits;
        let rest = value;
        while (rest >= 10) {
          const next = Math.floor(rest / 10);
          buf[--at] = 48 + rest - next * 10;
          rest = next;
        }
        buf[--at] = 48 + rest;
        pos += digits;
      };

      const conflictAt: { at: number; tasks: number[] }[] = [];
      room(1);
      buf[pos++] = OPEN_BRACKET;
      let firstFlight = true;
      for (const { flight: f, begin, end, tasks } of entries) {
        const airline = ref.airlines.get(f.airline_id)?.code ?? '';
        const route = `${ref.airports.get(f.departure_airport_id)?.code ?? ''} – ${ref.airports.get(f.arrival_airport_id)?.code ?? ''}`;
        const tgo = f.tgo_template_id === null ? undefined : ref.tgo.get(f.tgo_template_id)?.name;
        const status = ref.statuses.get(f.flight_status_id)?.name;
        const head =
          `${firstFlight ? '' : ','}{"id":${f.id},"aid":${f.aid ?? 'null'},"direction":${f.direction},` +
          `"begin":"${wallText(begin)}","end":"${wallText(end)}",` +
          `"flightNumber":${json(airline + f.flight_number)},"flightTypeId":${f.flight_type_id},` +
          `"flight_schedule_id":${f.flight_schedule_id},"flight_status":[${status === undefined ? '' : json(status)}],` +
          `"route":${json(route)},"aircraft_type":${json(ref.aircraft.get(f.aircraft_type_id)?.name ?? '')},` +
          `"tgo":${tgo === undefined ? 'null' : json(tgo)},"passengers":${f.passengers},` +
          `"flight_url":"/flight/view/${f.id}",` +
          `"season_flight_url":${f.flight_schedule_id === 2 ? `"/season-flight/view/${f.id}"` : 'null'},` +
          `"season_flight_request_url":${f.flight_schedule_id === 3 ? `"/season-flight-request/view/${f.id}"` : 'null'},` +
          '"is_conflict":0,"tasks":[';
        firstFlight = false;
        room(head.length * 3);
        pos += buf.write(head, pos);
        if (tasks.length > 0) conflictAt.push({ at: pos - CONFLICT_DIGIT_FROM_END, tasks });
        let firstTask = true;
        for (const index of tasks) {
          const middleBytes = middle(index);
          const employees = tEmployees[index];
          room(TASK_FIXED_BYTES + middleBytes.length + (employees ? employees.length * 17 : 0));
          if (!firstTask) buf[pos++] = COMMA;
          firstTask = false;
          copy(TASK_ID);
          int(tId[index]);
          copy(TASK_BEGIN);
          copy(wall(tBegin[index]));
          copy(TASK_END);
          copy(wall(tEnd[index]));
          copy(middleBytes);
          copy(TASK_EMPLOYEES);
          if (employees)
            for (let k = 0; k < employees.length; k++) {
              if (k > 0) buf[pos++] = COMMA;
              int(employees[k]);
            }
          copy(CLOSE_LIST_OBJECT);
        }
        room(2);
        copy(CLOSE_LIST_OBJECT);
      }
      room(1);
      buf[pos++] = CLOSE_BRACKET;
      return { json: buf.subarray(0, pos), conflictAt };
    }
  }

  return {
    flightsJson,
    /** The answer cache (undefined without `listen`): tests and health. */
    flightCache: cache,
  };
}
