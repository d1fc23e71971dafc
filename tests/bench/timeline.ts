import { mkdirSync, writeFileSync } from 'node:fs';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type BenchLine, median, quantile, report } from './stats.ts';

/** Fresh page loads per first-paint figure (the median is reported). */
const PAINT_RUNS = 5;
/** Animation frames per scripted gesture. */
const GESTURE_FRAMES = 180;
/** Fresh pages per gesture. */
const GESTURE_RUNS = 3;

/**
 * A scripted gesture over the timeline canvas, one input event per animation frame. Each frame's main-thread work
 * is the input handler of the event that feeds it plus everything from the frame's first animation-frame callback
 * (the timeline draws there) to a message posted from it, which runs once style, layout and paint are done.
 * `kind` is 'zoom' (ctrl+wheel: out over the whole month, then back in) or 'pan' (a drag left and right).
 */
const GESTURE_SCRIPT = `(kind) => new Promise((resolve) => {
  const target = document.querySelector('[role=application]');
  const box = target.getBoundingClientRect();
  const x = box.left + box.width * 0.6;
  const y = box.top + box.height * 0.5;
  const frames = ${GESTURE_FRAMES};
  const intervals = [];
  const work = [];
  const channel = new MessageChannel();
  let frameStart = 0;
  let handler = 0;
  let last = performance.now();
  let i = 0;
  const fire = () => {
    const started = performance.now();
    if (kind === 'zoom') {
      const deltaY = i < frames / 2 ? 60 : -60;
      target.dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, ctrlKey: true, deltaY, clientX: x, clientY: y }));
    } else {
      const phase = i < frames / 2 ? i : frames - i;
      const px = x - phase * 12;
      const py = y - phase * 3;
      const type = i === 0 ? 'pointerdown' : 'pointermove';
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, pointerId: 1, button: 0, buttons: 1, isPrimary: true, pointerType: 'mouse', clientX: px, clientY: py }));
    }
    handler = performance.now() - started;
    i++;
  };
  channel.port1.onmessage = () => {
    work.push(performance.now() - frameStart + handler);
    if (i < frames) fire();
  };
  const step = (now) => {
    intervals.push(now - last);
    last = now;
    frameStart = performance.now();
    channel.port2.postMessage(0);
    if (intervals.length <= frames) requestAnimationFrame(step);
    else {
      if (kind === 'pan') target.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1, clientX: x, clientY: y }));
      setTimeout(() => resolve({ intervals: intervals.slice(5), work: work.slice(5), draw: [...window.__rafWork.values()] }), 50);
    }
  };
  step.__bench = true;
  fire();
  window.__rafWork.clear();
  requestAnimationFrame(step);
})`;

/**
 * Installed before the page's scripts: times every requestAnimationFrame callback (the timeline draws in one), summed
 * per frame, into `__rafWork`; the gesture script's own callback is marked `__bench` and left out. This is the
 * timeline's own main-thread work per frame (hit test, three layer draws), apart from the browser's raster and
 * compositing, which the frame-work figure includes and which a loaded machine inflates.
 */
const RAF_TIMER = `(() => {
  const raw = window.requestAnimationFrame.bind(window);
  const perFrame = new Map();
  window.__rafWork = perFrame;
  window.requestAnimationFrame = (callback) => raw((now) => {
    if (callback.__bench) return callback(now);
    const started = performance.now();
    try { callback(now); } finally { perFrame.set(now, (perFrame.get(now) ?? 0) + performance.now() - started); }
  });
})()`;

/** Per frame of one gesture: rAF intervals, whole-frame main-thread work, the timeline's own rAF work. */
interface GestureRun {
  intervals: number[];
  work: number[];
  draw: number[];
}

interface Figures {
  geometryMs: Record<string, number>;
  firstLayoutMs: Record<string, number>;
  firstPaintMs: Record<string, number>;
  frames: Record<
    string,
    {
      drawP95: number;
      drawMedian: number;
      workP95: number;
      workMedian: number;
      intervalMedian: number;
      dropped: number;
    }
  >;
}

async function openDemo(browser: Browser, baseUrl: string, token: string, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript((value) => localStorage.setItem('token', value), token);
  await page.addInitScript(RAF_TIMER);
  await page.goto(`${baseUrl}/react_app/timeline?${query}`);
  await page
    .getByRole('status', { name: 'Первая отрисовка' })
    .getByText(/мс после данных/)
    .waitFor({ timeout: 60_000 });
  return page;
}

async function firstPaint(browser: Browser, baseUrl: string, token: string, query: string): Promise<number> {
  const page = await openDemo(browser, baseUrl, token, query);
  try {
    return await page.evaluate(
      () =>
        performance.getEntriesByName('timeline:first-paint-after-data', 'measure')[0]?.duration ?? Number.NaN,
    );
  } finally {
    await page.close();
  }
}

/**
 * The showcase's worker layout figures: the median of its timed calls, each after the previous result was retired
 * (its buffers reused, as a timeline does with a scene it replaces), and the first call, whose output goes to
 * fresh memory.
 */
async function workerLayout(
  browser: Browser,
  baseUrl: string,
  token: string,
  bars: number,
): Promise<{ median: number; first: number }> {
  const page = await openDemo(
    browser,
    baseUrl,
    token,
    `rows=${Math.round(bars / 50)}&bars=${bars}&days=30&window=1`,
  );
  try {
    await page.getByRole('button', { name: 'Замерить раскладку в воркере' }).click();
    const output = page.getByRole('status', { name: 'Раскладка в воркере' });
    await output.getByText(/мс/).waitFor({ timeout: 60_000 });
    const text = (await output.textContent()) ?? '';
    return {
      median: Number(/([\d.]+) мс/.exec(text)?.[1] ?? Number.NaN),
      first: Number(/первый вызов ([\d.]+) мс/.exec(text)?.[1] ?? Number.NaN),
    };
  } finally {
    await page.close();
  }
}

async function gesture(
  browser: Browser,
  baseUrl: string,
  token: string,
  kind: 'zoom' | 'pan',
  query: string,
): Promise<GestureRun> {
  const page = await openDemo(browser, baseUrl, token, query);
  try {
    // A string, not a function: tsx would wrap a function with helpers the page does not have.
    return (await page.evaluate(`(${GESTURE_SCRIPT})(${JSON.stringify(kind)})`)) as GestureRun;
  } finally {
    await page.close();
  }
}

/**
 * The timeline budgets (ARCHITECTURE section 8) on the showcase /react_app/timeline in headless Chromium: worker
 * geometry seen from the page, first paint after the data for 10,000 and 50,000 bars with a one-day and a 30-day
 * window, and p95 main-thread frame work of a scripted ctrl+wheel zoom and drag pan over 50,000 bars. Writes
 * bench-results/timeline.json. `baseUrl` serves dist/client; `token` is a session token.
 */
export async function benchTimeline(baseUrl: string, token: string): Promise<BenchLine[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const lines: BenchLine[] = [];
  const line = (entry: BenchLine) => {
    report(entry);
    lines.push(entry);
  };
  const figures: Figures = { geometryMs: {}, firstLayoutMs: {}, firstPaintMs: {}, frames: {} };
  try {
    for (const bars of [10_000, 50_000, 100_000]) {
      const { median: ms, first } = await workerLayout(browser, baseUrl, token, bars);
      figures.geometryMs[bars] = ms;
      figures.firstLayoutMs[bars] = first;
      line({
        name: `timeline worker layout ${bars.toLocaleString('en')} bars (from the page)`,
        value: ms,
        unit: 'ms',
        budget: bars === 100_000 ? 25 : undefined,
      });
      line({
        name: `timeline worker layout ${bars.toLocaleString('en')} bars, first call (output in fresh memory)`,
        value: first,
        unit: 'ms',
      });
    }
    for (const bars of [10_000, 50_000]) {
      for (const window of [1, 30]) {
        const runs: number[] = [];
        for (let run = 0; run < PAINT_RUNS; run++) {
          runs.push(
            await firstPaint(browser, baseUrl, token, `rows=1000&bars=${bars}&days=30&window=${window}`),
          );
        }
        const value = median(runs);
        figures.firstPaintMs[`${bars}/${window}d`] = value;
        line({
          name: `timeline first paint ${bars.toLocaleString('en')} bars, ${window}-day window, after data`,
          value,
          unit: 'ms',
          budget: 300,
        });
      }
    }
    const gestures: [string, 'zoom' | 'pan', string][] = [
      ['wheel zoom 1 day ⇄ 30 days', 'zoom', 'rows=1000&bars=50000&days=30&window=1'],
      ['drag pan, 1-day window', 'pan', 'rows=1000&bars=50000&days=30&window=1'],
      ['drag pan, 30-day window', 'pan', 'rows=1000&bars=50000&days=30&window=30'],
    ];
    for (const [name, kind, query] of gestures) {
      // Each figure is the median over GESTURE_RUNS fresh pages of that run's median or p95.
      const runs: GestureRun[] = [];
      for (let run = 0; run < GESTURE_RUNS; run++)
        runs.push(await gesture(browser, baseUrl, token, kind, query));
      const over = (pick: (run: GestureRun) => number) => median(runs.map(pick));
      const drawMedian = over((run) => median(run.draw));
      const drawP95 = over((run) => quantile(run.draw, 0.95));
      const workMedian = over((run) => median(run.work));
      const workP95 = over((run) => quantile(run.work, 0.95));
      const dropped = over((run) => run.intervals.filter((ms) => ms > 25).length);
      const frames = runs[0].intervals.length;
      figures.frames[name] = {
        drawP95,
        drawMedian,
        workP95,
        workMedian,
        intervalMedian: over((run) => median(run.intervals)),
        dropped,
      };
      line({ name: `timeline 50,000 bars ${name}: draw per frame, median`, value: drawMedian, unit: 'ms' });
      line({
        name: `timeline 50,000 bars ${name}: draw per frame, p95`,
        value: drawP95,
        unit: 'ms',
        budget: 8.3,
      });
      line({ name: `timeline 50,000 bars ${name}: frame work, median`, value: workMedian, unit: 'ms' });
      line({
        name: `timeline 50,000 bars ${name}: frame work, p95`,
        value: workP95,
        unit: 'ms',
        budget: 16.7,
      });
      line({
        name: `timeline 50,000 bars ${name}: dropped frames of ${frames}`,
        value: dropped,
        unit: 'frames',
      });
    }
  } finally {
    await browser.close();
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/timeline.json',
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures, lines }, null, 2)}\n`,
  );
  return lines;
}
