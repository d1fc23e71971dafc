import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const TITLE = 'Аллокация подрядчиков';

test('as admin: an allocation created on the basis of a row is edited, read back after a reload and deleted', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/allocation');
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: TITLE });
  const base = table.getByRole('row').filter({ hasText: 'КП-Салон' });
  await expect(base).toHaveCount(1);

  await page.getByRole('button', { name: 'Создать на основе: КП-Салон (ООО «Клининг Плюс»), любое' }).click();
  const copy = page.getByRole('dialog', { name: 'Новая настройка на основе существующей' });
  await expect(copy.getByLabel('Коэффициент загрузки')).toHaveValue('1.2');
  await expect(copy.getByRole('combobox', { name: 'Подразделение', exact: true })).toContainText('КП-Салон');
  await copy.getByLabel('От', { exact: true }).fill('800');
  await copy.getByLabel('До', { exact: true }).fill('200');
  await copy.getByRole('button', { name: 'Сохранить' }).click();
  await expect(copy.getByLabel('До', { exact: true })).toHaveAccessibleDescription(
    'Конец диапазона меньше начала',
  );
  await copy.getByLabel('От', { exact: true }).fill('200');
  await copy.getByLabel('До', { exact: true }).fill('800');
  await copy.getByLabel('Коэффициент приоритета').fill('1,75');
  await copy.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const created = table.getByRole('row').filter({ hasText: '200–800 м' });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Коэффициент приоритета: 1,75');
  await expect(created).toContainText('КП-Салон');

  await page.getByRole('button', { name: 'Изменить: КП-Салон (ООО «Клининг Плюс»), 200–800 м' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменение настройки аллокации' });
  await expect(edit.getByLabel('До', { exact: true })).toHaveValue('800');
  await edit.getByLabel('До', { exact: true }).fill('900');
  await edit.getByRole('switch', { name: 'Приоритетный подрядчик' }).click();
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.reload();
  const edited = table.getByRole('row').filter({ hasText: '200–900 м' });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByRole('cell').nth(3)).toHaveText('Да');

  await page.getByRole('button', { name: 'Удалить: КП-Салон (ООО «Клининг Плюс»), 200–900 м' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить настройку аллокации?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: '200–900 м' })).toHaveCount(0);
  await expect(base).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});

test('as admin in two tabs: a save over the other tab’s newer save is refused with the message, the form kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const open = async (tab: typeof page, range: string) => {
    await tab.getByRole('button', { name: `Изменить: КП-Салон (ООО «Клининг Плюс»), ${range}` }).click();
    return tab.getByRole('dialog', { name: 'Изменение настройки аллокации' });
  };
  await page.goto('/allocation');
  const table = page.getByRole('table', { name: TITLE });
  await page.getByRole('button', { name: 'Создать на основе: КП-Салон (ООО «Клининг Плюс»), любое' }).click();
  const copy = page.getByRole('dialog', { name: 'Новая настройка на основе существующей' });
  await copy.getByLabel('От', { exact: true }).fill('300');
  await copy.getByLabel('До', { exact: true }).fill('700');
  await copy.getByRole('button', { name: 'Сохранить' }).click();
  await expect(table.getByRole('row').filter({ hasText: '300–700 м' })).toHaveCount(1);

  // Both tabs open the same row; the second saves first.
  const mine = await open(page, '300–700 м');
  await expect(mine.getByLabel('До', { exact: true })).toHaveValue('700');
  const other = await context.newPage();
  await other.goto('/allocation');
  const theirs = await open(other, '300–700 м');
  await theirs.getByLabel('До', { exact: true }).fill('750');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('dialog')).toHaveCount(0);

  await page.bringToFront();
  await mine.getByRole('switch', { name: 'Приоритетный подрядчик' }).click();
  await mine.getByRole('button', { name: 'Сохранить' }).click();
  await expect(mine).toContainText(
    'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
  );
  await expect(mine.getByLabel('До', { exact: true })).toHaveValue('700');
  await mine.getByRole('button', { name: 'Отмена' }).click();
  // The refused edit is still unsaved input: closing asks first.
  await page
    .getByRole('alertdialog', { name: 'Закрыть форму?' })
    .getByRole('button', { name: 'Закрыть без сохранения' })
    .click();

  // Opened again, the form shows the other tab's save and saves over it.
  await page.reload();
  const again = await open(page, '300–750 м');
  await expect(again.getByLabel('До', { exact: true })).toHaveValue('750');
  await again.getByRole('switch', { name: 'Приоритетный подрядчик' }).click();
  await again.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const saved = table.getByRole('row').filter({ hasText: '300–750 м' });
  await expect(saved.getByRole('cell').nth(3)).toHaveText('Да');

  await page.getByRole('button', { name: 'Удалить: КП-Салон (ООО «Клининг Плюс»), 300–750 м' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(saved).toHaveCount(0);
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});

/** The cells of this column (by its title) whose text does not fit, header included, as 'text needed/width'. */
async function cutCells(page: Page, title: string): Promise<string[]> {
  return page.getByRole('table', { name: TITLE }).evaluate((table, title) => {
    const heads = [...table.querySelectorAll('[role="columnheader"]')];
    const at = heads.findIndex((head) => head.textContent?.trim() === title);
    if (at < 0) throw new Error(`no column ${title}`);
    const rows = [...table.querySelectorAll('.w-grid__body [role="row"]')];
    const cells = [heads[at], ...rows.map((row) => row.querySelectorAll('[role="cell"]')[at])];
    return cells
      .filter((cell): cell is Element => cell !== undefined && cell.scrollWidth > cell.clientWidth)
      .map((cell) => `${cell.textContent ?? ''} ${cell.scrollWidth}/${cell.clientWidth}`);
  }, title);
}

/** The width of a column's header cell in px. */
function columnWidth(page: Page, title: string): Promise<number> {
  return page.getByRole('columnheader', { name: title, exact: true }).evaluate((cell) => cell.clientWidth);
}

/** How far the list scrolls sideways in px (0 when everything is in view). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.locator('.w-grid__scroller').evaluate((element) => element.scrollWidth - element.clientWidth);
}

test('the list gives its text columns the room: only a long coefficient list is cut, at 1280 the grid scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/allocation');
  const table = page.getByRole('table', { name: TITLE });
  await expect(table.getByRole('row').filter({ hasText: 'КХ-Перрон' }).first()).toBeVisible();
  const whole = ['№', 'Подразделение', 'Приоритет', 'Обеспеченность', 'Расстояние', 'Действия'];
  for (const title of [...whole, 'Подрядчик']) expect(await cutCells(page, title), title).toEqual([]);
  // The coefficients get the room the others leave, at least that of the contractor.
  expect(await columnWidth(page, 'Коэффициенты')).toBeGreaterThanOrEqual(180);
  // The whole list is the cell's tooltip.
  const coefs = table.locator('[role="cell"] span[title^="Коэффициент"]').first();
  await expect(coefs).toHaveAttribute('title', /^Коэффициент [а-я]+: [\d,]+/);
  expect(await sidewaysOverflow(page)).toBe(0);

  // At 1280 × 720 the contractor keeps its room and the grid scrolls sideways to the row buttons.
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const title of [...whole, 'Подрядчик'])
    await expect.poll(() => cutCells(page, title), title).toEqual([]);
  expect(await sidewaysOverflow(page)).toBeGreaterThan(0);
  const edit = page.getByRole('button', { name: /^Изменить: / }).first();
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport();
  // A short list ends its white card under the pagination, not at the page's bottom; a long one fills the page and
  // scrolls inside: either way the card's padding is all there is below the grid's footer.
  const below = () =>
    page.evaluate(() => {
      const footer = document.querySelector('.w-grid--fill .w-grid__footer') as HTMLElement;
      const card = footer.closest('.w-card') as HTMLElement;
      return card.getBoundingClientRect().bottom - footer.getBoundingClientRect().bottom;
    });
  await expect.poll(below).toBeLessThanOrEqual(24);
});
