import * as Comlink from 'comlink';
import { createBufferPool, transferables } from '../timeline/geometry/arena.ts';
import { type LayoutInput, layout } from '../timeline/geometry/layout.ts';
import { inputBuffers } from './buffers.ts';
import { runningIn } from './where.ts';

/** Buffers of retired results: the next layouts write into memory already touched instead of fresh pages. */
const pool = createBufferPool();

/** The worker's API: the pure layout, its typed arrays transferred back rather than copied. */
const api = {
  /**
   * Lays `input` out in arrays from the pool, after adding the `spare` buffers (results the page no longer reads);
   * answers the result and the input's own buffers, both transferred, for the page to copy its next input into.
   */
  layout(input: LayoutInput, spare: ArrayBuffer[] = []) {
    pool.give(spare);
    const result = layout(input, pool);
    const used = inputBuffers(input);
    return Comlink.transfer({ result, used }, [...new Set([...transferables(result), ...used])]);
  },
  /** Where this code runs, so a page can prove that the worker, not the fallback, answers. */
  where: runningIn,
};

export type LayoutWorkerApi = typeof api;

/** Enough rounds for the hot loops to reach optimised code and then run whole calls in it. */
const WARM_UP_ROUNDS = 8;

/**
 * Warms the layout code up while the page is still loading its data: the first layout in a fresh worker runs
 * unoptimised and took ~110 ms for 50,000 bars against ~8 ms once warm. Synthetic bars (whole minutes over a
 * month, 400 rows), WARM_UP_ROUNDS rounds through the pool, as the answers will run.
 */
function warmUp() {
  const count = 20_000;
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  const rows = new Int32Array(count);
  let seed = 1;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    starts[i] = 29_000_000 + (seed % 43_200);
    ends[i] = starts[i] + 20 + (i % 70);
    rows[i] = i % 400;
  }
  // Shaped as the timeline's own input (the view with lane height and row gap), so its call finds the same maps.
  const view = {
    originMinute: 29_000_000,
    scaleMinutes: 5,
    pxPerSlot: 40,
    laneHeight: 20,
    rowGap: 2,
  } as LayoutInput['view'];
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    const result = layout({ starts, ends, rows, rowCount: 400, view, lod: 'bars', parts: 'rows' }, pool);
    pool.give(transferables(result));
  }
}

// Before answering anything: a caller that waits for `where()` finds the layout warm.
warmUp();
Comlink.expose(api);
