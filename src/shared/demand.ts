/**
 * Staff demand as a step function of time: the running sum of the counts of the intervals [start, end) that cover an
 * instant. Computed by a sweep over the sorted instants where it changes (never slots × intervals). Units are the caller's
 * (minutes since the Unix epoch on the client, milliseconds on the server). Counts are expected to be ≥ 0; an
 * interval with end ≤ start covers nothing.
 */

/** The instants where demand changes, ascending, and the net change of the count at each. */
interface Steps {
  times: Float64Array;
  delta: Float64Array;
}

/**
 * Net change of demand per instant: every interval adds its count at its start and takes it back at its end, so the
 * events of one instant apply together ([a, b) and [b, c) never overlap). Only the distinct instants are sorted, with
 * the native numeric sort: far faster than sorting event indices with a comparator.
 */
function steps(starts: Float64Array, ends: Float64Array, counts: ArrayLike<number>): Steps {
  const n = Math.min(starts.length, ends.length, counts.length);
  const net = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const count = counts[i];
    if (!(ends[i] > starts[i]) || count === 0) continue;
    net.set(starts[i], (net.get(starts[i]) ?? 0) + count);
    net.set(ends[i], (net.get(ends[i]) ?? 0) - count);
  }
  const times = Float64Array.from(net.keys()).sort();
  const delta = times.map((t) => net.get(t) as number);
  return { times, delta };
}

/**
 * Demand per slot: slot k covers [from + k*step, from + (k+1)*step); its value is the PEAK of the running sum of
 * counts of intervals [start, end) inside the slot. O(n log n + slots).
 * Example: intervals [0, 30) ×2 and [20, 60) ×1, from 0, step 30, 2 slots → [3, 1].
 */
export function demandPerSlot(
  starts: Float64Array,
  ends: Float64Array,
  counts: ArrayLike<number>,
  from: number,
  step: number,
  slots: number,
): Float32Array {
  const out = new Float32Array(Math.max(0, slots));
  if (!(step > 0)) return out;
  const { times, delta } = steps(starts, ends, counts);
  let p = 0;
  let level = 0;
  for (let k = 0; k < out.length; k++) {
    const slotBegin = from + k * step;
    const slotEnd = from + (k + 1) * step;
    while (p < times.length && times[p] <= slotBegin) level += delta[p++];
    let peak = level;
    while (p < times.length && times[p] < slotEnd) {
      level += delta[p++];
      if (level > peak) peak = level;
    }
    out[k] = peak;
  }
  return out;
}

/**
 * The largest level L such that demand ≥ L holds without a break for at least minTime; with when it starts and ends
 * (the first such stretch, whole). Null when no positive demand lasts minTime. O(n log n).
 * Example: [0, 10) ×1 and [2, 5) ×1 → minTime 0: { max 2, begin 2, end 5 }; minTime 4: { max 1, begin 0, end 10 }.
 */
export function maxDemand(
  starts: Float64Array,
  ends: Float64Array,
  counts: ArrayLike<number>,
  minTime: number,
): { max: number; begin: number; end: number } | null {
  // Pieces of the step function: piece p is [times[p], times[p + 1]) at levels[p]; the last piece runs to +∞.
  const { times, delta } = steps(starts, ends, counts);
  const levels = new Float64Array(times.length);
  for (let p = 0, level = 0; p < times.length; p++) {
    level += delta[p];
    levels[p] = level;
  }
  const pieces = times.length;
  if (pieces === 0) return null;
  const end = (p: number): number => (p + 1 < pieces ? times[p + 1] : Number.POSITIVE_INFINITY);
  // A longest stretch at level ≥ L starts at a piece boundary, so try the window [times[p], times[p] + minTime) from
  // every piece: its level is the minimum of the pieces it touches (a sliding-window minimum with a monotonic deque).
  const deque = new Int32Array(pieces);
  let head = 0;
  let tail = 0;
  let last = -1;
  let best = 0;
  let bestPiece = -1;
  for (let p = 0; p < pieces; p++) {
    const windowEnd = times[p] + minTime;
    while (last + 1 < pieces && (last < p || times[last + 1] < windowEnd)) {
      last++;
      while (tail > head && levels[deque[tail - 1]] >= levels[last]) tail--;
      deque[tail++] = last;
    }
    while (deque[head] < p) head++;
    const level = levels[deque[head]];
    if (level > best) {
      best = level;
      bestPiece = p;
    }
  }
  if (bestPiece < 0) return null;
  let q = bestPiece;
  while (q + 1 < pieces && levels[q + 1] >= best) q++;
  return { max: best, begin: times[bestPiece], end: end(q) };
}
