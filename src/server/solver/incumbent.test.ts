import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeShifts, roundCover } from './incumbent.mjs';
import { buildCandidates, coverOf, staffHoursModel } from './model.mjs';

describe('a whole cover rounded from LP values', () => {
  it('keeps whole LP values as they are once nothing can be trimmed', () => {
    const c = buildCandidates([1, 1, 1, 1], [{ id: 1, lengthMinutes: 30, breakMinutes: 0 }], 15);
    const m = staffHoursModel([1, 1, 1, 1], c);
    const lp = Float64Array.from(c.startOf, (start) => (start % 2 === 0 ? 1 : 0));
    const rounded = roundCover(m, lp);
    expect(rounded?.cost).toBe(2);
  });

  it('covers every row whatever fractional values it starts from', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 12 }),
        fc.array(fc.double({ min: 0, max: 3, noNaN: true }), { minLength: 48, maxLength: 48 }),
        (demand, values) => {
          const c = buildCandidates(demand, [{ id: 1, lengthMinutes: 45, breakMinutes: 15 }], 15);
          const m = staffHoursModel(demand, c);
          const rounded = roundCover(m, values.slice(0, m.numCols));
          if (m.numRows === 0) return;
          expect(rounded).not.toBeNull();
          const rows = new Float64Array(m.numRows);
          rounded?.x.forEach((x, j) => {
            for (let k = m.starts[j]; k < m.starts[j + 1]; k++) rows[m.indices[k]] += x;
          });
          expect(Array.from(rows).every((r, i) => r >= m.rowLower[i])).toBe(true);
        },
      ),
    );
  });
});

describe('merging shifts of the same pay', () => {
  const halfHour = [{ id: 1, lengthMinutes: 30, breakMinutes: 0 }];

  it('moves a count onto another used start when the rows it alone covers need nobody', () => {
    const demand = [1, 0, 0, 0];
    const c = buildCandidates(demand, halfHour, 15);
    const m = staffHoursModel(demand, c);
    const x = Float64Array.from(c.startOf, (start) => (start === 0 || start === 3 ? 1 : 0));
    const merged = mergeShifts(m, x);
    expect(Array.from(merged).filter((n) => n > 0)).toEqual([2]);
  });

  it('keeps the cover and the cost and never uses more columns', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 48, maxLength: 48 }),
        (demand, extra) => {
          const shifts = [...halfHour, { id: 2, lengthMinutes: 45, breakMinutes: 15 }];
          const c = buildCandidates(demand, shifts, 15);
          const m = staffHoursModel(demand, c);
          // A cover: each slot's demand started there with the 30-minute shift, plus arbitrary extra shifts.
          const x = Float64Array.from(c.startOf, (start, j) =>
            c.patternOf[j] === 0 ? demand[start] + (extra[j] ?? 0) : (extra[j] ?? 0) % 2,
          );
          const before = Array.from(x);
          const cost = (v: ArrayLike<number>) =>
            Array.from(v).reduce((sum, n, j) => sum + n * m.colCost[j], 0);
          const merged = mergeShifts(m, Float64Array.from(x));
          const cover = coverOf(c, merged, demand.length);
          expect(Array.from(cover).every((n, s) => n >= demand[s])).toBe(true);
          expect(cost(merged)).toBe(cost(before));
          expect(Array.from(merged).filter((n) => n > 0).length).toBeLessThanOrEqual(
            before.filter((n) => n > 0).length,
          );
        },
      ),
    );
  });
});
