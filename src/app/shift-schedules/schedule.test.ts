import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMinutes,
  coverSentence,
  coverSpans,
  coverSummary,
  distinctText,
  hoursText,
  lengthText,
  shiftRows,
  solveText,
  statusText,
  weekdayTotals,
} from './schedule.ts';

describe('the status of a position', () => {
  it('says optimal, the gap left by the time limit, or that only an approximation was found', () => {
    expect(statusText({ status: 'optimal', gap: 0 })).toBe('оптимально');
    expect(statusText({ status: 'feasible', gap: 0.034 })).toBe('разрыв 3,4 %');
    expect(statusText({ status: 'feasible', gap: null })).toBe('допустимое решение');
    expect(statusText({ status: 'greedy', gap: null })).toBe('приближённое решение');
  });

  it('reports the distinct-shift step and the times in Russian', () => {
    expect(distinctText(null)).toBe('не рассчитывалось');
    expect(distinctText(0)).toBe('оптимально');
    expect(distinctText(0.25)).toBe('не доказано (разрыв 25 %)');
    expect(solveText(1530)).toBe('1,5 с');
    expect(solveText(40)).toBe('0,04 с');
    expect(hoursText(1234.5)).toBe('1 234,5 ч');
  });
});

describe('the cover against demand', () => {
  it('counts short and surplus slots with their largest size', () => {
    const summary = coverSummary([2, 3, 1, 0], [2, 1, 3, 0]);
    expect(summary).toEqual({ shortSlots: 1, maxShort: 2, surplusSlots: 1, maxSurplus: 2, peak: 3 });
    expect(coverSentence('Грузчик', summary)).toBe(
      'Грузчик: пик 3 чел.; нехватка в 1 интервалах, до 2 чел.; избыток в 1 интервалах, до 2 чел.',
    );
  });

  it('joins consecutive slots of the same kind into one span', () => {
    expect(coverSpans([1, 1, 1, 1], [0, 0, 2, 1])).toEqual([
      { kind: 'short', from: 0, to: 2 },
      { kind: 'surplus', from: 2, to: 3 },
    ]);
  });

  it('spans cover exactly the slots where cover and demand differ', () => {
    const pair = fc
      .integer({ min: 1, max: 60 })
      .chain((n) =>
        fc.tuple(
          fc.array(fc.nat(5), { minLength: n, maxLength: n }),
          fc.array(fc.nat(5), { minLength: n, maxLength: n }),
        ),
      );
    fc.assert(
      fc.property(pair, ([demand, cover]) => {
        const marked = new Array<string | null>(demand.length).fill(null);
        for (const span of coverSpans(demand, cover))
          for (let slot = span.from; slot < span.to; slot += 1) marked[slot] = span.kind;
        demand.forEach((need, slot) => {
          const expected = cover[slot] < need ? 'short' : cover[slot] > need ? 'surplus' : null;
          expect(marked[slot]).toBe(expected);
        });
        const summary = coverSummary(demand, cover);
        expect(marked.filter((k) => k === 'short').length).toBe(summary.shortSlots);
      }),
    );
  });
});

describe('the table by weekday and shift', () => {
  it('gathers a shift started at one time into one row with its count per weekday, sorted by start', () => {
    const base = { name: 'Дневная', length_minutes: 480, break_minutes: 60 };
    const rows = shiftRows([
      { ...base, working_shift_id: 1, weekday: 2, start: '08:00', count: 3 },
      {
        ...base,
        working_shift_id: 2,
        name: 'Ночная',
        weekday: 0,
        start: '20:00',
        length_minutes: 720,
        count: 1,
      },
      { ...base, working_shift_id: 1, weekday: 0, start: '08:00', count: 2 },
    ]);
    expect(rows.map((r) => [r.label, r.name, r.start, r.end, r.counts, r.total])).toEqual([
      ['8 ч', 'Дневная', '08:00', '16:00', [2, 0, 3, 0, 0, 0, 0], 5],
      ['12 ч', 'Ночная', '20:00', '08:00', [1, 0, 0, 0, 0, 0, 0], 1],
    ]);
    expect(weekdayTotals(rows)).toEqual([3, 0, 3, 0, 0, 0, 0]);
  });

  it('labels a row by its length, in Russian decimals', () => {
    expect(lengthText(480)).toBe('8 ч');
    expect(lengthText(450)).toBe('7,5 ч');
  });

  it('wraps shift ends past midnight', () => {
    expect(addMinutes('20:00', 720)).toBe('08:00');
    expect(addMinutes('23:45', 15)).toBe('00:00');
  });
});
