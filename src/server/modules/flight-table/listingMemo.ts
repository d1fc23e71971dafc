/**
 * The sorted rows of a flight-table listing, kept for its next pages. The screen reads a period 2,000 rows a page, one
 * page after another, and each page used to read, build and sort the whole period again: a month of a hub four times
 * the demo airport (21,800 rows, 11 pages) took 15.6 s, and every sort or filter change as long (the scale walk of
 * session 20). Now the first page builds the listing and the following pages slice it.
 *
 * - Key: the period (to the millisecond), the zone, the column filters and the sort, as the query holds them.
 * - Dropped on every committed write this process makes (before the writer goes on: a user who changed a row reads
 *   it on the next page or reload) and every write another process announces on the data channel (the answer
 *   cache's, migration 0023); until that channel is listened to, nothing is read or stored. A listing built while a
 *   write came is not stored (the bounded cache's generation).
 * - Bounded: listings of at most MAX_ROWS rows in all (least recently read first out), each kept MAX_AGE_MS at most
 *   (the clock's "today" and notices lost while a listener reconnects are stale no longer).
 */
import { createBoundedCache } from '../../cache/boundedCache.ts';
import type { DbHandle } from '../../db/client.ts';
import { watchAnswerData } from '../../http/answerCachePlugin.ts';
import type { RowEntry } from './rows.ts';

/** Rows held in all: a month of a big hub, about 50-100 MB. */
const MAX_ROWS = 50_000;
/** A listing's life: long enough for the pages a screen reads one after another. */
const MAX_AGE_MS = 20_000;

export interface ListingMemoOptions {
  maxRows?: number;
  maxAgeMs?: number;
  now?: () => number;
}

/** A memo of sorted listings by key, dropped on every write; `ready()` says whether it may be used. */
export function createListingMemo(
  db: Pick<DbHandle, 'listen' | 'onWrite'>,
  options: ListingMemoOptions = {},
) {
  const held = createBoundedCache<RowEntry[]>({
    maxBytes: options.maxRows ?? MAX_ROWS,
    maxAgeMs: options.maxAgeMs ?? MAX_AGE_MS,
    now: options.now,
    sizeOf: (rows) => Math.max(1, rows.length),
  });
  const { ready, stop } = watchAnswerData(db, () => held.bump());

  return {
    /**
     * The listing of the key: the one held, else `build()`'s, stored when no write came while it ran.
     * Example: `await memo.rows(key, () => readAndSort())`.
     */
    async rows(key: string, build: () => Promise<RowEntry[]>): Promise<RowEntry[]> {
      if (!(await ready())) return build();
      const found = held.get(key);
      if (found) return found;
      const since = held.generation;
      const rows = await build();
      held.set(key, rows, since);
      return rows;
    },
    /** Listings held now (tests). */
    get size() {
      return held.size;
    },
    /** Stops watching writes (the app closes); nothing is held after. */
    async close(): Promise<void> {
      held.bump();
      await stop();
    },
  };
}

export type ListingMemo = ReturnType<typeof createListingMemo>;
