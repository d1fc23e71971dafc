/**
 * Wall-clock times ('YYYY-MM-DD HH:mm:ss', the wire format) in an IANA zone, both directions, with plain Intl.
 *
 * A wall time that a daylight-saving change makes ambiguous or impossible resolves as PostgreSQL resolves
 * `'…'::timestamp at time zone …`, so the server and SQL agree: a repeated hour (clocks back) means the later
 * instant, the second pass through that hour (standard time); a skipped hour (clocks forward) is read with the
 * offset before the change, so it lands as far past the change as it claimed to be past the hour
 * (Europe/Berlin 2026-03-29 02:30 is 03:30 CEST).
 */

const MS_PER_SECOND = 1000;
const MS_PER_DAY = 86_400_000;

/** Formatters per zone: building one costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Epoch ms of a wall time read as if it were UTC; unlike Date.UTC, years 0–99 stay themselves. */
function utcOf(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The offset of a zone at an instant as Intl gives it (whole seconds, in ms): a few µs a call, the slow part. */
function measuredOffset(instant: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = utcOf(get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / MS_PER_SECOND) * MS_PER_SECOND;
}

const QUARTER_HOUR = 900_000;
/** Quarter hours kept per zone (about three years); past that the zone's cache starts again. */
const OFFSETS_MAX = 100_000;
/** Offsets by zone and UTC quarter hour: a month's answer converts a hundred thousand instants in a few thousand. */
const offsets = new Map<string, Map<number, number>>();

/**
 * Offset of a zone from UTC at an instant, in ms (whole seconds); throws RangeError for an unknown zone.
 * An offset is kept for its whole UTC quarter hour when it holds from the quarter's first second to its last (every
 * change of today's zones falls on a quarter hour); a quarter with a change inside is measured at each call.
 * Example: `zoneOffset(Date.parse('2026-07-01T00:00Z'), 'Europe/Berlin')` → 7,200,000.
 */
export function zoneOffset(instant: number, zone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const cached = offsets.get(zone)?.get(quarter);
  if (cached !== undefined) return cached;
  const offset = measuredOffset(instant, zone);
  const start = quarter * QUARTER_HOUR;
  if (
    measuredOffset(start, zone) === offset &&
    measuredOffset(start + QUARTER_HOUR - MS_PER_SECOND, zone) === offset
  ) {
    let known = offsets.get(zone);
    if (!known || known.size >= OFFSETS_MAX) {
      known = new Map();
      offsets.set(zone, known);
    }
    known.set(quarter, offset);
  }
  return offset;
}

/**
 * The instant of a wall time, given as epoch ms read as UTC, under an offset function; a DST change is
 * resolved as PostgreSQL does (see the top of this file). Split from the zone so a caller may cache offsets.
 * Example: `resolveWallTime(Date.UTC(2026, 2, 10, 12), () => 3 * 3_600_000)` → Date.UTC(2026, 2, 10, 9).
 */
export function resolveWallTime(wall: number, offsetAt: (instant: number) => number): number {
  // The offsets a day either side; no zone changes its offset twice within two days.
  const before = offsetAt(wall - MS_PER_DAY);
  const after = offsetAt(wall + MS_PER_DAY);
  const early = wall - before;
  const late = wall - after;
  if (offsetAt(late) === after) return late;
  // Either only the earlier offset fits, or the time was skipped and the offset before the change moves it on.
  return early;
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The years a wall clock may name: a day either side of them in any zone is still a four-digit year. */
const MIN_YEAR = 1000;
const MAX_YEAR = 9998;

/**
 * The instant of a wall-clock 'YYYY-MM-DD HH:mm:ss' in a zone (seconds, or the whole time, may be left out);
 * null when the text is no such date and time, or its year is outside 1000–9998.
 * Example: `wallClockToInstant('2026-03-10 12:00:00', 'Europe/Moscow')` → 2026-03-10T09:00:00Z.
 */
export function wallClockToInstant(text: string, zone: string): Date | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  // The database holds four-digit years only; a zone's offset must not carry a wall clock past them either way.
  if (year < MIN_YEAR || year > MAX_YEAR) return null;
  const wall = utcOf(year, month, day, hour, minute, second);
  if (new Date(wall).getUTCDate() !== day) return null;
  return new Date(resolveWallTime(wall, (instant) => zoneOffset(instant, zone)));
}

/**
 * A wall clock 'YYYY-MM-DD HH:mm[:ss]' as shown to people, day first and to the minute.
 * Example: `wallClockText('2026-11-23 08:05:00')` → '23.11.2026 08:05'.
 */
export function wallClockText(wall: string): string {
  return `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)} ${wall.slice(11, 16)}`;
}

/**
 * The wall clock of an instant in a zone, as sent on the wire.
 * Example: `instantToWallClock(new Date('2026-03-10T09:00:00Z'), 'Asia/Vladivostok')` → '2026-03-10 19:00:00'.
 */
export function instantToWallClock(instant: Date | number, zone: string): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const wall = new Date(ms + zoneOffset(ms, zone)).toISOString();
  return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}

/**
 * The day of an instant in a zone.
 * Example: `instantToDay(new Date('2026-03-10T22:30:00Z'), 'Europe/Moscow')` → '2026-03-11'.
 */
export function instantToDay(instant: Date | number, zone: string): string {
  return instantToWallClock(instant, zone).slice(0, 10);
}
