import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weeklyPeaks } from './demandPeaks.ts';

/** The definition read literally: per slot of the week, the list of its observed weekly values. */
function brute(
  values: number[],
  slotsPerWeek: number,
  observed: { from: number; to: number },
  repeat: number,
  deviation: number,
) {
  const count: number[] = [];
  const isPeak: number[] = [];
  for (let slot = 0; slot < slotsPerWeek; slot++) {
    const weekly = values.filter(
      (_, k) => k % slotsPerWeek === slot && k >= observed.from && k < observed.to,
    );
    const highest = Math.max(0, ...weekly);
    const near = weekly.filter((v) => v >= highest * (1 - deviation / 100) - 1e-9).length;
    count.push(highest);
    isPeak.push(highest > 0 && near >= repeat ? 1 : 0);
  }
  return { count, isPeak };
}

describe('the typical week of peaks', () => {
  it('marks a high point that recurs and not one that happens once', () => {
    const peaks = weeklyPeaks([3, 1, 3, 0], 2, { from: 0, to: 4 }, 2, 0);
    expect(Array.from(peaks.count)).toEqual([3, 1]);
    expect(Array.from(peaks.isPeak)).toEqual([1, 0]);
  });

  it('counts a week within the deviation below the highest as a repeat', () => {
    expect(Array.from(weeklyPeaks([10, 9, 8], 1, { from: 0, to: 3 }, 2, 10).isPeak)).toEqual([1]);
    expect(Array.from(weeklyPeaks([10, 8, 8], 1, { from: 0, to: 3 }, 2, 10).isPeak)).toEqual([0]);
  });

  it('never marks a slot without demand', () => {
    expect(Array.from(weeklyPeaks([0, 0, 0], 1, { from: 0, to: 3 }, 1, 100).isPeak)).toEqual([0]);
  });

  it('ignores the days of the first and last week outside the period', () => {
    // Slots 0 and 3 lie outside the period: their 9 must not count.
    const peaks = weeklyPeaks([9, 2, 2, 9], 2, { from: 1, to: 3 }, 1, 0);
    expect(Array.from(peaks.count)).toEqual([2, 2]);
  });

  it('agrees with the definition read literally', () => {
    const week = fc
      .record({ slotsPerWeek: fc.integer({ min: 1, max: 6 }), weeks: fc.integer({ min: 1, max: 5 }) })
      .chain(({ slotsPerWeek, weeks }) => {
        const length = slotsPerWeek * weeks;
        return fc.record({
          slotsPerWeek: fc.constant(slotsPerWeek),
          values: fc.array(fc.nat(6), { minLength: length, maxLength: length }),
          from: fc.integer({ min: 0, max: length }),
          to: fc.integer({ min: 0, max: length }),
        });
      });
    fc.assert(
      fc.property(
        week,
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 100 }),
        ({ slotsPerWeek, values, from, to }, repeat, deviation) => {
          const observed = { from: Math.min(from, to), to: Math.max(from, to) };
          const peaks = weeklyPeaks(values, slotsPerWeek, observed, repeat, deviation);
          const expected = brute(values, slotsPerWeek, observed, repeat, deviation);
          expect(Array.from(peaks.count)).toEqual(expected.count);
          expect(Array.from(peaks.isPeak)).toEqual(expected.isPeak);
        },
      ),
    );
  });
});
