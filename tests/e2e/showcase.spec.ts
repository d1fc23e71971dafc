import { moscowDay } from './clock.ts';
import { expect, test } from './fixtures.ts';
import { inkOfCell } from './ink.ts';

/** 'YYYY-MM' of this month in Moscow (the browser's zone), shifted by whole months. */
function monthKey(shift = 0): string {
  const [year, month] = moscowDay().split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1 + shift, 1));
  return date.toISOString().slice(0, 7);
}

test.describe('date range picker', () => {
  test('picks a range across two months and applies it', async ({ page }) => {
    await page.goto('/react_app/date-picker');
    await page.getByRole('button', { name: 'Период', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Период' });
    const months = dialog.getByRole('group');
    await expect(months).toHaveCount(2);
    await months.nth(0).getByRole('button', { name: /^20 / }).click();
    await months.nth(1).getByRole('button', { name: /^5 / }).click();
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await expect(dialog).toBeHidden();
    const first = monthKey();
    const second = monthKey(1);
    const shown = `20.${first.slice(5)}.${first.slice(0, 4)} - 05.${second.slice(5)}.${second.slice(0, 4)}`;
    await expect(page.getByLabel('Выбранный период', { exact: true })).toHaveText(shown);
    await expect(page.getByRole('button', { name: 'Период', exact: true })).toContainText(shown);
  });

  test('discards the pending range on Отмена', async ({ page }) => {
    await page.goto('/react_app/date-picker');
    const trigger = page.getByRole('button', { name: 'Период', exact: true });
    const before = await trigger.textContent();
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Период' });
    const months = dialog.getByRole('group');
    await months.nth(0).getByRole('button', { name: /^10 / }).click();
    await months.nth(1).getByRole('button', { name: /^12 / }).click();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
    await expect(trigger).toHaveText(before ?? '');
    await expect(page.getByLabel('Выбранный период', { exact: true })).toHaveText('сегодня');
  });
});

test.describe('data grid', () => {
  test('cycles the sort of a column and writes it to the query string', async ({ page }) => {
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: 'Авиакомпании' });
    await expect(page.getByText(/^Показаны 1 - \d+ из \d+/).first()).toBeVisible();
    const header = table.getByRole('columnheader', { name: /Название$/ }).first();
    const sortButton = header.getByRole('button');
    await sortButton.click();
    await expect(page).toHaveURL(/[?&]sort=name_ru(&|$)/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await sortButton.click();
    await expect(page).toHaveURL(/[?&]sort=-name_ru(&|$)/);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await sortButton.click();
    await expect(page).toHaveURL(/[?&]sort=name_ru(&|$)/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  test('restores the sort and the filter after a reload', async ({ page }) => {
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: 'Авиакомпании' });
    const firstName = table.getByRole('row').nth(2).getByRole('cell').nth(1);
    await expect(firstName).not.toHaveText('');
    const needle = ((await firstName.textContent()) ?? '').slice(0, 3).trim();
    const header = table.getByRole('columnheader', { name: /Название$/ }).first();
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const filter = table.getByRole('textbox', { name: 'Фильтр: Название' }).first();
    await filter.fill(needle);
    await filter.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('name_ru')).toBe(needle);
    await page.reload();
    const reloaded = page.getByRole('table', { name: 'Авиакомпании' });
    await expect(reloaded.getByRole('textbox', { name: 'Фильтр: Название' }).first()).toHaveValue(needle);
    await expect(reloaded.getByRole('columnheader', { name: /Название$/ }).first()).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const url = new URL(page.url());
    expect(url.searchParams.get('sort')).toBe('-name_ru');
    expect(url.searchParams.get('name_ru')).toBe(needle);
  });

  test('keeps the page and the page size in the query string across a reload', async ({ page }) => {
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: 'Авиакомпании' });
    const size = page.getByRole('combobox', { name: 'показывать по:' }).first();
    await expect(page.getByText(/^Показаны 1 - \d+ из \d+/).first()).toBeVisible();
    await size.selectOption('5');
    await expect(page.getByText(/^Показаны 1 - 5 из \d+/).first()).toBeVisible();
    const firstCell = table.getByRole('row').nth(2).getByRole('cell').nth(1);
    const firstPageFirst = (await firstCell.textContent()) ?? '';
    await page
      .getByRole('navigation', { name: 'Страницы' })
      .first()
      .getByRole('button', { name: 'Страница 2' })
      .click();
    await expect(page.getByText(/^Показаны 6 - 10 из \d+/).first()).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(new URL(page.url()).searchParams.get('per-page')).toBe('5');
    // The pager's line can change before the rows do: wait for page 2's rows before reading one.
    await expect(firstCell).not.toHaveText(firstPageFirst);
    const secondPageFirst = await firstCell.textContent();
    await page.reload();
    await expect(page.getByText(/^Показаны 6 - 10 из \d+/).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'показывать по:' }).first()).toHaveValue('5');
    const reloaded = page.getByRole('table', { name: 'Авиакомпании' });
    await expect(reloaded.getByRole('row').nth(2).getByRole('cell').nth(1)).toHaveText(secondPageFirst ?? '');
  });

  test('shows the server’s refusal in the alert and puts the sort back', async ({ page }) => {
    await page.route(/\/api\/aviacompany\?.*sort=-iata_code/, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Неизвестная сортировка: iata_code' }),
      }),
    );
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: 'Авиакомпании' });
    await expect(page.getByText(/^Показаны 1 - \d+ из \d+/).first()).toBeVisible();
    const header = table.getByRole('columnheader', { name: /IATA$/ });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=iata_code(&|$)/);
    await header.getByRole('button').click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Неизвестная сортировка: iata_code' }),
    ).toBeVisible();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=iata_code(&|$)/);
  });

  test('draws the canvas text on the document’s baseline and gives a clipped text whole on hover', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: 'Авиакомпании' });
    await expect(page.getByText(/^Показаны 1 - \d+ из \d+/).first()).toBeVisible();
    const canvas = table.locator('canvas.w-grid__text');
    await expect(canvas).toHaveClass(/is-drawing/);
    const cell = table.getByRole('row').nth(2).getByRole('cell').nth(3);
    await expect(cell).not.toHaveText('');
    const { drawn, laidOut } = await inkOfCell(page, table, cell);
    expect(laidOut.top).toBeGreaterThan(0);
    expect(drawn).toEqual(laidOut);

    const clipped = table.locator('[role=rowgroup] [role=cell]').filter({ hasText: /\S{1}/ });
    const index = await clipped.evaluateAll((cells) =>
      cells.findIndex((element) => element.scrollWidth > element.clientWidth && !element.firstElementChild),
    );
    expect(index).toBeGreaterThanOrEqual(0);
    const target = clipped.nth(index);
    const whole = (await target.textContent()) ?? '';
    await target.hover();
    await expect(target).toHaveAttribute('title', whole);
    await table.getByRole('row').nth(2).getByRole('cell').nth(0).hover();
    await expect(target).not.toHaveAttribute('title');
  });

  test('keeps a rich cell’s own ellipsis in its colour while plain texts are drawn on the canvas', async ({
    page,
  }) => {
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: '50 000 строк' });
    await expect(table.locator('canvas.w-grid__text')).toHaveClass(/is-drawing/);
    const fill = (selector: string) =>
      table
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).webkitTextFillColor);
    expect(await fill('[role=cell][data-rich]')).not.toBe('rgba(0, 0, 0, 0)');
    expect(await fill('[role=cell]:not([data-rich])')).toBe('rgba(0, 0, 0, 0)');
  });

  test('scrolls 50,000 rows while keeping only the visible ones in the page', async ({ page }) => {
    await page.goto('/react_app/grid');
    const table = page.getByRole('table', { name: '50 000 строк' });
    await expect(page.getByText('Показаны 1 - 50000 из 50000 записей')).toBeVisible();
    expect(await table.getByRole('row').count()).toBeLessThan(100);
    const body = table.getByRole('rowgroup').nth(1);
    await body.evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect(table.getByRole('cell', { name: '50000', exact: true })).toBeVisible();
    expect(await table.getByRole('row').count()).toBeLessThan(100);
  });
});

test.describe('select lists', () => {
  /** The height of the open list of the named control, once it has opened; the list lies inside the window. */
  async function listHeight(page: import('@playwright/test').Page, label: string): Promise<number> {
    await page.getByRole('combobox', { name: label }).click();
    const list = page.getByRole('listbox', { name: label });
    await expect(list).toBeVisible();
    const box = await list.boundingBox();
    const window = page.viewportSize();
    expect(box && window && box.y >= 0 && box.y + box.height <= window.height).toBe(true);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    return box?.height ?? 0;
  }

  test('opens a long select at 340 px where there is room and a long multiselect at 380 px (spec 9)', async ({
    page,
  }) => {
    // Room for the multiselect's 380 px and its search below the control (at 900 px, since the frame's top bar is one
    // line, there is a little less than that on either side of it).
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/react_app/select');
    expect(await listHeight(page, 'Сотрудник (5 000 строк)')).toBe(340);
    expect(await listHeight(page, 'Сотрудники (5 000 строк)')).toBe(380);
  });

  test('keeps a multiselect list inside a short window', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/react_app/select');
    const height = await listHeight(page, 'Сотрудники (5 000 строк)');
    expect(height).toBeGreaterThanOrEqual(120);
    expect(height).toBeLessThan(380);
  });
});
