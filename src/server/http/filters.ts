/** Reading list filter values, and turning filters and sorts into SQL, for every module's list calls. */
import { type AnyColumn, asc, desc, ilike, or, type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages.ts';
import { MAX_ID } from '../../shared/reference.ts';
import type { DbHandle } from '../db/client.ts';
import { BadRequestError } from './errors.ts';
import type { FilterParser, ListQuery } from './list.ts';
import { parseWhole } from './query.ts';

function bad(field: string, message: string): never {
  throw new BadRequestError(MESSAGES.malformed, { [field]: [message] });
}

/** A LIKE pattern matching the text anywhere, with the wildcards of the text escaped. Example: `'50%'` → `'%50\\%%'`. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The text of a `filter[key]=…` value, undefined when blank, 400 for a list. Example: `filterText(' SU ', 'filter.name')` → 'SU'. */
export const filterText: FilterParser<string> = (value, field) => {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') bad(field, 'Ожидается строка');
  return value.trim() || undefined;
};

/**
 * Ids of a list filter (one or many), each in the id columns' range, else 400.
 * Example: `filterIds(['1', '2'], 'filter.k')` → [1, 2]; `filterIds('99999999999', 'filter.k')` throws.
 */
export const filterIds: FilterParser<number[]> = (value, field) => {
  if (value === undefined || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((item) => parseWhole(item, MAX_ID));
  if (ids.some((id) => id === undefined)) bad(field, MESSAGES.idRange);
  return ids as number[];
};

/** A 0/1 (or false/true) flag. Example: `filterFlag('1', 'filter.is_deleted')` → true. */
export const filterFlag: FilterParser<boolean> = (value, field) => {
  if (value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  bad(field, 'Ожидается 0 или 1');
};

/** One condition of `filter[or]`: a field's text contained (`like`) or equal (`eq`). */
export interface AnyOfCondition<K extends string> {
  field: K;
  op: 'like' | 'eq';
  text: string;
}

/**
 * A parser of `filter[or][][field][like]=text` (or `[field]=text` for equality) over the allowed fields.
 * Example: `filterAnyOf(['iata_code'])([{iata_code: {like: 'su'}}], 'filter.or')` → `[{field: 'iata_code', op: 'like', text: 'su'}]`.
 */
export function filterAnyOf<K extends string>(fields: readonly K[]): FilterParser<AnyOfCondition<K>[]> {
  return (value, field) => {
    if (typeof value !== 'object' || value === null)
      bad(field, 'Ожидается filter[or][][поле][like]=значение');
    const entries = Array.isArray(value) ? value : Object.values(value);
    return entries.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null)
        bad(field, 'Ожидается filter[or][][поле][like]=значение');
      return Object.entries(entry).map(([name, condition]): AnyOfCondition<K> => {
        if (!fields.includes(name as K)) bad(`${field}.${name}`, MESSAGES.unknownFilter(name));
        if (typeof condition === 'string') return { field: name as K, op: 'eq', text: condition };
        const ops = typeof condition === 'object' && condition !== null ? Object.entries(condition) : [];
        if (ops.length !== 1 || ops[0][0] !== 'like' || typeof ops[0][1] !== 'string')
          bad(`${field}.${name}`, 'Ожидается [like]=значение');
        return { field: name as K, op: 'like', text: ops[0][1] };
      });
    });
  };
}

/** Case-insensitive search of the text in any of the columns. Example: `searchAny('su', [a, b])` → `a ilike '%su%' or b ilike '%su%'`. */
export function searchAny(text: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * The sort key of a column: text in Russian order, case-insensitive, numbers and dates as they are. PostgreSQL
 * servers have ICU's `ru`; the embedded database's ICU has only the root collation, so migration 0026 builds
 * `ru_order` there from it with Cyrillic first, as CLDR's Russian is (case and `ё` as secondary differences). The
 * driver may change (the embedded database is reached through `pg` too), so the database kind decides.
 * Example: `sortKey(airlines.nameRu, 'pg')` → `name_ru collate "ru-x-icu"`, «Азербайджанские» before «АЛРОСА».
 */
export function sortKey(column: AnyColumn, kind: DbHandle['kind']): AnyColumn | SQL {
  if (column.dataType !== 'string') return column;
  return kind === 'pg' ? sql`${column} collate "ru-x-icu"` : sql`${column} collate "ru_order"`;
}

/**
 * ORDER BY of a parsed sort, else the fallback; ties by id; text by `sortKey`.
 * Example: sort `-name` → `name collate "ru-x-icu" desc, id asc`.
 */
export function orderOf<S extends string>(
  kind: DbHandle['kind'],
  sort: ListQuery<object, S>['sort'],
  columns: Record<S, AnyColumn>,
  fallback: AnyColumn,
  idColumn: AnyColumn,
): SQL[] {
  const column = sort ? columns[sort.key] : fallback;
  const key = sortKey(column, kind);
  const first = sort?.desc ? desc(key) : asc(key);
  return column === idColumn ? [first] : [first, asc(idColumn)];
}
