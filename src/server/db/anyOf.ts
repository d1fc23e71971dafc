import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * An int[] parameter: one bound value for any number of ids (the query builder would spread a JS array into a row
 * of parameters). Only for ids the server holds or has validated as integers.
 * Example: `sql\`f.id = any(${intArray([1, 2])})\`` → `f.id = any($1::int[])` with $1 = '{1,2}'.
 */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * `column = any($1::int[])`, for lists of thousands of ids: Drizzle's `inArray` binds each id as its own parameter
 * and checks each one's type on the HTTP thread (a third of a week's team-list stretches); this is one parameter.
 * The database plans both alike (an `in` list becomes `= any(array)`). An empty list matches nothing.
 */
export const anyOf = (column: SQLWrapper, ids: readonly number[]): SQL =>
  sql`${column} = any(${intArray(ids)})`;
