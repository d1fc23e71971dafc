import { describe, expect, it } from 'vitest';
import { WorkAbandonedError } from '../../db/gate.ts';
import type { FlightQuery } from './flight.ts';
import {
  createFlightCache,
  createSharedBuilds,
  createWatchedFlightCache,
  flightCacheKey,
} from './flightCache.ts';

const query = (more: Partial<FlightQuery> = {}): FlightQuery => ({
  period: { begin: new Date('2030-06-03T00:00:00Z'), end: new Date('2030-06-03T23:59:59Z') },
  periodType: 2,
  timeZone: 'Europe/Moscow',
  ...more,
});
const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('flightCacheKey', () => {
  it('is the same for filters that differ only in order and repetition', () => {
    expect(flightCacheKey(query({ jobs: [3, 1, 3] }))).toBe(flightCacheKey(query({ jobs: [1, 3] })));
  });

  it('tells apart every part that changes the answer', () => {
    const keys = [
      query(),
      query({ periodType: 1 }),
      query({ timeZone: 'Asia/Yekaterinburg' }),
      query({ period: { begin: new Date('2030-06-03T00:00:00Z'), end: new Date('2030-06-03T23:59:58Z') } }),
      query({ flightSchedule: [1] }),
      query({ flightType: [1] }),
      query({ flightStatus: [1] }),
      query({ flightClass: [1] }),
      query({ positions: [1] }),
      query({ resourceTypes: [1] }),
      query({ jobs: [1] }),
      query({ jobs: [] }),
      query({ departmentId: 1 }),
    ].map(flightCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('createFlightCache', () => {
  it('answers what was stored under the key', () => {
    const cache = createFlightCache();
    cache.set('a', bytes(10), cache.generation);
    expect(cache.get('a')).toEqual(bytes(10));
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used answers once the bytes exceed the bound', () => {
    const cache = createFlightCache({ maxBytes: 100 });
    cache.set('a', bytes(40), cache.generation);
    cache.set('b', bytes(40), cache.generation);
    cache.get('a'); // b is now the least recently used
    cache.set('c', bytes(40), cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(80);
  });

  it('holds a copy of the answer alone, not the larger buffer it was written into', () => {
    const cache = createFlightCache();
    const written = Buffer.alloc(1_000_000, 7).subarray(0, 100_000);
    cache.set('a', written, cache.generation);
    const held = cache.get('a');
    expect(held?.equals(written)).toBe(true);
    expect(held?.buffer.byteLength).toBe(100_000);
    expect(cache.bytes).toBe(100_000);
  });

  it('never holds an answer bigger than the bound', () => {
    const cache = createFlightCache({ maxBytes: 100 });
    cache.set('a', bytes(101), cache.generation);
    expect(cache.size).toBe(0);
  });

  it('does not store what a read begun before a drop built', () => {
    const cache = createFlightCache();
    const since = cache.generation;
    cache.clear();
    cache.set('a', bytes(10), since);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', bytes(10), cache.generation);
    expect(cache.get('a')).toBeDefined();
  });

  it('forgets answers older than the maximum age', () => {
    let now = 0;
    const cache = createFlightCache({ maxAgeMs: 1000, now: () => now });
    cache.set('a', bytes(10), cache.generation);
    now = 1000;
    expect(cache.get('a')).toBeDefined();
    now = 1001;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe('createWatchedFlightCache', () => {
  it('subscribes once and drops everything on each notice', async () => {
    const callbacks: ((payload: string) => void)[] = [];
    const listen = async (_channel: string, onPayload: (payload: string) => void) => {
      callbacks.push(onPayload);
      return async () => {};
    };
    const cache = createWatchedFlightCache({ listen });
    expect(await cache.ready()).toBe(true);
    expect(await cache.ready()).toBe(true);
    expect(callbacks).toHaveLength(1);
    cache.set('a', bytes(10), cache.generation);
    callbacks[0]('{"entity":"task","ids":[1],"by":null}');
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops everything when notices may have been missed', async () => {
    const gaps: (() => void)[] = [];
    const listen = async (_channel: string, _onPayload: (payload: string) => void, onGap?: () => void) => {
      if (onGap) gaps.push(onGap);
      return async () => {};
    };
    const cache = createWatchedFlightCache({ listen });
    expect(await cache.ready()).toBe(true);
    cache.set('a', bytes(10), cache.generation);
    expect(cache.get('a')).toBeDefined();
    for (const gap of gaps) gap();
    expect(cache.get('a')).toBeUndefined();
  });

  it('is not ready while the subscription fails, and tries again', async () => {
    let fail = true;
    const listen = async () => {
      if (fail) throw new Error('no listener');
      return async () => {};
    };
    const cache = createWatchedFlightCache({ listen });
    expect(await cache.ready()).toBe(false);
    fail = false;
    expect(await cache.ready()).toBe(true);
  });

  it('is never ready with a bound of 0 bytes', async () => {
    const cache = createWatchedFlightCache({ listen: async () => async () => {} }, { maxBytes: 0 });
    expect(await cache.ready()).toBe(false);
  });
});

describe('createSharedBuilds', () => {
  /** A build that ends when told to, recording the signal it was given. */
  function controlledBuilds() {
    const builds: { signal: AbortSignal; finish: (bytes: Buffer) => void }[] = [];
    const build = (signal: AbortSignal) =>
      new Promise<Buffer>((resolve) => {
        builds.push({ signal, finish: resolve });
      });
    return { builds, build };
  }

  it('runs one build for the callers asking the same key at once', async () => {
    const shared = createSharedBuilds();
    const { builds, build } = controlledBuilds();
    const first = shared('a', 0, build);
    const second = shared('a', 0, build);
    expect(builds).toHaveLength(1);
    builds[0].finish(bytes(3));
    expect(await first).toEqual(bytes(3));
    expect(await second).toEqual(bytes(3));
  });

  it('starts a build of its own for a caller arriving after a drop, and for another key', () => {
    const shared = createSharedBuilds();
    const { builds, build } = controlledBuilds();
    shared('a', 0, build);
    shared('a', 1, build);
    shared('b', 1, build);
    expect(builds).toHaveLength(3);
  });

  it('lets a caller go without stopping the build the others wait for', async () => {
    const shared = createSharedBuilds();
    const { builds, build } = controlledBuilds();
    const leaving = new AbortController();
    const gone = shared('a', 0, build, leaving.signal);
    const staying = shared('a', 0, build);
    leaving.abort();
    await expect(gone).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(builds[0].signal.aborted).toBe(false);
    builds[0].finish(bytes(2));
    expect(await staying).toEqual(bytes(2));
  });

  it('stops the build when its last caller has gone, and builds again for the next', async () => {
    const shared = createSharedBuilds();
    const { builds, build } = controlledBuilds();
    const leaving = new AbortController();
    const gone = shared('a', 0, build, leaving.signal);
    leaving.abort();
    await expect(gone).rejects.toBeInstanceOf(WorkAbandonedError);
    expect(builds[0].signal.aborted).toBe(true);
    shared('a', 0, build);
    expect(builds).toHaveLength(2);
  });
});
