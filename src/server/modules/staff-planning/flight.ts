/**
 * `GET /api/planning/flight` (issue 10, contract 1): the flights of a period with their ground-handling tasks, the
 * staff each task needs, who is assigned and whether someone is double-booked. A month of the demo airport is
 * ~10,000 flights and ~70,000 tasks, so the answer is built for speed on the single-session embedded database:
 *
 * - The work runs a week of flights at a time (two short queries each) through the heavy gate, so light calls
 *   queue between two queries instead of behind the month, and a caller that has gone stops it within a query.
 *   The queries are pipelined: the next week's flights are queued before this week's tasks are parsed, and the
 *   conflicts' query runs while the JSON is written.
 * - Each task is read as a ready text, its digest ('id,flight,job,begin,end|positions|resources|employees'), that
 *   statement triggers keep in `task_digests` whenever a task or its positions, resources or staff change (migration
 *   0019). Folding stored texts (`string_agg`) costs the embedded database about a fifth of formatting the tasks and
 *   their three link tables on every read, and one text hands over far cheaper than 250,000 rows.
 * - The digests are read by key RANGE of the week's flight ids (`flight_id between`); ids grow with time, so the
 *   range holds almost only the flights asked for and the extra few are dropped here. When ids are scattered (a
 *   range over four times the rows it should hold) the query asks for the ids themselves.
 * - Tasks are held as typed columns (flightTasks.ts), never an object or array per task: a task is its id, flight,
 *   times, kind and employees, where a kind (job + positions + resource types; a few hundred in a month) is hashed
 *   from the digest's text as it is parsed and read once. Per-task arrays were a month's worst garbage: they lived
 *   until the answer was written, so each young-generation collection copied them.
 * - The JSON is written here as UTF-8 bytes into one Buffer of the exact size (measured first), with what repeats
 *   encoded once (a kind's name, count, resources and positions; a flight's route, aircraft, status and ground
 *   handling names) and times written as bytes from epoch seconds (a date prefix per day, the time of day by
 *   arithmetic; flightWallClock.ts): the answer's zod schema documents it in Swagger but does not walk 70,000 tasks
 *   per call.
 * - Double-booking is a sweep per employee over the period's assignments (sorted by begin), never pairs.
 *
 * The parts: flightReads.ts (the SQL), flightTasks.ts (the task columns, the digest parser, the id index),
 * flightWallClock.ts (the time formatter and writer), flightJson.ts (the byte writer), flightConflicts.ts (the sweep). This
 * file runs the rounds of queries, picks the tasks the filters show and composes the answer.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import type { Period } from '../../http/period.ts';
import {
  createSharedBuilds,
  createWatchedFlightCache,
  type FlightCacheOptions,
  flightCacheKey,
} from './flightCache.ts';
import { conflictingTasks } from './flightConflicts.ts';
import { markConflicts, writeFlightsJson } from './flightJson.ts';
import { createFlightReads, type FlightRow, keyCondition } from './flightReads.ts';
import { parseInts, readDigests, TaskTable } from './flightTasks.ts';

/** Flights per round of queries: a week of plan times (about 30 ms of the embedded database per query). */
const WINDOW_MS = 7 * 86_400_000;

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

/** The flights of the staff-planning timeline. */
export function createPlanningFlightService(
  { db, heavy, listen }: PlanningFlightDeps,
  cacheOptions: FlightCacheOptions = {},
) {
  const cache = listen ? createWatchedFlightCache({ listen }, cacheOptions) : undefined;
  const shared = createSharedBuilds();
  const { flightsOf, digestsOf, otherAssignments, names } = createFlightReads(db);

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

    const table = new TaskTable();
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
      // Pipelined: the next window's flights are queued before this window's tasks are parsed, so the database works
      // while the parsing runs.
      let nextFlights = ahead(flightsOf(windows[0].window, windows[0].last, query));
      for (let round = 0; round < windows.length; round++) {
        check();
        const found = await nextFlights;
        const fresh = found.filter((f) => !flights.has(f.id));
        for (const f of fresh) flights.set(f.id, f);
        let tasksRead: ReturnType<typeof digestsOf> | undefined;
        if (fresh.length > 0) {
          const flightIds = fresh.map((f) => f.id);
          covered.push(keyCondition(sql`t.flight_id`, flightIds));
          tasksRead = ahead(digestsOf(flightIds));
        }
        const following = windows[round + 1];
        if (following) nextFlights = ahead(flightsOf(following.window, following.last, query));
        if (!tasksRead) continue;
        check();
        const read = await tasksRead;
        await dispatch();
        const turnaroundInts = parseInts(read.turnarounds);
        for (let i = 0; i < turnaroundInts.length; i += 3) {
          for (const flightId of [turnaroundInts[i + 1], turnaroundInts[i + 2]]) {
            const flight = flights.get(flightId);
            if (flight) flight.aid = turnaroundInts[i];
          }
        }
        readDigests(read.tasks, table);
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

    // Which kinds of task are shown (a few hundred kinds for ~70,000 tasks).
    const kindShown = new Uint8Array(table.kinds.length);
    for (let kind = 0; kind < table.kinds.length; kind++) {
      const { job, positions, resources } = table.kinds[kind];
      if (chosenJobs && !chosenJobs.has(job)) continue;
      if (positionFiltered) {
        let any = false;
        for (let k = 0; k < positions.length && !any; k += 2) any = positionShown(positions[k]);
        if (!any) continue;
      }
      if (chosenResources && !resources.some((type) => chosenResources.has(type))) continue;
      kindShown[kind] = 1;
    }

    // The shown tasks grouped by flight (a counting sort by the flight's place in `flightList`).
    const flightList = [...flights.values()];
    const placeOf = new Map<number, number>();
    for (let f = 0; f < flightList.length; f++) placeOf.set(flightList[f].id, f);
    const { count: taskCount, flight: tFlight, kind: tKind, begin: tBegin, end: tEnd, staffEnd } = table;
    const placeOfTask = new Int32Array(taskCount);
    const groupEnd = new Int32Array(flightList.length);
    let shownTaskCount = 0;
    /** Whether any shown task has someone assigned: without, nobody can be double-booked on them. */
    let anyAssigned = false;
    let spanBegin = Number.POSITIVE_INFINITY;
    let spanEnd = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < taskCount; index++) {
      const place = kindShown[tKind[index]] ? (placeOf.get(tFlight[index]) ?? -1) : -1;
      placeOfTask[index] = place;
      if (place < 0) continue;
      groupEnd[place]++;
      shownTaskCount++;
      if (staffEnd[index] > table.staffBegin(index)) anyAssigned = true;
      if (tBegin[index] < spanBegin) spanBegin = tBegin[index];
      if (tEnd[index] > spanEnd) spanEnd = tEnd[index];
    }
    for (let f = 1; f < groupEnd.length; f++) groupEnd[f] += groupEnd[f - 1];
    const shown = new Int32Array(shownTaskCount);
    for (let index = taskCount - 1; index >= 0; index--) {
      const place = placeOfTask[index];
      if (place >= 0) shown[--groupEnd[place]] = index;
    }
    // groupEnd now holds where each group begins: shifted, it holds where each ends.
    groupEnd.copyWithin(0, 1);
    if (groupEnd.length > 0) groupEnd[groupEnd.length - 1] = shownTaskCount;

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
    const written = writeFlightsJson({
      timeZone: query.timeZone,
      flights: flightList,
      ref,
      table,
      shown,
      groupEnd,
      taskFiltered,
      positionFiltered,
      positionShown,
    });
    if (othersRead) {
      const conflictTask = conflictingTasks(table, parseInts(await othersRead), spanBegin, spanEnd);
      markConflicts(written.json, written, shown, groupEnd, conflictTask);
    }
    return written.json;
  }

  return {
    flightsJson,
    /** The answer cache (undefined without `listen`): tests and health. */
    flightCache: cache,
  };
}
