import { createFetch } from 'ofetch';
import { describe, expect, it, vi } from 'vitest';
import { createLoadPage, listQuery, readPagination } from './createLoadPage.ts';

describe('when building a list query', () => {
  it('sends filter[key], sort, page and per-page', () => {
    expect(listQuery({ filters: { name: 'S7', code: '' }, sort: '-id', page: 2, perPage: 20 })).toEqual({
      'filter[name]': 'S7',
      sort: '-id',
      page: 2,
      'per-page': 20,
    });
  });

  it('leaves the sort out when there is none and lets a screen shape its filters', () => {
    const like = (key: string, value: string) => ({ [`filter[or][][${key}][like]`]: value });
    expect(listQuery({ filters: { name_ru: 'Аэ' }, sort: null, page: 1, perPage: 5 }, like)).toEqual({
      'filter[or][][name_ru][like]': 'Аэ',
      page: 1,
      'per-page': 5,
    });
  });
});

describe('when reading pagination headers', () => {
  it('takes the four x-pagination headers', () => {
    const headers = new Headers({
      'x-pagination-page-count': '3',
      'x-pagination-total-count': '45',
      'x-pagination-current-page': '2',
      'x-pagination-per-page': '20',
    });
    expect(readPagination(headers, { page: 1, perPage: 10 }, 20)).toEqual({
      pageCount: 3,
      totalCount: 45,
      currentPage: 2,
      perPage: 20,
    });
  });

  it('falls back to what was asked when headers are missing', () => {
    expect(readPagination(new Headers(), { page: 1, perPage: 20 }, 7)).toEqual({
      pageCount: 1,
      totalCount: 7,
      currentPage: 1,
      perPage: 20,
    });
  });
});

describe('when a grid calls a list endpoint', () => {
  it('passes the query and the abort signal and reads rows and headers', async () => {
    const fetchSpy = vi.fn(async (request: Request | string) => {
      const url = new URL(typeof request === 'string' ? request : request.url);
      expect(url.pathname).toBe('/api/aviacompany');
      expect(url.searchParams.get('filter[name_ru]')).toBe('Аэрофлот');
      expect(url.searchParams.get('per-page')).toBe('20');
      expect(url.searchParams.get('sort')).toBe('name_ru');
      return new Response(JSON.stringify([{ id: 1 }]), {
        headers: {
          'content-type': 'application/json',
          'x-pagination-page-count': '1',
          'x-pagination-total-count': '1',
          'x-pagination-current-page': '1',
          'x-pagination-per-page': '20',
        },
      });
    });
    const client = createFetch({ fetch: fetchSpy as unknown as typeof fetch }).create({
      baseURL: 'http://test.local/api',
    });
    const loadPage = createLoadPage<{ id: number }>(client, '/aviacompany');
    const controller = new AbortController();
    const result = await loadPage(
      { filters: { name_ru: 'Аэрофлот' }, sort: 'name_ru', page: 1, perPage: 20 },
      controller.signal,
    );
    expect(result).toEqual({ items: [{ id: 1 }], pageCount: 1, totalCount: 1, currentPage: 1, perPage: 20 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
