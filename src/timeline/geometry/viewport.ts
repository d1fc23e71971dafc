import { type Arena, freshArena } from './arena.ts';
import { type Buckets, lowerBound, upperBound } from './order.ts';
import type { Minutes, Px } from './units.ts';

/**
 * Bars sorted by start with the running maximum of their ends ("reach"), globally and within each row, so that the
 * bars meeting a time window are found by two binary searches and a short scan.
 */
export interface ViewportIndex {
  /** Bar ids by start. */
  order: Uint32Array;
  orderStart: Float64Array;
  orderEnd: Float64Array;
  /** Largest end among `order[0…m]`. */
  orderReach: Float64Array;
  /** Bar ids by row, by start within a row: row r is `rowIds[rowOffset[r]] … rowIds[rowOffset[r + 1] − 1]`. */
  rowIds: Uint32Array;
  rowOffset: Int32Array;
  rowStart: Float64Array;
  rowEnd: Float64Array;
  /** Largest end among the bars of the same row up to this one. */
  rowReach: Float64Array;
}

/** What `hitTest` needs besides the index: lanes, stacked rows and the view as `[origin, scale, pxPerSlot, laneHeight]`. */
export interface HitScene extends ViewportIndex {
  lane: Int32Array;
  laneCount: Int32Array;
  /** Top of each row and the total height last (see `stackRows`). */
  rowTop: Float32Array;
  view: Float64Array;
}

/**
 * Builds the viewport index from bars sorted by start and the same bars bucketed by row; `global` false leaves
 * the start-order arrays (for `queryRange`) empty when only rows are queried.
 * Example: starts [0, 5], ends [10, 6] → orderReach [10, 10].
 */
export function buildIndex(
  starts: Float64Array,
  ends: Float64Array,
  order: Uint32Array,
  byRow: Buckets,
  global = true,
  arena: Arena = freshArena,
): ViewportIndex {
  const n = global ? order.length : 0;
  const orderStart = arena.float64(n);
  const orderEnd = arena.float64(n);
  const orderReach = arena.float64(n);
  let reach = Number.NEGATIVE_INFINITY;
  for (let m = 0; m < n; m++) {
    const id = order[m];
    const end = ends[id];
    orderStart[m] = starts[id];
    orderEnd[m] = end;
    if (end > reach) reach = end;
    orderReach[m] = reach;
  }
  const { ids: rowIds, offset: rowOffset } = byRow;
  const k = rowIds.length;
  const rowStart = arena.float64(k);
  const rowEnd = arena.float64(k);
  const rowReach = arena.float64(k);
  for (let r = 0; r + 1 < rowOffset.length; r++) {
    reach = Number.NEGATIVE_INFINITY;
    for (let m = rowOffset[r], last = rowOffset[r + 1]; m < last; m++) {
      const id = rowIds[m];
      const end = ends[id];
      rowStart[m] = starts[id];
      rowEnd[m] = end;
      if (end > reach) reach = end;
      rowReach[m] = reach;
    }
  }
  return { order, orderStart, orderEnd, orderReach, rowIds, rowOffset, rowStart, rowEnd, rowReach };
}

/**
 * Ids of the bars meeting [from, to) (start < to and end > from), in start order; the scan covers the answer plus
 * the bars that started since the earliest one still running at `from`; `out` is reused when large enough.
 * Example: bars 0–10, 20–30, query [5, 15) → [0].
 */
export function queryRange(index: ViewportIndex, from: Minutes, to: Minutes, out?: Uint32Array): Uint32Array {
  const n = index.order.length;
  const hi = lowerBound(index.orderStart, to, 0, n);
  const lo = upperBound(index.orderReach, from, 0, hi);
  const result = out && out.length >= hi - lo ? out : new Uint32Array(Math.max(0, hi - lo));
  let count = 0;
  for (let m = lo; m < hi; m++) if (index.orderEnd[m] > from) result[count++] = index.order[m];
  return result.subarray(0, count);
}

/**
 * Ids of the bars of rows rowFrom…rowTo − 1 meeting [from, to), row by row, for drawing only the visible rows.
 * Example: rows [0, 1], bars 0–10 in both, query rows [1, 2) and [0, 5) → the bar of row 1.
 */
export function queryRows(
  index: ViewportIndex,
  rowFrom: number,
  rowTo: number,
  from: Minutes,
  to: Minutes,
  out?: Uint32Array,
): Uint32Array {
  const { rowOffset, rowStart, rowEnd, rowReach, rowIds } = index;
  const first = Math.max(0, rowFrom);
  const last = Math.min(rowOffset.length - 1, rowTo);
  const span = last > first ? rowOffset[last] - rowOffset[first] : 0;
  const result = out && out.length >= span ? out : new Uint32Array(span);
  let count = 0;
  for (let r = first; r < last; r++) {
    const hi = lowerBound(rowStart, to, rowOffset[r], rowOffset[r + 1]);
    for (let m = upperBound(rowReach, from, rowOffset[r], hi); m < hi; m++) {
      if (rowEnd[m] > from) result[count++] = rowIds[m];
    }
  }
  return result.subarray(0, count);
}

/**
 * The bar under canvas point (x, y), or −1: the row by a binary search over row tops, the lane from y, the bar by
 * binary searches within the row. Example: one bar 0–15 min in row 0, lane 0, scale 15 → hitTest(scene, 20, 5) = 0.
 */
export function hitTest(scene: HitScene, x: Px, y: Px): number {
  const { rowTop, rowOffset, rowStart, rowEnd, rowReach, rowIds, lane, laneCount, view } = scene;
  const rowCount = laneCount.length;
  const r = upperBound(rowTop, y, 0, rowCount) - 1;
  if (r < 0) return -1;
  const wanted = Math.floor((y - rowTop[r]) / view[3]);
  if (wanted >= laneCount[r]) return -1;
  const t = view[0] + (x / view[2]) * view[1];
  const a = rowOffset[r];
  const hi = upperBound(rowStart, t, a, rowOffset[r + 1]);
  const lo = upperBound(rowReach, t, a, hi);
  for (let m = hi - 1; m >= lo; m--) {
    const id = rowIds[m];
    if (lane[id] === wanted && rowEnd[m] > t) return id;
  }
  return -1;
}

/**
 * Rows whose band meets the pixel span [top, bottom), as `[first, last)`.
 * Example: rowTop [0, 20, 40, 60], span [25, 45) → [1, 3].
 */
export function rowsInView(rowTop: Float32Array, top: Px, bottom: Px): [number, number] {
  const rowCount = rowTop.length - 1;
  const first = Math.max(0, upperBound(rowTop, top, 0, rowCount + 1) - 1);
  return [first, Math.max(first, lowerBound(rowTop, bottom, 0, rowCount))];
}
