/** The VIP field service without HTTP, on a one-day demo airport (its thirteen VIP fields and its flights). */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  VIP_FIELD_COLUMNS,
  VIP_LINKS,
  type VipField,
  type VipFieldColumn,
  type VipFieldPayload,
  vipFieldCreateSchema,
} from '../../../shared/tariff-vip.ts';
import type { DbHandle } from '../../db/client.ts';
import { flights, turnarounds, vipFields } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { parseListQuery } from '../../http/list.ts';
import { parseQueryString } from '../../http/query.ts';
import { LINK_DEFS } from './links.ts';
import { createTariffVipService, type TariffVipService, VIP_FIELD_LIST } from './service.ts';

let dbh: DbHandle;
let service: TariffVipService;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createTariffVipService(dbh);
});
afterAll(() => dbh.close());

const list = (text = '') => service.list(parseListQuery(parseQueryString(text), VIP_FIELD_LIST));
const all = async () => (await list('per-page=1000')).items;

/** A complete body: airline 1 (Aeroflot), both directions, hall access type 7 with its checkbox. */
const BODY: VipFieldPayload = {
  name: 'test_field',
  description: 'Тестовое поле',
  is_guest_count: true,
  use_parent_access_type: true,
  vipFieldServiceHalls: [{ service_halls_id: 3 }, { service_halls_id: 1 }],
  vipFieldPassengerCategory: [{ passenger_category_id: 1 }],
  vipFieldTravelClass: [{ travel_class_id: 3 }],
  vipFieldAviacompany: [{ aviacompany_id: 1 }, { aviacompany_id: 4 }],
  vipFieldDirection: [{ direction_id: 2 }, { direction_id: 1 }],
  vipFieldFlightClass: [{ flight_class_id: 1 }],
  vipFieldFlightType: [{ flight_type_id: 1 }, { flight_type_id: 2 }],
  vipFieldHallAccessType: [{ vip_hall_access_type_id: 7 }],
  vipFieldLoyaltyCardType: [{ loyalty_card_type_id: 6 }],
  vipFieldHallCardBankType: [{ vip_hall_card_bank_type_id: 1 }],
  vipFieldHallPayType: [{ vip_hall_pay_type_id: 2 }],
};
const input = (body: VipFieldPayload = BODY) => vipFieldCreateSchema.parse(body);

/** The chosen ids of every list of an answer, sorted: what a round trip must keep. */
const chosenIds = (field: VipField) =>
  Object.fromEntries(
    LINK_DEFS.map((link) => [
      link.key,
      (field[link.key] as unknown as Record<string, number>[]).map((entry) => entry[link.idKey]).sort(),
    ]),
  );

/** Rows of vip_fields and of every link table. */
async function rowCounts() {
  const tables = [vipFields, ...LINK_DEFS.map((link) => link.table)];
  return Promise.all(tables.map(async (table) => (await dbh.db.select({ n: count() }).from(table))[0].n));
}

describe('when listing', () => {
  it('answers the demo fields in id order with the total and nested named objects', async () => {
    const page = await list('per-page=5&page=2');
    expect(page.total).toBe(13);
    expect(page.items.map((field) => field.id)).toEqual([6, 7, 8, 9, 10]);
    const first = (await list()).items[0];
    expect(first.vipFieldAviacompany[0]).toEqual({
      aviacompany_id: expect.any(Number),
      aviacompany: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(first.vipFieldDirection).toEqual([{ direction_id: 1, direction: { id: 1, name: 'Вылет' } }]);
  });

  it('filters on every column as the grid sends it, the same as filtering the whole list by hand', async () => {
    const fields = await all();
    const cases: [VipFieldColumn, string, (field: VipField) => boolean][] = [
      ['name', 'GUEST', (f) => f.name.includes('guest')],
      ['description', 'карт', (f) => f.description.toLowerCase().includes('карт')],
      ['is_guest_count', '1', (f) => f.is_guest_count],
      ['is_guest_count', '0', (f) => !f.is_guest_count],
      ['use_parent_access_type', '1', (f) => f.use_parent_access_type === true],
      ['use_parent_access_type', '0', (f) => f.use_parent_access_type === false],
    ];
    for (const link of LINK_DEFS) {
      const ids = (field: VipField) =>
        (field[link.key] as unknown as Record<string, number>[]).map((entry) => entry[link.idKey]);
      const some = fields.flatMap(ids)[0];
      cases.push([link.idKey as VipFieldColumn, String(some), (f) => ids(f).includes(some)]);
    }
    expect(new Set(cases.map(([key]) => key))).toEqual(new Set(VIP_FIELD_COLUMNS));
    for (const [key, value, keep] of cases) {
      const expected = fields.filter(keep).map((field) => field.id);
      const answer = await list(`filter[${key}]=${encodeURIComponent(value)}&per-page=100`);
      expect({ key, value, ids: answer.items.map((field) => field.id) }).toEqual({
        key,
        value,
        ids: expected,
      });
      expect(answer.total).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThanOrEqual(fields.length);
    }
  });

  it('takes several ids of one column as "any of them"', async () => {
    const answer = await list('filter[direction_id][]=1&filter[direction_id][]=2&per-page=100');
    expect(answer.total).toBe(13);
    expect((await list('filter[direction_id]=2')).items.map((f) => f.name)).toEqual([
      'official_delegation',
      'vip_terminal_meet_and_greet',
    ]);
  });

  it('sorts on every column both ways, by the cell as the grid shows it', async () => {
    const collator = new Intl.Collator('ru');
    const cell = (field: VipField, key: VipFieldColumn): string | boolean | null => {
      if (key === 'name' || key === 'description' || key === 'is_guest_count') return field[key];
      if (key === 'use_parent_access_type') return field[key];
      const link = LINK_DEFS.find((item) => item.idKey === key)!;
      const entries = field[link.key] as unknown as Record<string, { name: string }>[];
      return entries.length ? entries.map((entry) => entry[link.nested].name).join(', ') : null;
    };
    const compare = (a: string | boolean | null, b: string | boolean | null) => {
      if (a === b) return 0;
      if (a === null) return 1;
      if (b === null) return -1;
      if (typeof a === 'boolean') return a ? 1 : -1;
      return collator.compare(a, b as string);
    };
    for (const key of VIP_FIELD_COLUMNS) {
      for (const direction of ['', '-']) {
        const rows = (await list(`sort=${direction}${key}&per-page=100`)).items;
        expect(rows).toHaveLength(13);
        for (let i = 1; i < rows.length; i += 1) {
          const order = compare(cell(rows[i - 1], key), cell(rows[i], key));
          // Descending puts nulls first (PostgreSQL's default), ascending last.
          const expected = direction ? -order : order;
          expect({ key, direction, at: i, order: Math.sign(expected) <= 0 }).toEqual({
            key,
            direction,
            at: i,
            order: true,
          });
        }
      }
    }
  });
});

describe('when writing', () => {
  it('creates a field keeping every list, reads it back, updates and deletes it', async () => {
    const created = await service.create(input());
    expect(chosenIds(created)).toEqual(chosenIds({ ...(input() as unknown as VipField) }));
    expect(created.vipFieldDirection.map((entry) => entry.direction.name)).toEqual(['Вылет', 'Прилёт']);
    expect(created.use_parent_access_type).toBe(true);
    expect(await service.get(created.id)).toEqual(created);

    const changed = await service.update(
      created.id,
      input({
        ...BODY,
        name: 'renamed',
        vipFieldHallAccessType: [{ vip_hall_access_type_id: 1 }],
        vipFieldTravelClass: [],
        vipFieldAviacompany: [{ aviacompany_id: 2 }],
      }),
    );
    expect(changed.name).toBe('renamed');
    expect(changed.vipFieldTravelClass).toEqual([]);
    expect(changed.vipFieldAviacompany.map((entry) => entry.aviacompany_id)).toEqual([2]);
    // Without access type 7 the checkbox is hidden, so its value is not kept.
    expect(changed.use_parent_access_type).toBeNull();

    await service.remove(created.id);
    await expect(service.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.remove(created.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await list()).total).toBe(13);
  });

  it('refuses unknown ids on each list field and writes nothing', async () => {
    const before = await rowCounts();
    const bad = {
      ...BODY,
      vipFieldAviacompany: [{ aviacompany_id: 1 }, { aviacompany_id: 99999 }],
      vipFieldHallPayType: [{ vip_hall_pay_type_id: 777 }],
    };
    const refusal = await service.create(input(bad)).catch((error) => error);
    expect(refusal).toBeInstanceOf(ValidationError);
    expect(refusal.fields).toEqual({
      vipFieldAviacompany: ['Нет в справочнике: 99999'],
      vipFieldHallPayType: ['Нет в справочнике: 777'],
    });
    await expect(service.update(1, input(bad))).rejects.toBeInstanceOf(ValidationError);
    expect(await rowCounts()).toEqual(before);
    expect((await service.get(1)).name).toBe('business_lounge_domestic_adult');
  });

  it('answers 404 for an update of a field that is gone, writing nothing', async () => {
    const before = await rowCounts();
    await expect(service.update(999, input())).rejects.toBeInstanceOf(NotFoundError);
    expect(await rowCounts()).toEqual(before);
  });

  it('names each list by the key the contract uses', () => {
    expect(LINK_DEFS.map((link) => [link.key, link.idKey])).toEqual(
      Object.entries(VIP_LINKS).map(([key, link]) => [key, link.idKey]),
    );
  });
});

describe('when evaluating on a turnaround', () => {
  /** A demo turnaround with both legs, of the given airline id, with its legs. */
  async function turnaroundOf(airlineId: number) {
    const rows = await dbh.db
      .select({ aid: turnarounds.aid, flight: flights })
      .from(turnarounds)
      .innerJoin(flights, eq(flights.id, turnarounds.arrivalFlightId))
      .where(eq(flights.airlineId, airlineId))
      .orderBy(turnarounds.aid)
      .limit(1);
    return rows[0];
  }

  it('checks airline, direction, flight class and type per leg and leaves passengers unchecked', async () => {
    const { aid, flight } = await turnaroundOf(1);
    // Field 1: domestic departures of Russian airlines (Aeroflot among them), passenger flights.
    const result = await service.evaluate(1, aid, 'Europe/Moscow');
    expect(result.legs.map((leg) => leg.title.split(' ')[0])).toEqual(['Прилёт', 'Вылет']);
    const [arrival, departure] = result.legs;
    expect(arrival.flight_id).toBe(flight.id);
    expect(arrival.steps.map((step) => [step.condition, step.status])).toEqual([
      ['vipFieldAviacompany', 'match'],
      ['vipFieldDirection', 'mismatch'],
      ['vipFieldFlightClass', 'match'],
      ['vipFieldFlightType', flight.flightTypeId === 1 ? 'match' : 'mismatch'],
    ]);
    expect(arrival.matches).toBe(false);
    expect(departure.steps[1]).toMatchObject({ status: 'match', actual: 'Вылет', expected: 'Вылет' });
    expect(result.passenger_steps.map((step) => [step.condition, step.status])).toEqual([
      ['vipFieldServiceHalls', 'unchecked'],
      ['vipFieldPassengerCategory', 'unchecked'],
      ['vipFieldTravelClass', 'match'],
      ['vipFieldHallAccessType', 'unchecked'],
      ['vipFieldLoyaltyCardType', 'match'],
      ['vipFieldHallCardBankType', 'match'],
      ['vipFieldHallPayType', 'unchecked'],
    ]);
    expect(result.passenger_steps[0].note).toBe('не проверяется: нет данных о пассажирах');
  });

  it('answers 404 for an unknown field or turnaround', async () => {
    const { aid } = await turnaroundOf(1);
    await expect(service.evaluate(999, aid, 'Europe/Moscow')).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.evaluate(1, 2_000_000, 'Europe/Moscow')).rejects.toBeInstanceOf(NotFoundError);
  });
});
