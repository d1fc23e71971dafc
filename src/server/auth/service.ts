import { createHash, randomBytes } from 'node:crypto';
import type { AuthMode } from '../../shared/auth.ts';
import { MESSAGES } from '../../shared/messages.ts';
import type { DbHandle } from '../db/client.ts';
import { type FieldErrors, ValidationError } from '../domain/errors.ts';
import { UnauthorizedError } from '../http/errors.ts';
import { createLoginLimiter, DEFAULT_LOGIN_LIMITS, type LoginLimits } from './loginLimit.ts';
import { DUMMY_HASH, hashPassword, PASSWORD_MESSAGES, passwordProblems, verifyPassword } from './password.ts';
import { AUTH_CHANNEL, createSessionCache, touchesSessions } from './sessionCache.ts';

export interface SessionUser {
  id: number;
  login: string;
  name: string;
  rules: string[];
  /** The department the department-scoped team rules limit the user to; null for none. */
  department_id: number | null;
}

export interface AuthServiceOptions {
  /** Session lifetime in milliseconds; 12 hours (a working shift) by default. */
  sessionTtlMs?: number;
  /** Failed-login limits; DEFAULT_LOGIN_LIMITS for what is not given. */
  loginLimits?: Partial<LoginLimits>;
  now?: () => Date;
  /**
   * How long a session lookup is held in memory (default 30 s; 0: every request asks the database). Held only when
   * the handle can report this process's writes and listen to the others' (src/server/auth/sessionCache.ts).
   */
  sessionCacheMs?: number;
}

/** SHA-256 hex of a bearer token: what the sessions table stores. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createAuthService(
  handle: Pick<DbHandle, 'db' | 'query'> & Partial<Pick<DbHandle, 'listen' | 'onWrite'>>,
  options: AuthServiceOptions = {},
) {
  const ttl = options.sessionTtlMs ?? 12 * 60 * 60 * 1000;
  const now = options.now ?? (() => new Date());
  const limiter = createLoginLimiter(handle, { ...DEFAULT_LOGIN_LIMITS, ...options.loginLimits }, now);
  const sessions = createSessionCache<SessionUser>({
    maxAgeMs: options.sessionCacheMs,
    now: () => now().getTime(),
  });
  let watching: Promise<boolean> | undefined;
  /** Whether lookups may be held: this process's writes and the others' notices are both watched. */
  function cacheReady(): Promise<boolean> | boolean {
    const { listen, onWrite } = handle;
    if (!sessions.enabled || !listen || !onWrite) return false;
    watching ??= listen(
      AUTH_CHANNEL,
      () => sessions.clear(),
      () => sessions.clear(),
    ).then(
      () => {
        onWrite((tables) => {
          if (touchesSessions(tables)) sessions.clear();
        });
        // Writes committed while the LISTEN was being set up were seen by neither.
        sessions.clear();
        return true;
      },
      () => {
        watching = undefined; // tried again by the next lookup
        return false;
      },
    );
    return watching;
  }

  /**
   * The user and their rules in one statement: authentication runs on every request, and on the embedded database
   * each statement queues behind whatever is running, so one round trip instead of three.
   */
  async function userWhere(condition: string, params: unknown[]): Promise<SessionUser | undefined> {
    const [user] = await handle.query<SessionUser>(
      `select u.id, u.login, u.name, u.department_id,
              coalesce(array_agg(distinct rr.rule_name order by rr.rule_name)
                filter (where rr.rule_name is not null), '{}') as rules
       from users u left join user_roles ur on ur.user_id = u.id left join role_rules rr on rr.role_id = ur.role_id
       where ${condition}
       group by u.id`,
      params,
    );
    return user;
  }

  async function loadUser(userId: number): Promise<SessionUser> {
    const user = await userWhere('u.id = $1', [userId]);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  return {
    /**
     * Checks login and password; answers a new token. The same error, in the same time, whether the login exists,
     * is disabled or has a wrong password; too many failures (per login or per address) answer 429 before any check.
     */
    async login(
      login: string,
      password: string,
      address = 'unknown',
    ): Promise<{ token: string; user: SessionUser }> {
      await limiter.reserve(login, address);
      const [row] = await handle.query<{ id: number; password_hash: string; enabled: boolean }>(
        'select id, password_hash, enabled from users where login = $1',
        [login],
      );
      const ok = await verifyPassword(password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !ok || !row.enabled) {
        // The reserved attempt stays written: it was a failure.
        throw new UnauthorizedError(MESSAGES.loginFailed);
      }
      await limiter.recordSuccess(login, address);
      const token = randomBytes(32).toString('base64url');
      await handle.query('insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)', [
        hashToken(token),
        row.id,
        new Date(now().getTime() + ttl),
      ]);
      await handle.query('delete from sessions where expires_at < $1', [now()]);
      return { token, user: await loadUser(row.id) };
    },

    /** The user behind a bearer token, or an UnauthorizedError when it is unknown, expired, logged out or disabled. */
    async authenticate(token: string | undefined): Promise<SessionUser> {
      if (!token) throw new UnauthorizedError();
      const hash = hashToken(token);
      const cached = await cacheReady();
      const at = now();
      if (cached) {
        const held = sessions.get(hash);
        if (held) return held;
      }
      const since = sessions.generation;
      const [row] = await handle.query<SessionUser & { session_expires_at: Date }>(
        `select u.id, u.login, u.name, u.department_id, s.expires_at as session_expires_at,
                coalesce(array_agg(distinct rr.rule_name order by rr.rule_name)
                  filter (where rr.rule_name is not null), '{}') as rules
         from sessions s join users u on u.id = s.user_id
           left join user_roles ur on ur.user_id = u.id left join role_rules rr on rr.role_id = ur.role_id
         where s.token_hash = $1 and s.expires_at > $2 and u.enabled
         group by u.id, s.expires_at`,
        [hash, at],
      );
      if (!row) throw new UnauthorizedError();
      const { session_expires_at: expiresAt, ...fields } = row;
      // Held users are shared by the requests that follow: nobody may change one.
      const user = Object.freeze({ ...fields, rules: Object.freeze(fields.rules) as string[] });
      if (cached) sessions.set(hash, user, new Date(expiresAt).getTime(), since);
      return user;
    },

    async logout(token: string): Promise<void> {
      await handle.query('delete from sessions where token_hash = $1', [hashToken(token)]);
    },

    /**
     * Changes a signed-in user's password: 422 with `fields.currentPassword` or `fields.newPassword`. Every other
     * session of the user ends; the one given stays. The demo mark goes: the password is no longer the login.
     * A wrong current password counts as a failed login, so a stolen session cannot guess the password.
     */
    async changePassword(
      userId: number,
      change: { currentPassword: string; newPassword: string },
      keepToken: string | undefined,
      address = 'unknown',
    ): Promise<void> {
      const [row] = await handle.query<{ login: string; password_hash: string }>(
        'select login, password_hash from users where id = $1',
        [userId],
      );
      if (!row) throw new UnauthorizedError();
      const attempt = await limiter.reserve(row.login, address);
      const fields: FieldErrors = {};
      if (await verifyPassword(change.currentPassword, row.password_hash)) await limiter.release(attempt);
      else fields.currentPassword = [PASSWORD_MESSAGES.wrongCurrent];
      const problems = passwordProblems(row.login, change.newPassword);
      if (problems.length > 0) fields.newPassword = problems.map((problem) => PASSWORD_MESSAGES[problem]);
      if (Object.keys(fields).length > 0) throw new ValidationError(fields);
      await handle.query('update users set password_hash = $2, is_demo = false where id = $1', [
        userId,
        await hashPassword(change.newPassword),
      ]);
      await handle.query('delete from sessions where user_id = $1 and token_hash <> $2', [
        userId,
        keepToken ? hashToken(keepToken) : '',
      ]);
    },

    /** Demo mode: while an enabled demo user (password = login) exists. */
    async mode(): Promise<AuthMode> {
      const [row] = await handle.query<{ demo: boolean }>(
        'select exists (select 1 from users where is_demo and enabled) as demo',
      );
      return { demo: row.demo };
    },

    /** Creates a user with the given roles; answers the new id. `demo` marks a demo user (password = login). */
    async createUser(
      login: string,
      name: string,
      password: string,
      roleNames: string[],
      options: { demo?: boolean } = {},
    ): Promise<number> {
      const [user] = await handle.query<{ id: number }>(
        'insert into users (login, name, password_hash, is_demo) values ($1, $2, $3, $4) returning id',
        [login, name, await hashPassword(password), options.demo ?? false],
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
