import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../shared/messages.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import type { Db } from './client.ts';

/**
 * The row's version for answers (`version`, src/shared/rowVersion.ts): PostgreSQL's `xmin`, the id of the
 * transaction that wrote the row's current state. Every update writes a new state, so it changes with any write to
 * the row by any path (a form, a bulk action, a script), with no column or trigger to keep; it survives VACUUM
 * (freezing keeps it readable). Two writes in one transaction share it, which is what a version should do. For a
 * record spread over several tables the service updates the main row on every save, so its version covers the rest.
 * Example: `select({ id: t.id, version: rowVersion(t) })` → `{id: 7, version: '1543'}`.
 */
export const rowVersion = (table: PgTable): SQL<string> => sql<string>`${table}.xmin::text`;

/** What an edit route's description says of `version` (Swagger). */
export const STALE_EDIT_RULE =
  'version — версия записи из её ответа (необязательно): если запись с тех пор изменили, ответ 409 и ничего не записано.';

/**
 * Locks the record's main row for the rest of the transaction and checks the version its editor read: 404 (with
 * `missing`) when the row is gone, 409 `MESSAGES.staleEdit` when it was written since. Without a version (a client
 * of the spec's bodies) only the lock and the 404 apply. The lock makes check and write one step: a save running
 * at the same moment waits, then sees the new version and is refused.
 */
export async function lockRow(
  tx: Db,
  table: PgTable,
  key: PgColumn,
  id: number,
  version: string | undefined,
  missing: string,
): Promise<void> {
  const [row] = await tx
    .select({ version: rowVersion(table) })
    .from(table)
    .where(eq(key, id))
    .for('update');
  if (!row) throw new NotFoundError(missing);
  if (version !== undefined && row.version !== version) throw new ConflictError(MESSAGES.staleEdit);
}
