import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findConflicts } from './conflicts.ts';
import { barsArb, overlaps } from './fixtures.ts';

describe('findConflicts', () => {
  it('flags bars of one employee that overlap, not bars that only touch', () => {
    const flags = findConflicts(
      Float64Array.of(10, 15, 25),
      Float64Array.of(20, 25, 30),
      Int32Array.of(0, 0, 0),
      1,
    );
    expect([...flags]).toEqual([1, 1, 0]);
  });

  it('flags a short bar inside a long one and the long one, but not a later bar after the short one', () => {
    const flags = findConflicts(
      Float64Array.of(0, 10, 50),
      Float64Array.of(40, 20, 60),
      Int32Array.of(0, 0, 0),
      1,
    );
    expect([...flags]).toEqual([1, 1, 0]);
  });

  it('ignores overlaps between different employees and bars without an employee', () => {
    const flags = findConflicts(
      Float64Array.of(0, 0, 0, 0),
      Float64Array.of(10, 10, 10, 10),
      Int32Array.of(0, 1, -1, -1),
      2,
    );
    expect([...flags]).toEqual([0, 0, 0, 0]);
  });

  it('never flags an empty bar', () => {
    const flags = findConflicts(Float64Array.of(0, 5), Float64Array.of(10, 5), Int32Array.of(0, 0), 1);
    expect([...flags]).toEqual([0, 0]);
  });

  it('flags exactly the bars that overlap another bar of their group', () => {
    fc.assert(
      fc.property(
        fc.boolean().chain((fractional) => barsArb({ fractional })),
        ({ starts, ends, rows, rowCount }) => {
          const expected = Array.from(starts, (s, i) =>
            starts.some((t, j) => j !== i && rows[j] === rows[i] && overlaps(s, ends[i], t, ends[j])) ? 1 : 0,
          );
          expect([...findConflicts(starts, ends, rows, rowCount)]).toEqual(expected);
        },
      ),
    );
  });
});
