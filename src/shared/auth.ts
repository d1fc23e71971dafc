import { MESSAGES, z } from './messages.ts';
import { safeText } from './text.ts';

export const loginSchema = z.object({
  login: safeText().trim().min(1, MESSAGES.required),
  password: z.string().min(1, MESSAGES.required),
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

/** Shortest password a user may set (CLI and `POST /api/auth/password`). */
export const PASSWORD_MIN_LENGTH = 8;

/**
 * `POST /api/auth/password` body: the current password and the new one (204 on success; 422 with `fields` keyed
 * `currentPassword` when it is wrong, `newPassword` when too short or equal to the login).
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, MESSAGES.required),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH, `Не короче ${PASSWORD_MIN_LENGTH} символов`),
});
export type PasswordChangePayload = z.infer<typeof passwordChangeSchema>;

/** `GET /api/auth/mode` (public): `demo` is true while the demo users (password = login) exist. */
export const authModeSchema = z.object({ demo: z.boolean() });
export type AuthMode = z.infer<typeof authModeSchema>;
