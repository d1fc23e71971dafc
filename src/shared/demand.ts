/**
 * Staff demand as a step function of time: the running sum of the counts of the intervals [start, end) that cover an
 * instant. Computed by a sweep over the sorted start and end events (never slots × intervals). Units are the caller's
 * (minutes since the Unix epoch on the client, milliseconds on the server). Counts are expected to be ≥ 0; an
 * interval with end ≤ start covers nothing.
 */

/** Indices of the intervals that cover something (end > start, count ≠ 0), sorted by start and by end. */
interface Events {
  byStart: Uint32Array;
  byEnd: Uint32Array;
}

function sortedEvents(starts: Float64Array, ends: Float64Array, counts: ArrayLike<number>): Events {
  const n = Math.min(starts.length, ends.length, counts.length);
  const live = new Uint32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (ends[i] > starts[i] && counts[i] !== 0) live[m++] = i;
  }
  const byStart = live.slice(0, m).sort((a, b) => starts[a] - starts[b]);
  const byEnd = live.slice(0, m).sort((a, b) => ends[a] - ends[b]);
  return { byStart, byEnd };
}

/** Walks the events in time order, applying every event of one instant together (so [a, b) and [b, c) never overlap). */
class Sweep {
  level = 0;
  private i = 0;
  private j = 0;

  constructor(
    private readonly starts: Float64Array,
    private readonly ends: Float64Array,
    private readonly counts: ArrayLike<number>,
    private readonly events: Events,
  ) {}

  /** Time of the next event, or +∞ when none is left. */
  next(): number {
    const { byStart, byEnd } = this.events;
    const s = this.i < byStart.length ? this.starts[byStart[this.i]] : Number.POSITIVE_INFINITY;
    const e = this.j < byEnd.length ? this.ends[byEnd[this.j]] : Number.POSITIVE_INFINITY;
    return Math.min(s, e);
  }

  /** Applies every event at or before `time`; the level is then the demand at `time`. */
  advanceTo(time: number): void {
    const { byStart, byEnd } = this.events;
    while (this.i < byStart.length && this.starts[byStart[this.i]] <= time) {
      this.level += this.counts[byStart[this.i++]];
    }
    while (this.j < byEnd.length && this.ends[byEnd[this.j]] <= time) {
      this.level -= this.counts[byEnd[this.j++]];
    }
  }
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
  const sweep = new Sweep(starts, ends, counts, sortedEvents(starts, ends, counts));
  for (let k = 0; k < out.length; k++) {
    const slotEnd = from + (k + 1) * step;
    sweep.advanceTo(from + k * step);
    let peak = sweep.level;
    for (let t = sweep.next(); t < slotEnd; t = sweep.next()) {
      sweep.advanceTo(t);
      if (sweep.level > peak) peak = sweep.level;
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
  const events = sortedEvents(starts, ends, counts);
  const sweep = new Sweep(starts, ends, counts, events);
  // Pieces of the step function: piece p is [times[p], times[p + 1]) at levels[p]; the last piece runs to +∞.
  const times: number[] = [];
  const levels: number[] = [];
  for (let t = sweep.next(); t < Number.POSITIVE_INFINITY; t = sweep.next()) {
    sweep.advanceTo(t);
    times.push(t);
    levels.push(sweep.level);
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
