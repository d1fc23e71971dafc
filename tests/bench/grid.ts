import { chromium } from '@playwright/test';
import { median, quantile, report } from './stats.ts';

/**
 * Scrolls the grid body by 900 px a frame for 240 frames. For each frame it answers the interval since the last
 * one and the main-thread work of the frame: from the rAF callback to a message posted there, which runs once the
 * frame's scroll handling, React render, style, layout and paint are done (the "rAF + postMessage" measure).
 */
const SCROLL_SCRIPT = `new Promise((resolve) => {
  const table = document.querySelector('[role=table][aria-label="50 000 строк"]');
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

/** Scrolls the showcase's 50,000-row grid in headless Chromium and reports frame work and dropped frames. */
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
    // A string, not a function: tsx would wrap a function with helpers the page does not have.
    const { intervals, work } = (await page.evaluate(SCROLL_SCRIPT)) as {
      intervals: number[];
      work: number[];
    };
    report({ name: 'grid 50,000 rows: frame work, median', value: median(work), unit: 'ms' });
    report({
      name: 'grid 50,000 rows: frame work, p95',
      value: quantile(work, 0.95),
      unit: 'ms',
      budget: 8,
    });
    report({ name: 'grid 50,000 rows: frame interval, median', value: median(intervals), unit: 'ms' });
    // A frame is dropped when its interval is over one and a half vsync periods (60 Hz).
    const dropped = intervals.filter((ms) => ms > 25).length;
    report({
      name: `grid 50,000 rows: dropped frames of ${intervals.length}`,
      value: dropped,
      unit: 'frames',
    });
  } finally {
    await browser.close();
  }
}
