import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { createTestApp } from '../support/testApp.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const limits = { perLogin: 3, perAddress: 5, windowMs: 15 * 60_000 };
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ loginLimits: limits });
});
afterAll(() => app.close());

function attempt(
  target: TestApp,
  login: string,
  password: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) {
  return target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    headers,
    remoteAddress,
  });
}

const clearFailures = () => app.dbh.query('delete from login_failures');

describe('when logins fail', () => {
  it('answers 429 to a login past its failures, even with the right password, in Russian', async () => {
    await clearFailures();
    for (let i = 0; i < 3; i += 1) expect((await attempt(app, 'admin', 'wrong')).statusCode).toBe(401);
    const res = await attempt(app, 'admin', 'admin');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Слишком много неудачных попыток входа. Повторите через 15 мин.' });
    // Other users behind the same address still sign in.
    expect((await attempt(app, 'planner', 'planner')).statusCode).toBe(200);
  });

  it('answers an unknown login exactly as a known one', async () => {
    await clearFailures();
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 4; i += 1) {
      const a = await attempt(app, 'tariff', 'wrong', {}, '10.0.0.1');
      const b = await attempt(app, 'no-such-user', 'wrong', {}, '10.0.0.2');
      known.push([a.statusCode, a.json()]);
      unknown.push([b.statusCode, b.json()]);
    }
    expect(unknown).toEqual(known);
    expect(known.map((entry) => (entry as [number])[0])).toEqual([401, 401, 401, 429]);
  });

  it('does not count successful logins', async () => {
    await clearFailures();
    for (let i = 0; i < 8; i += 1) expect((await attempt(app, 'viewer', 'viewer')).statusCode).toBe(200);
  });

  it('answers 429 to an address past its failures over many logins, whatever the login', async () => {
    await clearFailures();
    for (let i = 0; i < 5; i += 1) expect((await attempt(app, `guess-${i}`, 'wrong')).statusCode).toBe(401);
    expect((await attempt(app, 'viewer', 'viewer')).statusCode).toBe(429);
  });

  it('keeps the counts in the database, so another server process refuses the same login', async () => {
    await clearFailures();
    const second = await buildApp({ db: app.dbh, loginLimits: limits });
    try {
      for (let i = 0; i < 3; i += 1) expect((await attempt(app, 'planner', 'wrong')).statusCode).toBe(401);
      expect((await attempt(second, 'planner', 'planner')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('when the server stands behind proxies', () => {
  const forwarded = (chain: string) => ({ 'x-forwarded-for': chain });

  it('with TRUST_PROXY=1 counts only the address the last proxy saw', async () => {
    const proxied = await createTestApp({ loginLimits: { ...limits, perAddress: 2 }, trustProxy: 1 });
    try {
      expect((await attempt(proxied, 'g1', 'x', forwarded('203.0.113.9, 198.51.100.7'))).statusCode).toBe(
        401,
      );
      expect((await attempt(proxied, 'g2', 'x', forwarded('192.0.2.44, 198.51.100.7'))).statusCode).toBe(401);
      const rows = await proxied.dbh.query<{ address: string }>(
        'select distinct address from login_failures',
      );
      expect(rows).toEqual([{ address: '198.51.100.7' }]);
      // A forged first entry does not make a new client; a different last hop does.
      expect(
        (await attempt(proxied, 'viewer', 'viewer', forwarded('10.9.9.9, 198.51.100.7'))).statusCode,
      ).toBe(429);
      expect(
        (await attempt(proxied, 'viewer', 'viewer', forwarded('203.0.113.9, 198.51.100.8'))).statusCode,
      ).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('without TRUST_PROXY ignores X-Forwarded-For', async () => {
    const direct = await createTestApp({ loginLimits: { ...limits, perAddress: 2 } });
    try {
      expect((await attempt(direct, 'g1', 'x', forwarded('198.51.100.1'))).statusCode).toBe(401);
      expect((await attempt(direct, 'g2', 'x', forwarded('198.51.100.2'))).statusCode).toBe(401);
      const rows = await direct.dbh.query<{ address: string }>('select distinct address from login_failures');
      expect(rows).toEqual([{ address: '127.0.0.1' }]);
      expect((await attempt(direct, 'viewer', 'viewer', forwarded('198.51.100.3'))).statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
