import { useSyncExternalStore } from 'react';
import type { LoginPayload, SessionUserDto } from '../../shared/auth.ts';
import { tableRuleNames } from '../access/availability.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { markSigningOut } from '../api/session.ts';
import { writeToken } from '../api/storage.ts';
import * as auth from '../auth/api.ts';
import { ROUTES } from '../routes.ts';

let user: SessionUserDto | null = null;
const listeners = new Set<() => void>();

function setUser(next: SessionUserDto | null) {
  user = next;
  for (const listener of listeners) listener();
}

/** Loads the signed-in user and the rules of the route table (GET /v1/rule with every name the table uses). */
export async function loadSession(): Promise<SessionUserDto> {
  const [me, rules] = await Promise.all([auth.me(), auth.rules(tableRuleNames(ROUTES))]);
  applyRulesResponse(rules);
  setUser(me);
  return me;
}

/** Signs in and stores the token. Rejects with an ApiError (401 with a Russian message) when refused. */
export async function signIn(payload: LoginPayload): Promise<void> {
  const answer = await auth.login(payload);
  writeToken(answer.token);
  markSigningOut(false);
}

/** Signs out on the server, forgets the token and the rules. */
export async function signOut(): Promise<void> {
  markSigningOut(true);
  try {
    await auth.logout();
  } finally {
    writeToken(null);
    clearRules();
    setUser(null);
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionUser(): SessionUserDto | null {
  return useSyncExternalStore(
    subscribe,
    () => user,
    () => user,
  );
}
