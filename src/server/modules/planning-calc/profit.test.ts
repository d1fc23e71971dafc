import { describe, expect, it } from 'vitest';
import { requiredByWeekday, vacationProfit } from './profit.ts';

const shift = (weekday: number, count: number) => ({
  working_shift_id: 1,
  name: 'Д',
  weekday,
  start: '08:00',
  length_minutes: 480,
  break_minutes: 0,
  count,
});

describe('the staff a schedule requires by weekday', () => {
  it('sums the counts of the shifts starting on each weekday over every position', () => {
    const required = requiredByWeekday({
      positions: [
        { shifts: [shift(0, 3), shift(0, 2), shift(6, 1)] },
        { shifts: [shift(0, 4), shift(2, 5)] },
      ] as never,
    });
    expect(required).toEqual([9, 0, 5, 0, 0, 0, 1]);
  });
});

describe('employeeProfit by date', () => {
  // 2026-03-09 is a Monday.
  const period = { begin: '2026-03-08', end: '2026-03-10' };
  const required = [9, 4, 0, 0, 0, 0, 2];

  it('is the employees not on vacation minus the weekday requirement, negative for a shortage', () => {
    const profit = vacationProfit(period, 10, [['2026-03-09', '2026-03-10'], ['2026-03-09']], required);
    expect(profit).toEqual([
      { date: '2026-03-08', available: 10, required: 2, profit: 8 },
      { date: '2026-03-09', available: 8, required: 9, profit: -1 },
      { date: '2026-03-10', available: 9, required: 4, profit: 5 },
    ]);
  });

  it('counts every employee as available when nobody plans a vacation', () => {
    const profit = vacationProfit(period, 3, [], required);
    expect(profit.map((day) => day.available)).toEqual([3, 3, 3]);
    expect(profit.map((day) => day.profit)).toEqual([1, -6, -1]);
  });
});
