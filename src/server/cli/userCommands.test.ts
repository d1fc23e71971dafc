import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import { syncCatalogue } from '../auth/catalogue.ts';
import { seedDemoUsers } from '../auth/demoUsers.ts';
import { createAuthService } from '../auth/service.ts';
import { createUserAdmin } from '../auth/users.ts';
import type { DbHandle } from '../db/client.ts';
import { CommandError, runUserCommand } from './userCommands.ts';

let db: DbHandle;
let auth: ReturnType<typeof createAuthService>;

beforeAll(async () => {
  db = await openTestDb();
  await syncCatalogue(db);
  auth = createAuthService(db);
  await seedDemoUsers(db, auth);
});
afterAll(() => db.close());

/** Runs a command as `echo <password> | npm run user -- ...` would. */
const run = (argv: string, password = '') =>
  runUserCommand(argv.split(' '), {
    admin: createUserAdmin(db),
    auth,
    readPassword: async () => password,
  });

const canLogIn = async (login: string, password: string) =>
  auth.login(login, password).then(
    () => true,
    () => false,
  );

describe('when adding a user', () => {
  it('creates a user who can sign in with the password from stdin', async () => {
    expect(await run('add ivanov --role planner --name Иванов', 'secret-123')).toMatch(
      /^user ivanov created/,
    );
    expect(await canLogIn('ivanov', 'secret-123')).toBe(true);
  });

  it('refuses a password shorter than the minimum or equal to the login', async () => {
    await expect(run('add sidorov --role viewer', 'short')).rejects.toThrow(/at least 8 characters/);
    await expect(run('add sidorova --role viewer', 'SIDOROVA')).rejects.toThrow(/must not equal the login/);
    expect(await createUserAdmin(db).userId('sidorov')).toBeUndefined();
    expect(await createUserAdmin(db).userId('sidorova')).toBeUndefined();
  });

  it('refuses a blank, an overlong or a common password', async () => {
    await expect(run('add petrov --role viewer', ' '.repeat(8))).rejects.toThrow(/only spaces/);
    await expect(run('add petrov --role viewer', 'x'.repeat(257))).rejects.toThrow(/at most 256 characters/);
    await expect(run('add petrov --role viewer', 'Qwerty123')).rejects.toThrow(/too common/);
    expect(await createUserAdmin(db).userId('petrov')).toBeUndefined();
  });

  it('refuses an existing login and an unknown role without asking for a password', async () => {
    await expect(run('add ivanov --role viewer', 'secret-123')).rejects.toThrow('user ivanov already exists');
    await expect(run('add kuznetsov --role pilot', 'secret-123')).rejects.toThrow('no role pilot');
  });
});

describe('when giving a user a department', () => {
  it('sets and clears the department the team rules limit the user to, and refuses unknown ones', async () => {
    const [{ id }] = await db.query<{ id: number }>(
      "insert into departments (name, full_name) values ('СНО', 'Служба наземного обслуживания') returning id",
    );
    expect(await run(`department planner ${id}`)).toBe(`planner plans department ${id}`);
    const departmentOf = async () =>
      (await db.query<{ d: number | null }>("select department_id d from users where login = 'planner'"))[0]
        .d;
    expect(await departmentOf()).toBe(id);
    await expect(run(`department planner ${id + 1000}`)).rejects.toThrow(`no department ${id + 1000}`);
    await expect(run('department planner x')).rejects.toBeInstanceOf(CommandError);
    await expect(run(`department nobody ${id}`)).rejects.toThrow('no user nobody');
    expect(await run('department planner none')).toBe('planner has no department');
    expect(await departmentOf()).toBeNull();
  });
});

describe('when listing users', () => {
  it('shows login, name, roles, enabled and demo for every user', async () => {
    const lines = (await run('list')).split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['login', 'name', 'roles', 'enabled', 'demo']);
    expect(lines.find((line) => line.startsWith('admin '))?.split(/\s{2,}/)).toEqual([
      'admin',
      'Администратор Демо',
      'admin',
      'yes',
      'yes',
    ]);
    expect(lines.find((line) => line.startsWith('ivanov '))?.split(/\s{2,}/)).toEqual([
      'ivanov',
      'Иванов',
      'planner',
      'yes',
      'no',
    ]);
  });
});

describe('when setting a password', () => {
  it('changes it, ends the sessions and clears the demo mark', async () => {
    const { token } = await auth.login('tariff', 'tariff');
    expect(await run('passwd tariff', 'new-tariff-pass')).toContain('password of tariff changed');
    await expect(auth.authenticate(token)).rejects.toMatchObject({ statusCode: 401 });
    expect(await canLogIn('tariff', 'tariff')).toBe(false);
    expect(await canLogIn('tariff', 'new-tariff-pass')).toBe(true);
    const [row] = await db.query<{ is_demo: boolean }>("select is_demo from users where login = 'tariff'");
    expect(row.is_demo).toBe(false);
  });

  it('refuses the login as the password and an unknown user', async () => {
    await expect(run('passwd ivanov', 'short')).rejects.toThrow(CommandError);
    await expect(run('passwd ivanov', 'ivanov')).rejects.toThrow(/must not equal the login/);
    await expect(run('passwd ghost', 'secret-123')).rejects.toThrow('no user ghost');
  });
});

describe('when disabling and enabling a user', () => {
  it('ends the sessions at once and refuses the login until enabled again', async () => {
    const { token } = await auth.login('ivanov', 'secret-123');
    expect(await run('disable ivanov')).toContain('user ivanov disabled');
    await expect(auth.authenticate(token)).rejects.toMatchObject({ statusCode: 401 });
    expect(await canLogIn('ivanov', 'secret-123')).toBe(false);
    expect((await run('list')).split('\n').find((line) => line.startsWith('ivanov '))).toMatch(/\sno\s+no$/);
    expect(await run('enable ivanov')).toBe('user ivanov enabled');
    expect(await canLogIn('ivanov', 'secret-123')).toBe(true);
  });
});

describe('when logging a user out everywhere', () => {
  it('ends every session of that user and no one else’s', async () => {
    const first = await auth.login('planner', 'planner');
    const second = await auth.login('planner', 'planner');
    const other = await auth.login('viewer', 'viewer');
    expect(await run('logout-all planner')).toBe('2 session(s) of planner ended');
    await expect(auth.authenticate(first.token)).rejects.toMatchObject({ statusCode: 401 });
    await expect(auth.authenticate(second.token)).rejects.toMatchObject({ statusCode: 401 });
    expect((await auth.authenticate(other.token)).login).toBe('viewer');
    expect(await canLogIn('planner', 'planner')).toBe(true);
  });
});

describe('when the command is wrong', () => {
  it('answers the usage for an unknown command or a missing login', async () => {
    await expect(run('remove ivanov')).rejects.toThrow(/^usage: npm run user/);
    await expect(run('disable')).rejects.toThrow(/^usage: npm run user/);
  });
});
