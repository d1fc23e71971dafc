/** Sending live-feed notices from a write: `pg_notify` inside the write's transaction, so only commits announce. */
import { sql } from 'drizzle-orm';
import { LIVE_CHANNEL, type LiveNotice } from '../../shared/events.ts';
import type { Db } from '../db/client.ts';

/** Ids per notice: NOTIFY payloads are limited to 8000 bytes, and an id takes at most 11 characters with its comma. */
const IDS_PER_NOTICE = 500;

/**
 * Queues the notice on the transaction: PostgreSQL delivers it to every listener when (and only when) the
 * transaction commits. Many ids go as several notices. No ids, no notice.
 * Example: `await notifyChange(tx, {entity: 'task', ids: [1, 2], by: request.user.id})`.
 */
export async function notifyChange(tx: Pick<Db, 'execute'>, notice: LiveNotice): Promise<void> {
  const ids = [...new Set(notice.ids)];
  for (let start = 0; start < ids.length; start += IDS_PER_NOTICE) {
    const payload = JSON.stringify({ ...notice, ids: ids.slice(start, start + IDS_PER_NOTICE) });
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
  }
}
