/**
 * Bounded growth of the audit trail (`AUDIT_RETENTION_DAYS`): rows older than the retention are deleted in batches,
 * each batch one short statement of its own, by one server process at a time, once after the start and then hourly.
 * Deleting them is not audited itself: `audit_log` is in `audit_skip` (migration 0022), so it has no trigger.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { DATA_CHANNEL } from '../../db/writes.ts';
import { createPeriodic } from '../../jobs/periodic.ts';

/** The advisory lock a purging process holds: a fixed bigint ("audit" in ASCII), apart from every other lock. */
const PURGE_LOCK = 418_581_342_580;

/** Rows per statement: cheap through `audit_log_at_idx`, and a short hold of PGlite's one connection. */
const BATCH = 10_000;

interface PurgeOptions {
  /** Rows whose `at` lies more than this many days before the database's `now()` go; at least 1. */
  olderThanDays: number;
  /** Rows per delete statement (default 10,000). */
  batch?: number;
  /** Stops between two batches once aborted (the server is closing); what went before stays deleted. */
  signal?: AbortSignal;
}

type PurgeDb = Pick<DbHandle, 'db' | 'kind' | 'query'>;

/**
 * Deletes the audit rows older than `olderThanDays`, batch by batch until a batch finds fewer than its size; answers
 * how many went, or null when another process holds the purge lock (PostgreSQL).
 * Example: `purgeAudit(db, { olderThanDays: 400 })` → 0 when nothing in the trail is older than 400 days.
 */
export async function purgeAudit(db: PurgeDb, options: PurgeOptions): Promise<number | null> {
  const { olderThanDays, batch = BATCH, signal } = options;
  // 0 means "keep forever" in the configuration; here it would delete the whole trail, so it is refused.
  if (!Number.isSafeInteger(olderThanDays) || olderThanDays < 1) {
    throw new Error(`purgeAudit: olderThanDays must be a whole number from 1, got ${olderThanDays}`);
  }
  if (!Number.isSafeInteger(batch) || batch < 1) {
    throw new Error(`purgeAudit: batch must be a whole number from 1, got ${batch}`);
  }
  // PGlite: the data folder belongs to one process and the pool has one connection, so there is nobody to lock
  // out, and a transaction held open for the lock would leave the batches no connection at all.
  if (db.kind === 'pglite') return deleteBatches(db, olderThanDays, batch, signal);
  // PostgreSQL: a transaction-level lock on a connection of its own, held open (idle, no snapshot, no transaction
  // id, so vacuum is not held back) while the batches run and commit one by one on the pool's other connections.
  // Not one transaction around the batches: its deletes would stay uncommitted, and their dead rows unreclaimed,
  // until the very end. Not a session-level lock: it must be released on the very connection that took it, and one
  // left behind would stay with a pooled connection; a transaction's lock goes with the commit, or with a lost
  // connection.
  return db.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}::bigint) as locked`,
    )) as unknown as {
      rows: { locked: boolean }[];
    };
    if (!result.rows[0]?.locked) return null;
    return deleteBatches(db, olderThanDays, batch, signal);
  });
}

/** The batches: each deletes the oldest `batch` rows before the cutoff in a statement (and transaction) of its own. */
async function deleteBatches(
  db: PurgeDb,
  olderThanDays: number,
  batch: number,
  signal: AbortSignal | undefined,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    if (signal?.aborted) break;
    // `order by at` walks audit_log_at_idx from its oldest end and stops at the limit, also when nothing is old
    // enough. The cutoff is each statement's `now()`: it moves on by the seconds the purge takes, which is harmless.
    const [row] = await db.query<{ n: number }>(
      `with gone as (
         delete from audit_log where id in (
           select id from audit_log where at < now() - make_interval(days => $1::int) order by at limit $2::int)
         returning 1)
       select count(*)::int as n from gone`,
      [olderThanDays, batch],
    );
    deleted += row.n;
    if (row.n < batch) break;
  }
  // audit_log has no notifying trigger (migration 0023: its writes go beside a table that notifies), but the purge
  // writes it alone: without this notice other processes would answer `GET /api/audit` from their caches, purged rows
  // and all, until the cache's age bound. This process's cache saw the deletes already (db.onWrite).
  if (deleted > 0) await db.query(`select pg_notify($1, '')`, [DATA_CHANNEL]);
  return deleted;
}

interface AuditPurgerOptions {
  db: PurgeDb;
  /** Rows older than this many days go (`AUDIT_RETENTION_DAYS`, at least 1). */
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

/** Purges the audit trail on a timer: `start()` runs one purge shortly and then one every interval until `stop()`. */
export function createAuditPurger(options: AuditPurgerOptions) {
  return createPeriodic({
    run: (signal) =>
      purgeAudit(options.db, { olderThanDays: options.retentionDays, batch: options.batch, signal }),
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs,
    onDone: (deleted) => {
      if (deleted) options.onPurged?.(deleted);
    },
    onError: options.onError,
  });
}
