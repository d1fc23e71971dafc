/**
 * Bounded growth of the print spool (`PRINT_RETENTION_DAYS`): spooled tag PDFs (`print_files` rows) older than the
 * retention are deleted in batches, once a minute after the start and then hourly, like the audit trail's purge. The
 * `print_jobs` rows stay (docs/DECISIONS.md, "Bag-tag printing"): a job whose PDF has gone answers it with 404.
 */
import type { DbHandle } from '../../db/client.ts';
import { createPeriodic } from '../../jobs/periodic.ts';

/**
 * PDFs per delete statement: a print is 11 KB (one tag) to about 0.4 MB (50 tags × 5 copies), so a batch frees at
 * most some 40 MB and holds PGlite's one connection only briefly.
 */
const BATCH = 100;

interface SpoolPurgeOptions {
  /** PDFs spooled more than this many days before the database's `now()` go; at least 1. */
  olderThanDays: number;
  /** PDFs per delete statement (default 100). */
  batch?: number;
  /** Stops between two batches once aborted (the server is closing); what went before stays deleted. */
  signal?: AbortSignal;
}

type PurgeDb = Pick<DbHandle, 'query'>;

/**
 * Deletes the spooled PDFs older than `olderThanDays`, batch by batch (each a statement and transaction of its own)
 * until a batch finds fewer than its size; answers how many went. Processes purging at once on one PostgreSQL
 * share the work: each batch skips the rows another is deleting, so nobody waits and nothing is deleted twice.
 * Example: `purgeSpool(db, { olderThanDays: 30 })` → 0 when every PDF is younger than 30 days.
 */
export async function purgeSpool(db: PurgeDb, options: SpoolPurgeOptions): Promise<number> {
  const { olderThanDays, batch = BATCH, signal } = options;
  // 0 means "keep forever" in the configuration; here it would delete every PDF, so it is refused.
  if (!Number.isSafeInteger(olderThanDays) || olderThanDays < 1) {
    throw new Error(`purgeSpool: olderThanDays must be a whole number from 1, got ${olderThanDays}`);
  }
  if (!Number.isSafeInteger(batch) || batch < 1) {
    throw new Error(`purgeSpool: batch must be a whole number from 1, got ${batch}`);
  }
  let deleted = 0;
  for (;;) {
    if (signal?.aborted) break;
    // `order by created_at` walks print_files_created_at_idx from its oldest end and stops at the limit.
    const [row] = await db.query<{ n: number }>(
      `with gone as (
         delete from print_files where job_id in (
           select job_id from print_files where created_at < now() - make_interval(days => $1::int)
            order by created_at limit $2::int for update skip locked)
         returning 1)
       select count(*)::int as n from gone`,
      [olderThanDays, batch],
    );
    deleted += row.n;
    if (row.n < batch) break;
  }
  return deleted;
}

interface SpoolPurgerOptions {
  db: PurgeDb;
  /** PDFs older than this many days go (`PRINT_RETENTION_DAYS`, at least 1). */
  retentionDays: number;
  /** Between two purges (default one hour). */
  intervalMs?: number;
  /** From `start()` to the first purge (default one minute: the start's own work goes first). */
  firstDelayMs?: number;
  batch?: number;
  /** Told how many PDFs a purge deleted, when it deleted any. */
  onPurged?: (deleted: number) => void;
  /** Told of a failed purge; the next tick tries again. */
  onError?: (error: unknown) => void;
}

/** Purges the spool on a timer: `start()` runs one purge shortly and then one every interval until `stop()`. */
export function createSpoolPurger(options: SpoolPurgerOptions) {
  return createPeriodic({
    run: (signal) =>
      purgeSpool(options.db, { olderThanDays: options.retentionDays, batch: options.batch, signal }),
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs,
    onDone: (deleted) => {
      if (deleted) options.onPurged?.(deleted);
    },
    onError: options.onError,
  });
}
