import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  instantToDay,
  instantToWallClock,
  resolveWallTime,
  wallClockText,
  wallClockToInstant,
  zoneOffset,
} from './wallClock.ts';

const HOUR = 3_600_000;
const utc = (iso: string) => new Date(`${iso}Z`);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('when reading a wall clock in a zone without daylight saving', () => {
  it.each([
    ['Europe/Kaliningrad', '2026-03-10T10:00:00.000Z'],
    ['Europe/Moscow', '2026-03-10T09:00:00.000Z'],
    ['Asia/Vladivostok', '2026-03-10T02:00:00.000Z'],
    ['America/New_York', '2026-03-10T16:00:00.000Z'],
  ])('takes noon in %s as %s', (zone, instant) => {
    expect(iso(wallClockToInstant('2026-03-10 12:00:00', zone))).toBe(instant);
  });

  it('uses the offset a zone had on that day, not today', () => {
    // Moscow kept UTC+4 from 2011 to 2014.
    expect(iso(wallClockToInstant('2012-07-01 12:00:00', 'Europe/Moscow'))).toBe('2012-07-01T08:00:00.000Z');
  });

  it('accepts a time without seconds, a day alone, a T separator and surrounding spaces', () => {
    expect(iso(wallClockToInstant('2026-03-10 12:30', 'Europe/Moscow'))).toBe('2026-03-10T09:30:00.000Z');
    expect(iso(wallClockToInstant('2026-03-10', 'Asia/Vladivostok'))).toBe('2026-03-09T14:00:00.000Z');
    expect(iso(wallClockToInstant(' 2026-03-10T12:30:15 ', 'Europe/Kaliningrad'))).toBe(
      '2026-03-10T10:30:15.000Z',
    );
  });
});

describe('when reading malformed text', () => {
  it.each([
    '',
    'now',
    '10.03.2026 12:00',
    '2026-3-10 12:00',
    '2026-03-10 12',
    '2026-03-10 12:00:00.000',
    '2026-03-10 12:00:00+03:00',
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-04-31 00:00:00',
    '2026-03-00 00:00:00',
    '2026-03-10 24:00:00',
    '2026-03-10 12:60:00',
    '2026-03-10 12:00:60',
    // Years the database cannot hold, or that a zone's offset would carry past four digits.
    '0000-01-01 00:00:00',
    '0999-12-31',
    '9999-12-31 23:00:00',
  ])('answers null for %j', (text) => {
    expect(wallClockToInstant(text, 'Europe/Moscow')).toBeNull();
  });

  it('accepts 29 February only in a leap year', () => {
    expect(iso(wallClockToInstant('2028-02-29 10:00:00', 'Europe/Moscow'))).toBe('2028-02-29T07:00:00.000Z');
    expect(iso(wallClockToInstant('2000-02-29', 'Europe/Moscow'))).toBe('2000-02-28T21:00:00.000Z');
    expect(wallClockToInstant('2026-02-29 10:00:00', 'Europe/Moscow')).toBeNull();
    expect(wallClockToInstant('2100-02-29 10:00:00', 'Europe/Moscow')).toBeNull();
  });

  it('refuses an unknown zone loudly rather than guessing one', () => {
    expect(() => wallClockToInstant('2026-03-10 12:00:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('when the clocks go forward (Europe/Berlin, 29 March 2026, 02:00 → 03:00)', () => {
  const zone = 'Europe/Berlin';

  it('reads the hours either side with their own offsets', () => {
    expect(iso(wallClockToInstant('2026-03-29 01:59:59', zone))).toBe('2026-03-29T00:59:59.000Z');
    expect(iso(wallClockToInstant('2026-03-29 03:00:00', zone))).toBe('2026-03-29T01:00:00.000Z');
  });

  it('moves a skipped time forward by the lost hour, as PostgreSQL does', () => {
    const instant = wallClockToInstant('2026-03-29 02:30:00', zone);
    expect(iso(instant)).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToWallClock(instant!, zone)).toBe('2026-03-29 03:30:00');
  });

  it('writes the instants around the change with the offset of each side', () => {
    expect(instantToWallClock(utc('2026-03-29T00:59:59'), zone)).toBe('2026-03-29 01:59:59');
    expect(instantToWallClock(utc('2026-03-29T01:00:00'), zone)).toBe('2026-03-29 03:00:00');
    expect(zoneOffset(utc('2026-03-29T00:59:59').getTime(), zone)).toBe(HOUR);
    expect(zoneOffset(utc('2026-03-29T01:00:00').getTime(), zone)).toBe(2 * HOUR);
  });

  it('keeps midnight of the short day at the winter offset', () => {
    expect(iso(wallClockToInstant('2026-03-29', zone))).toBe('2026-03-28T23:00:00.000Z');
    expect(iso(wallClockToInstant('2026-03-30', zone))).toBe('2026-03-29T22:00:00.000Z');
  });
});

describe('when the clocks go back (Europe/Berlin, 25 October 2026, 03:00 → 02:00)', () => {
  const zone = 'Europe/Berlin';

  it('takes a repeated time as its second, standard-time pass, as PostgreSQL does', () => {
    expect(iso(wallClockToInstant('2026-10-25 02:30:00', zone))).toBe('2026-10-25T01:30:00.000Z');
  });

  it('writes both passes through the repeated hour with the same wall clock', () => {
    expect(instantToWallClock(utc('2026-10-25T00:30:00'), zone)).toBe('2026-10-25 02:30:00');
    expect(instantToWallClock(utc('2026-10-25T01:30:00'), zone)).toBe('2026-10-25 02:30:00');
  });

  it('reads the hours either side with their own offsets', () => {
    expect(iso(wallClockToInstant('2026-10-25 01:59:59', zone))).toBe('2026-10-24T23:59:59.000Z');
    expect(iso(wallClockToInstant('2026-10-25 03:00:00', zone))).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('when writing an instant as a wall clock', () => {
  const instant = utc('2026-03-10T21:30:05');

  it.each([
    ['Europe/Kaliningrad', '2026-03-10 23:30:05', '2026-03-10'],
    ['Europe/Moscow', '2026-03-11 00:30:05', '2026-03-11'],
    ['Asia/Vladivostok', '2026-03-11 07:30:05', '2026-03-11'],
  ])('writes it in %s as %s, on %s', (zone, wall, day) => {
    expect(instantToWallClock(instant, zone)).toBe(wall);
    expect(instantToWallClock(instant.getTime(), zone)).toBe(wall);
    expect(instantToDay(instant, zone)).toBe(day);
  });

  it('drops milliseconds rather than rounding them up', () => {
    expect(instantToWallClock(utc('2026-03-10T20:59:59.999'), 'Europe/Moscow')).toBe('2026-03-10 23:59:59');
  });

  it('writes 29 February of a leap year', () => {
    expect(instantToWallClock(utc('2028-02-28T21:00:00'), 'Europe/Moscow')).toBe('2028-02-29 00:00:00');
  });
});

describe('when going there and back', () => {
  const zones = [
    'Europe/Kaliningrad',
    'Europe/Moscow',
    'Asia/Vladivostok',
    'Europe/Berlin',
    'America/New_York',
  ];
  const seconds = fc
    .integer({
      min: Date.parse('1995-01-01T00:00:00Z') / 1000,
      max: Date.parse('2035-12-31T00:00:00Z') / 1000,
    })
    .map((s) => s * 1000);

  it('gives back every whole-second instant, except the first pass through a repeated hour', () => {
    fc.assert(
      fc.property(seconds, fc.constantFrom(...zones), (ms, zone) => {
        const back = wallClockToInstant(instantToWallClock(ms, zone), zone)!.getTime();
        if (back === ms) return;
        // Only the earlier of two instants with the same wall clock may come back as the later one.
        expect(back - ms).toBe(zoneOffset(ms, zone) - zoneOffset(back, zone));
        expect(back).toBeGreaterThan(ms);
        expect(instantToWallClock(back, zone)).toBe(instantToWallClock(ms, zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives back every wall clock that exists, and moves a skipped one on by exactly the skipped time', () => {
    fc.assert(
      fc.property(seconds, fc.constantFrom(...zones), (wallMs, zone) => {
        const text = new Date(wallMs).toISOString().slice(0, 19).replace('T', ' ');
        const instant = wallClockToInstant(text, zone)!.getTime();
        const back = instantToWallClock(instant, zone);
        if (back === text) return;
        const shift = Date.parse(`${back.replace(' ', 'T')}Z`) - wallMs;
        expect(shift).toBeGreaterThan(0);
        expect(shift).toBe(zoneOffset(instant, zone) - zoneOffset(instant - shift, zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers every wall clock of a zone that has kept one offset since 2015 with its one instant', () => {
    const recent = fc
      .integer({
        min: Date.parse('2015-01-01T00:00:00Z') / 1000,
        max: Date.parse('2035-12-31T00:00:00Z') / 1000,
      })
      .map((s) => s * 1000);
    fc.assert(
      fc.property(
        recent,
        fc.constantFrom('Europe/Kaliningrad', 'Europe/Moscow', 'Asia/Vladivostok'),
        (ms, zone) => {
          const wall = instantToWallClock(ms, zone);
          expect(wallClockToInstant(wall, zone)!.getTime()).toBe(ms);
          expect(zoneOffset(ms, zone)).toBe(
            { 'Europe/Kaliningrad': 2, 'Europe/Moscow': 3, 'Asia/Vladivostok': 10 }[zone]! * HOUR,
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('the offsets kept per quarter hour', () => {
  const formats = new Map<string, Intl.DateTimeFormat>();
  /** The offset as Intl tells it, with formatters of the test's own: what zoneOffset must answer from its cache. */
  function intlOffset(ms: number, zone: string): number {
    let format = formats.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      formats.set(zone, format);
    }
    const parts = format.formatToParts(new Date(ms));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const wall = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return wall - Math.floor(ms / 1000) * 1000;
  }

  // Changes by an hour, by half an hour (Lord Howe), at a quarter to the hour (Chatham) and at odd offsets.
  const zones = [
    'Europe/Berlin',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/St_Johns',
    'Asia/Kathmandu',
  ];

  it('answers what Intl answers on both sides of every change of 2026, whatever was asked before', () => {
    for (const zone of zones) {
      const changes: number[] = [];
      const from = Date.UTC(2026, 0, 1);
      for (let ms = from; ms < Date.UTC(2027, 0, 1); ms += 3_600_000) {
        if (intlOffset(ms, zone) !== intlOffset(ms + 3_600_000, zone)) changes.push(ms);
      }
      if (zone !== 'Asia/Kathmandu') expect(changes.length).toBe(2);
      for (const hour of changes) {
        // The exact instant within the hour, to the second.
        let low = hour;
        let high = hour + 3_600_000;
        while (high - low > 1000) {
          const mid = low + Math.floor((high - low) / 2000) * 1000;
          if (intlOffset(mid, zone) === intlOffset(hour, zone)) low = mid;
          else high = mid;
        }
        // Asked in an order that fills the quarter's cache from the far side first.
        for (const delta of [
          900_000, -900_000, 1000, -1000, 0, 899_000, -899_000, 59_000, -61_000, 450_500,
        ]) {
          expect(zoneOffset(high + delta, zone), `${zone} ${new Date(high + delta).toISOString()}`).toBe(
            intlOffset(high + delta, zone),
          );
        }
      }
    }
  });

  it('measures a quarter hour with a change inside at every call (Monrovia 1972, Dublin 1916)', () => {
    for (const [zone, change] of [
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
      ['Europe/Dublin', '1916-05-21T02:25:21Z'],
    ] as const) {
      const at = Date.parse(change);
      expect(intlOffset(at - 1000, zone)).not.toBe(intlOffset(at, zone));
      // The quarter's later part first: a cache filled from it would answer the earlier part wrong.
      for (const delta of [60_000, 1000, 0, -1000, -60_000, -1000, 1000]) {
        expect(zoneOffset(at + delta, zone)).toBe(intlOffset(at + delta, zone));
      }
    }
  });

  it('answers what Intl answers at any instant (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('2000-01-01T00:00:00Z') / 1000,
          max: Date.parse('2040-01-01T00:00:00Z') / 1000,
        }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom(...zones),
        (seconds, ms, zone) => {
          const instant = seconds * 1000 + ms;
          expect(zoneOffset(instant, zone)).toBe(intlOffset(instant, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('when resolving a wall time under a given offset function', () => {
  it('uses a constant offset as it is', () => {
    expect(resolveWallTime(Date.UTC(2026, 2, 10, 12), () => 3 * HOUR)).toBe(Date.UTC(2026, 2, 10, 9));
  });
});

describe('when showing a wall clock to people', () => {
  it('puts the day first and stops at the minute, with or without seconds', () => {
    expect(wallClockText('2026-11-23 08:05:00')).toBe('23.11.2026 08:05');
    expect(wallClockText('2026-11-23 21:35')).toBe('23.11.2026 21:35');
  });
});
