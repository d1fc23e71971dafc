import type { FastifyReply } from 'fastify';
import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';

export interface ListQuery<F extends string, S extends string> {
  filters: Partial<Record<F, unknown>>;
  /** Sort key without the minus, and its direction. */
  sort: { key: S; desc: boolean } | null;
  page: number;
  perPage: number;
}

export interface ListSpec<F extends string, S extends string> {
  filters: readonly F[];
  sorts: readonly S[];
  defaultPerPage?: number;
  maxPerPage?: number;
}

function positiveInt(value: unknown, fallback: number, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new BadRequestError(MESSAGES.malformed, { [field]: ['Ожидается целое число больше 0'] });
  return n;
}

/**
 * Reads `filter[key]`, `sort`, `page`, `per-page` of a list call (qs-parsed query); unknown keys are a 400.
 * Example: `{filter: {name: 'S7'}, sort: '-id', page: '2'}` → filters `{name: 'S7'}`, sort `{key: 'id', desc: true}`, page 2.
 */
export function parseListQuery<F extends string, S extends string>(
  query: Record<string, unknown>,
  spec: ListSpec<F, S>,
): ListQuery<F, S> {
  const raw = query.filter ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new BadRequestError(MESSAGES.malformed, { filter: ['Ожидается filter[ключ]=значение'] });
  const filters: Partial<Record<F, unknown>> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (!spec.filters.includes(key as F))
      throw new BadRequestError(MESSAGES.unknownFilter(key), {
        [`filter.${key}`]: [MESSAGES.unknownFilter(key)],
      });
    if (value === '' || value === undefined) continue;
    filters[key as F] = value;
  }
  let sort: ListQuery<F, S>['sort'] = null;
  if (typeof query.sort === 'string' && query.sort !== '') {
    const desc = query.sort.startsWith('-');
    const key = desc ? query.sort.slice(1) : query.sort;
    if (!spec.sorts.includes(key as S))
      throw new BadRequestError(MESSAGES.unknownSort(key), { sort: [MESSAGES.unknownSort(key)] });
    sort = { key: key as S, desc };
  } else if (query.sort !== undefined && query.sort !== '') {
    throw new BadRequestError(MESSAGES.malformed, { sort: ['Ожидается строка'] });
  }
  const page = positiveInt(query.page, 1, 'page');
  const perPage = Math.min(
    positiveInt(query['per-page'], spec.defaultPerPage ?? 20, 'per-page'),
    spec.maxPerPage ?? 1000,
  );
  return { filters, sort, page, perPage };
}

/** Writes the x-pagination-* headers of spec 7.1 and answers the page count. */
export function setPaginationHeaders(
  reply: FastifyReply,
  page: number,
  perPage: number,
  totalCount: number,
): number {
  const pageCount = Math.max(1, Math.ceil(totalCount / perPage));
  reply.header('x-pagination-page-count', String(pageCount));
  reply.header('x-pagination-total-count', String(totalCount));
  reply.header('x-pagination-current-page', String(page));
  reply.header('x-pagination-per-page', String(perPage));
  return pageCount;
}
