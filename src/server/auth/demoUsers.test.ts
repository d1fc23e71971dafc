import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from '../db/client.ts';
import { syncCatalogue } from './catalogue.ts';
import { enabledDemoLogins, hasUsers, markKnownDemoUsers, seedDemoUsers } from './demoUsers.ts';
import { createAuthService } from './service.ts';
import { createUserAdmin } from './users.ts';

let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
  await syncCatalogue(db);
});
afterAll(() => db.close());

describe('when seeding the demo users', () => {
  it('creates the five demo users, marked, into a database without users', async () => {
    expect(await hasUsers(db)).toBe(false);
    expect(await seedDemoUsers(db, createAuthService(db))).toBe(true);
    expect(await enabledDemoLogins(db)).toEqual(['admin', 'planner', 'tariff', 'viewer', 'brigadir']);
    expect(await createAuthService(db).mode()).toEqual({ demo: true });
  });

  it('adds nobody once any user exists', async () => {
    expect(await seedDemoUsers(db, createAuthService(db))).toBe(false);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from users');
    expect(row.n).toBe(5);
  });

  it('leaves demo mode once no demo user is enabled', async () => {
    await db.query(
      "update users set enabled = false where login in ('admin', 'planner', 'tariff', 'brigadir')",
    );
    expect(await createAuthService(db).mode()).toEqual({ demo: true });
    await db.query("update users set enabled = false where login = 'viewer'");
    expect(await createAuthService(db).mode()).toEqual({ demo: false });
    await db.query('update users set enabled = true');
  });
});

describe('when a database from before the demo mark starts', () => {
  it('marks the demo logins whose password is still the login, and no other', async () => {
    await db.query("update users set is_demo = false where login in ('admin', 'planner')");
    await createUserAdmin(db).setPassword('planner', 'planner-changed');
    expect(await markKnownDemoUsers(db)).toEqual(['admin']);
    expect(await enabledDemoLogins(db)).toEqual(['admin', 'tariff', 'viewer', 'brigadir']);
  });
});
