import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../tests/support/refusal.ts';
import { MAX_PERIOD_DAYS } from '../../shared/dates.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { BadRequestError } from './errors.ts';
import {
  midnight,
  periodFault,
  readDays,
  readPeriod,
  requirePeriod,
  splitPeriod,
  wallPeriod,
} from './period.ts';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 2, 10) + hours * HOUR);

describe('when cutting a period into windows', () => {
  it('covers the period exactly with consecutive windows of at most the step', () => {
    const windows = splitPeriod({ begin: at(0), end: at(60) }, 24 * HOUR);
    expect(windows).toEqual([
      { begin: at(0), end: at(24) },
      { begin: at(24), end: at(48) },
      { begin: at(48), end: at(60) },
    ]);
  });

  it('answers one window for a period shorter than the step, and for an empty one', () => {
    expect(splitPeriod({ begin: at(1), end: at(2) }, 24 * HOUR)).toEqual([{ begin: at(1), end: at(2) }]);
    expect(splitPeriod({ begin: at(1), end: at(1) }, 24 * HOUR)).toEqual([{ begin: at(1), end: at(1) }]);
  });
});

/** The fields of a 400 that `act` throws. */
const refusal = (act: () => unknown) => fieldsOf(act, BadRequestError);

const TOO_LONG = MESSAGES.periodTooLong(MAX_PERIOD_DAYS);

describe('the longest period', () => {
  it('is 93 days, the one every screen offers', () => {
    expect(MAX_PERIOD_DAYS).toBe(93);
  });
});

describe('when checking a period', () => {
  const utc = (text: string) => new Date(`${text}Z`);

  it('refuses an end before the begin, and an empty period only when asked to', () => {
    const same = { begin: utc('2026-03-10T00:00:00'), end: utc('2026-03-10T00:00:00') };
    expect(periodFault({ begin: same.end, end: utc('2026-03-09T23:59:59') }, 'UTC', 93)).toBe(
      MESSAGES.periodReversed,
    );
    expect(periodFault(same, 'UTC', 93)).toBeUndefined();
    expect(periodFault(same, 'UTC', 93, true)).toBe(MESSAGES.periodReversed);
  });

  it('allows exactly maxDays and refuses a second more', () => {
    const begin = utc('2026-01-01T00:00:00');
    expect(periodFault({ begin, end: utc('2026-04-04T00:00:00') }, 'UTC', 93)).toBeUndefined();
    expect(periodFault({ begin, end: utc('2026-04-04T00:00:01') }, 'UTC', 93)).toBe(TOO_LONG);
  });

  it('measures on the wall clock: a daylight-saving change inside does not move the limit', () => {
    // Berlin: 93 wall days from 2026-01-01 to 2026-04-04 are an hour shorter in instants (summer time on 29 March).
    const begin = midnight('2026-01-01', 'Europe/Berlin') as Date;
    const end = midnight('2026-04-04', 'Europe/Berlin') as Date;
    expect(end.getTime() - begin.getTime()).toBe(93 * 86_400_000 - 3_600_000);
    expect(periodFault({ begin, end }, 'Europe/Berlin', 93)).toBeUndefined();
    expect(periodFault({ begin, end: new Date(end.getTime() + 1000) }, 'Europe/Berlin', 93)).toBe(TOO_LONG);
  });
});

describe('when reading a wall-clock period', () => {
  it('answers the instants of both bounds in the zone', () => {
    expect(wallPeriod('2026-03-01 00:00:00', '2026-03-02 00:00:00', 'Europe/Moscow', 93)).toEqual({
      begin: new Date('2026-02-28T21:00:00Z'),
      end: new Date('2026-03-01T21:00:00Z'),
    });
  });

  it('names the malformed bound first, then the missing one, then the order and length on the end', () => {
    expect(wallPeriod('01.03.2026', undefined, 'UTC', 93)).toEqual({
      bound: 'begin',
      message: MESSAGES.wallClockFormat,
    });
    expect(wallPeriod(undefined, '2026-03-01 25:00:00', 'UTC', 93)).toEqual({
      bound: 'end',
      message: MESSAGES.wallClockFormat,
    });
    expect(wallPeriod(undefined, '2026-03-01 00:00:00', 'UTC', 93)).toEqual({
      bound: 'begin',
      message: MESSAGES.periodBothBounds,
    });
    expect(wallPeriod('2026-03-01 00:00:00', '2026-03-01 00:00:00', 'UTC', 93, true)).toEqual({
      bound: 'end',
      message: MESSAGES.periodReversed,
    });
    expect(wallPeriod('2026-01-01 00:00:00', '2026-04-04 00:00:01', 'UTC', 93)).toEqual({
      bound: 'end',
      message: TOO_LONG,
    });
  });

  it('reads nothing from a query without either bound, and refuses on the query names', async () => {
    const spec = { begin: 'from', end: 'to', maxDays: 93 } as const;
    expect(readPeriod({}, spec, 'UTC')).toBeUndefined();
    expect(await refusal(() => readPeriod({ from: '2026-03-01 00:00:00' }, spec, 'UTC'))).toEqual({
      to: [MESSAGES.periodBothBounds],
    });
    expect(
      await refusal(() =>
        readPeriod({ from: '2026-03-02 00:00:00', to: '2026-03-01 00:00:00' }, spec, 'UTC'),
      ),
    ).toEqual({ to: [MESSAGES.periodReversed] });
  });

  it('requires a period: neither bound is a 400 on the begin', async () => {
    expect(await refusal(() => requirePeriod({}, 'begin_datetime', 'end_datetime', 'UTC'))).toEqual({
      begin_datetime: [MESSAGES.periodBothBounds],
    });
    expect(
      requirePeriod(
        { begin_datetime: '2026-03-01 00:00:00', end_datetime: '2026-03-01 06:00:00' },
        'begin_datetime',
        'end_datetime',
        'UTC',
      ),
    ).toEqual({ begin: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-01T06:00:00Z') });
  });
});

describe('when reading whole days', () => {
  it('answers first midnight to the midnight after the last day, in the zone', () => {
    expect(readDays('Europe/Moscow', '2026-03-10', '2026-03-11', 93, 'to')).toEqual({
      begin: new Date('2026-03-09T21:00:00Z'),
      end: new Date('2026-03-11T21:00:00Z'),
    });
  });

  it('drops a time after the day', () => {
    expect(readDays('UTC', '2026-03-10 12:00:00', '2026-03-10 13:00:00', 93, 'to')).toEqual({
      begin: new Date('2026-03-10T00:00:00Z'),
      end: new Date('2026-03-11T00:00:00Z'),
    });
  });

  it('counts both days: maxDays days pass, one more is refused on the field', async () => {
    expect(() => readDays('UTC', '2026-01-01', '2026-04-03', 93, 'to')).not.toThrow();
    expect(await refusal(() => readDays('UTC', '2026-01-01', '2026-04-04', 93, 'to'))).toEqual({
      to: [TOO_LONG],
    });
  });

  it('refuses a last day before the first, and a day past the four-digit years', async () => {
    expect(await refusal(() => readDays('UTC', '2026-03-10', '2026-03-09', 93, 'end_period_date'))).toEqual({
      end_period_date: [MESSAGES.periodReversed],
    });
    expect(await refusal(() => readDays('UTC', '9999-12-31', '9999-12-31', 93, 'to'))).toEqual({
      to: [MESSAGES.dateFormat],
    });
    // A field in another format names its own (the flight table's export range is ДД.ММ.ГГГГ - ДД.ММ.ГГГГ).
    expect(
      await refusal(() => readDays('UTC', '9999-12-31', '9999-12-31', 93, 'range', 'Ожидается ДД.ММ.ГГГГ')),
    ).toEqual({
      range: ['Ожидается ДД.ММ.ГГГГ'],
    });
  });
});

describe('when finding a midnight', () => {
  it('answers the start of the day in the zone, days later when asked', () => {
    expect(midnight('2026-03-10', 'Europe/Moscow')).toEqual(new Date('2026-03-09T21:00:00Z'));
    expect(midnight('2026-03-10 15:00:00', 'Europe/Moscow', 1)).toEqual(new Date('2026-03-10T21:00:00Z'));
    expect(midnight('9999-12-31', 'UTC', 1)).toBeNull();
    expect(midnight('2026-13-45', 'UTC', 1)).toBeNull();
    expect(midnight('2026-02-30', 'UTC')).toBeNull();
  });
});
