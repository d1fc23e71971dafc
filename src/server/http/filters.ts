/** Turning parsed list filters and sorts into SQL, for every module's list calls. */
import { type AnyColumn, asc, desc, ilike, or, type SQL } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';
import type { ListQuery } from './list.ts';

/** A LIKE pattern matching the text anywhere, with the wildcards of the text escaped. Example: `'50%'` → `'%50\\%%'`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text of a `filter[key]=…` value, undefined when absent, 400 for a list. Example: `filterText(' SU ', 'name')` → 'SU'. */
export function filterText(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new BadRequestError(MESSAGES.malformed, { [`filter.${key}`]: ['Ожидается строка'] });
  return value.trim() || undefined;
}

/** The whole numbers of a list filter, 400 for anything else. Example: `filterIds(['1', '2'], 'k')` → [1, 2]; `filterIds('3', 'k')` → [3]. */
export function filterIds(value: unknown, key: string): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((item) => Number(item));
  if (ids.some((n) => !Number.isInteger(n)))
    throw new BadRequestError(MESSAGES.malformed, { [`filter.${key}`]: ['Ожидается список целых чисел'] });
  return ids;
}

/** Case-insensitive search of the text in any of the columns. Example: `searchAny('su', [a, b])` → `a ilike '%su%' or b ilike '%su%'`. */
export function searchAny(text: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** ORDER BY of a parsed sort, else the fallback; ties by id. Example: sort `-name` → `name desc, id asc`. */
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
