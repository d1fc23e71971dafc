import { describe, expect, it } from 'vitest';
import { BadRequestError } from './errors.ts';
import { containsPattern, filterAnyOf, filterFlag, filterIds, filterText } from './filters.ts';
import { listQuery, parseListQuery, plainQuery } from './list.ts';
import { parseQueryString, parseWhole, queryId, queryText } from './query.ts';

const SPEC = { filters: { name: filterText, is_deleted: filterFlag }, sorts: ['id', 'name_ru'] } as const;

/** The field messages of a refused list query. */
function refusal(query: string, spec: Parameters<typeof parseListQuery>[1] = SPEC) {
  try {
    parseListQuery(parseQueryString(query), spec);
  } catch (error) {
    if (error instanceof BadRequestError) return error.fields;
    throw error;
  }
  throw new Error(`accepted: ${query}`);
}

describe('when reading a list query', () => {
  it('reads filter[key], sort, page and per-page into typed values', () => {
    const query = parseQueryString('filter[name]= S7 &filter[is_deleted]=0&sort=-name_ru&page=3&per-page=50');
    expect(parseListQuery(query, SPEC)).toEqual({
      filters: { name: 'S7', is_deleted: false },
      sort: { key: 'name_ru', desc: true },
      page: 3,
      perPage: 50,
    });
  });

  it('defaults to page 1 of 20 with no sort and drops empty filters', () => {
    expect(parseListQuery(parseQueryString('filter[name]=&filter[is_deleted]='), SPEC)).toEqual({
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

  it('refuses an unknown sort key', () => {
    expect(() => parseListQuery(parseQueryString('sort=-password'), SPEC)).toThrow(
      'Неизвестная сортировка: password',
    );
  });

  it.each(['0', '-1', 'abc', '1e300', '0x10', '1.5', ' 2', '+2', '100000000000000000000', '2147483648'])(
    'refuses page=%s with 400 on the page',
    (page) => {
      expect(refusal(`page=${encodeURIComponent(page)}`)).toEqual({
        page: ['Ожидается целое число от 1 до 2147483647'],
      });
    },
  );

  it('accepts the largest page and caps per-page at the maximum, refusing a per-page that is not digits', () => {
    expect(parseListQuery(parseQueryString('page=2147483647'), SPEC).page).toBe(2147483647);
    expect(parseListQuery(parseQueryString('per-page=100000'), { ...SPEC, maxPerPage: 500 }).perPage).toBe(
      500,
    );
    expect(refusal('per-page=1e3')).toEqual({ 'per-page': ['Ожидается целое число больше 0'] });
  });

  it('refuses a control character anywhere in the filters, naming its path', () => {
    expect(refusal('filter[name]=%00')).toEqual({ 'filter.name': ['Недопустимые управляющие символы'] });
    const anyOf = { filters: { or: filterAnyOf(['iata_code']) }, sorts: [] } as const;
    expect(refusal('filter[or][][iata_code]=%00', anyOf)).toEqual({
      'filter.or.0.iata_code': ['Недопустимые управляющие символы'],
    });
    expect(refusal('filter[or][][iata_code][like]=a%1Bb', anyOf)).toEqual({
      'filter.or.0.iata_code.like': ['Недопустимые управляющие символы'],
    });
  });
});

describe('when a list route declares its query', () => {
  it('answers the parsed query, with the route parameters beside it', () => {
    const schema = listQuery(SPEC, { expand: queryText.optional() });
    expect(schema.parse({ filter: { name: 'SU' }, expand: 'x', other: 'ignored' })).toEqual({
      expand: 'x',
      filters: { name: 'SU' },
      sort: null,
      page: 1,
      perPage: 20,
    });
  });

  it('turns a refusal into an issue on the field, so the error handler answers 400 with it', () => {
    const result = listQuery(SPEC).safeParse({ filter: { colour: 'red' } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['filter', 'colour'], message: 'Неизвестный фильтр: colour' }),
    ]);
  });

  it('refuses any filter or sort on a list that accepts none', () => {
    expect(plainQuery().safeParse({ filter: { x: '1' } }).success).toBe(false);
    expect(plainQuery().safeParse({ sort: 'id' }).success).toBe(false);
    expect(plainQuery().safeParse({}).success).toBe(true);
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

describe('when reading ids and whole numbers', () => {
  it('reads plain digits within the bound and nothing else', () => {
    expect(parseWhole('12', 100)).toBe(12);
    for (const text of ['0', '101', '1e2', '0x10', '-1', '', ' 1', '1.0'])
      expect(parseWhole(text, 100)).toBeUndefined();
  });

  it('bounds a query id to the int4 id columns', () => {
    expect(queryId.parse('2147483647')).toBe(2147483647);
    expect(queryId.safeParse('2147483648').error?.issues[0].message).toBe(
      'Ожидается целое число от 1 до 2147483647',
    );
    expect(queryId.safeParse('99999999999').success).toBe(false);
    expect(queryId.safeParse('0').success).toBe(false);
  });
});

describe('when turning filters into SQL values', () => {
  it('escapes LIKE wildcards in searched text', () => {
    expect(containsPattern('50%_a\\')).toBe('%50\\%\\_a\\\\%');
  });

  it('reads id lists within the id range and refuses anything else', () => {
    expect(filterIds(['1', '2'], 'k')).toEqual([1, 2]);
    expect(filterIds('3', 'k')).toEqual([3]);
    expect(() => filterIds(['1', 'x'], 'k')).toThrow(BadRequestError);
    expect(() => filterIds('99999999999', 'k')).toThrow(BadRequestError);
  });

  it('trims text and refuses a list where text is expected', () => {
    expect(filterText(' SU ', 'name')).toBe('SU');
    expect(filterText('', 'name')).toBeUndefined();
    expect(() => filterText(['a'], 'name')).toThrow(BadRequestError);
  });

  it('reads filter[or] conditions over the allowed fields only', () => {
    const parse = filterAnyOf(['iata_code', 'name_ru']);
    expect(parse([{ iata_code: { like: 'su' }, name_ru: 'Аэрофлот' }], 'filter.or')).toEqual([
      { field: 'iata_code', op: 'like', text: 'su' },
      { field: 'name_ru', op: 'eq', text: 'Аэрофлот' },
    ]);
    expect(() => parse([{ country: { like: 'RU' } }], 'filter.or')).toThrow(BadRequestError);
    expect(() => parse([{ iata_code: { gt: 'A' } }], 'filter.or')).toThrow(BadRequestError);
  });
});
