import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors.ts';
import { containsPattern, filterIds, filterText } from './filters.ts';
import { parseListQuery } from './list.ts';
import { parseQueryString } from './query.ts';

const SPEC = { filters: ['name', 'is_deleted'], sorts: ['id', 'name_ru'] } as const;

describe('when reading a list query', () => {
  it('reads filter[key], sort, page and per-page', () => {
    const query = parseQueryString('filter[name]=S7&filter[is_deleted]=0&sort=-name_ru&page=3&per-page=50');
    expect(parseListQuery(query, SPEC)).toEqual({
      filters: { name: 'S7', is_deleted: '0' },
      sort: { key: 'name_ru', desc: true },
      page: 3,
      perPage: 50,
    });
  });

  it('defaults to page 1 of 20 with no sort and drops empty filters', () => {
    expect(parseListQuery(parseQueryString('filter[name]='), SPEC)).toEqual({
      filters: {},
      sort: null,
      page: 1,
      perPage: 20,
    });
  });

  it('refuses an unknown filter key with 400 and the field', () => {
    const call = () => parseListQuery(parseQueryString('filter[colour]=red'), SPEC);
    expect(call).toThrow(BadRequestError);
    expect(call).toThrow('Неизвестный фильтр: colour');
  });

  it('refuses an unknown sort key and a page that is not a positive whole number', () => {
    expect(() => parseListQuery(parseQueryString('sort=-password'), SPEC)).toThrow(
      'Неизвестная сортировка: password',
    );
    expect(() => parseListQuery(parseQueryString('page=0'), SPEC)).toThrow(BadRequestError);
    expect(() => parseListQuery(parseQueryString('per-page=abc'), SPEC)).toThrow(BadRequestError);
  });

  it('caps per-page at the maximum', () => {
    expect(parseListQuery(parseQueryString('per-page=100000'), { ...SPEC, maxPerPage: 500 }).perPage).toBe(
      500,
    );
  });
});

describe('when parsing bracket query strings', () => {
  it('reads repeated names[] as a list, even past twenty items', () => {
    const names = Array.from({ length: 30 }, (_, i) => `names[]=r${i}`).join('&');
    expect(parseQueryString(names).names).toHaveLength(30);
  });

  it('reads filter[or][][field][like] pairs into one entry naming every field', () => {
    expect(parseQueryString('filter[or][][iata_code][like]=SU&filter[or][][name_ru][like]=SU')).toEqual({
      filter: { or: [{ iata_code: { like: 'SU' }, name_ru: { like: 'SU' } }] },
    });
  });
});

describe('when turning filters into SQL values', () => {
  it('escapes LIKE wildcards in searched text', () => {
    expect(containsPattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });

  it('reads whole-number lists and refuses anything else', () => {
    expect(filterIds(['1', '2'], 'k')).toEqual([1, 2]);
    expect(filterIds('3', 'k')).toEqual([3]);
    expect(() => filterIds(['1', 'x'], 'k')).toThrow(BadRequestError);
  });

  it('trims text and refuses a list where text is expected', () => {
    expect(filterText(' SU ', 'name')).toBe('SU');
    expect(filterText('', 'name')).toBeUndefined();
    expect(() => filterText(['a'], 'name')).toThrow(BadRequestError);
  });
});
