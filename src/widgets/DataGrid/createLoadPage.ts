import type { $Fetch } from 'ofetch';
import type { LoadPage, LoadPageParams, LoadPageResult } from '../../machines/grid.ts';

/** Query parameters of a list call, keyed as the server reads them. */
export type ListQuery = Record<string, string | number>;

/** How one grid filter becomes a query parameter: `filter[key]` by default. */
export type FilterParam = (key: string, value: string) => Record<string, string>;

/** The default filter parameter: `defaultFilterParam('name', 'S7')` is { 'filter[name]': 'S7' }. */
export const defaultFilterParam: FilterParam = (key, value) => ({ [`filter[${key}]`]: value });

/**
 * The query of a list call (README, HTTP contract):
 * `listQuery({ filters: { name: 'S7' }, sort: '-id', page: 2, perPage: 20 })` is
 * { 'filter[name]': 'S7', sort: '-id', page: 2, 'per-page': 20 }.
 */
export function listQuery(params: LoadPageParams, filterParam: FilterParam = defaultFilterParam): ListQuery {
  const query: ListQuery = {};
  for (const [key, value] of Object.entries(params.filters)) {
    if (value !== '') Object.assign(query, filterParam(key, value));
  }
  if (params.sort) query.sort = params.sort;
  query.page = params.page;
  query['per-page'] = params.perPage;
  return query;
}

function headerNumber(headers: Headers, name: string, fallback: number): number {
  const raw = headers.get(name);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

/**
 * Pagination from the `x-pagination-*` headers, falling back to what was asked:
 * `readPagination(new Headers({ 'x-pagination-total-count': '45' }), { page: 1, perPage: 20 }, 20).pageCount` is 1.
 */
export function readPagination(
  headers: Headers,
  asked: Pick<LoadPageParams, 'page' | 'perPage'>,
  itemCount: number,
): Omit<LoadPageResult<unknown>, 'items'> {
  const perPage = headerNumber(headers, 'x-pagination-per-page', asked.perPage);
  const totalCount = headerNumber(headers, 'x-pagination-total-count', itemCount);
  return {
    totalCount,
    perPage,
    currentPage: headerNumber(headers, 'x-pagination-current-page', asked.page),
    pageCount: headerNumber(
      headers,
      'x-pagination-page-count',
      Math.max(1, Math.ceil(totalCount / Math.max(1, perPage))),
    ),
  };
}

export interface CreateLoadPageOptions<T> {
  filterParam?: FilterParam;
  /** Extra fixed query parameters, for example { expand: 'x', 'filter[is_deleted]': 0 }. */
  extraQuery?: ListQuery;
  /** Picks the rows from the body when it is not a plain array (for example `{ data: [...] }`). */
  pickItems?: (body: unknown) => T[];
}

function defaultItems<T>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const data = (body as { data?: unknown; items?: unknown }).data ?? (body as { items?: unknown }).items;
    if (Array.isArray(data)) return data as T[];
  }
  return [];
}

/**
 * A grid `loadPage` calling a list endpoint through an ofetch client (the app passes its `api` instance):
 * `createLoadPage<Airline>(api, '/aviacompany')`.
 */
export function createLoadPage<T>(
  client: $Fetch,
  path: string,
  options: CreateLoadPageOptions<T> = {},
): LoadPage<T> {
  const pickItems = options.pickItems ?? defaultItems<T>;
  return async (params, signal) => {
    const response = await client.raw(path, {
      method: 'GET',
      query: { ...options.extraQuery, ...listQuery(params, options.filterParam) },
      signal,
    });
    const items = pickItems(response._data);
    return { items, ...readPagination(response.headers, params, items.length) };
  };
}
