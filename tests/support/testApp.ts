import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, buildApp } from '../../src/server/app.ts';
import { syncCatalogue } from '../../src/server/auth/catalogue.ts';
import { seedDemoUsers } from '../../src/server/auth/demoUsers.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { createAuthService } from '../../src/server/auth/service.ts';
import { type DbHandle, openDb } from '../../src/server/db/client.ts';
import { roleRules, roles, userRoles, users } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import type { RuleName } from '../../src/shared/rules.ts';
import { withDatabase } from './globalDb.ts';

/**
 * Drops a test database once its last connection has gone. Not `with (force)`: terminating a connection that the
 * pool is still closing raises an error on that connection, which nobody is listening to any more.
 */
async function dropWhenFree(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** A fresh migrated database for one test file: a copy of the run's template (PGlite dump or PostgreSQL template). */
export async function openTestDb(): Promise<DbHandle> {
  const template = inject('dbTemplate');
  const url = process.env.DATABASE_URL;
  if (!url) return openDb({ loadDataDir: template });
  const name = `gow_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  const handle = await openDb({ databaseUrl: withDatabase(url, name) });
  const close = handle.close;
  handle.close = async () => {
    await close();
    await dropWhenFree(admin, name);
    await admin.end();
  };
  return handle;
}

/** Builds the app on a fresh database with the rule catalogue and the demo users. */
export async function createTestApp(
  options: Partial<AppOptions> & { configure?: (app: Awaited<ReturnType<typeof buildApp>>) => void } = {},
) {
  const db = options.db ?? (await openTestDb());
  await syncCatalogue(db);
  await seedDemoUsers(db, createAuthService(db));
  const app = await buildApp({ db, closeDbOnClose: true, ...options });
  options.configure?.(app);
  await app.ready();
  return app;
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Logs a demo user in (password = login) and answers the bearer token. */
export async function loginAs(app: TestApp, login: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password: login },
  });
  if (res.statusCode !== 200) throw new Error(`login ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/**
 * Creates a user whose only role (named like the login) holds exactly these rules, signs them in and answers the
 * bearer token: the "holds one rule but not the other" user of the 403 tests.
 */
export async function loginHolding(app: TestApp, login: string, rules: readonly RuleName[]): Promise<string> {
  const password = 'secret-password';
  const [role] = await app.db.insert(roles).values({ name: login, title: login }).returning();
  await app.db.insert(roleRules).values(rules.map((ruleName) => ({ roleId: role.id, ruleName })));
  const [user] = await app.db
    .insert(users)
    .values({ login, name: login, passwordHash: await hashPassword(password) })
    .returning();
  await app.db.insert(userRoles).values({ userId: user.id, roleId: role.id });
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });
  if (res.statusCode !== 200) throw new Error(`login ${login} failed: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

/** `{authorization: 'Bearer …'}` for app.inject. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/**
 * An app on a small demo airport with one signed-in user, and `get(url)` sending that user's token.
 * The reference date is fixed so answers do not depend on the day the tests run.
 */
export async function createDemoTestApp(login: string, demo: { days: number; referenceDate: string }) {
  const db = await openTestDb();
  await loadDemoAirport(db, demo);
  const app = await createTestApp({ db });
  const auth = bearer(await loginAs(app, login));
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api${url}`, headers: { ...auth, ...headers } });
  return { app, get };
}
