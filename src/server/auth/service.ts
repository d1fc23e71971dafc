import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES } from '../../shared/messages.ts';
import type { DbHandle } from '../db/client.ts';
import { UnauthorizedError } from '../http/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';

export interface SessionUser {
  id: number;
  login: string;
  name: string;
  rules: string[];
}

export interface AuthServiceOptions {
  /** Session lifetime in milliseconds; 12 hours (a working shift) by default. */
  sessionTtlMs?: number;
  now?: () => Date;
}

/** SHA-256 hex of a bearer token: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(handle: Pick<DbHandle, 'query'>, options: AuthServiceOptions = {}) {
  const ttl = options.sessionTtlMs ?? 12 * 60 * 60 * 1000;
  const now = options.now ?? (() => new Date());

  async function loadUser(userId: number): Promise<SessionUser> {
    const [user] = await handle.query<{ id: number; login: string; name: string }>(
      'select id, login, name from users where id = $1',
      [userId],
    );
    const rules = await handle.query<{ rule_name: string }>(
      `select distinct rr.rule_name from user_roles ur join role_rules rr on rr.role_id = ur.role_id
       where ur.user_id = $1 order by rr.rule_name`,
      [userId],
    );
    return { ...user, rules: rules.map((r) => r.rule_name) };
  }

  return {
    /** Checks login and password; answers a new token. The same error whether the login exists or not. */
    async login(login: string, password: string): Promise<{ token: string; user: SessionUser }> {
      const [row] = await handle.query<{ id: number; password_hash: string }>(
        'select id, password_hash from users where login = $1',
        [login],
      );
      const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !ok) throw new UnauthorizedError(MESSAGES.loginFailed);
      const token = randomBytes(32).toString('base64url');
      await handle.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        hashToken(token),
        row.id,
        new Date(now().getTime() + ttl),
      ]);
      await handle.query('delete from sessions where expires_at < $1', [now()]);
      return { token, user: await loadUser(row.id) };
    },

    /** The user behind a bearer token, or an UnauthorizedError when it is unknown, expired or logged out. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) throw new UnauthorizedError();
      const [row] = await handle.query<{ user_id: number }>(
        'select user_id from sessions where token_hash = $1 and expires_at > $2',
        [hashToken(token), now()],
      );
      if (!row) throw new UnauthorizedError();
      return loadUser(row.user_id);
    },

    async logout(token: string): Promise<void> {
      await handle.query('delete from sessions where token_hash = $1', [hashToken(token)]);
    },

    /** Creates a user with the given roles; answers the new id. */
    async createUser(login: string, name: string, password: string, roleNames: string[]): Promise<number> {
      const [user] = await handle.query<{ id: number }>(
        'insert into users (login, name, password_hash) values ($1, $2, $3) returning id',
        [login, name, await hashPassword(password)],
      );
      for (const role of roleNames) {
        const inserted = await handle.query(
          'insert into user_roles (user_id, role_id) select $1, id from roles where name = $2 returning role_id',
          [user.id, role],
        );
        if (inserted.length === 0) throw new Error(`Unknown role: ${role}`);
      }
      return user.id;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
