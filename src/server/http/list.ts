/**
 * List calls of every module: `filter[key]`, `sort`, `page`, `per-page` (spec 7.1), read once here with their bounds,
 * so that a new list inherits them. A route declares `listQuery(spec)` (or `plainQuery()` for a list that takes no
 * filters) as its querystring and receives the parsed, typed query; anything else is a 400 naming the field.
 */
import type { FastifyReply } from 'fastify';
import { MESSAGES, z } from '../../shared/messages.ts';
import { MAX_ID } from '../../shared/reference.ts';
import { hasControlCharacters } from '../../shared/text.ts';
import { BadRequestError } from './errors.ts';
import { parseWhole } from './query.ts';

/** Reads one `filter[key]` value: the typed value, undefined for "no filter", or a BadRequestError naming `field`. */
export type FilterParser<T> = (value: unknown, field: string) => T | undefined;
type FilterParsers = Record<string, FilterParser<unknown>>;
/** The parsed filters of a spec: `{name?: string, contractor_id?: number[]}`. */
export type FilterValues<P extends FilterParsers> = { [K in keyof P]?: Exclude<ReturnType<P[K]>, undefined> };

export interface ListQuery<F extends object, S extends string> {
  filters: F;
  /** Sort key without the minus, and its direction. */
  sort: { key: S; desc: boolean } | null;
  page: number;
  perPage: number;
}

export interface ListSpec<P extends FilterParsers = FilterParsers, S extends string = string> {
  /** The allowed filter keys, each with the parser of its value. */
  filters: P;
  sorts: readonly S[];
  defaultPerPage?: number;
  maxPerPage?: number;
  /**
   * A whole list (a small reference table the spec answers as "a data list"): no pages, so `page` and `per-page` are
   * a 400 on the field instead of being ignored, and the API docs do not offer them.
   */
  whole?: true;
}

/** The first `filter…` path whose text holds a control character (`filter.or.0.iata_code.like`), if any. */
function controlCharacterPath(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterPath(item, `${path}.${key}`);
    if (found) return found;
  }
  return undefined;
}

function bad(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

function pageNumber(value: unknown, fallback: number, field: string, max: number): number {
  if (value === undefined || value === '') return fallback;
  return parseWhole(value, max) ?? bad(field, max === MAX_ID ? MESSAGES.idRange : MESSAGES.positiveWhole);
}

/**
 * Reads a list call's query (qs-parsed); unknown filter or sort keys, control characters and bad numbers are a 400.
 * Example: `{filter: {name: 'S7'}, sort: '-id', page: '2'}` with `{filters: {name: filterText}, sorts: ['id']}`
 * → filters `{name: 'S7'}`, sort `{key: 'id', desc: true}`, page 2, per-page 20.
 */
export function parseListQuery<P extends FilterParsers, S extends string>(
  query: Record<string, unknown>,
  spec: ListSpec<P, S>,
): ListQuery<FilterValues<P>, S> {
  const raw = query.filter ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) bad('filter', 'Ожидается filter[ключ]=значение');
  const unsafe = controlCharacterPath(raw, 'filter') ?? controlCharacterPath(query.sort, 'sort');
  if (unsafe) bad(unsafe, MESSAGES.controlCharacters);
  const filters: FilterValues<P> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!Object.hasOwn(spec.filters, key)) bad(`filter.${key}`, MESSAGES.unknownFilter(key));
    if (value === '' || value === undefined) continue;
    const parsed = spec.filters[key](value, `filter.${key}`);
    if (parsed !== undefined) filters[key as keyof P] = parsed as FilterValues<P>[keyof P];
  }
  let sort: ListQuery<FilterValues<P>, S>['sort'] = null;
  if (typeof query.sort === 'string' && query.sort !== '') {
    const desc = query.sort.startsWith('-');
    const key = desc ? query.sort.slice(1) : query.sort;
    if (!spec.sorts.includes(key as S)) bad('sort', MESSAGES.unknownSort(key));
    sort = { key: key as S, desc };
  } else if (query.sort !== undefined && query.sort !== '') {
    bad('sort', 'Ожидается строка');
  }
  if (spec.whole)
    for (const key of ['page', 'per-page'] as const)
      if (query[key] !== undefined) bad(key, MESSAGES.wholeList);
  const page = pageNumber(query.page, 1, 'page', MAX_ID);
  const maxPerPage = spec.maxPerPage ?? 1000;
  const perPage = Math.min(
    pageNumber(query['per-page'], spec.defaultPerPage ?? 20, 'per-page', Number.POSITIVE_INFINITY),
    maxPerPage,
  );
  return { filters, sort, page, perPage };
}

/** A list route without query parameters of its own. */
type NoParams = Record<never, never>;

const isPlain = (spec: ListSpec) => Object.keys(spec.filters).length === 0 && spec.sorts.length === 0;

const listKeys = (keys: string[], sorts: readonly string[], whole: boolean) => ({
  filter: z
    .unknown()
    .optional()
    .describe(keys.length ? `filter[${keys.join('], filter[')}]` : 'фильтров нет'),
  sort: z
    .unknown()
    .optional()
    .describe(sorts.length ? sorts.flatMap((key) => [key, `-${key}`]).join(', ') : 'сортировки нет'),
  ...(whole
    ? {}
    : {
        page: z.unknown().optional().describe('номер страницы, с 1'),
        'per-page': z.unknown().optional().describe('строк на странице'),
      }),
});

/**
 * The querystring schema of a list route: parses with `parseListQuery` and turns its refusal into a 400 on the
 * field; `params` are the route's other query parameters (`expand`, `unique_job_id[]`), merged into the answer.
 * Example: `listQuery({filters: {name: filterText}, sorts: ['id', 'name']})`.
 */
export function listQuery<P extends FilterParsers, S extends string, E extends z.ZodRawShape = NoParams>(
  spec: ListSpec<P, S>,
  params: E = {} as E,
) {
  type Parsed = ListQuery<FilterValues<P>, S> & z.output<z.ZodObject<E>>;
  return (
    z
      // The list's keys pass through to the parser, which refuses an unknown filter or sort key (ARCHITECTURE: a
      // 400, never SQL); other top-level keys are ignored, as a cache buster or a caller's extra would be. The
      // declared keys are for the API docs.
      .looseObject({
        ...params,
        ...(isPlain(spec) ? {} : listKeys(Object.keys(spec.filters), spec.sorts, spec.whole === true)),
      })
      .transform((query, ctx): Parsed => {
        try {
          const own = Object.fromEntries(Object.keys(params).map((key) => [key, query[key]]));
          return { ...own, ...parseListQuery(query, spec) } as Parsed;
        } catch (error) {
          if (!(error instanceof BadRequestError)) throw error;
          for (const [path, messages] of Object.entries(error.fields ?? { filter: [error.message] }))
            for (const message of messages) ctx.addIssue({ code: 'custom', message, path: path.split('.') });
          return z.NEVER;
        }
      })
  );
}

const NO_FILTERS = { filters: {}, sorts: [], whole: true } as const;

/**
 * The querystring of a call that takes no filters, no sort and no pages: any `filter[…]`, `sort`, `page` or
 * `per-page` is a 400; `params` as for `listQuery`. Example: `plainQuery({job_id: queryIds.optional()})`.
 */
export function plainQuery<E extends z.ZodRawShape = NoParams>(params: E = {} as E) {
  return listQuery(NO_FILTERS, params);
}

/**
 * Writes the x-pagination-* headers of spec 7.1 and answers the page's items.
 * Example: `sendPage(reply, query, {items, total: 120})` with per-page 50 → page count 3.
 */
export function sendPage<T>(
  reply: FastifyReply,
  query: { page: number; perPage: number },
  page: { items: T[]; total: number },
): T[] {
  const pageCount = Math.max(1, Math.ceil(page.total / query.perPage));
  reply.header('x-pagination-page-count', String(pageCount));
  reply.header('x-pagination-total-count', String(page.total));
  reply.header('x-pagination-current-page', String(query.page));
  reply.header('x-pagination-per-page', String(query.perPage));
  return page.items;
}

/** The parsed query of a list spec, for a service's signature. Example: `QueryOf<typeof DEPARTMENT_LIST>`. */
export type QueryOf<T> = T extends ListSpec<infer P, infer S> ? ListQuery<FilterValues<P>, S> : never;
