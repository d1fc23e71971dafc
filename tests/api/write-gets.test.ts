/**
 * The spec's GETs that write (divide, combine, delete a flight-table row) answer no HEAD (security probe, session 19):
 * Fastify gives every GET a HEAD twin that runs the same handler, so `curl -I …/v1/race/delete?id=5`, a link checker
 * or a monitoring probe deleted the row while reading nothing back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { NEVER_CACHED } from '../../src/server/http/answerCachePlugin.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let viewer: Record<string, string>;

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 0, scale: 0.05, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  viewer = bearer(await loginAs(app, 'viewer'));
});
afterAll(() => app.close());

const WRITING_GETS = ['/api/race/divide-flight/:aid', '/api/race/combine-flight', '/api/v1/race/delete'];

/** A paired row (arrival and departure) and the count of rows and flights. */
async function state() {
  const [row] = await db.query<{ aid: number; arrival: number; departure: number }>(
    `select aid, arrival_flight_id as arrival, departure_flight_id as departure from turnarounds
     where arrival_flight_id is not null and departure_flight_id is not null order by aid limit 1`,
  );
  const [counts] = await db.query<{ rows: number; flights: number }>(
    'select (select count(*)::int from turnarounds) as rows, (select count(*)::int from flights) as flights',
  );
  return { row, counts };
}

describe('GETs that write', () => {
  it('are the routes the answer cache never holds for that reason, and have no HEAD route', () => {
    for (const url of WRITING_GETS) {
      expect(NEVER_CACHED.has(url)).toBe(true);
      const methods = app.routeAccess.filter((route) => route.url === url).map((route) => route.method);
      expect(methods, url).toEqual(['GET']);
    }
  });

  it('answer a HEAD with 404 and write nothing', async () => {
    const before = await state();
    expect(before.row).toBeDefined();
    const { aid, arrival, departure } = before.row;
    for (const url of [
      `/api/v1/race/delete?id=${aid}`,
      `/api/race/divide-flight/${aid}`,
      `/api/race/combine-flight?arrivalFlightId=${arrival}&departureFlightId=${departure}`,
    ]) {
      const res = await app.inject({ method: 'HEAD', url, headers: viewer });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await state()).toEqual(before);
    // The GET itself still works (the spec's call).
    const res = await app.inject({ method: 'GET', url: `/api/race/divide-flight/${aid}`, headers: viewer });
    expect(res.statusCode, res.body).toBe(200);
  });
});
