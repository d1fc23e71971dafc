/**
 * What the retention purges share (the audit trail's and the print spool's): the checked options, the delete in
 * batches, and the purger that runs a purge on a timer (jobs/periodic.ts).
 */
import type { DbHandle } from '../db/client.ts';
import { createPeriodic } from './periodic.ts';

export interface RetentionOptions {
  /** Rows more than this many days before the database's `now()` go; at least 1. */
  olderThanDays: number;
  /** Rows per delete statement (each purge has its own default). */
  batch?: number;
  /** Stops between two batches once aborted (the server is closing); what went before stays deleted. */
  signal?: AbortSignal;
}

/**
 * The options with the default batch, or an error naming the purge: 0 days means "keep forever" in the configuration,
 * and here it would delete everything, so it is refused. Example: `retentionOf('purgeSpool', { olderThanDays: 30 },
 * 100)` → `{ olderThanDays: 30, batch: 100, signal: undefined }`.
 */
export function retentionOf(purge: string, options: RetentionOptions, defaultBatch: number) {
  const { olderThanDays, batch = defaultBatch, signal } = options;
  if (!Number.isSafeInteger(olderThanDays) || olderThanDays < 1) {
    throw new Error(`${purge}: olderThanDays must be a whole number from 1, got ${olderThanDays}`);
  }
  if (!Number.isSafeInteger(batch) || batch < 1) {
    throw new Error(`${purge}: batch must be a whole number from 1, got ${batch}`);
  }
  return { olderThanDays, batch, signal };
}

/**
 * Runs `statement` (parameters $1 the days, $2 the batch; it answers one row `n`, the rows it deleted) until a batch
 * deletes fewer than its size or `signal` aborts; answers how many went. Each batch is a statement, and a transaction,
 * of its own.
 */
export async function deleteInBatches(
  db: Pick<DbHandle, 'query'>,
  statement: string,
  { olderThanDays, batch, signal }: ReturnType<typeof retentionOf>,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (signal?.aborted) break;
    const [row] = await db.query<{ n: number }>(statement, [olderThanDays, batch]);
    deleted += row.n;
    if (row.n < batch) break;
  }
  return deleted;
}

export interface PurgerOptions<Db> {
  db: Db;
  /** What is older than this many days goes (the configured retention, at least 1). */
  retentionDays: number;
  /** Between two purges (default one hour). */
  intervalMs?: number;
  /** From `start()` to the first purge (default one minute: the start's own work goes first). */
  firstDelayMs?: number;
  batch?: number;
  /** Told how many rows a purge deleted, when it deleted any. */
  onPurged?: (deleted: number) => void;
  /** Told of a failed purge; the next tick tries again. */
  onError?: (error: unknown) => void;
}

/**
 * Runs `purge` on a timer: `start()` runs one purge shortly and then one every interval until `stop()`.
 * Example: `createPurger(purgeSpool, { db, retentionDays: 30, onPurged: log }).start()`.
 */
export function createPurger<Db>(
  purge: (db: Db, options: RetentionOptions) => Promise<number | null>,
  options: PurgerOptions<Db>,
) {
  return createPeriodic({
    run: (signal) =>
      purge(options.db, { olderThanDays: options.retentionDays, batch: options.batch, signal }),
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs,
    onDone: (deleted) => {
      if (deleted) options.onPurged?.(deleted);
    },
    onError: options.onError,
  });
}
