import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';

/**
 * Zones already found valid, in lower case. Building an Intl.DateTimeFormat costs ~0.45 ms, paid on every request
 * before (a tenth of the cheapest list calls under load); only valid names are kept, and Intl takes a name in any
 * case (`eUrOpE/mOsCoW`), so they are kept in lower case: the set is bounded by the IANA list (~600), where the
 * names as sent let anyone, without signing in, add one entry per request (2^12 spellings of Europe/Moscow alone).
 */
const knownZones = new Set<string>();

/** How many zone names are held (tests). */
export function knownZoneCount(): number {
  return knownZones.size;
}

/** True when the string names an IANA time zone this runtime knows. Example: `Europe/Moscow` → true. */
function isTimeZone(zone: string): boolean {
  const key = zone.toLowerCase();
  if (knownZones.has(key)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    knownZones.add(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone of a request: its `Time-Zone` header, or the server default when the header is absent or empty. A header
 * naming no zone is a 400 on the header: reading the request's datetimes in another zone would be silently wrong.
 * Example: `requestTimeZone('Asia/Yekaterinburg', 'Europe/Moscow')` → 'Asia/Yekaterinburg'; 'Bogus/Zone' throws.
 */
export function requestTimeZone(header: string | string[] | undefined, fallback: string): string {
  const zone = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!zone) return fallback;
  if (!isTimeZone(zone))
    throw new BadRequestError(MESSAGES.unknownTimeZone, { 'Time-Zone': [MESSAGES.unknownTimeZone] });
  return zone;
}
