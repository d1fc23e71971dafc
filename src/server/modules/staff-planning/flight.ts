/**
 * `GET /api/planning/flight` (issue 10, contract 1): the flights of a period with their ground-handling tasks, the
 * staff each task needs, who is assigned and whether someone is double-booked. A month of the demo airport is
 * ~10,000 flights and ~70,000 tasks, so the answer is built for speed on the single-session embedded database:
 *
 * - The work runs a week of flights at a time (two short queries each) through the heavy gate, so light calls
 *   queue between two queries instead of behind the month, and a caller that has gone stops it within a query.
 *   The queries are pipelined: the next week's flights are queued before this week's tasks are read, and the
 *   conflicts' query runs while the JSON is written.
 * - No CPU-heavy step runs on the HTTP thread: the digests' parsing, the JSON writer and the double-booking sweep run
 *   in the flight thread (flightThread.ts, flightBuild.ts). Each week's texts are posted to it as they arrive, so
 *   it parses while the database answers the next queries; the finished answer's memory is moved back, not
 *   copied. A cold month held the HTTP thread 160–330 ms at a stretch (the writer) before; ~20 ms since.
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
 * - The JSON is written as UTF-8 bytes into one Buffer of the exact size (measured first), with what repeats
 *   encoded once (a kind's name, count, resources and positions; a flight's route, aircraft, status and ground
 *   handling names) and times written as bytes from epoch seconds (a date prefix per day, the time of day by
 *   arithmetic; flightWallClock.ts): the answer's zod schema documents it in Swagger but does not walk 70,000 tasks
 *   per call.
 * - Double-booking is a sweep per employee over the period's assignments (sorted by begin), never pairs.
 *
 * The parts: flightReads.ts (the SQL), flightTasks.ts (the task columns, the digest parser, the id index),
 * flightWallClock.ts (the time formatter and writer), flightJson.ts (the byte writer), flightConflicts.ts (the
 * sweep), flightBuild.ts (those steps for one answer, in the flight thread: it picks the tasks the filters show),
 * flightThread.ts and flightWorker.mjs (the thread). This file runs the rounds of queries and hands their texts over.
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
import { createFlightReads, type FlightRow, keyCondition } from './flightReads.ts';
import { createFlightThread } from './flightThread.ts';

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
  const thread = createFlightThread();

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
    const flights = new Map<number, FlightRow>();
    const covered: SQL[] = [];

    const windows: { window: Period; last: boolean }[] = [];
    for (let from = periodMs.begin; ; from += WINDOW_MS) {
      const to = Math.min(from + WINDOW_MS, periodMs.end);
      windows.push({ window: { begin: new Date(from), end: new Date(to) }, last: to >= periodMs.end });
      if (to >= periodMs.end) break;
    }
    /** A query started ahead: awaited later, its failure never left unhandled meanwhile. */
    const ahead = <T>(promise: Promise<T>) => {
      promise.catch(() => undefined);
      return promise;
    };

    check();
    const build = thread.open();
    try {
      await heavy(async () => {
        // Pipelined: the next window's flights are queued before this window's tasks are read, and the flight
        // thread parses each window's texts while the database answers the next queries.
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
          build.round({ flights: fresh, tasks: read.tasks, turnarounds: read.turnarounds });
        }
      }, signal);

      const ref = await names([...flights.values()]);
      check();
      // The thread picks the shown tasks and answers their span, then writes the JSON while the span's other
      // assignments are read here: the conflicts are patched in afterwards.
      const span = await build.choose(
        {
          timeZone: query.timeZone,
          ref,
          positions: query.positions,
          departmentId: query.departmentId,
          resourceTypes: query.resourceTypes,
          jobs: query.jobs,
        },
        signal,
      );
      let others: string | null = null;
      if (span) {
        check();
        others = await heavy(
          () =>
            otherAssignments({ begin: new Date(span.begin * 1000), end: new Date(span.end * 1000) }, covered),
          signal,
        );
      }
      return await build.finish(others, signal);
    } finally {
      build.close();
    }
  }

  return {
    flightsJson,
    /** The answer cache (undefined without `listen`): tests and health. */
    flightCache: cache,
    /** The worker that parses and writes the answers (flightThread.ts): tests. */
    flightThread: thread,
    /** Ends the flight thread (the app's onClose). */
    close: () => thread.close(),
    /** Starts the flight thread ahead of the first build (flightThread.ts `warm`). */
    warm: () => thread.warm(),
  };
}
