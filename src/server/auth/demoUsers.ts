import type { DbHandle } from '../db/client.ts';
import type { AuthService } from './service.ts';

/** Demo users of a fresh database: each password equals the login. */
export const DEMO_USERS = [
  { login: 'admin', name: 'Администратор Демо', role: 'admin' },
  { login: 'planner', name: 'Планировщик Демо', role: 'planner' },
  { login: 'tariff', name: 'Тарификатор Демо', role: 'tariff' },
  { login: 'viewer', name: 'Наблюдатель Демо', role: 'viewer' },
] as const;

/** Adds the demo users when there are no users at all; answers whether it did. */
export async function seedDemoUsers(handle: Pick<DbHandle, 'query'>, auth: AuthService): Promise<boolean> {
  const [{ count }] = await handle.query<{ count: string }>('select count(*)::text as count from users');
  if (Number(count) > 0) return false;
  for (const user of DEMO_USERS) await auth.createUser(user.login, user.name, user.login, [user.role]);
  return true;
}
