import { chromium, type Page } from '@playwright/test';
import { median, quantile, report } from './stats.ts';

/**
 * Scrolls the grid body by 900 px a frame for 240 frames, as a wheel would: the offset changes between frames, so each
 * frame runs the body's scroll event, then rAF, style, layout and paint. For each frame it answers the interval since
 * the last one and the frame's main-thread work: from its first callback (the scroll event, or rAF) to a message
 * posted in rAF, which runs once the frame's style, layout and paint are done. (Setting scrollTop inside rAF instead,
 * as this bench first did, draws each frame at the new offset with the rows of the old one: the scroll event comes a
 * frame late, its work falls outside the measure, and cells with `content-visibility: auto` were skipped as off
 * screen, so they were never laid out.)
 */
const scrollScript = (label: string, frames: number) => `new Promise((resolve) => {
  const table = document.querySelector('[role=table][aria-label="${label}"]');
  const body = table.querySelectorAll('[role=rowgroup]')[1];
  const intervals = [];
  const work = [];
  const channel = new MessageChannel();
  let frameStart = 0;
  const onScroll = () => {
    if (!frameStart) frameStart = performance.now();
  };
  window.addEventListener('scroll', onScroll, { capture: true, passive: true });
  channel.port1.onmessage = () => {
    work.push(performance.now() - frameStart);
    frameStart = 0;
    if (intervals.length < ${frames}) body.scrollTop += 900;
  };
  let last = performance.now();
  const step = (now) => {
    if (!frameStart) frameStart = performance.now();
    intervals.push(now - last);
    last = now;
    channel.port2.postMessage(0);
    if (intervals.length < ${frames}) requestAnimationFrame(step);
    else setTimeout(() => {
      window.removeEventListener('scroll', onScroll, { capture: true });
      resolve({ intervals: intervals.slice(5), work: work.slice(5) });
    }, 50);
  };
  requestAnimationFrame(step);
})`;

/** One complete trace event of the renderer's main thread: wall and thread (CPU) start and duration in µs. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/**
 * Runs `work` under a Chromium trace and answers the main thread's CPU time (thread time, so other processes on a
 * busy machine do not count) of each frame: the top-level tasks from one rAF to the next.
 */
async function frameCpu(page: Page, work: () => Promise<unknown>): Promise<number[]> {
  const client = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  client.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => client.once('Tracing.tracingComplete', () => resolve()));
  await client.send('Tracing.start', {
    categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await work();
  await client.send('Tracing.end');
  await complete;
  await client.detach();
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  if (!main) return [];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const frames = onMain.filter((e) => e.name === 'FireAnimationFrame').map((e) => e.ts);
  const cpu = frames.map(() => 0);
  let end = -1;
  let frame = 0;
  for (const event of onMain) {
    // Top-level events only: nested ones are inside their parent's time.
    if (event.ts < end || event.tdur === undefined) continue;
    end = event.ts + (event.dur ?? 0);
    if (event.ts < frames[0]) continue;
    while (frame + 1 < frames.length && event.ts >= frames[frame + 1]) frame += 1;
    cpu[frame] += event.tdur / 1000;
  }
  // The first frames warm up; the last is cut short by the end of the trace.
  return cpu.slice(5, -1);
}

const FLIGHT_ROWS = 50_000;
const CARRIERS = ['SU', 'FV', 'DP', 'S7', 'U6', 'UT', 'TK', 'EK'];
const TYPES = ['Airbus A320', 'Boeing 737-800', 'Sukhoi Superjet 100', 'Airbus A321neo'];

/** One generated flight-table row, paired or single, shaped as `GET /api/v1/race` answers. */
function flightRow(index: number): Record<string, unknown> {
  const carrier = CARRIERS[index % CARRIERS.length];
  const number = 100 + (index % 900);
  const paired = index % 4 !== 0;
  const hour = String(index % 24).padStart(2, '0');
  const minute = String((index * 7) % 60).padStart(2, '0');
  return {
    aid: index + 1,
    arrival_flight_id: 2 * index + 1,
    departure_flight_id: paired ? 2 * index + 2 : null,
    flight: paired ? `${carrier} ${number} / ${carrier} ${number + 1}` : `${carrier} ${number}`,
    aircraft_type: TYPES[index % TYPES.length],
    date: `${String(1 + (index % 28)).padStart(2, '0')}.06.2026`,
    board: `RA-${String(70000 + (index % 30000))}`,
    stand: `МС-${index % 40}`,
    plan: paired ? `${hour}:${minute} / ${hour}:59` : `${hour}:${minute}`,
    calculated: `${hour}:${minute}`,
    fact: index % 3 ? `${hour}:${minute}` : '',
    departure_airport: 'LED',
    arrival_airport: 'SVO',
    code_share: index % 5 ? '' : `${carrier} ${number + 5000}`,
    takeoff: `${hour}:${minute}`,
    direction: 'Санкт-Петербург – Москва',
    type: index % 2 ? 'Внутренний' : 'Международный',
    status: index % 3 ? 'Фактический' : 'Плановый',
    link: paired ? 'Прилёт – вылет' : 'Только прилёт',
    tgo: index % 6 ? 'Стандарт узкофюзеляжный' : '',
    arrival_model: TYPES[(index + 1) % TYPES.length],
    confirmed: index % 2 === 0,
  };
}

/**
 * Scrolls a table's body 900 px a frame and reports its frame work (p95 against the 8 ms budget) and drops, then
 * scrolls again under a trace for the main thread's CPU time per frame, which holds on a machine shared with other
 * work (the wall-clock figures do not).
 */
async function measure(page: Page, label: string, name: string): Promise<void> {
  const scroll = async () => {
    const result = (await page.evaluate(scrollScript(label, 240))) as { intervals: number[]; work: number[] };
    await page.evaluate(
      `document.querySelector('[role=table][aria-label="${label}"] [role=rowgroup] + [role=rowgroup]').scrollTop = 0`,
    );
    return result;
  };
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  const { intervals, work } = await scroll();
  report({ name: `${name}: frame work, median`, value: median(work), unit: 'ms' });
  report({ name: `${name}: frame work, p95`, value: quantile(work, 0.95), unit: 'ms', budget: 8 });
  report({ name: `${name}: frame interval, median`, value: median(intervals), unit: 'ms' });
  // A frame is dropped when its interval is over one and a half vsync periods (60 Hz).
  const dropped = intervals.filter((ms) => ms > 25).length;
  report({ name: `${name}: dropped frames of ${intervals.length}`, value: dropped, unit: 'frames' });
  const cpu = await frameCpu(page, scroll);
  report({ name: `${name}: frame CPU (thread time), median`, value: median(cpu), unit: 'ms' });
  report({
    name: `${name}: frame CPU (thread time), p95`,
    value: quantile(cpu, 0.95),
    unit: 'ms',
    budget: 8,
  });
}

/**
 * The flight table (/race-newest) on 50,000 rows (a month of a busy hub): the list call answers generated rows, page
 * by page as the server would, so the bench measures the screen's grid with its nineteen columns, not the database.
 */
async function benchFlightTable(page: Page, baseUrl: string): Promise<void> {
  const perPage = 2000;
  await page.route('**/api/v1/race?*', (route) => {
    const url = new URL(route.request().url());
    const pageNumber = Number(url.searchParams.get('page') ?? 1);
    const start = (pageNumber - 1) * perPage;
    const rows = Array.from({ length: Math.max(0, Math.min(perPage, FLIGHT_ROWS - start)) }, (_, i) =>
      flightRow(start + i),
    );
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {
        'x-pagination-total-count': String(FLIGHT_ROWS),
        'x-pagination-page-count': String(Math.ceil(FLIGHT_ROWS / perPage)),
        'x-pagination-current-page': String(pageNumber),
        'x-pagination-per-page': String(perPage),
      },
      body: JSON.stringify(rows),
    });
  });
  await page.goto(`${baseUrl}/race-newest`);
  const body = page.getByRole('table', { name: 'Рейсы' }).getByRole('rowgroup').nth(1);
  await body.getByRole('row').first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: `из ${FLIGHT_ROWS} записей` })
    .waitFor();
  await measure(page, 'Рейсы', 'flight table 50,000 rows');
}

/** Scrolls the showcase's 50,000-row grid and the flight table in headless Chromium: frame work and dropped frames. */
export async function benchGrid(baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`${baseUrl}/react_app/grid`);
    await page.getByRole('table', { name: '50 000 строк' }).getByRole('rowgroup').nth(1).waitFor();
    await measure(page, '50 000 строк', 'grid 50,000 rows');
    await benchFlightTable(page, baseUrl);
  } finally {
    await browser.close();
  }
}
