/**
 * The answer cache of `GET /planning/flight` (one per server process, shared by every user: the answer does not
 * depend on who asks). A month of the demo airport costs ~1 s of CPU to build and is ~30 MB of JSON; the same period
 * asked again (a second tab, a second planner, a reload, each client refreshing after a live notice) is answered
 * from here.
 *
 * - Key: the period (to the millisecond), the period type, the normalized filters and the request's time zone.
 * - Value: the finished UTF-8 bytes, `is_conflict` included. Conflicts depend on tasks of flights outside the answer,
 *   so no finer rule than "any change drops everything" is safe: every notice on the live channel (a committed write
 *   to flights, turnarounds, tasks, task staff, teams or team-flight links, from any process) empties the cache.
 * - On the bounded cache (src/server/cache/boundedCache.ts): a generation counter, bumped by each drop, so that a
 *   build stores its bytes only if no drop happened since it began (it may have read rows the write changed).
 * - Bounded: least recently used entries go first once the bytes held exceed `maxBytes`; an answer bigger than the
 *   bound is never held. Entries also expire after `maxAgeMs`, the bound on staleness for writes that send no
 *   notice (reference books: names of jobs, positions, airlines…) and for notices lost while a PostgreSQL listener
 *   reconnects.
 * - Callers asking the same key at once (every open screen refetches on a live notice) share one build, begun in the
 *   same generation; it stops when all of them have gone.
 */
import { LIVE_CHANNEL } from '../../../shared/events.ts';
import { createBoundedCache } from '../../cache/boundedCache.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import type { FlightQuery } from './flight.ts';

export interface FlightCacheOptions {
  /** Bytes of answers held at most (default 256 MB). 0 turns the cache off. */
  maxBytes?: number;
  /** Age in ms after which an answer is built again (default 60 s). */
  maxAgeMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

const DEFAULT_MAX_BYTES = 256 * 1_048_576;
const DEFAULT_MAX_AGE_MS = 60_000;

/** The cache key of a query: equal for queries that answer the same bytes. */
export function flightCacheKey(query: FlightQuery): string {
  const ids = (list: number[] | undefined) =>
    list ? [...new Set(list)].sort((a, b) => a - b).join(',') : '*';
  return [
    query.period.begin.getTime(),
    query.period.end.getTime(),
    query.periodType,
    ids(query.flightSchedule),
    ids(query.flightType),
    ids(query.flightStatus),
    ids(query.flightClass),
    ids(query.positions),
    ids(query.resourceTypes),
    ids(query.jobs),
    query.departmentId ?? '*',
    query.timeZone,
  ].join('|');
}

/** An LRU of answers by bytes, with the generation that guards against storing what a drop made stale. */
export function createFlightCache(options: FlightCacheOptions = {}) {
  const held = createBoundedCache<Buffer>({
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxAgeMs: options.maxAgeMs ?? DEFAULT_MAX_AGE_MS,
    now: options.now,
    sizeOf: (bytes) => bytes.length,
  });

  return {
    /** The answer held for the key, marked as just used; undefined when none or expired. */
    get(key: string): Buffer | undefined {
      return held.get(key);
    },
    /** The generation to hand back to `set` when the build that starts now ends. */
    get generation() {
      return held.generation;
    },
    /**
     * Holds the bytes built from a read begun at `since` (a generation), unless a drop came after it began. A view
     * into a larger buffer (the answer is written into a buffer sized ahead) is copied, so that the bound counts
     * all the memory held.
     */
    set(key: string, bytes: Buffer, since: number): void {
      if (since !== held.generation) return; // not copied only to be refused
      held.set(key, bytes.byteLength < bytes.buffer.byteLength ? Buffer.from(bytes) : bytes, since);
    },
    /** Drops every answer; builds under way will not store theirs. */
    clear(): void {
      held.bump();
    },
    /** Bytes held now. */
    get bytes() {
      return held.bytes;
    },
    /** Answers held now. */
    get size() {
      return held.size;
    },
  };
}

/**
 * A cache that drops everything on each live notice. `ready()` subscribes, once, through `DbHandle.listen`, which
 * shares the process's one LISTEN on the channel with the live feed's hub; until the subscription is up (or when it
 * failed) `ready()` answers false and the caller neither reads nor stores. Example:
 * `if (await cache.ready()) cache.get(key)`.
 */
export function createWatchedFlightCache(db: Pick<DbHandle, 'listen'>, options: FlightCacheOptions = {}) {
  const cache = createFlightCache(options);
  const enabled = (options.maxBytes ?? DEFAULT_MAX_BYTES) > 0;
  let subscribed: Promise<boolean> | undefined;
  return Object.assign(cache, {
    ready(): Promise<boolean> {
      if (!enabled) return Promise.resolve(false);
      subscribed ??= db
        .listen(
          LIVE_CHANNEL,
          () => cache.clear(),
          () => cache.clear(),
        )
        .then(
          () => true,
          () => {
            subscribed = undefined; // tried again by the next call
            return false;
          },
        );
      return subscribed;
    },
  });
}

interface SharedBuild {
  promise: Promise<Buffer>;
  controller: AbortController;
  generation: number;
  waiting: number;
}

/**
 * One build per key at a time, shared by the callers that ask for it while it runs and began in the same
 * generation (a caller arriving after a drop starts its own). A caller that goes away gets WorkAbandonedError at
 * once; the build is aborted when the last caller has gone. Example:
 * `shared(key, cache.generation, (signal) => build(signal), request.signal)`.
 */
export function createSharedBuilds() {
  const running = new Map<string, SharedBuild>();
  return function shared(
    key: string,
    generation: number,
    build: (signal: AbortSignal) => Promise<Buffer>,
    signal?: AbortSignal,
  ): Promise<Buffer> {
    if (signal?.aborted) return Promise.reject(new WorkAbandonedError());
    let run = running.get(key);
    if (!run || run.generation !== generation || run.controller.signal.aborted) {
      const controller = new AbortController();
      const started: SharedBuild = { promise: build(controller.signal), controller, generation, waiting: 0 };
      const forget = () => {
        if (running.get(key) === started) running.delete(key);
      };
      started.promise.then(forget, forget);
      run = started;
      running.set(key, run);
    }
    const own = run;
    own.waiting++;
    return new Promise<Buffer>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return false;
        left = true;
        own.waiting--;
        signal?.removeEventListener('abort', onAbort);
        return true;
      };
      const onAbort = () => {
        if (!leave()) return;
        if (own.waiting === 0) {
          own.controller.abort();
          if (running.get(key) === own) running.delete(key);
        }
        reject(new WorkAbandonedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      own.promise.then(
        (bytes) => {
          if (leave()) resolve(bytes);
        },
        (error) => {
          if (leave()) reject(error);
        },
      );
    });
  };
}
