import { chromium } from '@playwright/test';
import { median, quantile, report } from './stats.ts';

/** Scrolls the grid body by 900 px a frame for 240 frames and answers the frame intervals in ms. */
const SCROLL_SCRIPT = `new Promise((resolve) => {
  const table = document.querySelector('[role=table][aria-label="50 000 строк"]');
  const body = table.querySelectorAll('[role=rowgroup]')[1];
  const times = [];
  let last = performance.now();
  const step = (now) => {
    times.push(now - last);
    last = now;
    body.scrollTop += 900;
    if (times.length < 240) requestAnimationFrame(step);
    else resolve(times.slice(5));
  };
  requestAnimationFrame(step);
})`;

/** Scrolls the showcase's 50,000-row grid for 240 frames in headless Chromium and reports frame times. */
export async function benchGrid(baseUrl: string, token: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`${baseUrl}/react_app/grid`);
    const body = page.getByRole('table', { name: '50 000 строк' }).getByRole('rowgroup').nth(1);
    await body.waitFor();
    // A string, not a function: tsx would wrap a function with helpers the page does not have.
    const frames = (await page.evaluate(SCROLL_SCRIPT)) as number[];
    report({ name: 'grid 50,000 rows: scroll frame, median', value: median(frames), unit: 'ms' });
    // rAF intervals are whole vsync periods (16.67 ms at 60 Hz) give or take timer rounding: round to 0.1 ms.
    const p95 = Math.round(quantile(frames, 0.95) * 10) / 10;
    report({ name: 'grid 50,000 rows: scroll frame, p95', value: p95, unit: 'ms', budget: 16.7 });
    const dropped = frames.filter((ms) => ms > 25).length;
    report({
      name: `grid 50,000 rows: frames over 25 ms of ${frames.length}`,
      value: dropped,
      unit: 'frames',
    });
  } finally {
    await browser.close();
  }
}
