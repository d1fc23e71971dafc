import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from '../db/client.ts';
import { ValidationError } from '../domain/errors.ts';
import { HttpError } from '../http/errors.ts';
import { syncCatalogue } from './catalogue.ts';
import { createAuthService } from './service.ts';

let db: DbHandle;
let clock = new Date('2026-11-01T08:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const MINUTE = 60_000;

beforeAll(async () => {
  db = await openTestDb();
  await syncCatalogue(db);
  await createAuthService(db).createUser('petrov', 'Петров', 'right-password', ['viewer']);
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.query('delete from login_failures');
});

const auth = () =>
  createAuthService(db, {
    now: () => clock,
    loginLimits: { perLogin: 3, perAddress: 5, windowMs: 15 * MINUTE },
  });

/** The HTTP status a call fails with, or 200 when it succeeds. */
async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (error) {
    if (error instanceof HttpError) return error.statusCode;
    if (error instanceof ValidationError) return 422;
    throw error;
  }
}

describe('when logins fail', () => {
  it('refuses even the right password once the login has used up its failures, until they leave the window', async () => {
    const service = auth();
    for (let i = 0; i < 3; i += 1)
      expect(await statusOf(service.login('petrov', 'wrong', '10.0.0.1'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.2'))).toBe(429);
    advance(14 * MINUTE);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.2'))).toBe(429);
    advance(MINUTE + 1000);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.2'))).toBe(200);
  });

  it('refuses a login from the address that used up its failures, not the owner elsewhere, until the ceiling', async () => {
    const service = createAuthService(db, {
      now: () => clock,
      loginLimits: { perLoginAddress: 2, perLogin: 4, perAddress: 100, windowMs: 15 * MINUTE },
    });
    for (let i = 0; i < 2; i += 1)
      expect(await statusOf(service.login('petrov', 'wrong', '10.0.0.1'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.1'))).toBe(429);
    // The owner at another desk still signs in: a few requests from one address cannot lock the account.
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.2'))).toBe(200);
    // Guesses spread over addresses meet the login's own ceiling (four), and then it is refused everywhere.
    expect(await statusOf(service.login('petrov', 'wrong', '10.0.0.3'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'wrong', '10.0.0.4'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.5'))).toBe(429);
  });

  it('locks an unknown login exactly as a known one, with a message that names no login', async () => {
    const service = auth();
    for (let i = 0; i < 3; i += 1)
      expect(await statusOf(service.login('nobody', 'wrong', '10.0.0.1'))).toBe(401);
    await expect(service.login('nobody', 'wrong', '10.0.0.1')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Слишком много неудачных попыток входа. Повторите через 15 мин.',
    });
  });

  it('refuses an address past its failures whatever the login, and lets other addresses in', async () => {
    const service = auth();
    for (let i = 0; i < 5; i += 1) await statusOf(service.login(`guess${i}`, 'wrong', '10.0.0.9'));
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.9'))).toBe(429);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.10'))).toBe(200);
  });

  it("forgets the user's own failures from the address they sign in from, not a guesser's from elsewhere", async () => {
    const service = auth();
    await statusOf(service.login('petrov', 'typo', '10.0.0.1'));
    await statusOf(service.login('petrov', 'guess', '10.0.0.66'));
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.1'))).toBe(200);
    // The typo is forgotten, the guess is not: two more guesses reach the limit of three (not two).
    expect(await statusOf(service.login('petrov', 'guess', '10.0.0.66'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.1'))).toBe(200);
    expect(await statusOf(service.login('petrov', 'guess', '10.0.0.66'))).toBe(401);
    expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.1'))).toBe(429);
  });

  it('does not count successful logins', async () => {
    const service = auth();
    for (let i = 0; i < 10; i += 1)
      expect(await statusOf(service.login('petrov', 'right-password', '10.0.0.1'))).toBe(200);
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from login_failures');
    expect(row.n).toBe(0);
  });

  it('lets no more guesses through than the limit when they arrive all at once', async () => {
    const service = auth();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => statusOf(service.login('petrov', `guess${i}`, `10.0.1.${i}`))),
    );
    // Checking first and writing the failure after the password would let all twelve reach the password check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('refuses a disabled user with the message of a wrong password', async () => {
    const service = auth();
    await db.query("update users set enabled = false where login = 'petrov'");
    try {
      await expect(service.login('petrov', 'right-password', '10.0.0.1')).rejects.toMatchObject({
        statusCode: 401,
        message: 'Неверный логин или пароль',
      });
    } finally {
      await db.query("update users set enabled = true where login = 'petrov'");
    }
  });
});

describe('when a signed-in user changes the password', () => {
  it('counts a wrong current password as a failed login', async () => {
    const service = auth();
    const { user } = await service.login('petrov', 'right-password', '10.0.0.1');
    for (let i = 0; i < 3; i += 1) {
      const change = { currentPassword: 'wrong', newPassword: 'another-password' };
      expect(await statusOf(service.changePassword(user.id, change, undefined, '10.0.0.1'))).toBe(422);
    }
    const change = { currentPassword: 'right-password', newPassword: 'another-password' };
    expect(await statusOf(service.changePassword(user.id, change, undefined, '10.0.0.1'))).toBe(429);
  });

  it('does not count a right current password, even when the new one is refused', async () => {
    const service = auth();
    const { user } = await service.login('petrov', 'right-password', '10.0.0.1');
    const change = { currentPassword: 'right-password', newPassword: 'petrov' };
    for (let i = 0; i < 4; i += 1) {
      expect(await statusOf(service.changePassword(user.id, change, undefined, '10.0.0.1'))).toBe(422);
    }
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from login_failures');
    expect(row.n).toBe(0);
  });
});
