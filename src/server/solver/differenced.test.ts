import fc from 'fast-check';
import loadHighs from 'highs';
import { describe, expect, it } from 'vitest';
import { differenced, differencedStart, modelData } from './differenced.mjs';
import { buildCandidates, staffHoursModel } from './model.mjs';

const shifts = [
  { id: 1, lengthMinutes: 60, breakMinutes: 15 },
  { id: 2, lengthMinutes: 45, breakMinutes: 0 },
];
const demandArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 16 });

describe('the differenced cover model', () => {
  it('holds every whole cover as the counts and their surpluses, and nothing that is not a cover', () => {
    fc.assert(
      fc.property(
        demandArb,
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 32, maxLength: 32 }),
        (demand, counts) => {
          const c = buildCandidates(demand, shifts, 15);
          const m = staffHoursModel(demand, c);
          if (m.numRows === 0) return;
          const d = differenced(m);
          const x = Float64Array.from({ length: m.numCols }, (_, j) => counts[j] ?? 0);
          const values = differencedStart(m, x);
          const activity = new Float64Array(d.numRows);
          for (let j = 0; j < d.numCols; j++)
            for (let k = d.matrix.starts[j]; k < d.matrix.starts[j + 1]; k++)
              activity[d.matrix.indices[k]] += d.matrix.values[k] * values[j];
          expect(Array.from(activity)).toEqual(Array.from(d.rowLower));
          const surplus = values.subarray(m.numCols);
          const covers = Array.from(surplus).every((s) => s >= 0);
          const cover = new Float64Array(m.numRows);
          for (let j = 0; j < m.numCols; j++)
            for (let k = m.starts[j]; k < m.starts[j + 1]; k++) cover[m.indices[k]] += x[j];
          expect(covers).toBe(Array.from(cover).every((n, i) => n >= m.rowLower[i]));
        },
      ),
    );
  });

  it('has the same LP relaxation optimum as the cover model, with at most six entries a count column (a break and the end of the week split a shift into three runs at most)', async () => {
    const highs = await loadHighs();
    fc.assert(
      fc.property(demandArb, (demand) => {
        const c = buildCandidates(demand, shifts, 15);
        const m = staffHoursModel(demand, c);
        if (m.numRows === 0) return;
        const solveLp = (data: object) => {
          const model = highs.createModel(data as Parameters<typeof highs.createModel>[0]);
          try {
            model.options.set({ output_flag: false });
            model.run();
            return model.getObjectiveValue();
          } finally {
            model.dispose();
          }
        };
        const d = differenced(m);
        for (let j = 0; j < m.numCols; j++)
          expect(d.matrix.starts[j + 1] - d.matrix.starts[j]).toBeLessThanOrEqual(6);
        const plain = modelData(m, { integer: false });
        expect(solveLp(d)).toBeCloseTo(solveLp(plain), 6);
      }),
      { numRuns: 40 },
    );
  });
});
