import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await createTestApp();
  admin = bearer(await loginAs(app, 'admin'));
});
afterAll(() => app.close());

describe('team planning lists', () => {
  it('answers the team statuses', async () => {
    const res = await app.inject({ url: '/api/team-planning/team-status', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});
