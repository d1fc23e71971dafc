import { chromium } from '@playwright/test';
import { median, quantile, report } from './stats.ts';

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
    const frames = await body.evaluate(
      (element) =>
        new Promise<number[]>((resolve) => {
          const times: number[] = [];
          let last = performance.now();
          const step = (now: number) => {
            times.push(now - last);
            last = now;
            element.scrollTop += 900;
            if (times.length < 240) requestAnimationFrame(step);
            else resolve(times.slice(5));
          };
          requestAnimationFrame(step);
        }),
    );
    report({ name: 'grid 50,000 rows: scroll frame, median', value: median(frames), unit: 'ms' });
    report({
      name: 'grid 50,000 rows: scroll frame, p95',
      value: quantile(frames, 0.95),
      unit: 'ms',
      budget: 16.7,
    });
  } finally {
    await browser.close();
  }
}
