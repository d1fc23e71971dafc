import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';

/** How many failed logins a window allows, per login and per client address (docs/DECISIONS.md, "Credentials"). */
export interface LoginLimits {
  /** Failures of one login from one client address before that address is refused for it for the rest of the window. */
  perLoginAddress: number;
  /**
   * Failures of one login from all addresses together before it is refused everywhere: the ceiling on guesses spread
   * over many addresses. Higher than `perLoginAddress`, so that one person guessing (or just typing someone's login)
   * cannot lock its owner out of every other address with a handful of requests.
   */
  perLogin: number;
  /** Failures from one client address (any login) before it is refused; high, because a shift shares one NAT. */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perLoginAddress: 5,
  perLogin: 50,
  perAddress: 100,
  windowMs: 15 * 60 * 1000,
};

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
 * Counts failed logins in the `login_failures` table, so that every server process sees the same counts. An attempt
 * is written before its password is checked (`reserve`) and taken back when the password was right, so attempts
 * under way count too: checking first and writing after would let a burst of concurrent guesses (over one process or
 * several) all pass the check before any was written. Attempts refused by the limit are not written, which bounds
 * the table to about `perAddress` rows per address per window.
 */
export function createLoginLimiter(
  handle: Pick<DbHandle, 'db' | 'query'>,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  now: () => Date = () => new Date(),
) {
  const key = (login: string) => login.slice(0, LOGIN_KEY_LENGTH);
  const windowStart = () => new Date(now().getTime() - limits.windowMs);

  return {
    limits,

    /**
     * Throws TooManyLoginsError when the login from this address, the login from everywhere, or the address has used
     * up the window's failures; else writes the
     * attempt as a failure and answers its id, for `release` once the password proves right. Raw SQL: advisory
     * locks have no query-builder form. The two locks (login, then address; always in that order, so two attempts
     * never wait for each other crosswise) make count-and-write one step for every process on the database.
     */
    async reserve(login: string, address: string): Promise<number> {
      const at = now();
      const since = windowStart();
      return handle.db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(1, hashtext(${key(login)})), pg_advisory_xact_lock(2, hashtext(${address}))`,
        );
        const [row] = (
          (await tx.execute(
            sql`select (select count(*)::int from login_failures where login = ${key(login)} and at > ${since}) as by_login,
                       (select count(*)::int from login_failures
                         where login = ${key(login)} and address = ${address} and at > ${since}) as by_login_address,
                       (select count(*)::int from login_failures where address = ${address} and at > ${since}) as by_address`,
          )) as unknown as { rows: { by_login: number; by_login_address: number; by_address: number }[] }
        ).rows;
        if (
          row.by_login_address >= limits.perLoginAddress ||
          row.by_login >= limits.perLogin ||
          row.by_address >= limits.perAddress
        ) {
          throw new TooManyLoginsError(limits.windowMs);
        }
        await tx.execute(sql`delete from login_failures where at <= ${since}`);
        const [attempt] = (
          (await tx.execute(
            sql`insert into login_failures (login, address, at) values (${key(login)}, ${address}, ${at}) returning id`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        return attempt.id;
      });
    },

    /** Takes back a reserved attempt whose password was right, without forgetting any other failure. */
    async release(attempt: number): Promise<void> {
      await handle.query('delete from login_failures where id = $1', [attempt]);
    },

    /**
     * After a successful login: forgets this login's failures from this address (the user's own typos, and the
     * attempt itself). Failures of the same login from other addresses stay, so a guesser elsewhere is not let off
     * by the owner signing in.
     */
    async recordSuccess(login: string, address: string): Promise<void> {
      await handle.query('delete from login_failures where login = $1 and address = $2', [
        key(login),
        address,
      ]);
    },
  };
}
