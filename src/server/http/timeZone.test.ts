import { describe, expect, it } from 'vitest';
import { knownZoneCount, requestTimeZone } from './timeZone.ts';

/** The n-th of the 2^letters upper/lower-case spellings of a name. Example: `spelling('ab', 1)` → 'Ab'. */
function spelling(name: string, n: number): string {
  let bit = 0;
  return [...name]
    .map((c) => {
      if (c.toLowerCase() === c.toUpperCase()) return c;
      const upper = (n >> bit++) & 1;
      return upper ? c.toUpperCase() : c.toLowerCase();
    })
    .join('');
}

describe('requestTimeZone', () => {
  it('answers the header zone, the fallback without one, and a 400 for a name that is no zone', () => {
    expect(requestTimeZone('Asia/Yekaterinburg', 'Europe/Moscow')).toBe('Asia/Yekaterinburg');
    expect(requestTimeZone(undefined, 'Europe/Moscow')).toBe('Europe/Moscow');
    expect(requestTimeZone('  ', 'Europe/Moscow')).toBe('Europe/Moscow');
    expect(() => requestTimeZone('Bogus/Zone', 'Europe/Moscow')).toThrow();
  });

  it('holds one entry per zone however its name is spelt, so no client can grow the set without end', () => {
    requestTimeZone('Europe/Moscow', 'UTC');
    const before = knownZoneCount();
    for (let n = 0; n < 2000; n += 1) {
      const zone = spelling('Europe/Moscow', n);
      expect(requestTimeZone(zone, 'UTC')).toBe(zone);
    }
    expect(knownZoneCount()).toBe(before);
  });
});
