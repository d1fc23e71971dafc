/**
 * Rush tags under concurrency: 50 requests at once on one app (PGlite or PostgreSQL), and on PostgreSQL the same
 * spread over two app instances sharing one database, as two server processes behind a balancer would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/client.ts';
import { airlines } from '../../src/server/db/schema/index.ts';
import { type NewTag, RUSH_MESSAGES, SPARE_TAGS_PER_DAY } from '../../src/shared/rush-baggage.ts';
import { withDatabase } from '../support/globalDb.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildApp>> | null = null;
let auth: Record<string, string>;
let airlineId: number;

beforeAll(async () => {
  app = await createTestApp({ loginRateLimit: 1000 });
  auth = bearer(await loginAs(app, 'viewer'));
  const [row] = await app.db
    .insert(airlines)
    .values({ nameRu: 'Аэрофлот', nameEn: 'Aeroflot', iataCode: 'SU', numericCode: '555', countryCode: 'RU' })
    .returning();
  airlineId = row.id;
  const url = process.env.DATABASE_URL;
  if (url) {
    const [{ name }] = await app.dbh.query<{ name: string }>('select current_database() as name');
    second = await buildApp({
      db: await openDb({ databaseUrl: withDatabase(url, name) }),
      closeDbOnClose: true,
    });
    await second.ready();
  }
});
afterAll(async () => {
  await second?.close();
  await app.close();
});

const issue = (target: typeof app | NonNullable<typeof second>, count: number) =>
  target.inject({
    method: 'POST',
    url: '/api/rush-baggage',
    headers: auth,
    payload: { count_tag: count, aviacompany_id: airlineId },
  });

/** The tags of 200 answers; fails on any other status. */
function tagsOf(answers: Awaited<ReturnType<typeof issue>>[]): string[] {
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
  return answers.flatMap((a) => (a.json() as NewTag[]).map((t) => t.new_tag));
}

describe('rush tags issued at once', () => {
  it('are unique and gapless across 50 concurrent requests', async () => {
    const tags = tagsOf(await Promise.all(Array.from({ length: 50 }, (_, i) => issue(app, 1 + (i % 3)))));
    expect(tags).toHaveLength(99);
    expect(new Set(tags).size).toBe(99);
    for (const tag of tags) expect(tag).toMatch(/^2555\d{6}$/);
    const serials = tags.map((t) => Number(t.slice(4))).sort((a, b) => a - b);
    expect(serials).toEqual(serials.map((_, i) => serials[0] + i));
  });

  it.runIf(process.env.DATABASE_URL)('are unique across two app instances on one PostgreSQL', async () => {
    const both = [app, second!];
    const tags = tagsOf(await Promise.all(Array.from({ length: 50 }, (_, i) => issue(both[i % 2], 2))));
    expect(new Set(tags).size).toBe(100);
  });
});

describe('spare tags of one carrier in a day', () => {
  it(`stop at ${SPARE_TAGS_PER_DAY}, also when the last ones are asked at once, and refused ones use no serial`, async () => {
    const [row] = await app.db
      .insert(airlines)
      .values({ nameRu: 'ЮТэйр', nameEn: 'Utair', iataCode: 'UT', numericCode: '298', countryCode: 'RU' })
      .returning();
    const spare = (count: number) =>
      app.inject({
        method: 'POST',
        url: '/api/rush-baggage',
        headers: auth,
        payload: { count_tag: count, aviacompany_id: row.id },
      });
    for (let i = 0; i < SPARE_TAGS_PER_DAY / 100 - 1; i += 1) expect((await spare(100)).statusCode).toBe(200);
    const last = await Promise.all(Array.from({ length: 6 }, () => spare(50)));
    expect(last.filter((a) => a.statusCode === 200)).toHaveLength(2);
    const refused = last.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual([422, 422, 422, 422]);
    expect(refused[0].json().fields).toEqual({ count_tag: [RUSH_MESSAGES.spareTagsPerDay(0)] });
    const [{ n, top }] = await app.dbh.query<{ n: number; top: number }>(
      'select count(*)::int as n, max(serial) as top from rush_tags where airline_id = $1',
      [row.id],
    );
    expect({ n, top }).toEqual({ n: SPARE_TAGS_PER_DAY, top: SPARE_TAGS_PER_DAY });
    // Another carrier is not held back by this one's day.
    expect((await issue(app, 1)).statusCode).toBe(200);
  });
});
