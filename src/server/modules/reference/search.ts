import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.ts';
import { BadRequestError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/list.ts';

/** A LIKE pattern matching the text anywhere, with the wildcards of the text escaped. Example: `'50%'` → `'%50\\%%'`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text of a `filter[key]=…` value, or undefined when absent; an object or a list is a 400. */
export function filterText(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new BadRequestError(MESSAGES.malformed, { [`filter.${key}`]: ['Ожидается строка'] });
  return value.trim() || undefined;
}

/** The whole numbers of a list filter (`filter[k][]=1&filter[k][]=2` or `filter[k]=1`); anything else is a 400. */
export function filterIds(value: unknown, key: string): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((item) => Number(item));
  if (ids.some((n) => !Number.isInteger(n)))
    throw new BadRequestError(MESSAGES.malformed, { [`filter.${key}`]: ['Ожидается список целых чисел'] });
  return ids;
}

/** Case-insensitive search of the text in any of the columns; undefined when there is no text. */
export function searchAny(text: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** ORDER BY of a parsed list sort, falling back to the given column; ties broken by id. */
export function orderOf<S extends string>(
  sort: ListQuery<string, S>['sort'],
  columns: Record<S, AnyColumn>,
  fallback: AnyColumn,
  idColumn: AnyColumn,
): SQL[] {
  const column = sort ? columns[sort.key] : fallback;
  const first = sort?.desc ? desc(column) : asc(column);
  return column === idColumn ? [first] : [first, asc(idColumn)];
}
