import { readTimeZone, readToken } from './storage.ts';

/** `Authorization: Bearer <token>` when a token is stored, else nothing. */
export function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** `Time-Zone: <IANA zone>` from localStorage `timeZone`, defaulting to the browser's zone. */
export function timeZoneHeader(): Record<string, string> {
  return { 'Time-Zone': readTimeZone() };
}
