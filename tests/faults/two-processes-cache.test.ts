/**
 * The in-memory caches of two server processes on one PostgreSQL (docs/DECISIONS.md, "Answer cache"): an answer or a
 * session lookup one process holds goes once the other process writes, as soon as the NOTIFY of the write arrives.
 * Only with DATABASE_URL, like two-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestDatabase,
  type Server,
  signIn,
  startServer,
  stopAll,
  type TestDatabase,
} from './servers.ts';

const url = process.env.DATABASE_URL;
const ENV = { DEMO_DAYS: '1', DEMO_SCALE: '0.2', LOGIN_RATE_LIMIT: '10000' };
const SETTING = '/v2/config/time-show-unfinished-tasks';

/** Calls until the answer's status is `status` or a second has gone (the NOTIFY's way to the other process). */
async function statusWithin(check: () => Promise<{ status: number }>, status: number): Promise<number> {
  const deadline = Date.now() + 1_000;
  for (;;) {
    const { status: got } = await check();
    if (got === status || Date.now() > deadline) return got;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!url)('the caches of two server processes on one PostgreSQL (only with DATABASE_URL)', () => {
  let database: TestDatabase;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startServer({ ...database.env, ...ENV });
    b = await startServer({ ...database.env, ...ENV });
  }, 300_000);

  afterAll(async () => {
    await stopAll();
    await database?.drop();
  });

  it('a list one process holds is answered anew once the other writes', async () => {
    const headers = await signIn(a.base, 'admin');
    const before = (await call(a.base, headers, 'GET', SETTING)).body as { value: number };
    const { 'content-type': _, ...bare } = headers;
    const held = await fetch(`${a.base}/api${SETTING}`, { headers: bare });
    expect(held.headers.get('x-answer-cache')).toBe('hit');
    const value = before.value === 77 ? 78 : 77;
    expect((await call(b.base, headers, 'PATCH', SETTING, { value })).status).toBe(200);
    const deadline = Date.now() + 1_000;
    let seen = before.value;
    while (seen !== value && Date.now() < deadline) {
      seen = ((await call(a.base, headers, 'GET', SETTING)).body as { value: number }).value;
    }
    expect(seen).toBe(value);
  });

  it('a session both processes hold ends on both with a logout on one', async () => {
    const headers = await signIn(a.base, 'planner');
    for (const server of [a, b, a, b])
      expect((await call(server.base, headers, 'GET', '/auth/me')).status).toBe(200);
    for (const server of [a, b, a, b])
      expect((await call(server.base, headers, 'GET', SETTING)).status).toBe(200);
    expect((await call(b.base, headers, 'POST', '/auth/logout')).status).toBeLessThan(300);
    expect((await call(b.base, headers, 'GET', SETTING)).status).toBe(401);
    expect(await statusWithin(() => call(a.base, headers, 'GET', SETTING), 401)).toBe(401);
  });
});
