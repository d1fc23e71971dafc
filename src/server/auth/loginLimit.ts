import type { DbHandle } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';

/** How many failed logins a window allows, per login and per client address (docs/DECISIONS.md, "Credentials"). */
export interface LoginLimits {
  /** Failures of one login (from any address) before it is refused for the rest of the window. */
  perLogin: number;
  /** Failures from one client address (any login) before it is refused; high, because a shift shares one NAT. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perLogin: 5, perAddress: 100, windowMs: 15 * 60 * 1000 };

/** Longer logins are counted by their first characters: nobody's login is that long, and rows stay small. */
const LOGIN_KEY_LENGTH = 200;

/** 429: too many failed logins. Says nothing about whether the login exists. */
class TooManyLoginsError extends HttpError {
  constructor(windowMs: number) {
    super(
      429,
      `Слишком много неудачных попыток входа. Повторите через ${Math.max(1, Math.ceil(windowMs / 60_000))} мин.`,
    );
  }
}

/**
 * Counts failed logins in the `login_failures` table, so that every server process sees the same counts. Attempts
 * refused by the limit are not written, which bounds the table to about `perAddress` rows per address per window.
 */
export function createLoginLimiter(
  handle: Pick<DbHandle, 'query'>,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  now: () => Date = () => new Date(),
) {
  const key = (login: string) => login.slice(0, LOGIN_KEY_LENGTH);
  const windowStart = () => new Date(now().getTime() - limits.windowMs);

  return {
    limits,

    /** Throws TooManyLoginsError when the login or the address has used up the window's failures. */
    async check(login: string, address: string): Promise<void> {
      const [row] = await handle.query<{ by_login: number; by_address: number }>(
        `select (select count(*)::int from login_failures where login = $1 and at > $3) as by_login,
                (select count(*)::int from login_failures where address = $2 and at > $3) as by_address`,
        [key(login), address, windowStart()],
      );
      if (row.by_login >= limits.perLogin || row.by_address >= limits.perAddress) {
        throw new TooManyLoginsError(limits.windowMs);
      }
    },

    /** Writes one failure, and forgets the failures that have left the window. */
    async recordFailure(login: string, address: string): Promise<void> {
      await handle.query('insert into login_failures (login, address, at) values ($1, $2, $3)', [
        key(login),
        address,
        now(),
      ]);
      await handle.query('delete from login_failures where at <= $1', [windowStart()]);
    },

    /**
     * After a successful login: forgets this login's failures from this address (the user's own typos). Failures of
     * the same login from other addresses stay, so a guesser elsewhere is not let off by the owner signing in.
     */
    async recordSuccess(login: string, address: string): Promise<void> {
      await handle.query('delete from login_failures where login = $1 and address = $2', [
        key(login),
        address,
      ]);
    },
  };
}
