/**
 * The core the server's bounded caches share (the GET answer cache, src/server/http/answerCache.ts, the planning
 * month's, src/server/modules/staff-planning/flightCache.ts, and the session lookups,
 * src/server/auth/sessionCache.ts, which counts each entry as one "byte"): a map by key, pure, no I/O.
 *
 * - A data generation, raised by `bump` (a committed write, a live notice): a build records the generation when it
 *   begins and stores its value only if none came meanwhile, since it may have read rows the write changed. A bump
 *   also drops every entry.
 * - Bounded in bytes: least recently read entries go first once the bytes held exceed `maxBytes`; an entry over
 *   `maxEntryBytes` is never held.
 * - Bounded in age: an entry older than `maxAgeMs` is dropped when next read.
 */

export interface BoundedCacheOptions<V> {
  /** Bytes held at most. */
  maxBytes: number;
  /** Bytes of one entry at most (default `maxBytes`): a bigger one is never held. */
  maxEntryBytes?: number;
  /** Age in ms after which an entry is dropped. */
  maxAgeMs: number;
  /** The clock (tests). */
  now?: () => number;
  /** The bytes a value holds when it is stored. */
  sizeOf: (value: V) => number;
}

/** A value found, and its age in ms (for callers with a freshness finer than the age bound). */
export interface Found<V> {
  value: V;
  age: number;
}

interface Entry<V> {
  value: V;
  size: number;
  storedAt: number;
}

/**
 * A cache bounded in bytes and age, guarded by a generation. Example:
 * `const since = cache.generation; const value = await build(); cache.set(key, value, since)` stores nothing when
 * `cache.bump()` ran during the build.
 */
export function createBoundedCache<V>(options: BoundedCacheOptions<V>) {
  const { maxBytes, maxAgeMs, sizeOf } = options;
  const maxEntryBytes = options.maxEntryBytes ?? maxBytes;
  const now = options.now ?? Date.now;
  /** Insertion order = use order: the first entry is the least recently read. */
  const entries = new Map<string, Entry<V>>();
  let held = 0;
  let generation = 0;

  const remove = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    held -= entry.size;
  };
  const trim = () => {
    for (const [oldest, entry] of entries) {
      if (held <= maxBytes) break;
      remove(oldest, entry);
    }
  };

  /** The value held for the key with its age, marked as just read; undefined when none or older than the max age. */
  function lookup(key: string): Found<V> | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    remove(key, entry);
    const age = now() - entry.storedAt;
    if (age > maxAgeMs) return undefined;
    entries.set(key, entry);
    held += entry.size;
    return { value: entry.value, age };
  }

  return {
    lookup,
    /** The value held for the key, marked as just read; undefined when none or older than the max age. */
    get(key: string): V | undefined {
      return lookup(key)?.value;
    },
    /** The generation to hand back to `set` when the build that starts now ends. */
    get generation() {
      return generation;
    },
    /**
     * Holds the value built from a read begun at `since` (a generation), unless a bump came after it began or the
     * value is over the entry bound; the least recently read entries then go until the bytes fit. Answers whether
     * it is held.
     */
    set(key: string, value: V, since: number): boolean {
      const size = sizeOf(value);
      if (since !== generation || size > maxEntryBytes) return false;
      const old = entries.get(key);
      if (old) remove(key, old);
      entries.set(key, { value, size, storedAt: now() });
      held += size;
      trim();
      return true;
    },
    /**
     * Counts `bytes` more for the value, made for it after it was stored (a compressed variant), if it is still the
     * one held under the key; the least recently read entries then go until the bytes fit.
     */
    grow(key: string, value: V, bytes: number): void {
      const entry = entries.get(key);
      if (!entry || entry.value !== value) return;
      entry.size += bytes;
      held += bytes;
      trim();
    },
    /** A write: raises the generation, so builds under way will not store theirs, and drops every entry. */
    bump(): void {
      generation++;
      entries.clear();
      held = 0;
    },
    /** Bytes held now. */
    get bytes() {
      return held;
    },
    /** Entries held now. */
    get size() {
      return entries.size;
    },
  };
}
