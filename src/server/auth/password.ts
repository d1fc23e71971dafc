import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { NEW_PASSWORD_MESSAGES, type NewPasswordProblem, newPasswordProblems } from '../../shared/auth.ts';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;
const KEY_LENGTH = 64;

/** Hashes a password with scrypt and a fresh 16-byte salt: `scrypt$<salt hex>$<key hex>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, saltHex, keyHex] = stored.split('$');
  if (kind !== 'scrypt' || !saltHex || !keyHex) return false;
  const expected = Buffer.from(keyHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(expected, actual);
}

/** A hash to compare against when the login does not exist, so both cases take the same time. */
export const DUMMY_HASH = `scrypt$${'0'.repeat(32)}$${'0'.repeat(KEY_LENGTH * 2)}`;

/** What may be wrong with a new password. */
export type PasswordProblem = NewPasswordProblem | 'equalsLogin';

/**
 * Why a new password is refused (the rules of `passwordChangeSchema`, and the login); empty when it is acceptable.
 * Example: `('ivanov', 'Ivanov')` → ['tooShort', 'equalsLogin']; `('ivanov', '        ')` → ['blank'].
 */
export function passwordProblems(login: string, password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = newPasswordProblems(password);
  // A blank or common password is refused as that; the login is named only when nothing else is wrong with it.
  if (!problems.includes('blank') && !problems.includes('common'))
    if (password.trim().toLowerCase() === login.trim().toLowerCase()) problems.push('equalsLogin');
  return problems;
}

/** The API's Russian messages for a refused password (`fields.newPassword`, `fields.currentPassword`). */
export const PASSWORD_MESSAGES = {
  ...NEW_PASSWORD_MESSAGES,
  equalsLogin: 'Пароль не должен совпадать с логином',
  wrongCurrent: 'Неверный текущий пароль',
} as const;
