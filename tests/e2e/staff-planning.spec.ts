import type { Page } from '@playwright/test';
import { collectErrors, expect, focusStatusOf, signIn, base as test } from './fixtures.ts';

const URL = '/resource-planning';
const STORAGE_KEY = 'staffPlanning';

interface BarPixels {
  /** Painted pixels of the bar layer. */
  count: number;
  /** A digest of where they are, to see a redraw. */
  digest: number;
  /** A page point inside a painted bar (3 × 3 px painted around it), or null. */
  inside: { x: number; y: number } | null;
}

/** Reads the bar layer (the second of the timeline's three Konva canvases) pixel by pixel. */
function barPixels(page: Page): Promise<BarPixels> {
  return page.evaluate(() => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('.timeline__canvas canvas')[1];
    if (!canvas) return { count: 0, digest: 0, inside: null };
    const context = canvas.getContext('2d');
    if (!context) return { count: 0, digest: 0, inside: null };
    const { width, height } = canvas;
    const data = context.getImageData(0, 0, width, height).data;
    const painted = (x: number, y: number) => x < width && y < height && data[(y * width + x) * 4 + 3] > 200;
    let count = 0;
    let digest = 0;
    let inside: { x: number; y: number } | null = null;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        if (data[(y * width + x) * 4 + 3] === 0) continue;
        count += 1;
        digest = (digest * 31 + x * 7 + y) | 0;
        if (!inside && painted(x, y) && painted(x + 6, y + 6) && painted(x + 3, y + 3))
          inside = { x: x + 3, y: y + 3 };
      }
    }
    const box = canvas.getBoundingClientRect();
    const ratio = width / box.width;
    return {
      count,
      digest,
      inside: inside ? { x: box.left + inside.x / ratio, y: box.top + inside.y / ratio } : null,
    };
  });
}

/** Waits until the flights are loaded and drawn, and answers the bar layer's pixels. */
async function drawn(page: Page, previous?: BarPixels): Promise<BarPixels> {
  await expect(page.getByRole('status').filter({ hasText: /^Рейсов: \d+, задач: \d+$/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('application', { name: 'Рейсы и задачи' })).toHaveAttribute(
    'data-ready',
    'true',
  );
  let pixels: BarPixels = { count: 0, digest: 0, inside: null };
  await expect
    .poll(
      async () => {
        pixels = await barPixels(page);
        return pixels.count > 0 && (previous === undefined || pixels.digest !== previous.digest);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return pixels;
}

/** The pixels of the current time's colour (NOW_COLOUR, #e8590c) on the background layer, the first canvas. */
function nowLine(page: Page): Promise<{ rows: number; columns: number; height: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('.timeline__canvas canvas')[0];
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return { rows: 0, columns: 0, height: 0 };
    const { width, height } = canvas;
    const data = context.getImageData(0, 0, width, height).data;
    const columns = new Set<number>();
    let rows = 0;
    for (let y = 0; y < height; y += 1) {
      let hit = false;
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 4;
        if (data[at] === 232 && data[at + 1] === 89 && data[at + 2] === 12) {
          columns.add(x);
          hit = true;
        }
      }
      if (hit) rows += 1;
    }
    return { rows, columns: columns.size, height };
  });
}

/** The median width of the painted horizontal runs of the bar layer, in canvas pixels: how wide the bars are drawn. */
function barWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('.timeline__canvas canvas')[1];
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return 0;
    const { width, height } = canvas;
    const data = context.getImageData(0, 0, width, height).data;
    const runs: number[] = [];
    for (let y = 0; y < height; y += 1) {
      let run = 0;
      for (let x = 0; x <= width; x += 1) {
        if (x < width && data[(y * width + x) * 4 + 3] > 200) run += 1;
        else if (run > 0) {
          runs.push(run);
          run = 0;
        }
      }
    }
    runs.sort((a, b) => a - b);
    return runs.length > 0 ? runs[Math.floor(runs.length / 2)] : 0;
  });
}

/** The minute (of an arbitrary year) of a 'DD.MM HH:mm' stamp, to compare two stamps of the same few days. */
function stampMinute(stamp: string): number {
  const [day, month, hour, minute] = (/(\d{2})\.(\d{2}) (\d{2}):(\d{2})/.exec(stamp) ?? [])
    .slice(1)
    .map(Number);
  return Date.UTC(2001, month - 1, day, hour, minute) / 60_000;
}

/** The span of time on the canvas, as its description tells it ('На экране: DD.MM HH:mm – DD.MM HH:mm'). */
async function shownSpan(page: Page): Promise<{ from: number; to: number }> {
  const text = (await page.locator('.timeline__status', { hasText: /^На экране: / }).textContent()) ?? '';
  const [from, to] = text.replace('На экране: ', '').split(' – ');
  return { from: stampMinute(from), to: stampMinute(to) };
}

test.describe('staff planning as planner', () => {
  test('opens the timeline at the current time, drawn as a line through the axis and the rows', async ({
    page,
  }) => {
    await signIn(page, 'planner');
    await page.goto(URL);
    await drawn(page);
    const line = await nowLine(page);
    // One line down most of the canvas (the mark on the axis is a few pixels wider), in view at first.
    expect(line.rows).toBeGreaterThan(line.height / 2);
    expect(line.columns).toBeGreaterThan(0);
    expect(line.columns).toBeLessThanOrEqual(12);
    // The period takes two of the filter form's columns, so its two stamps stand on one line, as tall as a select.
    const period = await page.getByRole('button', { name: 'Период', exact: true }).boundingBox();
    const schedule = await page.getByRole('combobox', { name: 'Вид расписания' }).boundingBox();
    expect(period?.height).toBe(schedule?.height);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'planner');
  });

  test('draws the flights as bars, redraws on a scale and a filter change, hints, keys and reset', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const planningWorker = page.waitForEvent('worker', {
      predicate: (worker) => /planning\.worker/.test(worker.url()),
    });
    await page.goto(URL);
    await expect(
      page.getByRole('heading', { name: 'Планирование персонала по рейсам', level: 1 }),
    ).toBeVisible();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();

    const first = await drawn(page);
    await planningWorker;
    expect(first.inside).not.toBeNull();

    // Hovering a painted bar shows the task's hint.
    const point = first.inside as { x: number; y: number };
    await page.mouse.move(point.x, point.y);
    const hint = page.getByRole('tooltip');
    await expect(hint).toContainText('Задача:');
    await expect(hint).toContainText(/Нужно сотрудников: \d+, назначено: \d+/);
    await page.mouse.move(5, 5);

    // Another scale widens or narrows every bar: the picture changes.
    await page.getByRole('combobox', { name: 'Масштаб' }).click();
    await page.getByRole('listbox', { name: 'Масштаб' }).getByRole('option', { name: '1 час' }).click();
    const rescaled = await drawn(page, first);
    expect(rescaled.count).toBeGreaterThan(0);
    const stored = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
      STORAGE_KEY,
    );
    expect(stored.filters.scale).toBe(60);

    // A filter loads other flights and redraws them (international ones: the first rows differ from all flights').
    const before = await page
      .getByRole('status')
      .filter({ hasText: /^Рейсов:/ })
      .textContent();
    await page.getByRole('combobox', { name: 'Тип рейса' }).click();
    await page
      .getByRole('listbox', { name: 'Тип рейса' })
      .getByRole('option', { name: 'Международный' })
      .click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('status').filter({ hasText: /^Рейсов:/ })).not.toHaveText(before ?? '');
    await drawn(page, rescaled);

    // The keyboard walks the bars and Enter opens the hint.
    const timeline = page.getByRole('application', { name: 'Рейсы и задачи' });
    await timeline.focus();
    const focusStatus = await focusStatusOf(page, timeline);
    await page.keyboard.press('ArrowRight');
    await expect(focusStatus).toContainText(':');
    const onFirst = await focusStatus.textContent();
    await page.keyboard.press('ArrowDown');
    await expect(focusStatus).not.toHaveText(onFirst ?? '');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tooltip')).toContainText('Задача:');

    // Reset clears the storage and restores the defaults.
    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await expect(page.getByRole('combobox', { name: 'Масштаб' })).toContainText('15 минут');
    await drawn(page);
    expect(errors).toEqual([]);
  });

  test('keeps the filters in sessionStorage across a reload', async ({ page }) => {
    await page.goto(URL);
    await drawn(page);
    await page.getByRole('combobox', { name: 'Масштаб' }).click();
    await page.getByRole('listbox', { name: 'Масштаб' }).getByRole('option', { name: '30 минут' }).click();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Масштаб' })).toContainText('30 минут');
    await drawn(page);
  });

  test('zooms and pans by keyboard: + and − change the scale shown and the bars, Shift+arrows and PageUp/PageDown the time on screen', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto(URL);
    const first = await drawn(page);
    const scale = page.getByRole('combobox', { name: 'Масштаб' });
    await expect(scale).toContainText('15 минут');
    const timeline = page.getByRole('application', { name: 'Рейсы и задачи' });
    await expect(timeline).toHaveAccessibleDescription(/\+ и −: масштаб; Shift\+← и Shift\+→: сдвиг/);
    await expect(
      page.getByText(/^С клавиатуры \(фокус на шкале\): .*PageUp и PageDown: на экран$/),
    ).toBeVisible();
    await timeline.focus();
    await page.keyboard.press('ArrowRight');
    await expect(await focusStatusOf(page, timeline)).toContainText(':');
    await expect(page.locator('.timeline__status', { hasText: /^На экране: / })).toHaveCount(1);
    const wide = await barWidth(page);
    const span = await shownSpan(page);

    // + zooms in (as the wheel does): the screen settles on a finer preset and counts the demand again.
    await page.keyboard.press('+');
    await expect(scale).not.toContainText('15 минут');
    const zoomed = await drawn(page, first);
    // Wider bars (the median run of bar pixels: labels and bars cut at the edges keep it under the zoom's ×2; the
    // time on screen below is the exact measure).
    expect(await barWidth(page)).toBeGreaterThan(wide * 1.2);
    await expect
      .poll(async () => (await shownSpan(page)).to - (await shownSpan(page)).from)
      .toBeLessThan((span.to - span.from) * 0.6);
    expect(
      await page.evaluate(
        (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null')?.filters.scale,
        STORAGE_KEY,
      ),
    ).toBeLessThan(15);
    // The canvas keeps the focus and its focused bar.
    await expect(timeline).toBeFocused();

    // − zooms back out.
    await page.keyboard.press('-');
    await expect(scale).toContainText('15 минут');
    const unzoomed = await drawn(page, zoomed);

    // Shift+← pans a quarter of the screen back, PageDown a whole screen on.
    const before = await shownSpan(page);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => (await shownSpan(page)).from).toBeLessThan(before.from);
    const panned = await shownSpan(page);
    expect(panned.to - panned.from).toBe(before.to - before.from);
    const back = await drawn(page, unzoomed);
    await page.keyboard.press('PageDown');
    await expect.poll(async () => (await shownSpan(page)).from).toBeGreaterThan(panned.from);
    // The bars drawn are others (the rows in view may have none a screen later).
    await expect.poll(async () => (await barPixels(page)).digest).not.toBe(back.digest);
    // Panning is not zooming: the scale stays.
    await expect(scale).toContainText('15 минут');
    expect(errors).toEqual([]);
  });

  test('folds the filters into one line, so the timeline moves up, and keeps them folded across a reload', async ({
    page,
  }) => {
    await page.goto(URL);
    await drawn(page);
    const timeline = page.locator('.timeline__canvas');
    const openTop = (await timeline.boundingBox())?.y ?? 0;
    await page.getByRole('button', { name: 'Свернуть фильтры' }).click();
    await expect(page.getByRole('form', { name: 'Фильтры' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Показать фильтры' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(/^\d{2}\.\d{2}\.\d{4} 00:00 – \d{2}\.\d{2}\.\d{4} 23:59 · /)).toBeVisible();
    const foldedTop = (await timeline.boundingBox())?.y ?? 0;
    // At 1280 × 720 the open filters take four rows of fields.
    expect(openTop - foldedTop).toBeGreaterThan(200);
    await page.reload();
    await drawn(page);
    await expect(page.getByRole('button', { name: 'Показать фильтры' })).toBeVisible();
    await page.getByRole('button', { name: 'Показать фильтры' }).click();
    await expect(page.getByRole('combobox', { name: 'Масштаб' })).toBeVisible();
  });

  test('shows the demand as a grid and as a chart', async ({ page }) => {
    await page.goto(URL);
    await drawn(page);
    await page.getByRole('tab', { name: 'Таблица' }).click();
    const grid = page.getByRole('table', { name: /Потребность по слотам/ });
    await expect(grid.getByRole('columnheader', { name: 'Всего' })).toBeVisible();
    await expect(grid.getByRole('row').nth(1)).toBeVisible();
    // The views are one tab stop: the arrow keys move along them and choose.
    await expect(page.getByRole('tab', { name: 'Таблица' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Шкала' })).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Линейный график' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Линейный график' })).toHaveAttribute('aria-selected', 'true');
    // The tabs name the panel they show, and the panel is named by the chosen one.
    const panel = page.getByRole('tabpanel', { name: 'Линейный график' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Шкала' })).toHaveAttribute(
      'aria-controls',
      (await panel.getAttribute('id')) ?? '',
    );
    await expect(
      page.getByRole('img', { name: /Потребность по должностям/ }).locator('canvas'),
    ).toBeVisible();
  });
});

test.describe('staff planning tasks and panels as planner', () => {
  test('the context menu opens the staff of a task; max demand and passengers are counted', async ({
    page,
  }) => {
    await signIn(page, 'planner');
    await page.goto(URL);
    const pixels = await drawn(page);
    await expect(page.getByRole('list', { name: 'Цвета задач' }).getByRole('listitem')).toHaveText([
      'Укомплектована',
      'Не хватает сотрудников',
      'Конфликт',
    ]);
    await expect(page.getByText(/^Масштаб: Ctrl \+ колесо мыши/)).toBeVisible();
    const point = pixels.inside as { x: number; y: number };
    await page.mouse.click(point.x, point.y, { button: 'right' });
    const menu = page.getByRole('menu', { name: 'Действия с задачей' });
    await expect(menu.getByRole('menuitem', { name: 'Открыть рейс' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Сотрудники задачи' }).click();
    const dialog = page.getByRole('dialog', { name: /^Сотрудники задачи: .+, рейс / });
    await expect(dialog.getByRole('table', { name: 'Должности' })).toBeVisible();
    await expect(dialog.getByRole('columnheader', { name: 'Нужно' })).toBeVisible();
    await expect(
      dialog.getByText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} – (\d{2}\.\d{2}\.\d{4} )?\d{2}:\d{2}$/),
    ).toBeVisible();
    // The footer's button sits in the modal's footer: its own width, off the modal's edges.
    const close = dialog.getByRole('button', { name: 'Закрыть', exact: true }).last();
    const [closeBox, dialogBox] = [await close.boundingBox(), await dialog.boundingBox()];
    expect(closeBox && dialogBox && closeBox.width < dialogBox.width / 2).toBe(true);
    expect(closeBox && dialogBox && dialogBox.x + dialogBox.width - (closeBox.x + closeBox.width) >= 8).toBe(
      true,
    );
    await close.click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
      STORAGE_KEY,
    );
    expect(stored.selection).toEqual(expect.any(Number));

    const maxDemand = page.getByRole('region', { name: 'Максимальная потребность' });
    await maxDemand.getByRole('button', { name: 'Рассчитать' }).click();
    await expect(maxDemand.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
    await expect(maxDemand.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(
      /^(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|—)$/,
    );

    const passengers = page.getByRole('region', { name: 'Пассажиропоток' });
    await passengers.getByRole('button', { name: 'Рассчитать' }).click();
    await expect(passengers.getByRole('cell', { name: 'Вылет' })).toBeVisible();
    await expect(passengers.getByRole('cell', { name: 'Прилёт' })).toBeVisible();
    // The totals' table, not the chart's legend (a table too, drawn once the chart's chunk has loaded).
    const totals = passengers
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Направление' }) });
    await expect(totals.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText(
      /^(\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|—)$/,
    );
    await expect(
      passengers.getByRole('img', { name: 'Пассажиры по слотам' }).locator('canvas'),
    ).toBeVisible();
  });
});

/** Pixels of the overlay canvas (the third) in the selection ring's colour, 0 while the overlay is hidden. */
function selectionRingPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelectorAll<HTMLCanvasElement>('.timeline__canvas canvas')[2];
    const context = canvas?.getContext('2d');
    if (!canvas || !context || getComputedStyle(canvas).display === 'none') return 0;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    // #7048e8, SELECTED_COLOUR of src/timeline/drawOverlay.ts.
    for (let i = 0; i < data.length; i += 4) {
      const near = Math.abs(data[i] - 112) + Math.abs(data[i + 1] - 72) + Math.abs(data[i + 2] - 232);
      if (data[i + 3] > 200 && near < 40) count += 1;
    }
    return count;
  });
}

test('the task chosen from the menu stays selected across a reload: ringed, on screen and named', async ({
  page,
}) => {
  await signIn(page, 'planner');
  await page.goto(URL);
  await drawn(page);
  // A task further down the rows (the arrows scroll and pan to it), so that after the reload, which opens at the
  // first rows, it is off screen until the timeline brings it into view.
  const timeline = page.getByRole('application', { name: 'Рейсы и задачи' });
  await timeline.focus();
  const focusStatus = await focusStatusOf(page, timeline);
  await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 30; i += 1) await page.keyboard.press('ArrowDown');
  await expect(focusStatus).toContainText(':');
  const chosen = (await focusStatus.textContent())?.trim();
  await page.keyboard.press('Shift+F10');
  await page
    .getByRole('menu', { name: 'Действия с задачей' })
    .getByRole('menuitem', { name: 'Сотрудники задачи' })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Сотрудники задачи: / });
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).last().click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Рейсы и задачи: строки и задачи на экране' });
  const selected = list.getByRole('listitem').filter({ hasText: /, выбрана$/ });
  await expect(selected).toHaveCount(1);
  const label = await selected.textContent();
  expect(label).toBe(`${chosen}, выбрана`);

  await page.mouse.move(5, 5);
  await page.reload();
  await drawn(page);
  await expect(selected).toHaveCount(1);
  await expect(selected).toHaveText(label ?? '');
  await expect.poll(() => selectionRingPixels(page)).toBeGreaterThan(0);
});

test('a viewer gets 404 on the staff-planning route', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});
