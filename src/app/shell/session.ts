import { useSyncExternalStore } from 'react';
import type { SessionUserDto } from '../../shared/auth.ts';
import { tableRuleNames } from '../access/availability.ts';
import { applyRulesResponse, clearRules } from '../access/rules.ts';
import { api, apiV1 } from '../api/clients.ts';
import { writeToken } from '../api/storage.ts';
import { ROUTES } from '../routes.ts';

let user: SessionUserDto | null = null;
const listeners = new Set<() => void>();

function setUser(next: SessionUserDto | null) {
  user = next;
  for (const listener of listeners) listener();
}

/** Loads the signed-in user and the rules of the route table (GET /v1/rule with every name the table uses). */
export async function loadSession(): Promise<SessionUserDto> {
  const [me, rules] = await Promise.all([
    api<SessionUserDto>('/auth/me'),
    apiV1<unknown>('/rule', { query: { 'names[]': tableRuleNames(ROUTES) } }),
  ]);
  applyRulesResponse(rules);
  setUser(me);
  return me;
}

/** Signs in and stores the token. Throws the server's error (401 with a Russian message) when refused. */
export async function login(loginName: string, password: string): Promise<void> {
  const answer = await api<{ token: string }>('/auth/login', {
    method: 'POST',
    body: { login: loginName, password },
  });
  writeToken(answer.token);
}

/** Signs out on the server, forgets the token and the rules. */
export async function logout(): Promise<void> {
  try {
    await api('/auth/logout', { method: 'POST' });
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
