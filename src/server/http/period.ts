import { MESSAGES } from '../../shared/messages.ts';
import { wallClockToInstant } from '../../shared/wallClock.ts';
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

/**
 * Reads a wall-clock period (`YYYY-MM-DD HH:mm:ss` in the request's zone) from the query: both bounds or neither
 * (undefined); one alone, a malformed or reversed bound, or a period longer than `maxDays` is a 400 on the field.
 * The length is measured on the wall clock, so a daylight-saving change does not move the limit by an hour.
 * Example: `readPeriod({from: '2026-03-01 00:00:00', to: '2026-03-02 00:00:00'}, {begin: 'from', end: 'to', maxDays: 93}, 'Europe/Moscow')`
 * → `{begin: 2026-02-28T21:00Z, end: 2026-03-01T21:00Z}`.
 */
export function readPeriod<B extends string, E extends string>(
  query: Partial<Record<B | E, string>>,
  spec: PeriodSpec<B, E>,
  zone: string,
): Period | undefined {
  const refuse = (field: string, message: string): never => {
    throw new BadRequestError(message, { [field]: [message] });
  };
  const beginText = query[spec.begin];
  const endText = query[spec.end];
  const instant = (field: string, text: string | undefined) =>
    text === undefined
      ? undefined
      : (wallClockToInstant(text, zone) ?? refuse(field, MESSAGES.wallClockFormat));
  const begin = instant(spec.begin, beginText);
  const end = instant(spec.end, endText);
  if (begin === undefined && end === undefined) return undefined;
  if (begin === undefined) return refuse(spec.begin, MESSAGES.periodBothBounds);
  if (end === undefined) return refuse(spec.end, MESSAGES.periodBothBounds);
  if (end < begin) refuse(spec.end, MESSAGES.periodReversed);
  const wallLength =
    (wallClockToInstant(endText as string, 'UTC') as Date).getTime() -
    (wallClockToInstant(beginText as string, 'UTC') as Date).getTime();
  if (wallLength > spec.maxDays * MS_PER_DAY) refuse(spec.end, MESSAGES.periodTooLong(spec.maxDays));
  return { begin, end };
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
