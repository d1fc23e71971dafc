import { mulberry32 as prng } from '../../src/server/demo/random.ts';
import { type LayoutInput, layout } from '../../src/timeline/geometry/layout.ts';
import { minutes, minutesOf, PX_PER_SLOT, px } from '../../src/timeline/geometry/units.ts';
import { hitTest, queryRange } from '../../src/timeline/geometry/viewport.ts';
import { median, quantile, report } from './stats.ts';

const DAYS = 31;
const ROWS = 1_500;
const RUNS = 21;
const ORIGIN = minutesOf(Date.UTC(2025, 2, 1));

/**
 * `count` ground-handling tasks over 31 days for 1,500 employees: flights mostly between 05:00 and 24:00, each with
 * 3–7 tasks of 10–90 minutes around its time, each task given to one employee of a shift-sized pool of 60.
 */
function syntheticTasks(count: number, scaleMinutes: number, seed = 42): LayoutInput {
  const random = prng(seed);
  const starts = new Float64Array(count);
  const ends = new Float64Array(count);
  const rows = new Int32Array(count);
  let i = 0;
  while (i < count) {
    const day = Math.floor(random() * DAYS);
    const hour = random() < 0.9 ? 5 + random() * 19 : random() * 5;
    const flightMinute = ORIGIN + day * 1440 + Math.floor(hour * 60);
    const pool = Math.floor(random() * (ROWS / 60)) * 60;
    const tasks = 3 + Math.floor(random() * 5);
    for (let t = 0; t < tasks && i < count; t++, i++) {
      starts[i] = flightMinute - 60 + Math.floor(random() * 120);
      ends[i] = starts[i] + 10 + Math.floor(random() * 81);
      rows[i] = pool + Math.floor(random() * 60);
    }
  }
  return {
    starts,
    ends,
    rows,
    rowCount: ROWS,
    view: { originMinute: ORIGIN, scaleMinutes, pxPerSlot: PX_PER_SLOT },
  };
}

function timeLayout(input: LayoutInput): number[] {
  for (let w = 0; w < 5; w++) layout(input);
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    layout(input);
    times.push(performance.now() - started);
  }
  return times;
}

/** Worker geometry budgets (README, Performance), measured on the main thread of Node (no transfer). */
export function benchGeometry(): void {
  const budgets: Record<number, number> = { 10000: 10, 50000: 60, 100000: 25 };
  for (const count of [10_000, 50_000, 100_000]) {
    const times = timeLayout(syntheticTasks(count, 15));
    report({
      name: `geometry layout ${count.toLocaleString('en')} tasks, scale 15, median of ${RUNS}`,
      value: median(times),
      unit: 'ms',
      budget: budgets[count],
    });
  }

  // A month on one screen: one day per slot, bars well under 2 px, drawn as covered runs.
  const month = syntheticTasks(50_000, 1440);
  const lodTimes = timeLayout(month);
  const lod = layout(month);
  report({
    name: `geometry layout 50,000 tasks, month on screen (${lod.runs.length / 5} runs), median`,
    value: median(lodTimes),
    unit: 'ms',
    budget: 60,
  });

  const input = syntheticTasks(50_000, 15);
  const scene = layout(input);
  const width = (DAYS * 1440 * PX_PER_SLOT) / 15;
  const height = scene.rowTop[ROWS];
  const random = prng(7);
  const hitRuns: number[] = [];
  const single: number[] = [];
  let hits = 0;
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    for (let k = 0; k < 1_000; k++) {
      // Half the points on a bar (hover over a task), half anywhere (mostly empty canvas).
      const bar = k % 2 === 0 ? Math.floor(random() * input.starts.length) : -1;
      const x = bar >= 0 ? scene.x[bar] + scene.width[bar] / 2 : random() * width;
      const y =
        bar >= 0
          ? scene.rowTop[input.rows[bar]] + (scene.lane[bar] + 0.5) * scene.view[3]
          : random() * height;
      const before = performance.now();
      if (hitTest(scene, px(x), px(y)) >= 0) hits++;
      single.push(performance.now() - before);
    }
    hitRuns.push((performance.now() - started) / 1_000);
  }
  // Reported in microseconds: a hit-test takes a few, far under the 1 ms budget.
  report({
    name: `geometry hit-test at 50,000 tasks, median of ${RUNS} runs of 1,000`,
    value: median(hitRuns) * 1_000,
    unit: 'µs',
    budget: 1_000,
  });
  report({
    name: `geometry hit-test at 50,000 tasks, p99 of ${single.length} (${hits} hits)`,
    value: quantile(single, 0.99) * 1_000,
    unit: 'µs',
    budget: 1_000,
  });

  const queries: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const from = ORIGIN + Math.floor(random() * (DAYS - 1)) * 1440;
    const started = performance.now();
    queryRange(scene, minutes(from), minutes(from + 1440));
    queries.push(performance.now() - started);
  }
  report({
    name: 'geometry queryRange of one day at 50,000 tasks, median',
    value: median(queries) * 1_000,
    unit: 'µs',
  });
}
