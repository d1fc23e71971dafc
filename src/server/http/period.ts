import { MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { wallClockToInstant, zoneOffset } from '../../shared/wallClock.ts';
import { BadRequestError } from './errors.ts';

const MS_PER_DAY = 86_400_000;

/** The query names of a period's bounds and its longest allowed length. */
export interface PeriodSpec<B extends string, E extends string> {
  begin: B;
  end: E;
  maxDays: number;
}

/** A period read from the query: both bounds as instants. */
export interface Period {
  begin: Date;
  end: Date;
}

/** Why a period cannot be read, and on which bound. */
export interface PeriodFault {
  bound: 'begin' | 'end';
  message: string;
}

function refuse(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

/** The fault of a span `length` ms long, `wallLength` ms on the wall clock (see `periodFault`). */
function lengthFault(
  length: number,
  wallLength: number,
  maxDays: number,
  nonEmpty: boolean,
): string | undefined {
  if (length < 0 || (nonEmpty && length === 0)) return MESSAGES.periodReversed;
  return wallLength > maxDays * MS_PER_DAY ? MESSAGES.periodTooLong(maxDays) : undefined;
}

/**
 * What is wrong with a period in a zone, else undefined: its end before its begin (or on it, when `nonEmpty`), or
 * more than `maxDays` days on the zone's wall clock, so a daylight-saving change inside does not move the limit.
 * Example: 2026-01-01 00:00 to 2026-04-04 00:00 in Europe/Moscow, 93 days → 'Период не может быть длиннее 93 дней'.
 */
export function periodFault(
  period: Period,
  zone: string,
  maxDays: number,
  nonEmpty = false,
): string | undefined {
  const begin = period.begin.getTime();
  const end = period.end.getTime();
  const shift = zoneOffset(end, zone) - zoneOffset(begin, zone);
  return lengthFault(end - begin, end - begin + shift, maxDays, nonEmpty);
}

/**
 * A wall-clock period (`YYYY-MM-DD HH:mm:ss` in the zone) of its two bounds, or its fault: a malformed bound, a
 * missing one, then the faults of `periodFault`, in that order.
 * Example: `wallPeriod('2026-03-01 00:00:00', undefined, 'UTC', 93)` → `{bound: 'end', message: 'Укажите начало и конец периода'}`.
 */
export function wallPeriod(
  beginText: string | undefined,
  endText: string | undefined,
  zone: string,
  maxDays: number,
  nonEmpty = false,
): Period | PeriodFault {
  const begin = beginText === undefined ? undefined : wallClockToInstant(beginText, zone);
  if (begin === null) return { bound: 'begin', message: MESSAGES.wallClockFormat };
  const end = endText === undefined ? undefined : wallClockToInstant(endText, zone);
  if (end === null) return { bound: 'end', message: MESSAGES.wallClockFormat };
  if (begin === undefined) return { bound: 'begin', message: MESSAGES.periodBothBounds };
  if (end === undefined) return { bound: 'end', message: MESSAGES.periodBothBounds };
  const message = periodFault({ begin, end }, zone, maxDays, nonEmpty);
  return message ? { bound: 'end', message } : { begin, end };
}

/**
 * Reads a wall-clock period (`YYYY-MM-DD HH:mm:ss` in the request's zone) from the query: both bounds or neither
 * (undefined); one alone, a malformed or reversed bound, or a period longer than `maxDays` is a 400 on the field.
 * Example: `readPeriod({from: '2026-03-01 00:00:00', to: '2026-03-02 00:00:00'}, {begin: 'from', end: 'to', maxDays: 93}, 'Europe/Moscow')`
 * → `{begin: 2026-02-28T21:00Z, end: 2026-03-01T21:00Z}`.
 */
export function readPeriod<B extends string, E extends string>(
  query: Partial<Record<B | E, string>>,
  spec: PeriodSpec<B, E>,
  zone: string,
): Period | undefined {
  const beginText = query[spec.begin];
  const endText = query[spec.end];
  if (beginText === undefined && endText === undefined) return undefined;
  const read = wallPeriod(beginText, endText, zone, spec.maxDays);
  return 'bound' in read ? refuse(spec[read.bound], read.message) : read;
}

/**
 * `readPeriod` of a required period (at most MAX_PERIOD_DAYS): neither bound is a 400 on the begin as well.
 * Example: `requirePeriod({}, 'begin_datetime', 'end_datetime', 'UTC')` → 400 on begin_datetime.
 */
export function requirePeriod(query: object, begin: string, end: string, zone: string): Period {
  const spec = { begin, end, maxDays: MAX_PERIOD_DAYS };
  return (
    readPeriod(query as Partial<Record<string, string>>, spec, zone) ??
    refuse(begin, MESSAGES.periodBothBounds)
  );
}

/**
 * The midnight starting a day 'YYYY-MM-DD' (a time after it is dropped), `plusDays` later, in the zone; null past
 * the four-digit years or of a day that is not one. Example: `midnight('2026-03-10', 'Europe/Moscow', 1)` → 2026-03-10T21:00Z.
 */
export function midnight(day: string, zone: string, plusDays = 0): Date | null {
  const first = wallClockToInstant(`${day.slice(0, 10)} 00:00:00`, zone);
  if (!first || plusDays === 0) return first;
  const wall = new Date(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) + plusDays * MS_PER_DAY).toISOString();
  return wallClockToInstant(`${wall.slice(0, 10)} 00:00:00`, zone);
}

/**
 * Whole days of the zone, `first` to `last` both included: [first 00:00, the day after last 00:00). A reversed span
 * or more than `maxDays` days is a 400 on `field`, as is a day past the four-digit years (`formatMessage`, the
 * field's own format: «Ожидается YYYY-MM-DD» unless told).
 * Example: `readDays('Europe/Moscow', '2026-03-10', '2026-03-11', 93, 'to')` → `{begin: 2026-03-09T21:00Z, end: 2026-03-11T21:00Z}`.
 */
export function readDays(
  zone: string,
  first: string,
  last: string,
  maxDays: number,
  field: string,
  formatMessage: string = MESSAGES.dateFormat,
): Period {
  const length =
    Date.parse(`${last.slice(0, 10)}T00:00:00Z`) + MS_PER_DAY - Date.parse(`${first.slice(0, 10)}T00:00:00Z`);
  const fault = lengthFault(length, length, maxDays, true);
  if (fault) refuse(field, fault);
  const begin = midnight(first, zone);
  const end = midnight(last, zone, 1);
  return begin && end ? { begin, end } : refuse(field, formatMessage);
}

/**
 * The period cut into consecutive windows of at most `stepMs`, covering it exactly.
 * Example: a period of 2.5 days with a one-day step → three windows, the last half a day.
 */
export function splitPeriod(period: Period, stepMs: number): Period[] {
  const windows: Period[] = [];
  for (let from = period.begin.getTime(); from < period.end.getTime(); from += stepMs) {
    windows.push({ begin: new Date(from), end: new Date(Math.min(from + stepMs, period.end.getTime())) });
  }
  return windows.length > 0 ? windows : [{ begin: period.begin, end: period.end }];
}
