/**
 * Bounded growth of the print spool (`PRINT_RETENTION_DAYS`): spooled tag PDFs (`print_files` rows) older than the
 * retention are deleted in batches, once a minute after the start and then hourly, like the audit trail's purge. The
 * `print_jobs` rows stay (docs/DECISIONS.md, "Bag-tag printing"): a job whose PDF has gone answers it with 404.
 */
import type { DbHandle } from '../../db/client.ts';
import {
  createPurger,
  deleteInBatches,
  type PurgerOptions,
  type RetentionOptions,
  retentionOf,
} from '../../jobs/retention.ts';

/**
 * PDFs per delete statement: a print is 11 KB (one tag) to about 0.8 MB (100 tags × 5 copies), so a batch frees at
 * most some 80 MB and holds PGlite's one connection only briefly.
 */
const BATCH = 100;

/** One batch: `order by created_at` walks print_files_created_at_idx from its oldest end and stops at the limit. */
const DELETE_BATCH = `with gone as (
    delete from print_files where job_id in (
      select job_id from print_files where created_at < now() - make_interval(days => $1::int)
       order by created_at limit $2::int for update skip locked)
    returning 1)
  select count(*)::int as n from gone`;

type PurgeDb = Pick<DbHandle, 'query'>;

/**
 * Deletes the spooled PDFs older than `olderThanDays` (at least 1; batches of 100 by default), batch by batch (each a
 * statement and transaction of its own) until a batch finds fewer than its size; answers how many went. Processes
 * purging at once on one PostgreSQL share the work: each batch skips the rows another is deleting, so nobody waits
 * and nothing is deleted twice.
 * Example: `purgeSpool(db, { olderThanDays: 30 })` → 0 when every PDF is younger than 30 days.
 */
export async function purgeSpool(db: PurgeDb, options: RetentionOptions): Promise<number> {
  return deleteInBatches(db, DELETE_BATCH, retentionOf('purgeSpool', options, BATCH));
}

/** Purges the spool on a timer: `start()` runs one purge shortly and then one every interval until `stop()`. */
export function createSpoolPurger(options: PurgerOptions<PurgeDb>) {
  return createPurger(purgeSpool, options);
}
