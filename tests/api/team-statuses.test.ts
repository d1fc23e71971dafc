/** Team statuses come with the migrations, so a database without the demo airport can create teams too. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEAM_STATUS } from '../../src/shared/team-planning.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

it('lists every team status on a database without the demo airport', async () => {
  const res = await app.inject({
    url: '/api/team-planning/team-status',
    headers: bearer(await loginAs(app, 'admin')),
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json() as { id: number }[]).map((status) => status.id).sort((a, b) => a - b);
  expect(ids).toEqual(Object.values(TEAM_STATUS).sort((a, b) => a - b));
});
