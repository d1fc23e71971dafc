import type { LayoutInput, LayoutResult } from '../../timeline/geometry/layout.ts';
import { minutes, PX_PER_SLOT, px } from '../../timeline/geometry/units.ts';

/** Monday 2025-03-03 00:00 UTC in minutes since the epoch: the start of the generated timeline. */
const ORIGIN = Date.UTC(2025, 2, 3) / 60_000;
const THREE_DAYS = 3 * 24 * 60;

/** A deterministic spread of 0…range − 1 for the i-th bar (murmur3's finaliser), so every run lays out the same bars. */
function spread(i: number, salt: number, range: number): number {
  let h = (i * 4 + salt) | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  return ((h ^ (h >>> 16)) >>> 0) % range;
}

/**
 * Bars for the worker check: `taskCount` tasks of 15…180 minutes over three days in `rowCount` rows, on a 15-minute
 * scale. Each call builds fresh arrays, so one copy can be transferred to the worker and another kept.
 * Example: `demoBars(20_000, 1_500).starts.length` is 20,000.
 */
export function demoBars(taskCount: number, rowCount: number): LayoutInput {
  const starts = new Float64Array(taskCount);
  const ends = new Float64Array(taskCount);
  const rows = new Int32Array(taskCount);
  for (let i = 0; i < taskCount; i += 1) {
    const start = ORIGIN + spread(i, 1, THREE_DAYS / 5) * 5;
    starts[i] = start;
    ends[i] = start + 15 + spread(i, 2, 12) * 15;
    rows[i] = spread(i, 3, rowCount);
  }
  return {
    starts,
    ends,
    rows,
    rowCount,
    view: { originMinute: minutes(ORIGIN), scaleMinutes: 15, pxPerSlot: px(PX_PER_SLOT) },
  };
}

/** Where two layouts first differ, or null when every typed array of both is the same, element by element. */
export function firstDifference(a: LayoutResult, b: LayoutResult): { field: string; index: number } | null {
  for (const field of Object.keys(a) as (keyof LayoutResult)[]) {
    const left = a[field];
    const right = b[field];
    if (!ArrayBuffer.isView(left) || !ArrayBuffer.isView(right)) continue;
    const x = left as unknown as ArrayLike<number>;
    const y = right as unknown as ArrayLike<number>;
    const length = Math.max(x.length, y.length);
    for (let index = 0; index < length; index += 1) {
      if (!Object.is(x[index], y[index])) return { field, index };
    }
  }
  return null;
}

/** Lanes of all rows together: `laneTotal(layout(input))` for the result line. */
export function laneTotal(result: LayoutResult): number {
  let total = 0;
  for (const count of result.laneCount) total += count;
  return total;
}
