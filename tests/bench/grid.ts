import { chromium, type Page } from '@playwright/test';
import { median, quantile, report } from './stats.ts';

/**
 * Scrolls the grid body by 900 px a frame for 240 frames. For each frame it answers the interval since the last
 * one and the main-thread work of the frame: from the rAF callback to a message posted there, which runs once the
 * frame's scroll handling, React render, style, layout and paint are done (the "rAF + postMessage" measure).
 */
const scrollScript = (label: string) => `new Promise((resolve) => {
  const table = document.querySelector('[role=table][aria-label="${label}"]');
  const body = table.querySelectorAll('[role=rowgroup]')[1];
  const intervals = [];
  const work = [];
  const channel = new MessageChannel();
  let frameStart = 0;
  channel.port1.onmessage = () => work.push(performance.now() - frameStart);
  let last = performance.now();
  const step = (now) => {
    intervals.push(now - last);
    last = now;
    frameStart = performance.now();
    body.scrollTop += 900;
    channel.port2.postMessage(0);
    if (intervals.length < 240) requestAnimationFrame(step);
    else setTimeout(() => resolve({ intervals: intervals.slice(5), work: work.slice(5) }), 50);
  };
  requestAnimationFrame(step);
})`;

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

/** Scrolls a table's body 900 px a frame and reports its frame work (p95 against the 8 ms budget) and drops. */
async function measure(page: Page, label: string, name: string): Promise<void> {
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  const { intervals, work } = (await page.evaluate(scrollScript(label))) as {
    intervals: number[];
    work: number[];
  };
  report({ name: `${name}: frame work, median`, value: median(work), unit: 'ms' });
  report({ name: `${name}: frame work, p95`, value: quantile(work, 0.95), unit: 'ms', budget: 8 });
  report({ name: `${name}: frame interval, median`, value: median(intervals), unit: 'ms' });
  // A frame is dropped when its interval is over one and a half vsync periods (60 Hz).
  const dropped = intervals.filter((ms) => ms > 25).length;
  report({ name: `${name}: dropped frames of ${intervals.length}`, value: dropped, unit: 'frames' });
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
