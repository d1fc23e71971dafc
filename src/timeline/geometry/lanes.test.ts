import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bars, barsArb, overlaps } from './fixtures.ts';
import { packLanes, stackRows } from './lanes.ts';

/** The largest number of bars of each row running at one moment (always at some bar's start). */
function maxOverlap({ starts, ends, rows, rowCount }: Bars): number[] {
  const most = new Array<number>(rowCount).fill(0);
  starts.forEach((s, i) => {
    let running = 0;
    starts.forEach((t, j) => {
      if (rows[j] === rows[i] && t <= s && s < ends[j]) running++;
    });
    most[rows[i]] = Math.max(most[rows[i]], running);
  });
  return most;
}

describe('packLanes', () => {
  it('reuses a lane once its bar has ended and touching bars share a lane', () => {
    const { lane, laneCount } = packLanes(
      Float64Array.of(10, 15, 20),
      Float64Array.of(20, 25, 30),
      Int32Array.of(0, 0, 0),
      1,
    );
    expect([...lane]).toEqual([0, 1, 0]);
    expect([...laneCount]).toEqual([2]);
  });

  it('puts a bar back on the top free lane rather than the lane that freed first', () => {
    // Lanes 0 and 1 busy; lane 1 frees at 20, lane 0 at 30; a bar at 40 goes to lane 0.
    const { lane } = packLanes(
      Float64Array.of(0, 0, 40),
      Float64Array.of(30, 20, 50),
      Int32Array.of(0, 0, 0),
      1,
    );
    expect([...lane]).toEqual([0, 1, 0]);
  });

  it('keeps rows apart and leaves bars outside every row without a lane', () => {
    const { lane, laneCount } = packLanes(
      Float64Array.of(0, 0, 0),
      Float64Array.of(10, 10, 10),
      Int32Array.of(0, 1, 5),
      2,
    );
    expect([...lane]).toEqual([0, 0, -1]);
    expect([...laneCount]).toEqual([1, 1]);
  });

  it('never puts overlapping bars of a row on one lane and uses exactly as many lanes as the largest overlap', () => {
    fc.assert(
      fc.property(
        fc.boolean().chain((fractional) => barsArb({ fractional })),
        (bars) => {
          const { starts, ends, rows, rowCount } = bars;
          const { lane, laneCount } = packLanes(starts, ends, rows, rowCount);
          for (let i = 0; i < starts.length; i++) {
            expect(lane[i]).toBeGreaterThanOrEqual(0);
            expect(lane[i]).toBeLessThan(laneCount[rows[i]]);
            for (let j = i + 1; j < starts.length; j++) {
              if (rows[i] === rows[j] && lane[i] === lane[j]) {
                expect(overlaps(starts[i], ends[i], starts[j], ends[j])).toBe(false);
              }
            }
          }
          expect([...laneCount]).toEqual(maxOverlap(bars));
        },
      ),
    );
  });
});

describe('stackRows', () => {
  it('stacks rows of at least one lane with a gap and ends with the total height', () => {
    expect([...stackRows(Int32Array.of(2, 0, 1), 20, 4)]).toEqual([0, 44, 68, 92]);
  });
});
