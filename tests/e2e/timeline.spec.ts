import type { Page } from '@playwright/test';
import { expect, focusStatusOf, test } from './fixtures.ts';

const DEMO = '/react_app/timeline?rows=200&bars=5000&days=7&window=1';

/** The bar layer's canvas (the second of the three Konva layers). */
const BAR_CANVAS = '[role=application] .konvajs-content canvas:nth-of-type(2)';

async function openDemo(page: Page) {
  await page.goto(DEMO);
  await expect(page.getByRole('status', { name: 'Первая отрисовка' })).toContainText('мс после данных', {
    timeout: 30_000,
  });
}

/** How many pixels of the bar layer are painted, and a checksum of them, to tell pictures apart. */
function barPixels(page: Page): Promise<{ painted: number; sum: number }> {
  return page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector);
    if (!canvas) throw new Error('no bar canvas');
    const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
    let painted = 0;
    let sum = 0;
    for (let i = 3; i < data.length; i += 4) {
      if (data[i] > 0) {
        painted++;
        sum = (sum + (i >> 2) * 31 + data[i - 1]) % 1_000_000_007;
      }
    }
    return { painted, sum };
  }, BAR_CANVAS);
}

/** Page coordinates of the middle of some bar at least 8 px wide, found in the bar layer's pixels. */
function barPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate((selector) => {
    const canvas = document.querySelector<HTMLCanvasElement>(selector);
    if (!canvas) throw new Error('no bar canvas');
    const rect = canvas.getBoundingClientRect();
    const ratio = canvas.width / rect.width;
    const { width, height } = canvas;
    const data = canvas.getContext('2d')?.getImageData(0, 0, width, height).data;
    if (!data) throw new Error('no pixels');
    const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
    for (let y = Math.round(60 * ratio); y < height; y += 3) {
      for (let x = Math.round(200 * ratio); x + 8 * ratio < width; x++) {
        let wide = true;
        for (let dx = 0; dx < 8 * ratio && wide; dx++) wide = alpha(x + dx, y) > 0;
        if (wide) return { x: rect.left + (x + 4 * ratio) / ratio, y: rect.top + y / ratio };
      }
    }
    throw new Error('no bar drawn');
  }, BAR_CANVAS);
}

test.describe('timeline showcase', () => {
  test('draws the bars on the canvas and marks the first paint', async ({ page, consoleErrors }) => {
    await openDemo(page);
    expect((await barPixels(page)).painted).toBeGreaterThan(500);
    const marks = await page.evaluate(() => ({
      mark: performance.getEntriesByName('timeline:first-paint', 'mark').length,
      measure: performance.getEntriesByName('timeline:first-paint', 'measure')[0]?.duration ?? -1,
    }));
    expect(marks.mark).toBe(1);
    expect(marks.measure).toBeGreaterThan(0);
    await expect(
      page
        .getByRole('list', { name: /строки и задачи на экране/ })
        .getByRole('listitem')
        .first(),
    ).toHaveText('Строка 1');
    expect(consoleErrors).toEqual([]);
  });

  test('redraws when the wheel zooms and when a drag pans', async ({ page }) => {
    await openDemo(page);
    const canvas = page.getByRole('application', { name: 'Задачи по строкам' });
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no canvas box');
    const before = await barPixels(page);
    await page.mouse.move(box.x + box.width * 0.6, box.y + 200);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 400);
    await page.keyboard.up('Control');
    await expect(page.getByRole('status', { name: 'Масштаб после прокрутки' })).toContainText('на 40 px');
    await expect.poll(async () => (await barPixels(page)).sum).not.toBe(before.sum);
    const zoomed = await barPixels(page);
    await page.mouse.move(box.x + box.width * 0.6, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + 150, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await barPixels(page)).sum).not.toBe(zoomed.sum);
  });

  test('shows the hint of the bar under the pointer', async ({ page }) => {
    await openDemo(page);
    const point = await barPoint(page);
    await page.mouse.move(point.x, point.y);
    await expect(page.getByRole('tooltip')).toContainText(/^Задача \d+, строка \d+/);
    await page.mouse.move(point.x, 5);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('opens the context menu of a bar on right click', async ({ page }) => {
    await openDemo(page);
    const point = await barPoint(page);
    await page.mouse.click(point.x, point.y, { button: 'right' });
    await page.getByRole('menuitem', { name: 'Показать номер задачи' }).click();
    await expect(page.getByRole('status', { name: 'Выбор' })).toHaveText(/^Выбрана задача \d+$/);
  });

  test('moves a focus ring across bars with the arrow keys and shows the hint on Enter', async ({ page }) => {
    await openDemo(page);
    const canvas = page.getByRole('application', { name: 'Задачи по строкам' });
    await canvas.focus();
    const status = await focusStatusOf(page, canvas);
    await page.keyboard.press('ArrowDown');
    await expect(status).toHaveText(/^Задача \d+: /);
    const first = await status.textContent();
    await page.keyboard.press('ArrowRight');
    await expect(status).not.toHaveText(first ?? '');
    const second = (await status.textContent()) ?? '';
    const bar = /^Задача (\d+)/.exec(second)?.[1];
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tooltip')).toContainText(`Задача ${bar},`);
    await page.keyboard.press('ArrowLeft');
    await expect(status).toHaveText(first ?? '');
    await expect(
      page.getByRole('list', { name: /строки и задачи на экране/ }).locator('[aria-current="true"]'),
    ).toHaveText(first ?? '');
  });

  test('jumps the zoom to the scale chosen in the select', async ({ page }) => {
    await openDemo(page);
    const before = await barPixels(page);
    await page.getByRole('combobox', { name: 'Масштаб' }).click();
    await page.getByRole('option', { name: '5 мин', exact: true }).click();
    await expect.poll(async () => (await barPixels(page)).sum).not.toBe(before.sum);
  });
});
