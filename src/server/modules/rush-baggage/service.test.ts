/** Rush baggage without HTTP, on a one-day demo airport: a rush written, rushes refused by field, tags, mail. */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzApp } from '../../../../tests/support/fuzzRun.ts';
import { rushSeeds } from '../../../../tests/support/fuzzSeeds.ts';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { RUSH_MESSAGES, type RushPayload, rushPayloadSchema } from '../../../shared/rush-baggage.ts';
import type { DbHandle } from '../../db/client.ts';
import { bags, mailOutbox, rushes } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { createRushBaggageService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createRushBaggageService>;
/** Rush bodies the demo accepts, one bag each. */
let bodies: RushPayload[];

const rushCount = async () => (await dbh.db.select({ n: count() }).from(rushes))[0].n;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createRushBaggageService(dbh, { mailDomains: ['kzn.example'] });
  const seeds = await rushSeeds({ db: dbh.db } as unknown as FuzzApp);
  bodies = seeds.map((seed) => seed.body as RushPayload);
  expect(bodies.length).toBeGreaterThanOrEqual(2);
}, 120_000);

afterAll(async () => {
  await dbh?.close();
});

describe('rushing bags', () => {
  it('stores the rush, marks the bag rushed, issues it a new tag and queues one mail per address', async () => {
    const body = bodies[0];
    const bagId = body.baggageRelations[0].major_baggage_id;
    const answer = await service.rush(rushPayloadSchema.parse(body), null);
    expect(answer.baggage.map((bag) => bag.id)).toEqual([bagId]);
    const [bag] = answer.baggage;
    expect(bag.status).toBe('rushed');
    expect(bag.new_tag).toMatch(/^\d{10}$/);
    expect(bag.new_tag).not.toBe(body.baggageRelations[0].tag);
    const [stored] = await dbh.db.select({ status: bags.status }).from(bags).where(eq(bags.id, bagId));
    expect(stored.status).toBe('rushed');
    const mails = await dbh.db.select().from(mailOutbox).where(eq(mailOutbox.rushId, answer.id));
    expect(mails.map((mail) => mail.to)).toEqual([['lost.found@kzn.example']]);
    expect((await service.bag(bagId)).status).toBe('rushed');
  });

  it('refuses a tag of another bag, an unknown flight and a mail domain not allowed, writing nothing', async () => {
    const body = rushPayloadSchema.parse(bodies[1]);
    const before = await rushCount();
    const fields = await fieldsOf(() =>
      service.rush(
        {
          ...body,
          rush_flight_id: 999_999_999,
          baggageRelations: [{ ...body.baggageRelations[0], tag: '0000000001' }],
          emailAddresses: ['someone@elsewhere.example'],
        },
        null,
      ),
    );
    expect(fields).toMatchObject({
      rush_flight_id: [RUSH_MESSAGES.noFlight],
      'baggageRelations.0.tag': [RUSH_MESSAGES.tagNotOfBag],
      'emailAddresses.0': [RUSH_MESSAGES.mailDomain(['kzn.example'])],
    });
    expect(await rushCount()).toBe(before);
    const bagId = body.baggageRelations[0].major_baggage_id;
    const [stored] = await dbh.db
      .select({ status: bags.status })
      .from(bags)
      .where(inArray(bags.id, [bagId]));
    expect(stored.status).not.toBe('rushed');
  });

  it('refuses legs out of order on the route', async () => {
    const body = rushPayloadSchema.parse(bodies[1]);
    const legs = body.rushBaggageRoute.map((leg) => ({ ...leg, number_in_route: leg.number_in_route + 1 }));
    expect(await fieldsOf(() => service.rush({ ...body, rushBaggageRoute: legs }, null))).toMatchObject({
      rushBaggageRoute: [RUSH_MESSAGES.legOrder],
    });
  });
});

describe('reading', () => {
  it('answers 404 for an unknown bag and an unknown flight', async () => {
    await expect(service.bag(999_999_999)).rejects.toThrow(NotFoundError);
    await expect(service.flightBaggage(999_999_999, 'Europe/Moscow')).rejects.toThrow(RUSH_MESSAGES.noFlight);
  });

  it('lists a flight with its mishandled bags before the others', async () => {
    const [{ flightId }] = await dbh.db
      .select({ flightId: bags.flightId })
      .from(bags)
      .where(eq(bags.status, 'mishandled'))
      .limit(1);
    const { flight, baggage } = await service.flightBaggage(flightId, 'Europe/Moscow');
    expect(flight.id).toBe(flightId);
    const statuses = baggage.map((bag) => bag.status);
    expect(statuses[0]).toBe('mishandled');
    const firstOther = statuses.findIndex((status) => status !== 'mishandled');
    if (firstOther >= 0) expect(statuses.slice(firstOther)).not.toContain('mishandled');
  });

  it('issues the spare tags asked for, ten digits each, all different', async () => {
    const [{ airline }] = await dbh.query<{ airline: number }>(
      `select id as airline from airlines where numeric_code ~ '^[0-9]{3}$' order by id limit 1`,
    );
    const tags = await service.newTags({ count_tag: 3, aviacompany_id: airline }, null);
    expect(tags).toHaveLength(3);
    expect(new Set(tags.map((tag) => tag.new_tag)).size).toBe(3);
    expect(tags.every((tag) => /^\d{10}$/.test(tag.new_tag) && tag.aviacompany_id === airline)).toBe(true);
  });
});
