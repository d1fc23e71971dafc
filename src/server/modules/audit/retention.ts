/**
 * Bounded growth of the audit trail (`AUDIT_RETENTION_DAYS`): rows older than the retention are deleted in batches,
 * each batch one short statement of its own, by one server process at a time, once after the start and then hourly.
 * Deleting them is not audited itself: `audit_log` is in `audit_skip` (migration 0022), so it has no trigger.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/client.ts';
import { DATA_CHANNEL } from '../../db/writes.ts';
import {
  createPurger,
  deleteInBatches,
  type PurgerOptions,
  type RetentionOptions,
  retentionOf,
} from '../../jobs/retention.ts';

/** The advisory lock a purging process holds: a fixed bigint ("audit" in ASCII), apart from every other lock. */
const PURGE_LOCK = 418_581_342_580;

/** Rows per statement: cheap through `audit_log_at_idx`, and a short hold of PGlite's one connection. */
const BATCH = 10_000;

type PurgeDb = Pick<DbHandle, 'db' | 'kind' | 'query'>;

/**
 * Deletes the audit rows older than `olderThanDays`, batch by batch until a batch finds fewer than its size; answers
 * how many went, or null when another process holds the purge lock (PostgreSQL).
 * Example: `purgeAudit(db, { olderThanDays: 400 })` → 0 when nothing in the trail is older than 400 days.
 */
export async function purgeAudit(db: PurgeDb, options: RetentionOptions): Promise<number | null> {
  const retention = retentionOf('purgeAudit', options, BATCH);
  // PGlite: the data folder belongs to one process and the pool has one connection, so there is nobody to lock
  // out, and a transaction held open for the lock would leave the batches no connection at all.
  if (db.kind === 'pglite') return deleteBatches(db, retention);
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
    return deleteBatches(db, retention);
  });
}

/**
 * One batch: `order by at` walks audit_log_at_idx from its oldest end and stops at the limit, also when nothing is old
 * enough. The cutoff is each statement's `now()`: it moves on by the seconds the purge takes, which is harmless.
 */
const DELETE_BATCH = `with gone as (
    delete from audit_log where id in (
      select id from audit_log where at < now() - make_interval(days => $1::int) order by at limit $2::int)
    returning 1)
  select count(*)::int as n from gone`;

/** The batches, each a statement (and transaction) of its own, then the notice of what they deleted. */
async function deleteBatches(db: PurgeDb, retention: ReturnType<typeof retentionOf>): Promise<number> {
  const deleted = await deleteInBatches(db, DELETE_BATCH, retention);
  // audit_log has no notifying trigger (migration 0023: its writes go beside a table that notifies), but the purge
  // writes it alone: without this notice other processes would answer `GET /api/audit` from their caches, purged rows
  // and all, until the cache's age bound. This process's cache saw the deletes already (db.onWrite).
  if (deleted > 0) await db.query(`select pg_notify($1, '')`, [DATA_CHANNEL]);
  return deleted;
}

/** Purges the audit trail on a timer: `start()` runs one purge shortly and then one every interval until `stop()`. */
export function createAuditPurger(options: PurgerOptions<PurgeDb>) {
  return createPurger(purgeAudit, options);
}
