import { asc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../shared/messages.ts';
import { ConflictError, type FieldErrors, NotFoundError, ValidationError } from '../domain/errors.ts';
import { anyOf } from './anyOf.ts';
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
 * Locks the rows of `ids` for the rest of the transaction, in one statement in id order (two saves over shared rows
 * take their locks alike and never deadlock), and answers their versions by id; an id not answered is gone. A save
 * that waited for another's lock reads the version that one wrote. For bulk saves: lists run to thousands of ids.
 */
export async function lockVersions(
  tx: Db,
  table: PgTable,
  key: PgColumn,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: key, version: rowVersion(table) })
    .from(table)
    .where(anyOf(key, ids))
    .orderBy(asc(key))
    .for('update');
  return new Map(rows.map((row) => [Number(row.id), row.version]));
}

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
  const current = (await lockVersions(tx, table, key, [id])).get(id);
  if (current === undefined) throw new NotFoundError(missing);
  if (version !== undefined && current !== version) throw new ConflictError(MESSAGES.staleEdit);
}

/**
 * Refuses a bulk save: its 422 `fields` first (a fix of the body), then its `stale` items (a 409 naming them: reload
 * to go on). Nothing when both are empty.
 */
export function refuseSave(fields: FieldErrors, stale: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  if (Object.keys(stale).length > 0) throw new ConflictError(MESSAGES.staleEdit, stale);
}
