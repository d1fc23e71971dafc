import { describe, expect, it } from 'vitest';
import { createBoundedCache } from './boundedCache.ts';

/** A cache of strings that hold one byte a character, on a clock the test moves. */
function cacheOf(options: { maxBytes?: number; maxEntryBytes?: number; maxAgeMs?: number } = {}) {
  const clock = { now: 0 };
  const cache = createBoundedCache<string>({
    maxBytes: options.maxBytes ?? 100,
    maxEntryBytes: options.maxEntryBytes,
    maxAgeMs: options.maxAgeMs ?? 1_000,
    now: () => clock.now,
    sizeOf: (value) => value.length,
  });
  return { cache, clock };
}

describe('the bounded cache', () => {
  describe('when the bytes exceed the bound', () => {
    it('drops the least recently read entries first, not the least recently stored', () => {
      const { cache } = cacheOf({ maxBytes: 100 });
      cache.set('a', 'a'.repeat(40), cache.generation);
      cache.set('b', 'b'.repeat(40), cache.generation);
      expect(cache.get('a')).toBe('a'.repeat(40)); // b is now the least recently read
      cache.set('c', 'c'.repeat(40), cache.generation);
      expect(cache.get('b')).toBeUndefined();
      expect(cache.get('a')).toBe('a'.repeat(40));
      expect(cache.get('c')).toBe('c'.repeat(40));
      expect(cache.bytes).toBe(80);
      expect(cache.size).toBe(2);
    });

    it('drops as many entries as it takes for a large one to fit', () => {
      const { cache } = cacheOf({ maxBytes: 100 });
      for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key.repeat(25), cache.generation);
      cache.set('e', 'e'.repeat(60), cache.generation);
      expect(['a', 'b', 'c', 'd', 'e'].map((key) => cache.get(key) !== undefined)).toEqual([
        false,
        false,
        false,
        true,
        true,
      ]);
      expect(cache.bytes).toBe(85);
    });

    it('keeps every entry while the bytes equal the bound exactly', () => {
      const { cache } = cacheOf({ maxBytes: 100 });
      for (const key of ['a', 'b', 'c', 'd']) cache.set(key, key.repeat(25), cache.generation);
      expect(cache.size).toBe(4);
      expect(cache.bytes).toBe(100);
    });

    it('counts bytes grown after storing, and drops the oldest entries for them', () => {
      const { cache } = cacheOf({ maxBytes: 100 });
      const a = 'a'.repeat(40);
      cache.set('a', a, cache.generation);
      cache.set('b', 'b'.repeat(40), cache.generation);
      cache.grow('b', 'b'.repeat(40), 30);
      expect(cache.bytes).toBe(70);
      expect(cache.get('a')).toBeUndefined();
      cache.grow('a', a, 10); // no longer held: not counted
      expect(cache.bytes).toBe(70);
    });
  });

  describe('when an entry is larger than the bound', () => {
    it('does not store it and keeps what it holds', () => {
      const { cache } = cacheOf({ maxBytes: 100 });
      expect(cache.set('small', 'x'.repeat(10), cache.generation)).toBe(true);
      expect(cache.set('big', 'x'.repeat(101), cache.generation)).toBe(false);
      expect(cache.get('big')).toBeUndefined();
      expect(cache.get('small')).toBe('x'.repeat(10));
      expect(cache.bytes).toBe(10);
    });

    it('does not store one over the entry bound, though it fits the total', () => {
      const { cache } = cacheOf({ maxBytes: 100, maxEntryBytes: 20 });
      expect(cache.set('a', 'x'.repeat(20), cache.generation)).toBe(true);
      expect(cache.set('b', 'x'.repeat(21), cache.generation)).toBe(false);
      expect(cache.size).toBe(1);
    });
  });

  describe('when time passes', () => {
    it('answers an entry up to the max age, with its age, and drops it past that', () => {
      const { cache, clock } = cacheOf({ maxAgeMs: 1_000 });
      clock.now = 5_000;
      cache.set('a', 'abc', cache.generation);
      clock.now = 6_000;
      expect(cache.lookup('a')).toEqual({ value: 'abc', age: 1_000 });
      clock.now = 6_001;
      expect(cache.get('a')).toBeUndefined();
      expect(cache.size).toBe(0);
      expect(cache.bytes).toBe(0);
    });

    it('counts the age from the last store, not the last read', () => {
      const { cache, clock } = cacheOf({ maxAgeMs: 1_000 });
      cache.set('a', 'old', cache.generation);
      clock.now = 900;
      expect(cache.get('a')).toBe('old');
      clock.now = 1_001;
      expect(cache.get('a')).toBeUndefined();
      cache.set('a', 'new', cache.generation);
      clock.now = 2_001;
      expect(cache.get('a')).toBe('new');
    });
  });

  describe('when a write bumps the generation', () => {
    it('refuses a value built from a read begun before the bump', () => {
      const { cache } = cacheOf();
      const since = cache.generation;
      cache.bump();
      expect(cache.generation).toBe(since + 1);
      expect(cache.set('a', 'stale', since)).toBe(false);
      expect(cache.get('a')).toBeUndefined();
      expect(cache.set('a', 'fresh', cache.generation)).toBe(true);
      expect(cache.get('a')).toBe('fresh');
    });

    it('empties the cache and frees its bytes', () => {
      const { cache } = cacheOf();
      cache.set('a', 'x'.repeat(30), cache.generation);
      cache.set('b', 'x'.repeat(20), cache.generation);
      expect(cache.bytes).toBe(50);
      cache.bump();
      expect(cache.size).toBe(0);
      expect(cache.bytes).toBe(0);
      expect(cache.get('a')).toBeUndefined();
    });
  });

  it('replaces the value stored under a key, counting only the new one', () => {
    const { cache } = cacheOf();
    cache.set('a', 'x'.repeat(30), cache.generation);
    cache.set('a', 'y'.repeat(10), cache.generation);
    expect(cache.get('a')).toBe('y'.repeat(10));
    expect(cache.bytes).toBe(10);
    expect(cache.size).toBe(1);
  });
});
