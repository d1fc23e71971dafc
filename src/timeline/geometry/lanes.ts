import { type Arena, freshArena } from './arena.ts';
import { type Buckets, bucketBy, sortByStart } from './order.ts';

export interface Lanes {
  /** Lane of each bar within its row, from 0 at the top; −1 for a bar outside every row. */
  lane: Int32Array;
  /** Lanes used by each row (= the largest number of its bars running at one moment). */
  laneCount: Int32Array;
}

/**
 * Greedy interval partitioning per row: bars in start order take the lowest lane whose last bar has ended
 * (end ≤ start), else a new lane; a min-heap of busy lanes by end and one of free lanes by number keep it
 * O(n log n) and optimal. Example: one row with 10–20, 15–25, 20–30 → lanes [0, 1, 0], laneCount [2].
 */
export function packLanes(
  starts: Float64Array,
  ends: Float64Array,
  rows: Int32Array,
  rowCount: number,
  byRow: Buckets = bucketBy(rows, rowCount, sortByStart(starts)),
  arena: Arena = freshArena,
): Lanes {
  const lane = arena.int32(starts.length).fill(-1);
  const laneCount = arena.int32(rowCount);
  const { ids, offset } = byRow;
  let widest = 0;
  for (let r = 0; r < rowCount; r++) widest = Math.max(widest, offset[r + 1] - offset[r]);
  const busyEnd = new Float64Array(widest);
  const busyLane = new Int32Array(widest);
  const free = new Int32Array(widest);
  for (let r = 0; r < rowCount; r++) {
    let busy = 0;
    let freeCount = 0;
    let lanes = 0;
    for (let m = offset[r], last = offset[r + 1]; m < last; m++) {
      const id = ids[m];
      const start = starts[id];
      while (busy > 0 && busyEnd[0] <= start) {
        freeCount = pushFree(free, freeCount, busyLane[0]);
        busy = popBusy(busyEnd, busyLane, busy);
      }
      let chosen: number;
      if (freeCount > 0) {
        chosen = free[0];
        freeCount = popFree(free, freeCount);
      } else {
        chosen = lanes++;
      }
      lane[id] = chosen;
      busy = pushBusy(busyEnd, busyLane, busy, ends[id], chosen);
    }
    laneCount[r] = lanes;
  }
  return { lane, laneCount };
}

/**
 * Top edge of each row when rows are stacked with `max(1, lanes) × laneHeight + rowGap` pixels each, plus the total
 * height as the last entry. Example: laneCount [2, 0, 1], laneHeight 20, rowGap 4 → [0, 44, 68, 92].
 */
export function stackRows(
  laneCount: Int32Array,
  laneHeight: number,
  rowGap: number,
  arena: Arena = freshArena,
): Float32Array {
  const n = laneCount.length;
  const top = arena.float32(n + 1);
  let y = 0;
  for (let r = 0; r < n; r++) {
    top[r] = y;
    y += Math.max(1, laneCount[r]) * laneHeight + rowGap;
  }
  top[n] = y;
  return top;
}

function pushBusy(end: Float64Array, lane: Int32Array, size: number, e: number, l: number): number {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (end[parent] <= e) break;
    end[i] = end[parent];
    lane[i] = lane[parent];
    i = parent;
  }
  end[i] = e;
  lane[i] = l;
  return size + 1;
}

function popBusy(end: Float64Array, lane: Int32Array, size: number): number {
  const last = size - 1;
  const e = end[last];
  const l = lane[last];
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && end[child + 1] < end[child]) child++;
    if (end[child] >= e) break;
    end[i] = end[child];
    lane[i] = lane[child];
    i = child;
  }
  end[i] = e;
  lane[i] = l;
  return last;
}

function pushFree(heap: Int32Array, size: number, value: number): number {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[parent] <= value) break;
    heap[i] = heap[parent];
    i = parent;
  }
  heap[i] = value;
  return size + 1;
}

function popFree(heap: Int32Array, size: number): number {
  const last = size - 1;
  const value = heap[last];
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && heap[child + 1] < heap[child]) child++;
    if (heap[child] >= value) break;
    heap[i] = heap[child];
    i = child;
  }
  heap[i] = value;
  return last;
}
