/**
 * The reference service without HTTP, on a fresh test database with hand-inserted rows: the example for the tests of
 * every later module's service (build the service from the handle, call it with parsed queries, check the answer).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { airlines, contractors, departments, payTypes } from '../../db/schema/index.ts';
import { type ListSpec, parseListQuery } from '../../http/list.ts';
import { parseQueryString } from '../../http/query.ts';
import { AIRLINE_LIST } from './directory.ts';
import { createReferenceService, DEPARTMENT_LIST, NAME_LIST, type ReferenceService } from './service.ts';

let dbh: DbHandle;
let service: ReferenceService;

/** A list query as the route hands it over: `query(NAME_LIST, 'filter[name]=x&sort=-name')`. */
const query = <P extends ListSpec['filters'], S extends string>(spec: ListSpec<P, S>, text = '') =>
  parseListQuery(parseQueryString(text), spec);

/** Russian order, case-insensitive: the order a person expects, whatever the database's collation. */
const RUSSIAN = ['Азербайджанские авиалинии', 'АЛРОСА', 'Елабуга', 'Ёлка-Авиа', 'жуковские линии', 'Ямал'];

beforeAll(async () => {
  dbh = await openTestDb();
  const airline = (nameRu: string, iataCode: string, extra: Partial<typeof airlines.$inferInsert> = {}) => ({
    nameRu,
    nameEn: `${iataCode} Airlines`,
    iataCode,
    icaoCode: `${iataCode}X`,
    countryCode: 'RU',
    ...extra,
  });
  // Inserted out of order, so that an answer in insertion or id order fails the sort checks.
  await dbh.db
    .insert(airlines)
    .values([
      airline('Ямал', 'YC'),
      airline('АЛРОСА', '6R', { numericCode: '220' }),
      airline('жуковские линии', 'ZH'),
      airline('Ёлка-Авиа', 'EL'),
      airline('Азербайджанские авиалинии', 'J2'),
      airline('Елабуга', 'EB', { isDeleted: true }),
    ]);
  await dbh.db.insert(payTypes).values(RUSSIAN.toReversed().map((name) => ({ name })));
  const [contractor] = await dbh.db.insert(contractors).values({ name: 'Подрядчик' }).returning();
  await dbh.db.insert(departments).values([
    { name: 'СНО', fullName: 'Служба наземного обслуживания' },
    { name: 'Клининг', fullName: 'Уборка салонов', contractorId: contractor.id },
  ]);
  service = createReferenceService(dbh);
});
afterAll(() => dbh.close());

const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('when sorting text', () => {
  it('orders names in Russian order, case-insensitively, with ё beside е', async () => {
    expect(names(await service.named('pay-type', query(NAME_LIST, 'sort=name')))).toEqual(RUSSIAN);
    expect(names(await service.named('pay-type', query(NAME_LIST, 'sort=-name')))).toEqual(
      RUSSIAN.toReversed(),
    );
  });

  it('orders airline pages by Russian name by default', async () => {
    const page = await service.airlines(query(AIRLINE_LIST));
    expect(names(page.items)).toEqual(RUSSIAN);
  });
});

describe('when listing airlines', () => {
  it('matches any of the filter[or] conditions, like or equal', async () => {
    const page = await service.airlines(
      query(AIRLINE_LIST, 'filter[or][][iata_code]=6R&filter[or][][name_ru][like]=ямал'),
    );
    expect(page.items.map((a) => a.iata_code)).toEqual(['6R', 'YC']);
    expect(page.total).toBe(2);
  });

  it('treats LIKE wildcards in the text as plain characters', async () => {
    expect((await service.airlines(query(AIRLINE_LIST, 'filter[name]=%25'))).items).toEqual([]);
  });

  it('filters deleted airlines in and out, and leaves deleted ones out of the selects', async () => {
    const deleted = await service.airlines(query(AIRLINE_LIST, 'filter[is_deleted]=1'));
    expect(names(deleted.items)).toEqual(['Елабуга']);
    const selects = await service.aviacompanies(query(NAME_LIST));
    expect(names(selects)).not.toContain('Елабуга');
    expect(selects).toHaveLength(5);
  });

  it('pages with the total of the whole list', async () => {
    const second = await service.airlines(query(AIRLINE_LIST, 'per-page=2&page=2&sort=iata_code'));
    expect(second.items.map((a) => a.iata_code)).toEqual(['EL', 'J2']);
    expect(second.total).toBe(6);
  });

  it('shapes the full airline, adding the baggage-register relation only when expanded', async () => {
    const alrosa = query(AIRLINE_LIST, 'filter[name]=6R');
    const [plain] = (await service.airlines(alrosa)).items;
    expect(plain).toEqual({
      id: expect.any(Number),
      name: 'АЛРОСА',
      name_ru: 'АЛРОСА',
      name_en: '6R Airlines',
      iata_code: '6R',
      icao_code: '6RX',
      sirena_code: null,
      code: '6R',
      numeric_code: '220',
      is_deleted: false,
    });
    const expand = { ...alrosa, expand: 'other, aviacompanyBaggageRegister' };
    const [expanded] = (await service.airlines(expand, ['read-settings-baggage-aviacompany'])).items;
    expect(expanded).toEqual({ ...plain, aviacompanyBaggageRegister: null });
  });

  it('refuses the baggage-register relation to a caller without a rule to read the settings', async () => {
    const expand = { ...query(AIRLINE_LIST, 'filter[name]=6R'), expand: 'aviacompanyBaggageRegister' };
    await expect(service.airlines(expand, ['calc-index'])).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('when listing departments', () => {
  it('narrows to the contractors asked for, and searches the full name', async () => {
    const [contractor] = await dbh.db.select().from(contractors);
    const own = await service.departments(query(DEPARTMENT_LIST, `filter[contractor_id]=${contractor.id}`));
    expect(names(own)).toEqual(['Клининг']);
    const found = await service.departments(query(DEPARTMENT_LIST, 'filter[name]=наземного'));
    expect(names(found)).toEqual(['СНО']);
  });

  it('answers nothing rather than failing for jobs it does not know', async () => {
    expect(await service.positionsOfJobs([])).toEqual([]);
    expect(await service.positionsOfJobs([2147483647])).toEqual([]);
  });
});
