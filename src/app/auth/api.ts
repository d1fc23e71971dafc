/**
 * The auth module's door to the server, and the pattern every module's `api.ts` copies: one function per call, on
 * the ofetch clients of `../api/clients.ts`, each answer checked by a shared schema (`call`), every failure an
 * `ApiError` `{message, fields, status}` (`parseApiError`). Machines invoke these as named actors; tests stub fetch
 * (`../api/stubFetch.ts`) or `.provide()` fake actors. No component calls fetch or ofetch itself.
 */
import {
  authModeSchema,
  type LoginPayload,
  type PasswordChangePayload,
  sessionUserSchema,
} from '../../shared/auth.ts';
import { z } from '../../shared/messages.ts';
import type { RuleName } from '../../shared/rules.ts';
import { api, apiV1 } from '../api/clients.ts';
import { call, callNoContent, callRaw } from '../api/request.ts';

/** `POST /api/auth/login` answer: the session token and the user. */
const loginAnswerSchema = z.object({ token: z.string().min(1), user: sessionUserSchema });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** Signs in: the token and the user, or an ApiError (401 'Неверный логин или пароль', 422 with fields, 429). */
export function login(payload: LoginPayload): Promise<LoginAnswer> {
  return call(api, '/auth/login', loginAnswerSchema, { method: 'POST', body: payload });
}

/** The signed-in user with their rules. */
export function me() {
  return call(api, '/auth/me', sessionUserSchema);
}

/** Ends the session on the server (204). */
export function logout(): Promise<void> {
  return callNoContent(api, '/auth/logout', { method: 'POST' });
}

/** Whether the demo users (password = login) exist; public, asked before login too. */
export function mode() {
  return call(api, '/auth/mode', authModeSchema);
}

/** Changes the signed-in user's password (204; 422 with fields `currentPassword`, `newPassword`). */
export function changePassword(payload: PasswordChangePayload): Promise<void> {
  return callNoContent(api, '/auth/password', { method: 'POST', body: payload });
}

/**
 * The subset of the named rules the user holds (`GET /v1/rule`, spec 7.2). Answered raw on purpose: spec 5 stores
 * even a malformed answer and only then refuses it (see `applyRulesResponse`).
 */
export function rules(names: readonly RuleName[]): Promise<unknown> {
  return callRaw(apiV1, '/rule', { query: { 'names[]': [...names] } });
}
