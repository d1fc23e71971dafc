import { type Arena, freshArena } from './arena.ts';
import { type Buckets, bucketBy, sortByStart } from './order.ts';

/**
 * Flags (1) every bar that overlaps another bar of its group (the same employee), by one sweep per group in start
 * order keeping the bar that reaches furthest; touching ends (end = next start) and empty bars never conflict.
 * Example: one group with 10–20, 15–25, 25–30 → [1, 1, 0].
 */
export function findConflicts(
  starts: Float64Array,
  ends: Float64Array,
  groups: Int32Array,
  groupCount: number,
  byGroup: Buckets = bucketBy(groups, groupCount, sortByStart(starts)),
  arena: Arena = freshArena,
): Uint8Array {
  const conflict = arena.uint8(starts.length);
  const { ids, offset } = byGroup;
  for (let g = 0; g < groupCount; g++) {
    let reach = Number.NEGATIVE_INFINITY;
    let reacher = -1;
    for (let m = offset[g], last = offset[g + 1]; m < last; m++) {
      const id = ids[m];
      const start = starts[id];
      const end = ends[id];
      if (end <= start) continue;
      // The bar reaching furthest so far started no later than this one, so it overlaps this one iff it ends later.
      if (start < reach) {
        conflict[id] = 1;
        conflict[reacher] = 1;
      }
      if (end > reach) {
        reach = end;
        reacher = id;
      }
    }
  }
  return conflict;
}
