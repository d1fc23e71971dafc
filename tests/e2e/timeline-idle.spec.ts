import { expect, signIn, base as test } from './fixtures.ts';

/** Counts the page's canvas clears in `window.__clears` (every layer a paint redraws is cleared first). */
function countClears() {
  const proto = CanvasRenderingContext2D.prototype;
  const clear = proto.clearRect;
  const counter = window as unknown as { __clears: number };
  counter.__clears = 0;
  proto.clearRect = function (this: CanvasRenderingContext2D, ...args: Parameters<typeof clear>) {
    counter.__clears += 1;
    return clear.apply(this, args);
  };
}

const clears = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __clears: number }).__clears);

for (const { path, canvas } of [
  { path: '/team-planning', canvas: 'Рейсы по бригадам' },
  { path: '/resource-planning', canvas: 'Рейсы и задачи' },
]) {
  test(`${path}: a timeline nobody touches is not drawn again and again`, async ({ page }) => {
    await page.addInitScript(countClears);
    await signIn(page, 'planner');
    await page.goto(path);
    const timeline = page.getByRole('application', { name: canvas });
    await expect(timeline).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    await expect(timeline).toHaveAttribute('aria-describedby', / /);
    // The first paints and the lists' refresh after them settle.
    await page.waitForTimeout(1500);
    const before = await clears(page);
    expect(before).toBeGreaterThan(0);
    await page.waitForTimeout(3000);
    // The minute's clock may move the present's line once (one paint of a few layers); the loop this guards
    // against drew ~6 times a second, ~20 paints here.
    expect((await clears(page)) - before).toBeLessThanOrEqual(8);
  });
}
