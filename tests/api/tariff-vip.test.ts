/** VIP fields over HTTP (spec 7.3): list, CRUD, rules, validation, unknown ids and the evaluation on a demo turnaround. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { flights, turnarounds, vipFieldAirlines, vipFields } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import type { RuleName } from '../../src/shared/rules.ts';
import {
  VIP_FIELD_COLUMNS,
  VIP_LINK_KEYS,
  VIP_LINKS,
  VIP_MESSAGES,
  type VipField,
  type VipFieldPayload,
} from '../../src/shared/tariff-vip.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';
import { vipFieldBody } from '../support/vipFieldBody.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};

const WRITE_RULES: RuleName[] = [
  'tariff-vip-field-create',
  'tariff-vip-field-update',
  'tariff-vip-field-delete',
];

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['tariff', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  for (const rule of WRITE_RULES) tokens[rule] = bearer(await loginHolding(app, `only-${rule}`, [rule]));
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, as = 'tariff', payload?: object, headers = {}) =>
  app.inject({ method, url: `/api${url}`, headers: { ...tokens[as], ...headers }, payload });

const BODY: VipFieldPayload = vipFieldBody('api_field', 'Поле из теста API');

/** Every list of a field as sorted ids: what a round trip keeps. */
const ids = (field: Record<string, unknown>) =>
  Object.fromEntries(
    VIP_LINK_KEYS.map((key) => {
      const entries = (field[key] ?? []) as Record<string, number>[];
      return [key, entries.map((entry) => entry[VIP_LINKS[key].idKey]).sort()];
    }),
  );

/** Rows of vip_fields and of one link table: a failed write must leave both as they were. */
async function rowCounts() {
  const [fields] = await db.db.select({ n: count() }).from(vipFields);
  const [links] = await db.db.select({ n: count() }).from(vipFieldAirlines);
  return { fields: fields.n, links: links.n };
}

describe('when listing VIP fields', () => {
  it('answers a page with the pagination headers and nested named objects', async () => {
    const res = await call('GET', '/tariff/vip-field?per-page=5&page=3', 'viewer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-pagination-total-count']).toBe('13');
    expect(res.headers['x-pagination-page-count']).toBe('3');
    expect(res.headers['x-pagination-current-page']).toBe('3');
    expect(res.headers['x-pagination-per-page']).toBe('5');
    const page: VipField[] = res.json();
    expect(page.map((field) => field.id)).toEqual([11, 12, 13]);
    expect(page[1].vipFieldDirection).toEqual([{ direction_id: 2, direction: { id: 2, name: 'Прилёт' } }]);
    expect(page[1].vipFieldServiceHalls).toEqual([
      { service_halls_id: 2, service_halls: { id: 2, name: 'VIP-зал терминала 1' } },
    ]);
  });

  it('filters and sorts on every grid column', async () => {
    const every: VipField[] = (await call('GET', '/tariff/vip-field?per-page=50')).json();
    for (const key of VIP_FIELD_COLUMNS) {
      const link = VIP_LINK_KEYS.find((item) => VIP_LINKS[item].idKey === key);
      const value = link
        ? String(every.flatMap((field) => field[link] as unknown as Record<string, number>[])[0][key])
        : key === 'name' || key === 'description'
          ? every[0][key].slice(0, 8)
          : '1';
      const res = await call(
        'GET',
        `/tariff/vip-field?filter[${key}]=${encodeURIComponent(value)}&sort=-${key}`,
      );
      expect({ key, status: res.statusCode }).toEqual({ key, status: 200 });
      const total = Number(res.headers['x-pagination-total-count']);
      expect(total).toBe(res.json().length);
      expect(total).toBeLessThanOrEqual(every.length);
      expect(total).toBeGreaterThan(0);
    }
  });

  it('filters the yes/no columns by 1 and 0', async () => {
    const guests = (await call('GET', '/tariff/vip-field?filter[is_guest_count]=1')).json();
    expect(guests.map((f: VipField) => f.name)).toEqual([
      'business_lounge_infant',
      'cardholder_guest_by_card',
      'cardholder_guest_paid',
    ]);
    const notParent = (await call('GET', '/tariff/vip-field?filter[use_parent_access_type]=0')).json();
    expect(notParent.map((f: VipField) => f.name)).toEqual(['cardholder_guest_paid']);
    expect((await call('GET', '/tariff/vip-field?filter[is_guest_count]=да')).statusCode).toBe(400);
  });

  it('refuses an unknown filter or sort with 400 in Russian', async () => {
    const filter = await call('GET', '/tariff/vip-field?filter[colour]=red');
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toBe('Неизвестный фильтр: colour');
    const sort = await call('GET', '/tariff/vip-field?sort=vipFieldAviacompany');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Неизвестная сортировка: vipFieldAviacompany');
    expect((await call('GET', '/tariff/vip-field?filter[aviacompany_id]=x')).statusCode).toBe(400);
  });
});

describe('when creating, reading, updating and deleting', () => {
  it('keeps every link list through the round trip', async () => {
    const created = await call('POST', '/tariff/vip-field', 'tariff', BODY);
    expect(created.statusCode).toBe(200);
    const field = created.json();
    expect(ids(field)).toEqual(ids(BODY));
    expect(field).toMatchObject({ name: 'api_field', is_guest_count: false, use_parent_access_type: false });
    // Entries come in Russian order of their names: «Банковская карта» before «Наличные».
    expect(
      field.vipFieldHallPayType.map((e: { vip_hall_pay_type: { name: string } }) => e.vip_hall_pay_type.name),
    ).toEqual(['Банковская карта', 'Наличные']);

    const read = await call('GET', `/tariff/vip-field/${field.id}`, 'viewer');
    expect(read.json()).toEqual(field);

    // The form sends back what it loaded: entries with their nested objects, and the id in the body.
    const patch = {
      ...field,
      name: 'api_field_2',
      vipFieldAviacompany: [{ aviacompany_id: 4 }],
      vipFieldTravelClass: [],
    };
    const updated = await call('PATCH', '/tariff/vip-field', 'tariff', patch);
    expect(updated.statusCode).toBe(200);
    expect(ids(updated.json())).toEqual({ ...ids(field), vipFieldAviacompany: [4], vipFieldTravelClass: [] });
    expect((await call('GET', `/tariff/vip-field/${field.id}`)).json()).toEqual(updated.json());

    const deleted = await call('DELETE', `/tariff/vip-field/${field.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/tariff/vip-field/${field.id}`)).statusCode).toBe(404);
    const links = await db.db
      .select()
      .from(vipFieldAirlines)
      .where(eq(vipFieldAirlines.vipFieldId, field.id));
    expect(links).toEqual([]);
  });

  it('refuses a save of a field written since it was read (409) and writes nothing', async () => {
    const field = (await call('POST', '/tariff/vip-field', 'tariff', BODY)).json() as VipField;
    expect(field.version).toMatch(/^\d+$/);
    expect(((await call('GET', `/tariff/vip-field/${field.id}`)).json() as VipField).version).toBe(
      field.version,
    );
    const listed = (await call('GET', '/tariff/vip-field?per-page=100&sort=-id')).json() as VipField[];
    expect(listed.find((item) => item.id === field.id)?.version).toBe(field.version);
    // The first user changes only a list, with the version read: accepted, and the field row is written too, so
    // the answer carries a new version.
    const first = await call('PATCH', '/tariff/vip-field', 'tariff', {
      ...BODY,
      id: field.id,
      vipFieldAviacompany: [{ aviacompany_id: 4 }],
      version: field.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as VipField;
    expect(ids(saved).vipFieldAviacompany).toEqual([4]);
    expect(saved.version).not.toBe(field.version);
    // The second user read the same version: refused, nothing of theirs written (the row nor the lists).
    const stale = await call('PATCH', '/tariff/vip-field', 'tariff', {
      ...BODY,
      id: field.id,
      name: 'api_field_stale',
      vipFieldTravelClass: [],
      version: field.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    expect((await call('GET', `/tariff/vip-field/${field.id}`)).json()).toEqual(saved);
    // Two saves of one version sent together: exactly one is accepted (the interleaving: src/server/db/rowVersion.test.ts).
    const both = await Promise.all(
      [true, false].map((flag) =>
        call('PATCH', '/tariff/vip-field', 'tariff', {
          ...BODY,
          id: field.id,
          is_guest_count: flag,
          version: saved.version,
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the save is not checked; a malformed one is a 422 on its field.
    expect((await call('PATCH', '/tariff/vip-field', 'tariff', { ...BODY, id: field.id })).statusCode).toBe(
      200,
    );
    const malformed = await call('PATCH', '/tariff/vip-field', 'tariff', {
      ...BODY,
      id: field.id,
      version: '1.5',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    // A version of a deleted field: 404, as without one.
    expect((await call('DELETE', `/tariff/vip-field/${field.id}`)).statusCode).toBe(204);
    const gone = await call('PATCH', '/tariff/vip-field', 'tariff', {
      ...BODY,
      id: field.id,
      version: saved.version,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 for a field that does not exist and 400 for an id that is not one', async () => {
    expect((await call('GET', '/tariff/vip-field/9999')).json()).toEqual({ message: 'VIP-поле не найдено' });
    expect((await call('PATCH', '/tariff/vip-field', 'tariff', { ...BODY, id: 9999 })).statusCode).toBe(404);
    expect((await call('DELETE', '/tariff/vip-field/9999')).statusCode).toBe(404);
    expect((await call('GET', '/tariff/vip-field/abc')).statusCode).toBe(400);
    expect((await call('DELETE', '/tariff/vip-field/99999999999')).statusCode).toBe(400);
  });
});

describe('when a write rule is missing', () => {
  const writes: [RuleName, Method, (id: number) => [string, object | undefined]][] = [
    ['tariff-vip-field-create', 'POST', () => ['/tariff/vip-field', BODY]],
    ['tariff-vip-field-update', 'PATCH', (id) => ['/tariff/vip-field', { ...BODY, id }]],
    ['tariff-vip-field-delete', 'DELETE', (id) => [`/tariff/vip-field/${id}`, undefined]],
  ];

  it.each(writes)(
    '%s: refused with 403 to everyone without it, writing nothing; its holder passes',
    async (rule, method, request) => {
      const target = (
        await call('POST', '/tariff/vip-field', 'tariff', { ...BODY, name: `target_${rule}` })
      ).json();
      const before = await rowCounts();
      const [url, payload] = request(target.id);
      for (const user of ['viewer', ...WRITE_RULES.filter((other) => other !== rule)]) {
        const res = await call(method, url, user, payload);
        expect({ user, status: res.statusCode, body: res.json() }).toEqual({
          user,
          status: 403,
          body: { message: MESSAGES.forbidden },
        });
      }
      expect(await rowCounts()).toEqual(before);
      expect((await call('GET', `/tariff/vip-field/${target.id}`, 'viewer')).json().name).toBe(
        `target_${rule}`,
      );
      // The holder of this one rule passes; the 'tariff' demo user passes every write in the round trip above.
      expect((await call(method, url, rule, payload)).statusCode).toBe(method === 'DELETE' ? 204 : 200);
    },
  );

  it('lets any signed-in user read, and nobody without a session', async () => {
    expect((await call('GET', '/tariff/vip-field', 'viewer')).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/tariff/vip-field' })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/tariff/vip-field', payload: BODY })).statusCode,
    ).toBe(401);
  });
});

describe('when the body breaks the rules of spec 5', () => {
  const required = VIP_LINK_KEYS.filter((key) => VIP_LINKS[key].required);

  it('answers 422 with every missing required field at once', async () => {
    const res = await call('POST', '/tariff/vip-field', 'tariff', {});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.validation,
      fields: Object.fromEntries(['name', ...required].map((key) => [key, [MESSAGES.required]])),
    });
  });

  it.each(['name', ...required])('refuses a body without %s on that field alone', async (key) => {
    const before = await rowCounts();
    const empty = key === 'name' ? '  ' : [];
    for (const method of ['POST', 'PATCH'] as const) {
      const res = await call(method, '/tariff/vip-field', 'tariff', { ...BODY, id: 1, [key]: empty });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ [key]: [MESSAGES.required] });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('accepts the optional lists empty or left out', async () => {
    const { vipFieldTravelClass: _, vipFieldLoyaltyCardType: __, ...body } = BODY;
    const res = await call('POST', '/tariff/vip-field', 'tariff', { ...body, vipFieldHallCardBankType: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().vipFieldTravelClass).toEqual([]);
    await call('DELETE', `/tariff/vip-field/${res.json().id}`);
  });

  it('refuses a third direction, an id twice, a missing update id and text with control characters', async () => {
    const res = await call('POST', '/tariff/vip-field', 'tariff', {
      ...BODY,
      name: 'a\u0007b',
      vipFieldDirection: [{ direction_id: 3 }],
      vipFieldHallPayType: [{ vip_hall_pay_type_id: 2 }, { vip_hall_pay_type_id: 2 }],
    });
    expect(res.json().fields).toEqual({
      name: [MESSAGES.controlCharacters],
      'vipFieldDirection.0.direction_id': [VIP_MESSAGES.direction],
      'vipFieldHallPayType.1': [VIP_MESSAGES.duplicate],
    });
    const patch = await call('PATCH', '/tariff/vip-field', 'tariff', BODY);
    expect(patch.statusCode).toBe(422);
    expect(Object.keys(patch.json().fields)).toEqual(['id']);
  });

  it('answers unknown reference ids with 422 on the list field and writes nothing', async () => {
    const before = await rowCounts();
    const bad = {
      ...BODY,
      vipFieldAviacompany: [{ aviacompany_id: 1 }, { aviacompany_id: 4242 }],
      vipFieldLoyaltyCardType: [{ loyalty_card_type_id: 99 }],
    };
    const fields = {
      vipFieldAviacompany: [VIP_MESSAGES.unknownIds([4242])],
      vipFieldLoyaltyCardType: [VIP_MESSAGES.unknownIds([99])],
    };
    const created = await call('POST', '/tariff/vip-field', 'tariff', bad);
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message: MESSAGES.validation, fields });
    const updated = await call('PATCH', '/tariff/vip-field', 'tariff', { ...bad, id: 1 });
    expect(updated.json()).toEqual({ message: MESSAGES.validation, fields });
    expect(await rowCounts()).toEqual(before);
    const kept = await db.db
      .select()
      .from(vipFieldAirlines)
      .where(and(eq(vipFieldAirlines.vipFieldId, 1), eq(vipFieldAirlines.airlineId, 1)));
    expect(kept).toHaveLength(1);
    expect((await call('GET', '/tariff/vip-field/1')).json().name).toBe('business_lounge_domestic_adult');
  });
});

describe('when evaluating a field on a demo turnaround', () => {
  /** The first Aeroflot turnaround of the demo day whose arrival and departure are both domestic passenger legs. */
  async function aeroflotTurnaround() {
    const rows = await db.db
      .select({ aid: turnarounds.aid, departureId: turnarounds.departureFlightId, arrival: flights })
      .from(turnarounds)
      .innerJoin(flights, eq(flights.id, turnarounds.arrivalFlightId))
      .where(and(eq(flights.airlineId, 1), eq(flights.flightTypeId, 1), eq(flights.flightClassId, 1)))
      .orderBy(flights.planAt);
    const found = rows.find((row) => row.departureId !== null)!;
    const [departure] = await db.db.select().from(flights).where(eq(flights.id, found.departureId!));
    return { aid: found.aid, arrival: found.arrival, departure };
  }

  it('matches the domestic departures field on the departure leg only (checked by hand)', async () => {
    const { aid, arrival, departure } = await aeroflotTurnaround();
    expect(departure).toMatchObject({ airlineId: 1, flightTypeId: 1, flightClassId: 1, direction: 1 });
    // Field 1: Russian airlines (Aeroflot among them), departures, passenger, domestic; adult, single visit.
    const res = await call('GET', `/tariff/vip-field/1/evaluate?flight_aid=${aid}`, 'viewer');
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.matches).toBe(true);
    expect(
      result.legs.map((leg: { flight_id: number; matches: boolean }) => [leg.flight_id, leg.matches]),
    ).toEqual([
      [arrival.id, false],
      [departure.id, true],
    ]);
    expect(result.legs[0].title).toMatch(
      new RegExp(`^Прилёт SU ${arrival.flightNumber}, \\d\\d\\.03\\.2026 \\d\\d:\\d\\d$`),
    );
    expect(result.legs[0].steps).toEqual([
      {
        condition: 'vipFieldAviacompany',
        label: 'Авиакомпания',
        expected: expect.stringContaining('Аэрофлот'),
        actual: 'Аэрофлот',
        status: 'match',
        note: 'совпадает',
      },
      {
        condition: 'vipFieldDirection',
        label: 'Направление',
        expected: 'Вылет',
        actual: 'Прилёт',
        status: 'mismatch',
        note: 'не совпадает',
      },
      {
        condition: 'vipFieldFlightClass',
        label: 'Класс рейса',
        expected: 'Пассажирский',
        actual: 'Пассажирский',
        status: 'match',
        note: 'совпадает',
      },
      {
        condition: 'vipFieldFlightType',
        label: 'Тип рейса',
        expected: 'Внутренний',
        actual: 'Внутренний',
        status: 'match',
        note: 'совпадает',
      },
    ]);
    expect(result.passenger_steps[0]).toEqual({
      condition: 'vipFieldServiceHalls',
      label: 'Зал обслуживания',
      expected: 'Бизнес-зал внутренних линий',
      actual: null,
      status: 'unchecked',
      note: 'не проверяется: нет данных о пассажирах',
    });
    expect(result.summary).toMatch(/^Поле применяется: Вылет SU/);
  });

  it('does not match the international lounge programmes field on a domestic turnaround', async () => {
    const { aid } = await aeroflotTurnaround();
    // Field 5: international departures only.
    const result = (await call('GET', `/tariff/vip-field/5/evaluate?flight_aid=${aid}`)).json();
    expect(result.matches).toBe(false);
    expect(result.legs[1].steps.map((step: { status: string }) => step.status)).toEqual([
      'match',
      'match',
      'match',
      'mismatch',
    ]);
    expect(result.summary).toMatch(/^Поле не применяется/);
  });

  it('shows the flight time in the Time-Zone of the request', async () => {
    const { aid } = await aeroflotTurnaround();
    const url = `/tariff/vip-field/12/evaluate?flight_aid=${aid}`;
    const moscow = (await call('GET', url, 'tariff', undefined, { 'time-zone': 'Europe/Moscow' })).json();
    const vladivostok = (
      await call('GET', url, 'tariff', undefined, { 'time-zone': 'Asia/Vladivostok' })
    ).json();
    const hour = (title: string) => Number(title.slice(-5, -3));
    expect((hour(vladivostok.legs[0].title) - hour(moscow.legs[0].title) + 24) % 24).toBe(7);
    // Field 12 meets arrivals: the arrival leg matches.
    expect(moscow.legs[0].matches).toBe(true);
  });

  it('answers 400 without flight_aid and 404 for an unknown turnaround', async () => {
    expect((await call('GET', '/tariff/vip-field/1/evaluate')).statusCode).toBe(400);
    const res = await call('GET', '/tariff/vip-field/1/evaluate?flight_aid=2000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Разворот (рейс) 2000000 не найден');
  });
});
