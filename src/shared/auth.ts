import { MESSAGES, z } from './messages.ts';
import { safeText } from './text.ts';

/** Shortest password a user may set (CLI and `POST /api/auth/password`). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password a user may set or sign in with: scrypt on a long input is CPU spent before any check. */
export const PASSWORD_MAX_LENGTH = 256;

/** Russian messages on a refused new password (`fields.newPassword`), shared by the form and the server. */
export const NEW_PASSWORD_MESSAGES = {
  tooShort: `Не короче ${PASSWORD_MIN_LENGTH} символов`,
  tooLong: `Не длиннее ${PASSWORD_MAX_LENGTH} символов`,
  blank: 'Пароль не может состоять только из пробелов',
  common: 'Слишком распространённый пароль, выберите другой',
} as const;

/**
 * The most common passwords of at least PASSWORD_MIN_LENGTH characters (breach lists, Russian keyboard layout
 * included), compared trimmed and case-blind; the user's own login is refused separately (`equalsLogin`).
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  'qwertyui',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'qazwsxedc',
  'zaq12wsx',
  'abcd1234',
  'abc12345',
  'admin123',
  'administrator',
  'iloveyou',
  'welcome1',
  'letmein1',
  'changeme',
  'йцукенгш',
  'пароль123',
  'пароль12',
]);

/** What may be wrong with a new password whatever the login (the login's own rule is the server's). */
export type NewPasswordProblem = keyof typeof NEW_PASSWORD_MESSAGES;

/**
 * Why a new password is refused, the one definition of the rules for the form, the API and the CLI; empty when it
 * is acceptable. Example: `newPasswordProblems('        ')` → ['blank']; `(' Qwerty123 ')` → ['common'].
 */
export function newPasswordProblems(password: string): NewPasswordProblem[] {
  const problems: NewPasswordProblem[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push('tooShort');
  if (password.length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  if (password.trim() === '') problems.push('blank');
  else if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) problems.push('common');
  return problems;
}

export const loginSchema = z.object({
  login: safeText().trim().min(1, MESSAGES.required),
  password: z.string().min(1, MESSAGES.required).max(PASSWORD_MAX_LENGTH, NEW_PASSWORD_MESSAGES.tooLong),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.number(),
  login: z.string(),
  name: z.string(),
  rules: z.array(z.string()),
  /** The department whose teams the user plans (department-scoped team rules); null for none. */
  department_id: z.number().nullable(),
});
export type SessionUserDto = z.infer<typeof sessionUserSchema>;

/**
 * `POST /api/auth/password` body: the current password and the new one (204 on success; 422 with `fields` keyed
 * `currentPassword` when it is wrong, `newPassword` when too short or too long, blank, common or equal to the
 * login).
 */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string()
    .min(1, MESSAGES.required)
    .max(PASSWORD_MAX_LENGTH, NEW_PASSWORD_MESSAGES.tooLong),
  newPassword: z.string().superRefine((password, context) => {
    for (const problem of newPasswordProblems(password))
      context.addIssue({ code: 'custom', message: NEW_PASSWORD_MESSAGES[problem] });
  }),
});
export type PasswordChangePayload = z.infer<typeof passwordChangeSchema>;

/** `GET /api/auth/mode` (public): `demo` is true while the demo users (password = login) exist. */
export const authModeSchema = z.object({ demo: z.boolean() });
export type AuthMode = z.infer<typeof authModeSchema>;
