/**
 * The GET answer cache over HTTP (docs/DECISIONS.md, "Answer cache"): hits, read-your-writes through the API and
 * through the handle, rollbacks, users and time zones kept apart, the write that lands while an answer is built,
 * and the session lookups that logout and a disabled user end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIT_HEADER, NEVER_CACHED } from '../../src/server/http/answerCachePlugin.ts';
import { bearer, createTestApp, loginAs, loginHolding } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
/** Lets the probe route's next build go on (set while one waits). */
let release: (() => void) | undefined;
let gate: Promise<void> | undefined;
let builds = 0;

beforeAll(async () => {
  app = await createTestApp({
    loginRateLimit: 1000,
    configure: (instance) => {
      // A list whose build the test can hold halfway, between its read and its answer.
      instance.get('/api/cache-probe', { config: { access: 'session' } }, async (request, reply) => {
        builds += 1;
        const rows = await instance.dbh.query<{ id: number }>('select id from cache_probe order by id');
        if (gate) await gate;
        reply.header('x-pagination-total-count', String(rows.length));
        return { ids: rows.map((row) => row.id), zone: request.timeZone };
      });
    },
  });
  await app.dbh.exec('create table cache_probe (id int primary key)');
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
});
afterAll(() => app.close());

const get = (url: string, as = 'admin', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/api${url}`, headers: { ...tokens[as], ...headers } });

describe('a GET list asked again', () => {
  it('is answered from the cache, headers and all', async () => {
    const first = await get('/cache-probe');
    const before = builds;
    const second = await get('/cache-probe');
    expect(first.headers[HIT_HEADER]).toBeUndefined();
    expect(second.headers[HIT_HEADER]).toBe('hit');
    expect(second.json()).toEqual(first.json());
    expect(second.headers['x-pagination-total-count']).toBe('0');
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(builds).toBe(before);
  });

  it('is compressed once for clients that take brotli', async () => {
    await app.dbh.exec('insert into cache_probe select generate_series(1000, 1400)');
    const plain = await get('/cache-probe');
    const compressed = await get('/cache-probe', 'admin', { 'accept-encoding': 'br' });
    expect(compressed.headers[HIT_HEADER]).toBe('hit');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    await app.dbh.exec('delete from cache_probe');
  });
});

describe('routes never cached', () => {
  it('are all registered GET routes (a renamed one would be cached unnoticed)', () => {
    const gets = new Set(app.routeAccess.filter((route) => route.method === 'GET').map((route) => route.url));
    expect([...NEVER_CACHED].filter((url) => !gets.has(url))).toEqual([]);
  });
});

describe('a committed write', () => {
  it('through the API is read back at once', async () => {
    const url = '/v2/config/time-show-unfinished-tasks';
    await get(url);
    expect((await get(url)).headers[HIT_HEADER]).toBe('hit');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api${url}`,
      headers: tokens.admin,
      payload: { value: 95 },
    });
    expect(patched.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers[HIT_HEADER]).toBeUndefined();
    expect(after.json().value).toBe(95);
  });

  it('through the database handle (a service, a transaction) is read back at once', async () => {
    await get('/cache-probe');
    await app.dbh.query('insert into cache_probe values (1)');
    expect((await get('/cache-probe')).json().ids).toEqual([1]);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into cache_probe values (2)`);
    });
    expect((await get('/cache-probe')).json().ids).toEqual([1, 2]);
  });

  it('rolled back leaves the cached answer standing', async () => {
    await get('/cache-probe');
    await expect(
      app.db.transaction(async (tx) => {
        await tx.execute(sql`insert into cache_probe values (3)`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await get('/cache-probe');
    expect(after.headers[HIT_HEADER]).toBe('hit');
    expect(after.json().ids).toEqual([1, 2]);
  });

  it('landing while an answer is built keeps that answer out of the cache', async () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const building = get('/cache-probe'); // reads [1, 2], then waits
    while (!release || builds === 0) await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await app.dbh.query('insert into cache_probe values (4)');
    gate = undefined;
    release?.();
    expect((await building).json().ids).toEqual([1, 2]);
    const after = await get('/cache-probe');
    expect(after.headers[HIT_HEADER]).toBeUndefined();
    expect(after.json().ids).toEqual([1, 2, 4]);
  });
});

describe('the listening connection lost (PostgreSQL)', () => {
  it.runIf(process.env.DATABASE_URL)(
    'empties the cache as it is lost and again once it is back: notices of that time were not heard',
    async () => {
      await get('/cache-probe');
      expect((await get('/cache-probe')).headers[HIT_HEADER]).toBe('hit');
      const ended = await app.dbh.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
      );
      expect(ended.length).toBeGreaterThan(0);
      /** Asks until the answer is built again (not a hit); answers how long that took. */
      const untilRebuilt = async () => {
        const started = Date.now();
        while ((await get('/cache-probe')).headers[HIT_HEADER] === 'hit' && Date.now() - started < 5000)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return Date.now() - started;
      };
      // Lost: emptied as soon as the connection reports its end, well before it is reopened (after a second).
      expect(await untilRebuilt()).toBeLessThan(900);
      expect((await get('/cache-probe')).headers[HIT_HEADER]).toBe('hit');
      // Back: emptied again.
      expect(await untilRebuilt()).toBeLessThan(5000);
    },
  );
});

describe('callers asking the same answer at once', () => {
  it('share one build', async () => {
    await app.dbh.query('insert into cache_probe values (5)');
    const before = builds;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/cache-probe')));
    expect(answers.map((res) => res.json().ids)).toEqual(Array(5).fill([1, 2, 4, 5]));
    expect(builds - before).toBe(1);
  });
});

describe('answers are kept apart', () => {
  it('by user: another user never gets the first one’s answer, nor passes a rule check through it', async () => {
    const first = await get('/cache-probe', 'admin');
    expect((await get('/cache-probe', 'admin')).headers[HIT_HEADER]).toBe('hit');
    const other = await get('/cache-probe', 'viewer');
    expect(other.headers[HIT_HEADER]).toBeUndefined();
    expect(other.json()).toEqual(first.json());
    expect((await get('/audit?per-page=5', 'admin')).statusCode).toBe(200);
    expect((await get('/audit?per-page=5', 'admin')).headers[HIT_HEADER]).toBe('hit');
    expect((await get('/audit?per-page=5', 'viewer')).statusCode).toBe(403);
  });

  it('by time zone: the same list in another zone has its own wall-clock times', async () => {
    await loginHolding(app, 'zone-probe', ['tariff-vip-field-create']); // a few audited writes
    const moscow = await get('/audit?per-page=5', 'admin', { 'time-zone': 'Europe/Moscow' });
    const utc = await get('/audit?per-page=5', 'admin', { 'time-zone': 'UTC' });
    expect((await get('/audit?per-page=5', 'admin', { 'time-zone': 'UTC' })).headers[HIT_HEADER]).toBe('hit');
    expect(utc.headers[HIT_HEADER]).toBeUndefined();
    expect(moscow.json().length).toBeGreaterThan(0);
    expect(utc.json()).not.toEqual(moscow.json());
    expect((await get('/cache-probe', 'admin', { 'time-zone': 'UTC' })).json().zone).toBe('UTC');
  });
});

describe('held session lookups', () => {
  it('end with a logout, and with the user disabled, at once', async () => {
    const token = bearer(await loginAs(app, 'planner'));
    const me = () =>
      app.inject({ method: 'GET', url: '/api/v2/config/time-show-unfinished-tasks', headers: token });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: token })).statusCode).toBe(
      204,
    );
    expect((await me()).statusCode).toBe(401);

    const again = bearer(await loginAs(app, 'planner'));
    const meAgain = () =>
      app.inject({ method: 'GET', url: '/api/v2/config/time-show-unfinished-tasks', headers: again });
    expect((await meAgain()).statusCode).toBe(200);
    await app.dbh.query("update users set enabled = false where login = 'planner'");
    expect((await meAgain()).statusCode).toBe(401);
    await app.dbh.query("update users set enabled = true where login = 'planner'");
  });
});
