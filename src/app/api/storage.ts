/** Browser storage keys of spec 3.1. */
export const STORAGE_KEYS = { token: 'token', timeZone: 'timeZone', rules: 'rules' } as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function writeToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  else localStorage.removeItem(STORAGE_KEYS.token);
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Moscow';
}

export function readTimeZone(): string {
  return localStorage.getItem(STORAGE_KEYS.timeZone) || browserTimeZone();
}

export function writeTimeZone(zone: string): void {
  localStorage.setItem(STORAGE_KEYS.timeZone, zone);
}
