import { describe, expect, it } from 'vitest';
import { splitPeriod } from './period.ts';

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
