/**
 * Session lookups held in process memory: the user behind a token hash, so that authentication (every request)
 * costs a hash and a map lookup instead of a query (docs/DECISIONS.md, "Answer cache"). What ends or changes a
 * session drops the whole cache: in this process synchronously, as the write commits (logout, password change,
 * users, roles, rules: src/server/db/writes.ts), in the others by a NOTIFY on AUTH_CHANNEL sent by triggers in the
 * same transaction (migration 0023). Entries also expire after `maxAgeMs` and never outlive their session.
 * A lookup begun before a drop does not store what it read. Built on the bounded cache the answer cache uses
 * (src/server/cache/boundedCache.ts), bounded in entries (each counts one).
 */
import { createBoundedCache } from '../cache/boundedCache.ts';
import type { WrittenTables } from '../db/writes.ts';

/** The NOTIFY channel of ended sessions and changed users, roles and rules (migration 0023). */
export const AUTH_CHANNEL = 'gow_auth';

/** Tables whose writes may change what a session lookup answers. */
const AUTH_TABLES = new Set(['sessions', 'users', 'user_roles', 'roles', 'role_rules', 'rules']);

const DEFAULT_SESSION_CACHE_AGE_MS = 30_000;
const DEFAULT_SESSION_CACHE_ENTRIES = 10_000;

/** True when a committed write may end a session or change a user's rules. Example: `touchesSessions(['flights'])` → false. */
export function touchesSessions(tables: WrittenTables): boolean {
  return tables === null || tables.some((table) => AUTH_TABLES.has(table));
}

interface Held<U> {
  user: U;
  /** When the session itself expires (ms since epoch). */
  expiresAt: number;
}

export interface SessionCacheOptions {
  /** Age in ms after which a lookup is made again (0: nothing is held). */
  maxAgeMs?: number;
  /** Lookups held at most, least recently used out first (0: nothing is held). */
  maxEntries?: number;
  /** The clock, ms since epoch (the auth service's, so tests can move it). */
  now?: () => number;
}

/** A bounded map of token hash → user. */
export function createSessionCache<U>(options: SessionCacheOptions = {}) {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_SESSION_CACHE_AGE_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_SESSION_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const cache = createBoundedCache<Held<U>>({ maxBytes: maxEntries, maxAgeMs, now, sizeOf: () => 1 });
  return {
    enabled: maxAgeMs > 0 && maxEntries > 0,
    /** The user held for the token hash, or undefined (none, too old, its session over, or the clock went back). */
    get(hash: string): U | undefined {
      const found = cache.lookup(hash);
      if (!found || found.age < 0 || now() >= found.value.expiresAt) return undefined;
      return found.value.user;
    },
    /** The generation to hand back to `set` when the lookup that starts now ends. */
    get generation() {
      return cache.generation;
    },
    /** Holds a lookup begun at generation `since`, unless a drop came since. */
    set(hash: string, user: U, expiresAt: number, since: number): void {
      cache.set(hash, { user, expiresAt }, since);
    },
    /** Drops every lookup; lookups under way will not store theirs. */
    clear(): void {
      cache.bump();
    },
    get size() {
      return cache.size;
    },
  };
}
