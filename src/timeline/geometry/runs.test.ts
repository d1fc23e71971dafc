import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barsArb } from './fixtures.ts';
import { bucketBy, sortByStart } from './order.ts';
import { barRects } from './rects.ts';
import { coverRuns, needsRuns, RUN_STRIDE } from './runs.ts';
import { minutes, PX_PER_SLOT } from './units.ts';

describe('coverRuns', () => {
  it('merges thin bars in touching pixel columns into one run with their count', () => {
    const byRow = { ids: Uint32Array.of(0, 1, 2), offset: Int32Array.of(0, 3) };
    const { runs, runOffset } = coverRuns(
      Float32Array.of(0.2, 1.1, 5),
      Float32Array.of(0.5, 0.3, 0.1),
      byRow,
      Uint8Array.of(0, 1, 0),
    );
    expect([...runs]).toEqual([0, 0, 2, 2, 1, 0, 5, 6, 1, 0]);
    expect([...runOffset]).toEqual([0, 2]);
  });

  it('covers exactly the pixel columns its bars cover, with disjoint runs separated by an empty column', () => {
    fc.assert(
      fc.property(barsArb({ maxBars: 120 }), fc.constantFrom(60, 240, 1440), (bars, scaleMinutes) => {
        const { starts, ends, rows, rowCount } = bars;
        const view = { originMinute: minutes(28_000_000), scaleMinutes, pxPerSlot: PX_PER_SLOT };
        const { x, width } = barRects(starts, ends, view);
        const { runs, runOffset } = coverRuns(x, width, bucketBy(rows, rowCount, sortByStart(starts)));
        for (let r = 0; r < rowCount; r++) {
          const expected = new Set<number>();
          let barsInRow = 0;
          rows.forEach((row, i) => {
            if (row !== r) return;
            barsInRow++;
            const c0 = Math.floor(x[i]);
            const c1 = Math.max(c0 + 1, Math.ceil(x[i] + width[i]));
            for (let c = c0; c < c1; c++) expected.add(c);
          });
          const covered = new Set<number>();
          let counted = 0;
          let previousEnd = Number.NEGATIVE_INFINITY;
          for (let k = runOffset[r]; k < runOffset[r + 1]; k++) {
            const [row, x0, x1, n] = runs.subarray(k * RUN_STRIDE, (k + 1) * RUN_STRIDE);
            expect(row).toBe(r);
            expect(x0).toBeGreaterThan(previousEnd);
            previousEnd = x1;
            counted += n;
            for (let c = x0; c < x1; c++) covered.add(c);
          }
          expect(counted).toBe(barsInRow);
          expect([...covered].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
        }
      }),
    );
  });
});

describe('needsRuns', () => {
  it('asks for runs when most bars are under 2 px wide', () => {
    expect(needsRuns(Float32Array.of(0.5, 1, 30))).toBe(true);
    expect(needsRuns(Float32Array.of(0.5, 10, 30))).toBe(false);
  });
});
