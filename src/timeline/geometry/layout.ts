import { type Arena, freshArena } from './arena.ts';
import { findConflicts } from './conflicts.ts';
import { packLanes, stackRows } from './lanes.ts';
import { bucketBy, sortByStart } from './order.ts';
import { barRects } from './rects.ts';
import { coverRuns, needsRuns } from './runs.ts';
import { DEFAULT_LANE_HEIGHT, type View } from './units.ts';
import { buildIndex, type HitScene } from './viewport.ts';

/** Bars as parallel typed arrays; rows and groups are dense indices (map ids to 0…count − 1 before the call). */
export interface LayoutInput {
  /** Minutes since the epoch (Float64: minutes since 1970 do not fit a Float32). */
  starts: Float64Array;
  ends: Float64Array;
  /** Row of each bar (a flight or an employee), 0…rowCount − 1; a bar outside that range is not laid out. */
  rows: Int32Array;
  rowCount: number;
  /** Conflict group of each bar (the employee), −1 for none; the rows when left out. */
  groups?: Int32Array;
  groupCount?: number;
  view: View;
  /** 'auto' computes covered runs when most bars are narrower than 2 px. */
  lod?: 'auto' | 'bars' | 'runs';
  /**
   * 'rows' computes only what drawing row by row and hit-testing need (lanes, stacked rows, the per-row index):
   * `x`, `width`, `conflict`, `runs` and the global `orderStart`/`orderEnd`/`orderReach` come back empty.
   * A canvas that maps times with its own view (the timeline component) asks for this. Default 'all'.
   */
  parts?: 'all' | 'rows';
}

/** Everything the canvas draws and hit-tests, as typed arrays only, so the worker can transfer it. */
export interface LayoutResult extends HitScene {
  x: Float32Array;
  width: Float32Array;
  conflict: Uint8Array;
  /** See `coverRuns`; empty when bars are drawn one by one. */
  runs: Float32Array;
  runOffset: Int32Array;
}

/**
 * Rectangles, lanes, conflicts, stacked rows, the viewport index and (when bars are too thin) covered runs in one
 * pass; bar-sized arrays come from `arena` (the worker's pool), scratch arrays go back to it.
 * Example: `layout({ starts, ends, rows, rowCount: 1500, view: { originMinute, scaleMinutes: 15, pxPerSlot: px(40) } })`.
 */
export function layout(input: LayoutInput, arena: Arena = freshArena): LayoutResult {
  const { starts, ends, rows, rowCount, view } = input;
  const laneHeight = view.laneHeight ?? DEFAULT_LANE_HEIGHT;
  const rowGap = view.rowGap ?? 0;
  const order = sortByStart(starts, arena);
  const byRow = bucketBy(rows, rowCount, order, arena);
  const rowsOnly = input.parts === 'rows';
  const { x, width } = rowsOnly
    ? { x: new Float32Array(0), width: new Float32Array(0) }
    : barRects(starts, ends, view, arena);
  const { lane, laneCount } = packLanes(starts, ends, rows, rowCount, byRow, arena);
  const rowParts = {
    lane,
    laneCount,
    rowTop: stackRows(laneCount, laneHeight, rowGap, arena),
    view: Float64Array.of(view.originMinute, view.scaleMinutes, view.pxPerSlot, laneHeight, rowGap),
  };
  if (rowsOnly) {
    return {
      ...buildIndex(starts, ends, order, byRow, false, arena),
      ...rowParts,
      x,
      width,
      conflict: new Uint8Array(0),
      runs: new Float32Array(0),
      runOffset: new Int32Array(0),
    };
  }
  const groups = input.groups;
  const groupCount = input.groupCount ?? (groups ? maxPlusOne(groups) : rowCount);
  let conflict: Uint8Array;
  if (groups && groups !== rows) {
    const byGroup = bucketBy(groups, groupCount, order, arena);
    conflict = findConflicts(starts, ends, groups, groupCount, byGroup, arena);
    arena.release(byGroup.ids);
    arena.release(byGroup.offset);
  } else {
    conflict = findConflicts(starts, ends, rows, rowCount, byRow, arena);
  }
  const index = buildIndex(starts, ends, order, byRow, true, arena);
  const lod = input.lod ?? 'auto';
  const wantsRuns = lod === 'runs' || (lod === 'auto' && needsRuns(width));
  const { runs, runOffset } = wantsRuns
    ? coverRuns(x, width, byRow, conflict)
    : { runs: new Float32Array(0), runOffset: new Int32Array(0) };
  return { ...index, ...rowParts, x, width, conflict, runs, runOffset };
}

function maxPlusOne(values: Int32Array): number {
  let max = -1;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max + 1;
}
