import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The database or a transaction, for raw reads. */
export type RawReader = Pick<Db, 'execute'>;

/**
 * The rows of a raw query as the driver parsed them (int2/int4 and float8 as numbers, text as strings), typed as the
 * caller says: no per-field mapping. For big reads, where Drizzle's select maps every field of every row through
 * `is()` and parses each timestamp's text into a Date on the HTTP thread; bigint and numeric come as text, so cast
 * what the rows carry to int4 or float8 (see `epochMs`).
 * Example: `await rawRows<{ id: number }>(db, sql\`select id from tasks\`)` → `[{ id: 1 }, …]`.
 */
export async function rawRows<T>(reader: RawReader, query: SQL): Promise<T[]> {
  return ((await reader.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A timestamptz as whole milliseconds since the epoch (int8), cut toward earlier as a Date parsed from the timestamp's
 * text would be: for folding into text (`string_agg`); as a column of its own int8 comes as text, so see `epochMs`.
 * Example: `epochMsInt8(sql\`t.begin_at\`)` of '2026-03-10 09:00:00.0009+00' → 1773133200000.
 */
export const epochMsInt8 = (column: SQLWrapper): SQL =>
  sql`floor(extract(epoch from ${column}) * 1000)::int8`;

/**
 * A timestamptz as milliseconds since the epoch (float8, a number from both databases; null stays null), whole as
 * `epochMsInt8`.
 * Example: `epochMs(sql\`t.begin_at\`)` of '2026-03-10 09:00:00.0009+00' → 1773133200000.
 */
export const epochMs = (column: SQLWrapper): SQL => sql`${epochMsInt8(column)}::float8`;
