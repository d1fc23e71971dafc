/**
 * The formats of dates and times in the server's answers (spec 5 and 9): a datetime 'YYYY-MM-DD HH:mm:ss', a time
 * 'HH:mm:ss' (or 'HH:mm'), a date 'YYYY-MM-DD', each of a real calendar day and clock time. An answer field that is
 * not one of them fails with 'Invalid format' (spec 5), so a malformed value never reaches a screen or the timeline.
 *
 * These are answer schemas. Request fields keep their own Russian messages ('Ожидается YYYY-MM-DD HH:mm:ss' of the
 * catalogue), which the forms and the 422 answers show.
 */
import { MESSAGES, z } from './messages.ts';

/** Spec 5: the message of an answer's datetime, time or date in another format. */
export const API_FORMAT_MESSAGE = 'Invalid format';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DASH = 45;
const COLON = 58;
const SPACE = 32;

/** The number of `count` digits at `from`, or -1 when one of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i += 1) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** Whether 'YYYY-MM-DD' starts at `from` and names a real day (proleptic Gregorian). */
function dateAt(text: string, from: number): boolean {
  if (text.charCodeAt(from + 4) !== DASH || text.charCodeAt(from + 7) !== DASH) return false;
  const year = digitsAt(text, from, 4);
  const month = digitsAt(text, from + 5, 2);
  const day = digitsAt(text, from + 8, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** Whether 'HH:mm' (and ':ss' when `seconds`) starts at `from` and names a clock time 00:00:00…23:59:59. */
function timeAt(text: string, from: number, seconds: boolean): boolean {
  if (text.charCodeAt(from + 2) !== COLON) return false;
  const hour = digitsAt(text, from, 2);
  const minute = digitsAt(text, from + 3, 2);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return false;
  if (!seconds) return true;
  const second = digitsAt(text, from + 6, 2);
  return text.charCodeAt(from + 5) === COLON && second >= 0 && second <= 59;
}

/**
 * True for a datetime of the API format naming a real calendar day and clock time.
 * Example: `isApiDateTime('2026-02-28 23:59:59')` → true; `('2026-02-30 10:00:00')`, `('2026-03-01T10:00:00')` → false.
 */
export function isApiDateTime(text: string): boolean {
  return text.length === 19 && text.charCodeAt(10) === SPACE && dateAt(text, 0) && timeAt(text, 11, true);
}

/**
 * True for a time 'HH:mm:ss' or 'HH:mm' of a day. Example: `isApiTime('08:30')` → true; `('24:00:00')` → false.
 */
function isApiTime(text: string): boolean {
  return (text.length === 8 || text.length === 5) && timeAt(text, 0, text.length === 8);
}

/** True for a real calendar day 'YYYY-MM-DD'. Example: `isApiDate('2028-02-29')` → true; `('2026-02-29')` → false. */
export function isApiDate(text: string): boolean {
  return text.length === 10 && dateAt(text, 0);
}

/** A string checked by `test`, 'Invalid format' otherwise (a missing value is the catalogue's «required»). */
function formatted(test: (text: string) => boolean, description: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : API_FORMAT_MESSAGE) })
    .refine(test, { error: API_FORMAT_MESSAGE })
    .meta({ description });
}

/** An answer's datetime: 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone (spec 9). */
export const apiDateTime = formatted(isApiDateTime, 'YYYY-MM-DD HH:mm:ss');

/** An answer's time of day: 'HH:mm:ss', or 'HH:mm' where the answer names only minutes (working shift starts). */
export const apiTime = formatted(isApiTime, 'HH:mm:ss или HH:mm');

/** An answer's date: 'YYYY-MM-DD' (spec 5: the rush dates). */
export const apiDate = formatted(isApiDate, 'YYYY-MM-DD');
