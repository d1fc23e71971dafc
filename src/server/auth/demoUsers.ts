import type { DbHandle } from '../db/client.ts';
import { verifyPassword } from './password.ts';
import type { AuthService } from './service.ts';

/** Demo users of the demo airport: each password equals the login. */
export const DEMO_USERS = [
  { login: 'admin', name: 'Администратор Демо', role: 'admin' },
  { login: 'planner', name: 'Планировщик Демо', role: 'planner' },
  { login: 'tariff', name: 'Тарификатор Демо', role: 'tariff' },
  { login: 'viewer', name: 'Сотрудник Демо', role: 'viewer' },
  /** Plans the teams of the ramp service (СНО) only: read-department-team and edit-department-team. */
  { login: 'brigadir', name: 'Бригадир Демо', role: 'brigadir', department: 'СНО' },
] as const;

/**
 * Adds the demo users, marked as demo, when there are no users at all; answers whether it did. The caller decides
 * that the demo airport is there (main.ts: only with it, never with `DEMO=0`); users of a database that already has
 * real ones are never joined by accounts whose passwords everybody knows.
 */
export async function seedDemoUsers(handle: Pick<DbHandle, 'query'>, auth: AuthService): Promise<boolean> {
  const [{ count }] = await handle.query<{ count: string }>('select count(*)::text as count from users');
  if (Number(count) > 0) return false;
  for (const user of DEMO_USERS) {
    await auth.createUser(user.login, user.name, user.login, [user.role], { demo: true });
    // The department is the demo airport's; without it (no demo data) the team lead simply sees no team.
    if ('department' in user)
      await handle.query(
        'update users set department_id = (select id from departments where name = $2 and contractor_id is null limit 1) where login = $1',
        [user.login, user.department],
      );
  }
  return true;
}

/**
 * Marks the demo logins whose password is still the login: databases from before the demo mark had them unmarked.
 * Answers the logins marked now. One scrypt per demo login that exists unmarked.
 */
export async function markKnownDemoUsers(handle: Pick<DbHandle, 'query'>): Promise<string[]> {
  const rows = await handle.query<{ id: number; login: string; password_hash: string }>(
    'select id, login, password_hash from users where login = any($1) and not is_demo',
    [DEMO_USERS.map((user) => user.login)],
  );
  const marked: string[] = [];
  for (const row of rows) {
    if (!(await verifyPassword(row.login, row.password_hash))) continue;
    await handle.query('update users set is_demo = true where id = $1', [row.id]);
    marked.push(row.login);
  }
  return marked;
}

/** Logins of the enabled demo users, for the start banner. */
export async function enabledDemoLogins(handle: Pick<DbHandle, 'query'>): Promise<string[]> {
  const rows = await handle.query<{ login: string }>(
    'select login from users where is_demo and enabled order by id',
  );
  return rows.map((row) => row.login);
}

/** Whether the database has any user at all (else the start says how to create the first administrator). */
export async function hasUsers(handle: Pick<DbHandle, 'query'>): Promise<boolean> {
  return (await handle.query('select 1 from users limit 1')).length > 0;
}
