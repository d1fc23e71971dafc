import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_FORMAT_MESSAGE, apiDate, apiDateTime, apiTime, isApiDate, isApiDateTime } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { instantToWallClock } from './wallClock.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('an answer datetime', () => {
  it.each(['2026-03-10 12:00:00', '2026-12-31 23:59:59', '2028-02-29 00:00:00', '2000-02-29 06:30:15'])(
    'accepts %s',
    (text) => {
      expect(apiDateTime.parse(text)).toBe(text);
    },
  );

  it.each([
    ['a day February does not have', '2026-02-30 10:00:00'],
    ['29 February outside a leap year', '2026-02-29 10:00:00'],
    ['29 February of a century that is not a leap year', '1900-02-29 10:00:00'],
    ['31 April', '2026-04-31 10:00:00'],
    ['month 13', '2026-13-01 10:00:00'],
    ['day 0', '2026-03-00 10:00:00'],
    ['24 o’clock', '2026-03-10 24:00:00'],
    ['minute 60', '2026-03-10 12:60:00'],
    ['second 60', '2026-03-10 12:00:60'],
    ['no seconds', '2026-03-10 12:00'],
    ['an ISO instant', '2026-03-10T12:00:00'],
    ['an ISO instant with a zone', '2026-03-10T09:00:00.000Z'],
    ['a bare day', '2026-03-10'],
    ['a displayed date', '10.03.2026 12:00:00'],
    ['one-digit parts', '2026-3-10 9:00:00'],
    ['a trailing space', '2026-03-10 12:00:00 '],
    ['letters', 'YYYY-MM-DD HH:mm:ss'],
    ['an empty text', ''],
  ])('refuses %s with «Invalid format»', (_, text) => {
    expect(messages(apiDateTime, text)).toEqual([API_FORMAT_MESSAGE]);
  });

  it('refuses a number or null with «Invalid format», and a missing value as required', () => {
    expect(API_FORMAT_MESSAGE).toBe('Invalid format');
    expect(messages(apiDateTime, 1_773_136_800_000)).toEqual([API_FORMAT_MESSAGE]);
    expect(messages(apiDateTime, null)).toEqual([API_FORMAT_MESSAGE]);
    expect(messages(z.object({ begin: apiDateTime }), {})).toEqual([MESSAGES.required]);
  });

  it('takes null only where the field is nullable', () => {
    expect(apiDateTime.nullable().parse(null)).toBeNull();
    expect(messages(apiDateTime.nullable(), '2026-02-30 10:00:00')).toEqual([API_FORMAT_MESSAGE]);
  });

  it('accepts the wall clock the server writes for any instant of four-digit years', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1, 0, 1), max: Date.UTC(9999, 11, 31) }), (ms) => {
        expect(isApiDateTime(instantToWallClock(ms, 'UTC'))).toBe(true);
      }),
    );
  });

  it('agrees with the calendar of Date on every day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const date = new Date(0);
          date.setUTCFullYear(year, month - 1, day);
          const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(isApiDate(text)).toBe(date.getUTCDate() === day);
        },
      ),
    );
  });
});

describe('an answer time', () => {
  it.each(['00:00:00', '08:30:15', '23:59:59', '08:30', '23:59'])('accepts %s', (text) => {
    expect(apiTime.parse(text)).toBe(text);
  });

  it.each([
    '24:00:00',
    '12:60:00',
    '12:00:60',
    '24:00',
    '8:30',
    '08:30:0',
    '08-30-00',
    '2026-03-10 08:30:00',
    '',
  ])('refuses %s with «Invalid format»', (text) => {
    expect(messages(apiTime, text)).toEqual([API_FORMAT_MESSAGE]);
  });
});

describe('an answer date', () => {
  it.each(['2026-03-10', '2028-02-29', '2000-02-29'])('accepts %s', (text) => {
    expect(apiDate.parse(text)).toBe(text);
  });

  it.each([
    '2026-02-30',
    '2026-02-29',
    '2100-02-29',
    '2026-00-10',
    '2026-03-32',
    '2026-03-10 00:00:00',
    '10.03.2026',
    '2026-3-10',
    '20260310',
  ])('refuses %s with «Invalid format»', (text) => {
    expect(messages(apiDate, text)).toEqual([API_FORMAT_MESSAGE]);
  });
});
