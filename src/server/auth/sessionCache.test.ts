import { describe, expect, it } from 'vitest';
import { createSessionCache, touchesSessions } from './sessionCache.ts';

/** A cache on a clock the test moves. */
function cacheAt(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const clock = { t: 1_000_000 };
  const cache = createSessionCache<string>({ ...options, now: () => clock.t });
  return { cache, clock };
}

describe('the session cache', () => {
  it('answers a held user until its age bound, then asks again', () => {
    const { cache, clock } = cacheAt({ maxAgeMs: 30_000 });
    cache.set('h1', 'anna', clock.t + 3_600_000, cache.generation);
    clock.t += 30_000;
    expect(cache.get('h1')).toBe('anna');
    clock.t += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('never answers past the session itself, nor when the clock went back', () => {
    const { cache, clock } = cacheAt();
    cache.set('h1', 'anna', clock.t + 5_000, cache.generation);
    expect(cache.get('h1')).toBe('anna');
    clock.t += 5_000;
    expect(cache.get('h1')).toBeUndefined();
    cache.set('h2', 'boris', clock.t + 60_000, cache.generation);
    clock.t -= 1;
    expect(cache.get('h2')).toBeUndefined();
  });

  it('holds at most maxEntries, the least recently used out first', () => {
    const { cache, clock } = cacheAt({ maxEntries: 2 });
    const until = clock.t + 60_000;
    cache.set('a', 'A', until, cache.generation);
    cache.set('b', 'B', until, cache.generation);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', until, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    expect(cache.get('c')).toBe('C');
  });

  it('drops everything on clear, and a lookup begun before it stores nothing', () => {
    const { cache, clock } = cacheAt();
    const until = clock.t + 60_000;
    cache.set('a', 'A', until, cache.generation);
    const since = cache.generation;
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', 'B', until, since);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', 'B', until, cache.generation);
    expect(cache.get('b')).toBe('B');
  });

  it('is off with a zero age or zero entries', () => {
    expect(cacheAt({ maxAgeMs: 0 }).cache.enabled).toBe(false);
    expect(cacheAt({ maxEntries: 0 }).cache.enabled).toBe(false);
    expect(cacheAt().cache.enabled).toBe(true);
  });

  it('is dropped by writes to the tables behind a session only', () => {
    expect(touchesSessions(['flights', 'tasks'])).toBe(false);
    expect(touchesSessions(['role_rules'])).toBe(true);
    expect(touchesSessions(null)).toBe(true);
  });
});
