/** Rush baggage over HTTP: bags of a flight, the flight search, rush codes, the rush, new tags, print data, outbox. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import {
  airlines,
  bags,
  mailOutbox,
  minorBags,
  rushes,
  rushTagCounters,
  rushTags,
} from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  type Baggage,
  type FlightBaggage,
  type FlightSearchItem,
  type NewTag,
  type OutboxMail,
  RUSH_MESSAGES,
  type RushAnswer,
  type RushCode,
  type RushPayload,
  sameRoute,
  type TagPrint,
} from '../../src/shared/rush-baggage.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const DAY = '2026-03-10';

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: DAY });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  auth = bearer(await loginAs(app, 'planner'));
}, 120_000);
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: auth, payload });
const rows = async (table: typeof rushes | typeof rushTags | typeof mailOutbox) =>
  (await db.db.select({ n: count() }).from(table))[0].n;

/** A mishandled bag that has a minor piece, with its flight. */
async function mishandledWithMinor() {
  const [row] = await db.db
    .select({ id: bags.id, flightId: bags.flightId, minorTag: minorBags.tag, tag: bags.tag })
    .from(bags)
    .innerJoin(minorBags, eq(minorBags.majorBagId, bags.id))
    .where(eq(bags.status, 'mishandled'))
    .limit(1);
  if (row) return row;
  const [any] = await db.db
    .select({ id: bags.id, flightId: bags.flightId, minorTag: minorBags.tag, tag: bags.tag })
    .from(bags)
    .innerJoin(minorBags, eq(minorBags.majorBagId, bags.id))
    .limit(1);
  return any;
}

async function aeroflot() {
  const [su] = await db.db.select().from(airlines).where(eq(airlines.iataCode, 'SU'));
  return su;
}

describe('reading bags', () => {
  it('answers a flight with its bags, the mishandled ones first', async () => {
    const [{ flightId }] = await db.db
      .select({ flightId: bags.flightId })
      .from(bags)
      .where(eq(bags.status, 'mishandled'))
      .limit(1);
    const res = await call('GET', `/baggage/flight/${flightId}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as FlightBaggage;
    expect(answer.flight.id).toBe(flightId);
    expect(answer.baggage.length).toBeGreaterThan(5);
    const statuses = answer.baggage.map((b) => b.status);
    expect(statuses[0]).toBe('mishandled');
    expect(statuses.lastIndexOf('mishandled')).toBeLessThan(statuses.indexOf('loaded'));
    for (const bag of answer.baggage) {
      expect(bag.tag).toMatch(/^0\d{9}$/);
      expect(bag.baggageRoute[0]).toMatchObject({
        number_in_route: 1,
        flight_number: answer.flight.flight_number,
      });
      expect(bag.baggageRoute.map((l) => l.number_in_route)).toEqual(bag.baggageRoute.map((_, i) => i + 1));
    }
  });

  it('answers one bag with its minor pieces, and 404 for an unknown one', async () => {
    const bag = await mishandledWithMinor();
    const res = await call('GET', `/baggage/baggage/${bag.id}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Baggage;
    expect(answer.minorBaggage.map((m) => m.tag)).toContain(bag.minorTag);
    expect(answer.new_tag).toBeNull();
    expect((await call('GET', '/baggage/baggage/99999999')).statusCode).toBe(404);
    expect((await call('GET', '/baggage/baggage/abc')).statusCode).toBe(400);
  });

  it('lists the seeded rush codes and searches them by code and description', async () => {
    const all = (await call('GET', '/rush-baggage-code')).json() as RushCode[];
    expect(all.map((c) => c.number_code)).toEqual(
      expect.arrayContaining(['11', '12', '13', '15', '16', '17', '71']),
    );
    const found = (
      await call('GET', `/rush-baggage-code?filter[name]=${encodeURIComponent('трансфер')}`)
    ).json();
    expect(found).toEqual([expect.objectContaining({ number_code: '11' })]);
  });
});

describe('the flight search', () => {
  const search = async (query: string) => {
    const res = await call('GET', `/flights?filter[date]=${DAY}&per-page=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      items: res.json() as FlightSearchItem[],
      total: Number(res.headers['x-pagination-total-count']),
    };
  };

  it('filters by direction, pages, and keeps to the day asked', async () => {
    const all = await search('');
    const departures = await search('filter[direction_id]=1');
    const arrivals = await search('filter[direction_id]=2');
    expect(departures.total + arrivals.total).toBe(all.total);
    expect(departures.items.every((f) => f.direction_id === 1)).toBe(true);
    expect(all.total).toBeGreaterThan(100);
    expect(all.items).toHaveLength(100);
    const days = new Set(departures.items.map((f) => f.plan_departure_datetime.slice(0, 10)));
    expect([...days]).toEqual([DAY]);
  });

  it('finds a flight by its number with or without the carrier code, and leaves out the ignored one', async () => {
    const [some] = (await search('filter[direction_id]=1')).items;
    const code = some.flight_number_symbol.replace(' ', '');
    const byCode = await search(`filter[name]=${encodeURIComponent(code)}`);
    expect(byCode.items.map((f) => f.id)).toContain(some.id);
    expect(byCode.items.every((f) => f.flight_number_symbol.replace(' ', '').includes(code))).toBe(true);
    const ignored = await search(
      `filter[name]=${encodeURIComponent(code)}&filter[ignore_flight_id]=${some.id}`,
    );
    expect(ignored.items.map((f) => f.id)).not.toContain(some.id);
  });

  it('filters by airport at either end and by plan or fact', async () => {
    const [some] = (await search('filter[direction_id]=1')).items;
    const to = await search(`filter[airport_id]=${some.arrival_airport.id}`);
    expect(to.items.length).toBeGreaterThan(0);
    expect(
      to.items.every(
        (f) =>
          f.arrival_airport.id === some.arrival_airport.id ||
          f.departure_airport.id === some.arrival_airport.id,
      ),
    ).toBe(true);
    const plan = await search('filter[direction_id]=1&filter[fact]=1');
    const fact = await search('filter[direction_id]=1&filter[fact]=2');
    expect(plan.total + fact.total).toBe((await search('filter[direction_id]=1')).total);
    expect(fact.items.every((f) => f.fact_departure_datetime !== null)).toBe(true);
    expect(plan.items.every((f) => f.fact_departure_datetime === null)).toBe(true);
  });

  it('refuses a malformed filter with 400', async () => {
    for (const query of [
      'filter[date]=10.03.2026',
      'filter[direction_id]=3',
      'filter[fact]=x',
      'filter[airport_id]=0',
    ])
      expect((await call('GET', `/flights?${query}`)).statusCode).toBe(400);
    expect((await call('GET', '/flights?filter[date]=2026-02-30')).json().fields).toEqual({
      'filter.date': ['Ожидается YYYY-MM-DD'],
    });
  });
});

describe('new rush tags', () => {
  it("issues tags of '2', the carrier's numeric code and consecutive serials", async () => {
    const su = await aeroflot();
    const res = await call('POST', '/rush-baggage', { count_tag: 3, aviacompany_id: su.id });
    expect(res.statusCode, res.body).toBe(200);
    const tags = (res.json() as NewTag[]).map((t) => t.new_tag);
    expect(tags).toHaveLength(3);
    for (const tag of tags) expect(tag).toMatch(/^2555\d{6}$/);
    const serials = tags.map((t) => Number(t.slice(4)));
    expect(serials).toEqual([serials[0], serials[0] + 1, serials[0] + 2]);
  });

  it('never gives one serial twice under 50 concurrent requests', async () => {
    const su = await aeroflot();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('POST', '/rush-baggage', { count_tag: 2, aviacompany_id: su.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const tags = answers.flatMap((a) => (a.json() as NewTag[]).map((t) => t.new_tag));
    expect(new Set(tags).size).toBe(100);
  });

  it('answers 409 with a Russian message when the carrier has no serials left, and writes nothing', async () => {
    const su = await aeroflot();
    await db.db
      .insert(rushTagCounters)
      .values({ carrierCode: '555', lastSerial: 999_998 })
      .onConflictDoUpdate({ target: rushTagCounters.carrierCode, set: { lastSerial: 999_998 } });
    const before = await rows(rushTags);
    const res = await call('POST', '/rush-baggage', { count_tag: 2, aviacompany_id: su.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('исчерпаны');
    expect(await rows(rushTags)).toBe(before);
    const last = await call('POST', '/rush-baggage', { count_tag: 1, aviacompany_id: su.id });
    expect((last.json() as NewTag[])[0].new_tag).toBe('2555999999');
  });

  it('refuses a bad count or an airline without a numeric code with 422 and its field', async () => {
    const su = await aeroflot();
    const zero = await call('POST', '/rush-baggage', { count_tag: 0, aviacompany_id: su.id });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().fields).toEqual({ count_tag: ['Целое число от 1 до 100'] });
    const empty = await call('POST', '/rush-baggage', {});
    expect(empty.json().fields).toEqual({
      count_tag: ['Поле обязательно для заполнения'],
      aviacompany_id: ['Поле обязательно для заполнения'],
    });
    await db.db.update(airlines).set({ numericCode: null }).where(eq(airlines.iataCode, 'UT'));
    const [ut] = await db.db.select().from(airlines).where(eq(airlines.iataCode, 'UT'));
    const none = await call('POST', '/rush-baggage', { count_tag: 1, aviacompany_id: ut.id });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().fields)).toEqual(['aviacompany_id']);
  });
});

describe('a rush', () => {
  /** A valid payload forwarding the bag and its minor piece on a departure of the day. */
  async function payload(): Promise<{
    body: RushPayload;
    bag: Awaited<ReturnType<typeof mishandledWithMinor>>;
  }> {
    const bag = await mishandledWithMinor();
    const flightsRes = await call(
      'GET',
      `/flights?filter[date]=${DAY}&filter[direction_id]=1&filter[fact]=1`,
    );
    const rushFlight = (flightsRes.json() as FlightSearchItem[])[0];
    const origin = (await call('GET', `/baggage/baggage/${bag.id}`)).json() as Baggage;
    const code = ((await call('GET', '/rush-baggage-code')).json() as RushCode[])[0];
    return {
      bag,
      body: {
        baggageRelations: [
          { major_baggage_id: bag.id, tag: bag.tag },
          { major_baggage_id: bag.id, tag: bag.minorTag },
        ],
        rushBaggageInfo: {
          airport_id: rushFlight.departure_airport.id,
          rush_baggage_code_id: code.id,
          act_number: 'А-15',
          claim_number: 'KZNSU10001',
          comment: 'Снят с рейса, отправляем следующим',
        },
        rush_flight_id: rushFlight.id,
        emailAddresses: ['lost.found@kzn.example', 'su.baggage@example.com'],
        originBaggageRoute: origin.baggageRoute.map(({ id: _, ...leg }) => leg),
        rushBaggageRoute: [
          {
            aviacompany_id: rushFlight.aviacompany_id,
            airport_id: rushFlight.arrival_airport.id,
            flight_number: rushFlight.flight_number,
            number_in_route: 1,
            date: DAY,
          },
        ],
      },
    };
  }

  it('refuses a bad id, a bad e-mail and a bad date with 422 on their fields and writes nothing', async () => {
    const { body } = await payload();
    const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
    const bad = {
      ...body,
      baggageRelations: [{ major_baggage_id: -1, tag: body.baggageRelations[0].tag }],
      emailAddresses: ['ok@example.com', 'not-an-email'],
      originBaggageRoute: [{ ...body.originBaggageRoute[0], date: '10.03.2026' }],
    };
    const res = await call('POST', '/baggage/rush', bad);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toMatchObject({
      'baggageRelations.0.major_baggage_id': [expect.any(String)],
      'emailAddresses.1': [expect.any(String)],
      'originBaggageRoute.0.date': ['Invalid format'],
    });
    expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
  });

  it('refuses an empty piece list, an empty route and a long act number with 422 and Russian texts, writing nothing', async () => {
    const { body } = await payload();
    const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
    const res = await call('POST', '/baggage/rush', {
      ...body,
      baggageRelations: [],
      rushBaggageRoute: [],
      rushBaggageInfo: { ...body.rushBaggageInfo, act_number: 'А'.repeat(51) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toMatchObject({
      baggageRelations: ['Выберите хотя бы одно место багажа'],
      rushBaggageRoute: ['Добавьте хотя бы один участок маршрута'],
      'rushBaggageInfo.act_number': ['Не длиннее 50 символов'],
    });
    expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
  });

  it('mails only the domains RUSH_MAIL_DOMAINS names, refusing the rest with 422 on the address, writing nothing', async () => {
    const { body } = await payload();
    const limited = await buildApp({ db, rushMailDomains: ['kzn.example'] });
    try {
      const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
      const res = await limited.inject({
        method: 'POST',
        url: '/api/baggage/rush',
        headers: auth,
        payload: body,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().fields).toEqual({ 'emailAddresses.1': [RUSH_MESSAGES.mailDomain(['kzn.example'])] });
      expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
    } finally {
      await limited.close();
    }
  });

  it('refuses a control character in the act, claim and comment with 422 on each and writes nothing', async () => {
    const { body } = await payload();
    const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
    const res = await call('POST', '/baggage/rush', {
      ...body,
      rushBaggageInfo: {
        ...body.rushBaggageInfo,
        act_number: 'А\u0000-15',
        claim_number: '\u0007',
        comment: 'груз\u0000',
      },
    });
    expect(res.statusCode).toBe(422);
    const message = ['Недопустимые управляющие символы'];
    expect(res.json().fields).toMatchObject({
      'rushBaggageInfo.act_number': message,
      'rushBaggageInfo.claim_number': message,
      'rushBaggageInfo.comment': message,
    });
    expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
  });

  it('refuses ids that do not exist and a tag of another bag with 422 and writes nothing', async () => {
    const { body } = await payload();
    const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
    const res = await call('POST', '/baggage/rush', {
      ...body,
      baggageRelations: [body.baggageRelations[0], { major_baggage_id: 99_999_999, tag: '0555000001' }],
      rush_flight_id: 99_999_999,
      rushBaggageRoute: [{ ...body.rushBaggageRoute[0], airport_id: 99_999_999 }],
      rushBaggageInfo: { ...body.rushBaggageInfo, rush_baggage_code_id: 99_999 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'baggageRelations.1.major_baggage_id',
      'rushBaggageInfo.rush_baggage_code_id',
      'rushBaggageRoute.0.airport_id',
      'rush_flight_id',
    ]);
    const wrongTag = await call('POST', '/baggage/rush', {
      ...body,
      baggageRelations: [{ major_baggage_id: body.baggageRelations[0].major_baggage_id, tag: '0000000000' }],
    });
    expect(wrongTag.json().fields).toEqual({ 'baggageRelations.0.tag': [expect.any(String)] });
    expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
  });

  it('refuses bags whose routes differ from the origin route with 422 on each such relation and writes nothing', async () => {
    const { body } = await payload();
    // Two bags of one flight checked on different routes (the reviewer's PEK and PEK → GYD).
    const [{ flightId }] = await db.db
      .select({ flightId: bags.flightId })
      .from(bags)
      .where(eq(bags.status, 'mishandled'))
      .limit(1);
    const listed = ((await call('GET', `/baggage/flight/${flightId}`)).json() as FlightBaggage).baggage;
    const first = listed[0];
    const other = listed.find((bag) => !sameRoute(bag.baggageRoute, first.baggageRoute));
    expect(other, 'a bag of another route on the flight').toBeDefined();
    const legs = (bag: Baggage) => bag.baggageRoute.map(({ id: _, ...leg }) => leg);
    const before = [await rows(rushes), await rows(rushTags), await rows(mailOutbox)];
    const mixed = await call('POST', '/baggage/rush', {
      ...body,
      baggageRelations: [
        { major_baggage_id: first.id, tag: first.tag },
        { major_baggage_id: other!.id, tag: other!.tag },
        ...other!.minorBaggage.map((piece) => ({ major_baggage_id: other!.id, tag: piece.tag })),
      ],
      originBaggageRoute: legs(first),
    });
    expect(mixed.statusCode).toBe(422);
    const expected = Object.fromEntries(
      [other!.tag, ...other!.minorBaggage.map((piece) => piece.tag)].map((_, i) => [
        `baggageRelations.${i + 1}.major_baggage_id`,
        [RUSH_MESSAGES.routeDiffers],
      ]),
    );
    expect(mixed.json().fields).toEqual(expected);

    // One bag with an origin route that is not its own (another day) is refused on its pieces as well.
    const wrongOrigin = await call('POST', '/baggage/rush', {
      ...body,
      originBaggageRoute: body.originBaggageRoute.map((leg) => ({ ...leg, date: '2026-03-11' })),
    });
    expect(wrongOrigin.statusCode).toBe(422);
    expect(wrongOrigin.json().fields).toEqual({
      'baggageRelations.0.major_baggage_id': [RUSH_MESSAGES.routeDiffers],
      'baggageRelations.1.major_baggage_id': [RUSH_MESSAGES.routeDiffers],
    });
    expect([await rows(rushes), await rows(rushTags), await rows(mailOutbox)]).toEqual(before);
    const still = (await call('GET', `/baggage/baggage/${other!.id}`)).json() as Baggage;
    expect(still).toEqual(other);
  });

  it('forwards a bag and its minor piece: new tags, the new route, the bag rushed, a mail per address', async () => {
    const { body, bag } = await payload();
    const res = await call('POST', '/baggage/rush', body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as RushAnswer;
    expect(answer.baggage).toHaveLength(1);
    const [major] = answer.baggage;
    expect(major).toMatchObject({ id: bag.id, tag: bag.tag, status: 'rushed' });
    expect(major.new_tag).toMatch(/^2\d{9}$/);
    const minor = major.minorBaggage.find((m) => m.tag === bag.minorTag);
    expect(minor?.new_tag).toMatch(/^2\d{9}$/);
    expect(minor?.new_tag).not.toBe(major.new_tag);
    expect(major.baggageRoute).toEqual([
      expect.objectContaining({ ...body.rushBaggageRoute[0], number_in_route: 1 }),
    ]);

    const read = (await call('GET', `/baggage/baggage/${bag.id}`)).json() as Baggage;
    expect(read.new_tag).toBe(major.new_tag);
    expect(read.status).toBe('rushed');
    // The flight's list keeps the bag just forwarded in view: right after the bags still to forward.
    const listed = (await call('GET', `/baggage/flight/${read.flight_id}`)).json() as FlightBaggage;
    const statuses = listed.baggage.map((b) => b.status);
    const firstRushed = statuses.indexOf('rushed');
    expect(firstRushed).toBe(statuses.lastIndexOf('mishandled') + 1);
    expect(listed.baggage.findIndex((b) => b.id === bag.id)).toBeLessThan(
      firstRushed + statuses.filter((s) => s === 'rushed').length,
    );
    // The flight's list describes each bag as the one-bag read does: its rush route, new tags and minor pieces.
    expect(listed.baggage.find((b) => b.id === bag.id)).toEqual(read);
    const others = listed.baggage.filter((b) => b.id !== bag.id).slice(0, 5);
    for (const other of others)
      expect(other).toEqual((await call('GET', `/baggage/baggage/${other.id}`)).json());

    // The planner may rush and mail, but the queue names passengers and addresses: only audit readers see it.
    expect((await call('GET', '/baggage/outbox?filter[status]=queued')).statusCode).toBe(403);
    const admin = bearer(await loginAs(app, 'admin'));
    const queued = await app.inject({ url: '/api/baggage/outbox?filter[status]=queued', headers: admin });
    const outbox = queued.json() as OutboxMail[];
    const mails = outbox.filter((m) => m.subject.includes(String(answer.id)));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...body.emailAddresses!].sort());
    expect(mails[0].body).toContain(major.new_tag);
    expect(mails[0].body).toContain('KZNSU10001');

    const [tagRow] = await db.db.select().from(rushTags).where(eq(rushTags.tag, major.new_tag!));
    expect(major.new_tag_id).toBe(tagRow.id);
    const printed = await call('POST', `/print-tag?id[]=${major.new_tag_id}&id[]=${minor?.new_tag_id}`);
    expect(printed.statusCode, printed.body).toBe(200);
    const [print, minorPrint] = printed.json() as TagPrint[];
    expect(minorPrint).toMatchObject({ new_tag: minor?.new_tag, original_tag: bag.minorTag });
    expect(print.new_tag).toBe(major.new_tag);
    expect(print.licence_plate).toMatch(/^[A-Z0-9]{2} \d{6}$/);
    expect(print.licence_plate.slice(3)).toBe(major.new_tag!.slice(4));
    expect(print.original_tag).toBe(bag.tag);
    expect(print.passenger).toMatch(/\//);
    expect(print.routing).toEqual([
      expect.objectContaining({
        number_in_route: 1,
        flight_number: body.rushBaggageRoute[0].flight_number,
        date: DAY,
      }),
    ]);
  });

  it('answers 404 naming the unknown tags of a print request', async () => {
    const res = await call('POST', '/print-tag?id[]=99999999');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('99999999');
    expect((await call('POST', '/print-tag')).statusCode).toBe(400);
  });
});
