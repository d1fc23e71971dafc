/** Deterministic generated bars for the timeline showcase and its benchmark. */

/** mulberry32: a tiny seeded PRNG, values in [0, 1). Example: `mulberry32(1)()` is the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoBars {
  starts: Float64Array;
  ends: Float64Array;
  rows: Int32Array;
  kind: Uint8Array;
}

/**
 * `count` bars of 20–90 whole minutes in `rows` rows, starts uniform over [from, from + days); kinds mostly normal,
 * some understaffed, conflicting and muted. Example: `demoBars(10, 2, 0, 1).ends[i] − starts[i]` ∈ [20, 90].
 */
export function demoBars(
  count: number,
  rows: number,
  from: number,
  days: number,
  seed = 20_260_101,
): DemoBars {
  const random = mulberry32(seed);
  const span = Math.max(1, days * 1440 - 90);
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  const rowOf = new Int32Array(count);
  const kind = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const start = from + Math.floor(random() * span);
    starts[i] = start;
    ends[i] = start + 20 + Math.floor(random() * 71);
    rowOf[i] = Math.floor(random() * rows);
    const k = random();
    kind[i] = k < 0.9 ? 0 : k < 0.95 ? 1 : k < 0.98 ? 2 : 3;
  }
  return { starts, ends, rows: rowOf, kind };
}

/**
 * Bars running in each slot of `step` minutes from `from` (a bar counts in every slot it meets), by a difference
 * array: O(bars + slots). Example: one bar 0–30, step 15, 3 slots → [1, 1, 0].
 */
export function runningPerSlot(
  starts: Float64Array,
  ends: Float64Array,
  from: number,
  step: number,
  slots: number,
): Float32Array {
  const diff = new Float64Array(slots + 1);
  for (let i = 0; i < starts.length; i++) {
    const a = Math.max(0, Math.floor((starts[i] - from) / step));
    const b = Math.min(slots, Math.ceil((ends[i] - from) / step));
    if (b <= a) continue;
    diff[a] += 1;
    diff[b] -= 1;
  }
  const values = new Float32Array(slots);
  let running = 0;
  for (let k = 0; k < slots; k++) {
    running += diff[k];
    values[k] = running;
  }
  return values;
}
