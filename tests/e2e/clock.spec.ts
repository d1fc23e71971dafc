import { expect } from '@playwright/test';
import { fakeTimeOffsetMs, now } from './clock.ts';
import { base as test } from './fixtures.ts';

// The suite's three clocks agree (tests/e2e/clock.ts): the server's (its answers' Date header, to the second), the
// browser's and the tests' own, faked by E2E_FAKE_TIME or not.
test('the server, the browser and the tests share one clock that flows', async ({ page }) => {
  const res = await page.request.get('/api/health');
  expect(res.status()).toBe(200);
  const server = Date.parse(res.headers().date);
  await page.goto('/login');
  const browser = await page.evaluate(() => Date.now());
  const mine = now().getTime();
  expect(Math.abs(browser - server)).toBeLessThan(3_000);
  expect(Math.abs(mine - server)).toBeLessThan(3_000);
  if (process.env.E2E_FAKE_TIME) {
    const target = Date.parse(process.env.E2E_FAKE_TIME);
    // The server started a little after the offset was taken; the suite runs for minutes, not hours.
    expect(server).toBeGreaterThanOrEqual(target - 2_000);
    expect(server - target).toBeLessThan(3 * 3_600_000);
  } else expect(fakeTimeOffsetMs).toBe(0);
  // Time flows in the browser: its timers run and its Date moves on.
  const later = await page.evaluate(
    () => new Promise<number>((resolve) => setTimeout(() => resolve(Date.now()), 1_200)),
  );
  expect(later - browser).toBeGreaterThanOrEqual(1_000);
  expect(later - browser).toBeLessThan(5_000);
  // The page's performance keeps its marks (the app's timings, which some tests read), fake clock or not.
  const marks = await page.evaluate(() => {
    performance.mark('e2e:clock');
    return performance.getEntriesByName('e2e:clock', 'mark').length;
  });
  expect(marks).toBe(1);
});
