import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recurringLevel, typicalWeek } from './typicalWeek.ts';

const once = { repeat: 1, deviationPercent: 0 };

describe('the level that recurs', () => {
  it('is the plain maximum with one repeat and no deviation', () => {
    expect(recurringLevel([3, 7, 5], once)).toBe(7);
  });

  it('is the r-th largest value with no deviation', () => {
    expect(recurringLevel([5, 4, 1], { repeat: 2, deviationPercent: 0 })).toBe(4);
    expect(recurringLevel([5, 4, 1], { repeat: 3, deviationPercent: 0 })).toBe(1);
  });

  it('keeps a higher value when enough others are within the deviation below it', () => {
    expect(recurringLevel([5, 4, 1], { repeat: 2, deviationPercent: 20 })).toBe(5);
    expect(recurringLevel([5, 3, 1], { repeat: 2, deviationPercent: 20 })).toBe(3);
  });

  it('asks no more repeats than there are values', () => {
    expect(recurringLevel([6, 2], { repeat: 5, deviationPercent: 0 })).toBe(2);
    expect(recurringLevel([], once)).toBe(0);
  });
});

describe('the level that recurs, against its definition', () => {
  it('is the largest observed value reached within the deviation by min(r, n) values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        (values, repeat, deviationPercent) => {
          const need = Math.min(repeat, values.length);
          const qualifies = (v: number) =>
            values.filter((u) => u >= (v * (100 - deviationPercent)) / 100).length >= need;
          const expected = Math.max(0, ...values.filter(qualifies));
          expect(recurringLevel(values, { repeat, deviationPercent })).toBe(expected);
        },
      ),
    );
  });
});

describe('the typical week', () => {
  /** One slot a day: a week is 7 values, Monday first. */
  const weeks = (...list: number[][]) => list.flat();

  it('takes each weekday slot across the weeks by the period rule', () => {
    const values = weeks([4, 0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0, 3]);
    const all = { from: 0, to: 14 };
    expect(Array.from(typicalWeek(values, 1, all, once, once))).toEqual([4, 0, 0, 0, 0, 0, 3]);
    expect(Array.from(typicalWeek(values, 1, all, { repeat: 2, deviationPercent: 0 }, once))).toEqual([
      2, 0, 0, 0, 0, 0, 1,
    ]);
  });

  it('cuts a peak seen on fewer weekdays than the week rule asks', () => {
    const values = weeks([5, 2, 2, 2, 2, 2, 2]);
    const all = { from: 0, to: 7 };
    expect(Array.from(typicalWeek(values, 1, all, once, { repeat: 2, deviationPercent: 0 }))).toEqual([
      2, 2, 2, 2, 2, 2, 2,
    ]);
    expect(Array.from(typicalWeek(values, 1, all, once, { repeat: 2, deviationPercent: 60 }))).toEqual([
      5, 2, 2, 2, 2, 2, 2,
    ]);
  });

  it('reads only the observed slots of partial weeks', () => {
    // The period starts on Wednesday of week 1 and ends on Tuesday of week 2: Monday is seen only in week 2.
    const values = weeks([9, 9, 1, 1, 1, 1, 1], [3, 1, 9, 9, 9, 9, 9]);
    const seen = { from: 2, to: 9 };
    expect(Array.from(typicalWeek(values, 1, seen, { repeat: 2, deviationPercent: 0 }, once))).toEqual([
      3, 1, 1, 1, 1, 1, 1,
    ]);
  });

  it('rounds a fractional demand up to whole people', () => {
    expect(Array.from(typicalWeek([0.5, 0, 0, 0, 0, 0, 0], 1, { from: 0, to: 7 }, once, once))[0]).toBe(1);
  });
});
