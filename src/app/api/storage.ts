/** Browser storage keys of spec 3.1. */
export const STORAGE_KEYS = { token: 'token', timeZone: 'timeZone', rules: 'rules' } as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function writeToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.token, token);
  else localStorage.removeItem(STORAGE_KEYS.token);
}

/** Whether this runtime knows the zone: the server answers 400 to a `Time-Zone` naming none. */
function isKnownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone, or Moscow where the runtime reports none it knows (e.g. 'Etc/Unknown'). */
function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isKnownZone(zone) ? zone : 'Europe/Moscow';
}

/** The zone chosen in the frame (a damaged entry is ignored), else the browser's. */
export function readTimeZone(): string {
  const stored = localStorage.getItem(STORAGE_KEYS.timeZone);
  return isKnownZone(stored) ? stored : browserTimeZone();
}

export function writeTimeZone(zone: string): void {
  localStorage.setItem(STORAGE_KEYS.timeZone, zone);
}
