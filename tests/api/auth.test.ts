import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyRule } from '../../src/server/http/access.ts';
import { RULE_NAMES } from '../../src/shared/rules.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({
    loginRateLimit: 100,
    sessionTtlMs: 1500,
    configure: (built) =>
      built.get('/api/test/gated', { config: { access: anyRule('calc-index', 'team-all') } }, async () => ({
        ok: true,
      })),
  });
});
afterAll(() => app.close());

describe('when logging in', () => {
  it('answers a token and the user with their rules for a right password', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'tariff', password: 'tariff' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.login).toBe('tariff');
    expect(body.user.rules).toContain('tariff-calc-create');
    expect(body.user.rules).not.toContain('calc-index');
  });

  it('refuses a wrong password and an unknown login with the same 401 message', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'admin', password: 'nope' },
    });
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'ghost', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Неверный логин или пароль' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 422 with the field when the login is empty', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: '', password: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.login).toEqual(['Поле обязательно для заполнения']);
  });

  it('answers 400 with the JSON error shape for malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": ',
    });
    expect(res.statusCode).toBe(400);
    // Only a Russian message: no field, nothing of the input echoed.
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(/^Некорректн/);
  });
});

describe('when using a session', () => {
  it('answers the current user for a valid token', async () => {
    const token = await loginAs(app, 'planner');
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().login).toBe('planner');
  });

  it('refuses a request without a token, with a made-up token, and after logout', async () => {
    expect((await app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer('made-up') })).statusCode).toBe(401);
    const token = await loginAs(app, 'viewer');
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Требуется вход в систему' });
  });

  it('refuses an expired token', async () => {
    const token = await loginAs(app, 'viewer');
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('when asking for rules', () => {
  it('answers the subset of the named rules the user holds', async () => {
    const token = await loginAs(app, 'planner');
    const res = await app.inject({
      url: '/api/v1/rule?names[]=calc-index&names[]=tariff-calc-create&names[]=team-all',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['calc-index', 'team-all']);
  });

  it('answers an empty list for a user with no rules', async () => {
    const token = await loginAs(app, 'viewer');
    const res = await app.inject({ url: '/api/v1/rule?names[]=calc-index', headers: bearer(token) });
    expect(res.json()).toEqual([]);
  });

  it('answers every catalogued rule to the administrator', async () => {
    const token = await loginAs(app, 'admin');
    const res = await app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect([...res.json().rules].sort()).toEqual([...RULE_NAMES].sort());
  });
});

describe('when a route is gated by rules', () => {
  it('refuses a user without any of the rules with 403', async () => {
    const token = await loginAs(app, 'tariff');
    const res = await app.inject({ url: '/api/test/gated', headers: bearer(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Недостаточно прав для этого действия' });
  });

  it('lets a user with one of the rules through', async () => {
    const token = await loginAs(app, 'planner');
    const res = await app.inject({ url: '/api/test/gated', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
  });
});

describe('when the login is flooded', () => {
  it('answers 429 past the requests per minute of one address, whatever their outcome', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    const statuses: number[] = [];
    for (const password of ['admin', 'admin', 'admin', 'admin']) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: 'admin', password },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await limited.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'x', password: 'y' },
    });
    expect(res.json()).toEqual({ message: 'Слишком много попыток входа. Повторите через минуту' });
    await limited.close();
  });
});
