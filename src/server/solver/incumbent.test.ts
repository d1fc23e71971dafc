import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundCover } from './incumbent.mjs';
import { buildCandidates, staffHoursModel } from './model.ts';

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
