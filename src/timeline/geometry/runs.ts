import type { Buckets } from './order.ts';

/** Floats per covered run in `CoverRuns.runs`: row, x0, x1 (pixel columns, x1 exclusive), bars, conflicting bars. */
export const RUN_STRIDE = 5;

/** Below this width bars are drawn as covered runs instead of one by one. */
const MIN_BAR_PX = 2;

export interface CoverRuns {
  /** `RUN_STRIDE` floats per run, rows in order, runs of a row left to right. */
  runs: Float32Array;
  /** Runs of row r are `runOffset[r] … runOffset[r + 1] − 1` (in runs, not floats). */
  runOffset: Int32Array;
}

/**
 * Merges the bars of each row into runs of covered pixel columns (a bar covers at least one column), so the output
 * is bounded by rows × pixel columns, not by bars. Example: one row, bars at x 0.2 w 0.5 and x 1.1 w 0.3 → one run
 * [row 0, 0, 2, 2 bars, 0 conflicts].
 */
export function coverRuns(
  x: Float32Array,
  width: Float32Array,
  byRow: Buckets,
  conflict?: Uint8Array,
): CoverRuns {
  const { ids, offset } = byRow;
  const rowCount = offset.length - 1;
  const scratch = new Float32Array(ids.length * RUN_STRIDE);
  const runOffset = new Int32Array(rowCount + 1);
  let count = 0;
  for (let r = 0; r < rowCount; r++) {
    let x0 = 0;
    let x1 = Number.NEGATIVE_INFINITY;
    let bars = 0;
    let conflicts = 0;
    for (let m = offset[r], last = offset[r + 1]; m < last; m++) {
      const id = ids[m];
      const c0 = Math.floor(x[id]);
      const c1 = Math.max(c0 + 1, Math.ceil(x[id] + width[id]));
      if (c0 > x1) {
        if (bars > 0) count = emit(scratch, count, r, x0, x1, bars, conflicts);
        x0 = c0;
        x1 = c1;
        bars = 0;
        conflicts = 0;
      } else if (c1 > x1) {
        x1 = c1;
      }
      bars++;
      if (conflict) conflicts += conflict[id];
    }
    if (bars > 0) count = emit(scratch, count, r, x0, x1, bars, conflicts);
    runOffset[r + 1] = count;
  }
  return { runs: scratch.slice(0, count * RUN_STRIDE), runOffset };
}

function emit(
  out: Float32Array,
  count: number,
  row: number,
  x0: number,
  x1: number,
  bars: number,
  conflicts: number,
): number {
  const at = count * RUN_STRIDE;
  out[at] = row;
  out[at + 1] = x0;
  out[at + 2] = x1;
  out[at + 3] = bars;
  out[at + 4] = conflicts;
  return count + 1;
}

/** Whether most bars are narrower than `MIN_BAR_PX`. Example: widths [0.5, 1, 30] → true. */
export function needsRuns(width: Float32Array): boolean {
  let narrow = 0;
  for (let i = 0; i < width.length; i++) if (width[i] < MIN_BAR_PX) narrow++;
  return narrow * 2 > width.length;
}
