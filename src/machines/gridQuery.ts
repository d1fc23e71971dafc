import { DEFAULT_PAGINATION } from '../shared/pagination.ts';

/** One grid filter: a column key and the value sent to the server (spec 3.3). */
export interface GridFilter {
  key: string;
  value: string;
}

/** Filter types of a grid column (spec 3.3). */
export type FilterType = 'text' | 'number' | 'date' | 'select';

const RESERVED = new Set(['sort', 'page', 'per-page']);

/** Page size when neither the screen nor the address says otherwise (spec 3.3). */
const DEFAULT_PER_PAGE = DEFAULT_PAGINATION.perPage;

/** Next sort after a click on a column (spec 4.2): `nextSort('name', 'name')` is '-name'; `nextSort('-name', 'name')` is 'name'. */
export function nextSort(current: string | null, key: string): string {
  return current === key ? `-${key}` : key;
}

/** The column a sort is on and its direction: `sortOf('-name')` is { key: 'name', direction: 'desc' }. */
export function sortOf(sort: string | null): { key: string; direction: 'asc' | 'desc' } | null {
  if (!sort) return null;
  return sort.startsWith('-') ? { key: sort.slice(1), direction: 'desc' } : { key: sort, direction: 'asc' };
}

/** Sets a filter, replacing one with the same key; an empty value removes it: `setFilter([], 'a', '1')` is [{ key: 'a', value: '1' }]. */
export function setFilter(filters: readonly GridFilter[], key: string, value: string): GridFilter[] {
  const index = filters.findIndex((filter) => filter.key === key);
  if (value === '') return filters.filter((filter) => filter.key !== key);
  if (index === -1) return [...filters, { key, value }];
  return filters.map((filter, at) => (at === index ? { key, value } : filter));
}

/** Filters as the list call takes them, empty values dropped: `filterRecord([{ key: 'a', value: '1' }])` is { a: '1' }. */
export function filterRecord(filters: readonly GridFilter[]): Record<string, string> {
  return Object.fromEntries(
    filters.filter((filter) => filter.value !== '').map((filter) => [filter.key, filter.value]),
  );
}

/** What a grid asks the server for, and what the page query string keeps (spec 4.2 and 7.1). */
export interface GridQuery {
  sort: string | null;
  filters: GridFilter[];
  page: number;
  perPage: number;
}

/** A positive whole number from a query parameter, or null: `positiveInt('3')` is 3; `positiveInt('0')` is null. */
function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && Number.isSafeInteger(value) ? value : null;
}

/**
 * Sort, filters, page and page size from a page query string (spec 4.2; `page` and `per-page` as in the list
 * call of spec 7.1). With filterKeys only those keys count as filters; a missing or broken page is 1 and a missing
 * page size is `defaultPerPage`.
 * `readGridQuery('?sort=-name&code=12&page=3')` is { sort: '-name', filters: [{ key: 'code', value: '12' }], page: 3, perPage: 20 }.
 */
export function readGridQuery(
  search: string,
  filterKeys: readonly string[] | null = null,
  defaultPerPage = DEFAULT_PER_PAGE,
): GridQuery {
  const params = new URLSearchParams(search);
  const filters: GridFilter[] = [];
  for (const [key, value] of params) {
    if (RESERVED.has(key) || value === '') continue;
    if (filterKeys !== null && !filterKeys.includes(key)) continue;
    if (filters.some((filter) => filter.key === key)) continue;
    filters.push({ key, value });
  }
  return {
    sort: params.get('sort') || null,
    filters,
    page: positiveInt(params.get('page')) ?? 1,
    perPage: positiveInt(params.get('per-page')) ?? defaultPerPage,
  };
}

/**
 * Writes sort, filters, page and page size back into a page query string, keeping unrelated parameters and
 * dropping empty values; page 1 and the default page size are left out, so a fresh grid keeps a clean address.
 * `writeGridQuery('?big=1', { sort: 'name', filters: [], page: 2, perPage: 20 })` is '?big=1&sort=name&page=2'.
 */
export function writeGridQuery(
  search: string,
  state: GridQuery,
  filterKeys: readonly string[] | null = null,
  defaultPerPage = DEFAULT_PER_PAGE,
): string {
  const before = new URLSearchParams(search);
  const after = new URLSearchParams();
  for (const [key, value] of before) {
    if (RESERVED.has(key)) continue;
    const ownedFilter = filterKeys === null || filterKeys.includes(key);
    if (!ownedFilter) after.append(key, value);
  }
  for (const filter of state.filters) if (filter.value !== '') after.set(filter.key, filter.value);
  if (state.sort) after.set('sort', state.sort);
  if (state.page > 1) after.set('page', String(state.page));
  if (state.perPage !== defaultPerPage) after.set('per-page', String(state.perPage));
  const text = after.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether two grid queries ask the same: same sort, page, page size and filters in any order. */
export function sameQuery(a: GridQuery, b: GridQuery): boolean {
  if (a.sort !== b.sort || a.page !== b.page || a.perPage !== b.perPage) return false;
  const left = filterRecord(a.filters);
  const right = filterRecord(b.filters);
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

/**
 * A filter input's value as the server takes it (spec 4.2): yes/no as 1/0, dates as YYYY-MM-DD.
 * `encodeFilterValue('select', true)` is '1'; `encodeFilterValue('date', '2024-03-05 10:00')` is '2024-03-05'.
 */
export function encodeFilterValue(type: FilterType, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (type === 'select' && (value === 'yes' || value === 'no')) return value === 'yes' ? '1' : '0';
  if (type === 'date') {
    if (value instanceof Date) {
      const pad = (part: number) => String(part).padStart(2, '0');
      return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
    }
    return String(value).slice(0, 10);
  }
  return String(value).trim();
}
