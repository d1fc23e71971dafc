import { describe, expect, it } from 'vitest';
import {
  encodeFilterValue,
  filterRecord,
  nextSort,
  readGridQuery,
  sameQuery,
  setFilter,
  sortOf,
  writeGridQuery,
} from './gridQuery.ts';

describe('when cycling a sort', () => {
  it('goes ascending, then descending, then ascending again', () => {
    const first = nextSort(null, 'name');
    const second = nextSort(first, 'name');
    const third = nextSort(second, 'name');
    expect([first, second, third]).toEqual(['name', '-name', 'name']);
  });

  it('starts ascending on another column', () => {
    expect(nextSort('-name', 'code')).toBe('code');
  });

  it('reads the direction from the minus prefix', () => {
    expect(sortOf('-name')).toEqual({ key: 'name', direction: 'desc' });
    expect(sortOf('name')).toEqual({ key: 'name', direction: 'asc' });
    expect(sortOf(null)).toBeNull();
  });
});

describe('when setting filters', () => {
  it('replaces a filter with the same key and adds a new one', () => {
    const filters = setFilter(setFilter([], 'a', '1'), 'b', '2');
    expect(setFilter(filters, 'a', '3')).toEqual([
      { key: 'a', value: '3' },
      { key: 'b', value: '2' },
    ]);
  });

  it('removes a filter set to an empty value', () => {
    expect(setFilter([{ key: 'a', value: '1' }], 'a', '')).toEqual([]);
  });

  it('turns the list into a record for the list call', () => {
    expect(filterRecord([{ key: 'a', value: '1' }])).toEqual({ a: '1' });
  });
});

describe('when reading the page query string', () => {
  it('takes the sort and every other non-empty parameter as a filter', () => {
    expect(readGridQuery('?sort=-name&code=12&iata=')).toEqual({
      sort: '-name',
      filters: [{ key: 'code', value: '12' }],
      page: 1,
      perPage: 20,
    });
  });

  it('takes only known filter keys when they are given', () => {
    expect(readGridQuery('?big=1&code=12', ['code']).filters).toEqual([{ key: 'code', value: '12' }]);
  });

  it('reads the page and the page size from page and per-page', () => {
    expect(readGridQuery('?page=3&per-page=50&code=1', ['code'])).toMatchObject({
      page: 3,
      perPage: 50,
      filters: [{ key: 'code', value: '1' }],
    });
  });

  it('falls back to page 1 and the screen’s page size for missing or broken numbers', () => {
    expect(readGridQuery('', null, 15)).toMatchObject({ page: 1, perPage: 15 });
    expect(readGridQuery('?page=0&per-page=abc', null, 15)).toMatchObject({ page: 1, perPage: 15 });
    expect(readGridQuery('?page=-2&per-page=2.5')).toMatchObject({ page: 1, perPage: 20 });
  });
});

describe('when writing the page query string', () => {
  const plain = { sort: null, filters: [], page: 1, perPage: 20 };

  it('stores the sort under sort and drops empty values', () => {
    expect(
      writeGridQuery(
        '',
        {
          ...plain,
          sort: 'name',
          filters: [
            { key: 'code', value: '12' },
            { key: 'iata', value: '' },
          ],
        },
        ['code', 'iata'],
      ),
    ).toBe('?code=12&sort=name');
  });

  it('keeps parameters that are not the grid’s and removes filters that are gone', () => {
    expect(writeGridQuery('?big=1&code=12&sort=name&page=4', plain, ['code'])).toBe('?big=1');
  });

  it('writes page and per-page only when they differ from page 1 and the default size', () => {
    expect(writeGridQuery('', { ...plain, page: 3 })).toBe('?page=3');
    expect(writeGridQuery('', { ...plain, perPage: 50 })).toBe('?per-page=50');
    expect(writeGridQuery('?page=3&per-page=50', { ...plain, perPage: 10 }, null, 10)).toBe('');
  });

  it('round-trips through reading', () => {
    const state = { sort: '-name', filters: [{ key: 'name', value: 'Аэрофлот & Co' }], page: 7, perPage: 5 };
    expect(readGridQuery(writeGridQuery('', state, ['name']), ['name'])).toEqual(state);
  });
});

describe('when comparing grid queries', () => {
  it('treats filters in another order as the same query', () => {
    const a = {
      sort: 'x',
      filters: [
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
      ],
      page: 1,
      perPage: 20,
    };
    const b = { ...a, filters: [...a.filters].reverse() };
    expect(sameQuery(a, b)).toBe(true);
    expect(sameQuery(a, { ...a, page: 2 })).toBe(false);
    expect(sameQuery(a, { ...a, filters: [] })).toBe(false);
  });
});

describe('when encoding filter values', () => {
  it('sends yes and no as 1 and 0', () => {
    expect(encodeFilterValue('select', true)).toBe('1');
    expect(encodeFilterValue('select', false)).toBe('0');
    expect(encodeFilterValue('select', 'yes')).toBe('1');
    expect(encodeFilterValue('select', 'no')).toBe('0');
  });

  it('sends dates as YYYY-MM-DD', () => {
    expect(encodeFilterValue('date', '2024-03-05 10:00')).toBe('2024-03-05');
    expect(encodeFilterValue('date', new Date(2024, 2, 5, 23, 30))).toBe('2024-03-05');
  });

  it('sends an empty value for nothing', () => {
    expect(encodeFilterValue('text', null)).toBe('');
    expect(encodeFilterValue('text', '  air ')).toBe('air');
  });
});
