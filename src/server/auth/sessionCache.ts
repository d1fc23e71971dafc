/**
 * Session lookups held in process memory: the user behind a token hash, so that authentication (every request)
 * costs a hash and a map lookup instead of a query (docs/DECISIONS.md, "Answer cache"). What ends or changes a
 * session drops the whole cache: in this process synchronously, as the write commits (logout, password change,
 * users, roles, rules: src/server/db/writes.ts), in the others by a NOTIFY on AUTH_CHANNEL sent by triggers in the
 * same transaction (migration 0023). Entries also expire after `maxAgeMs` and never outlive their session.
 * A lookup begun before a drop does not store what it read (the generation guard of the answer cache).
 */
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
  storedAt: number;
}

/** A bounded map of token hash → user, least recently used out first. */
export function createSessionCache<U>(options: { maxAgeMs?: number; maxEntries?: number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_SESSION_CACHE_AGE_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_SESSION_CACHE_ENTRIES;
  const entries = new Map<string, Held<U>>();
  let generation = 0;
  return {
    enabled: maxAgeMs > 0 && maxEntries > 0,
    /** The user held for the token hash at `now` (ms), or undefined. */
    get(hash: string, now: number): U | undefined {
      const held = entries.get(hash);
      if (!held) return undefined;
      entries.delete(hash);
      if (now >= held.expiresAt || now - held.storedAt > maxAgeMs || now < held.storedAt) return undefined;
      entries.set(hash, held);
      return held.user;
    },
    get generation() {
      return generation;
    },
    /** Holds a lookup begun at generation `since`, unless a drop came since. */
    set(hash: string, user: U, expiresAt: number, now: number, since: number): void {
      if (since !== generation) return;
      entries.delete(hash);
      entries.set(hash, { user, expiresAt, storedAt: now });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    /** Drops every lookup; lookups under way will not store theirs. */
    clear(): void {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
