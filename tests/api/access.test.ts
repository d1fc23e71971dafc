import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { RouteAccess } from '../../src/server/auth/plugin.ts';
import { rulesOf } from '../../src/server/http/access.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, string> = {};
/** The rules each demo user holds, as the server tells them (asked once). */
const held: Record<string, string[]> = {};

beforeAll(async () => {
  app = await createTestApp({ loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer', 'tariff', 'planner']) {
    tokens[login] = await loginAs(app, login);
    const me = await app.inject({ url: '/api/auth/me', headers: bearer(tokens[login]) });
    held[login] = me.json().rules;
  }
});
afterAll(() => app.close());

/** A concrete URL of a route pattern: every `:param` becomes 1, a wildcard a plain segment. */
function concrete(url: string): string {
  return url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
}

/** A demo user holding one of the route's rules, and one holding none. */
function holderOf(route: RouteAccess): { with?: string; without?: string } {
  const rules = rulesOf(route.access);
  const logins = Object.keys(held);
  const holds = (login: string) => rules.some((rule) => held[login].includes(rule));
  return { with: logins.find(holds), without: logins.find((login) => !holds(login)) };
}

describe('when walking every registered route', () => {
  const apiRoutes = () =>
    app.routeAccess.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));

  it('knows every route with its declared access', () => {
    expect(apiRoutes().length).toBeGreaterThan(30);
    for (const route of app.routeAccess) expect(route.access).toBeDefined();
  });

  it('answers 401 without a token on every route that is not declared public', async () => {
    const seen: string[] = [];
    for (const route of apiRoutes()) {
      const res = await app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      if (route.access === 'public') {
        expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
        continue;
      }
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') expect(res.json().message).toBe('Требуется вход в систему');
      seen.push(route.url);
    }
    expect(seen).toContain('/api/v2/aviacompany');
    expect(seen).toContain('/api/auth/me');
  });

  it('answers 403 to a user lacking every declared rule and lets a holder through', async () => {
    for (const route of apiRoutes().filter((r) => rulesOf(r.access).length > 0)) {
      const who = holderOf(route);
      if (who.without) {
        const res = await app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: bearer(tokens[who.without]),
        });
        expect(res.statusCode, `${route.method} ${route.url} as ${who.without}`).toBe(403);
      }
      expect(who.with, `${route.url}: no demo user holds its rules`).toBeDefined();
      const res = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(tokens[who.with as string]),
      });
      expect([401, 403]).not.toContain(res.statusCode);
    }
  });

  it('lets any signed-in user through a session route', async () => {
    // A token of its own, and logout last: walking POST /api/auth/logout ends the session it walks with.
    const token = await loginAs(app, 'viewer');
    const routes = apiRoutes().filter((r) => r.access === 'session');
    const ordered = [
      ...routes.filter((r) => r.url !== '/api/auth/logout'),
      ...routes.filter((r) => r.url === '/api/auth/logout'),
    ];
    for (const route of ordered) {
      const res = await app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(token),
      });
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });

  it('refuses to build an app with an /api route that declares no access', async () => {
    const db = await openTestDb();
    try {
      const built = await buildApp({ db });
      expect(() => built.get('/api/forgotten', async () => ({ secret: true }))).toThrow(
        'GET /api/forgotten declares no access',
      );
      await built.close();
    } finally {
      await db.close();
    }
  });
});

describe('when a gated route is asked for with its rule', () => {
  it('answers 403 to the viewer and 200 to a holder of any one of the rules', async () => {
    const gated = await createTestApp({
      configure: (built) =>
        built.get(
          '/api/test/gated',
          { config: { access: { anyOf: ['calc-index', 'team-all'] } } },
          async () => ({ ok: true }),
        ),
    });
    try {
      const viewer = await gated.inject({
        url: '/api/test/gated',
        headers: bearer(await loginAs(gated, 'viewer')),
      });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().message).toBe('Недостаточно прав для этого действия');
      const planner = await gated.inject({
        url: '/api/test/gated',
        headers: bearer(await loginAs(gated, 'planner')),
      });
      expect(planner.statusCode).toBe(200);
    } finally {
      await gated.close();
    }
  });
});

describe('when the path of an API call is spelt another way', () => {
  it.each([
    '/%61pi/v2/aviacompany',
    '/ap%69/v2/aviacompany',
    '/%61%70%69/v2/aviacompany',
    '/%61pi/auth/me',
    '/%61pi/v1/rule?names[]=x',
  ])('answers 401 to %s without a token, never data or a 500', async (url) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Требуется вход в систему' });
  });

  it('answers data to a percent-encoded path with a token, as the router matched the route', async () => {
    const res = await app.inject({ url: '/%61pi/v2/aviacompany', headers: bearer(tokens.viewer) });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('accepts the bearer scheme in any case', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await app.inject({
        url: '/api/auth/me',
        headers: { authorization: `${scheme} ${tokens.viewer}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('refuses an unknown API path with a JSON 404, token or not', async () => {
    const res = await app.inject({ url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Не найдено' });
  });
});

describe('when answering API calls', () => {
  it('marks login, the session user and data as never to be cached', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: 'viewer', password: 'viewer' },
    });
    const me = await app.inject({ url: '/api/auth/me', headers: bearer(tokens.viewer) });
    const data = await app.inject({ url: '/api/v2/aviacompany', headers: bearer(tokens.viewer) });
    const refused = await app.inject({ url: '/api/v2/aviacompany' });
    for (const res of [login, me, data, refused]) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /api/ready while the database answers, and 503 in Russian when it does not; /api/health either way', async () => {
    const db = await openTestDb();
    const own = await createTestApp({ db });
    try {
      expect((await own.inject({ url: '/api/ready' })).json()).toEqual({ ok: true });
      const query = db.query;
      db.query = () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
      try {
        const down = await own.inject({ url: '/api/ready' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ message: 'База данных недоступна. Повторите запрос позже' });
        expect((await own.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        db.query = query;
      }
    } finally {
      await own.close();
    }
  });

  it('sends HSTS only over https', async () => {
    const plain = await app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const secure = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      await proxied.close();
    }
  });
});
