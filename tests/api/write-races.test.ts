/**
 * Two valid writes racing for one unique row (security probe, session 19). On PostgreSQL both pass the service's
 * "not there yet" check and the second insert meets the unique index; that must answer 409 like the check does,
 * never 500. On the embedded database (one connection) the writes take turns and the check answers: the same 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  admin = bearer(await loginAs(app, 'admin'));
});
afterAll(() => app.close());

/** Pairs of workplaces without a distance entry yet. */
async function freePairs(n: number): Promise<{ from: number; to: number }[]> {
  return db.query<{ from: number; to: number }>(
    `select a.id as "from", b.id as "to" from workplaces a join workplaces b on a.id <> b.id
     where not exists (select 1 from workplace_distances d where d.workplace_from_id = a.id and d.workplace_to_id = b.id)
     order by a.id, b.id limit $1`,
    [n],
  );
}

describe('concurrent creates of one unique row', () => {
  it('answers 409 to the losers of a workplace-distance create race, never 500, and stores one entry', async () => {
    for (const pair of await freePairs(5)) {
      const create = () =>
        app.inject({
          method: 'POST',
          url: '/api/v2/workplace-distance',
          headers: admin,
          payload: { create: [{ workplace_from_id: pair.from, workplace_to_id: pair.to, distance: 12 }] },
        });
      const answers = await Promise.all([create(), create(), create(), create()]);
      const statuses = answers.map((res) => res.statusCode).sort();
      expect(statuses, answers.map((res) => res.body).join('\n')).toEqual([200, 409, 409, 409]);
      for (const res of answers.filter((r) => r.statusCode === 409))
        expect(res.json().message).toMatch(/[а-я]/);
      const [{ n }] = await db.query<{ n: number }>(
        'select count(*)::int as n from workplace_distances where workplace_from_id = $1 and workplace_to_id = $2',
        [pair.from, pair.to],
      );
      expect(n).toBe(1);
    }
  });
});
