import type { DbHandle } from '../db/client.ts';
import { hashPassword } from './password.ts';

export interface UserListRow {
  login: string;
  name: string;
  roles: string[];
  enabled: boolean;
  demo: boolean;
}

/**
 * User administration for the `npm run user` command: passwords, enabling, sessions. Answers `false` (or
 * `undefined`) for an unknown login rather than throwing, so the caller words the message.
 */
export function createUserAdmin(handle: Pick<DbHandle, 'query'>) {
  async function userId(login: string): Promise<number | undefined> {
    const [row] = await handle.query<{ id: number }>('select id from users where login = $1', [login]);
    return row?.id;
  }

  return {
    userId,

    async roleExists(name: string): Promise<boolean> {
      return (await handle.query('select 1 from roles where name = $1', [name])).length > 0;
    },

    /** Every user with their roles, by login. */
    async list(): Promise<UserListRow[]> {
      return handle.query<UserListRow>(
        `select u.login, u.name, u.enabled, u.is_demo as demo,
                coalesce(array_agg(r.name order by r.name) filter (where r.name is not null), '{}') as roles
         from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
         group by u.id order by u.login`,
      );
    },

    /** Sets a new password (checked by the caller), clears the demo mark and ends every session of the user. */
    async setPassword(login: string, password: string): Promise<boolean> {
      const id = await userId(login);
      if (id === undefined) return false;
      await handle.query('update users set password_hash = $2, is_demo = false where id = $1', [
        id,
        await hashPassword(password),
      ]);
      await handle.query('delete from sessions where user_id = $1', [id]);
      return true;
    },

    /** Sets (or clears, null) the department that the department-scoped team rules limit the user to. */
    async setDepartment(
      login: string,
      departmentId: number | null,
    ): Promise<'done' | 'no user' | 'no department'> {
      const id = await userId(login);
      if (id === undefined) return 'no user';
      if (
        departmentId !== null &&
        (await handle.query('select 1 from departments where id = $1', [departmentId])).length === 0
      )
        return 'no department';
      await handle.query('update users set department_id = $2 where id = $1', [id, departmentId]);
      return 'done';
    },

    /** Enables or disables a user; disabling also ends their sessions (authenticate refuses them anyway). */
    async setEnabled(login: string, enabled: boolean): Promise<boolean> {
      const id = await userId(login);
      if (id === undefined) return false;
      await handle.query('update users set enabled = $2 where id = $1', [id, enabled]);
      if (!enabled) await handle.query('delete from sessions where user_id = $1', [id]);
      return true;
    },

    /** Ends every session of the user; answers how many, or undefined for an unknown login. */
    async logoutAll(login: string): Promise<number | undefined> {
      const id = await userId(login);
      if (id === undefined) return undefined;
      const ended = await handle.query('delete from sessions where user_id = $1 returning token_hash', [id]);
      return ended.length;
    },
  };
}

export type UserAdmin = ReturnType<typeof createUserAdmin>;
