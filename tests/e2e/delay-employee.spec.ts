import type { Page } from '@playwright/test';
import { moscowDay } from './clock.ts';
import { expect, test } from './fixtures.ts';

const URL = '/delay-employee';

/** Yesterday in the browser's zone (Europe/Moscow, as the config sets), 'YYYY-MM-DD': its flights have flown. */
const yesterday = () => moscowDay(-1);

/** A day as the calendar names its cell: '9 марта 2026' (dayjs 'D MMMM YYYY', ru). */
function dayLabel(day: string): string {
  const format = new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return format.format(new Date(`${day}T12:00:00Z`)).replace(/\s*г\.$/, '');
}

/** Chooses the day in the picker, stepping back a month when yesterday was in the previous one. */
async function chooseDay(page: Page, day: string) {
  await page.getByRole('button', { name: 'День', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'День' });
  const cell = dialog.getByRole('button', { name: dayLabel(day), exact: true });
  if (!(await cell.isVisible())) await dialog.getByRole('button', { name: 'Предыдущий месяц' }).click();
  await cell.click();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
}

test('as admin: an employee is made answerable for a delay, saved and still shown after a reload', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Ответственные за задержки', level: 1 })).toBeVisible();
  const day = yesterday();
  await chooseDay(page, day);
  const table = page.getByRole('table', { name: 'Задержки рейсов' });
  await expect(table).toBeVisible();
  const select = table.getByRole('combobox').first();
  const label = (await select.getAttribute('aria-label')) ?? '';
  const was = (await select.textContent()) ?? '';

  await select.click();
  const list = page.getByRole('listbox', { name: label });
  const option = list.getByRole('option', { selected: false }).nth(1);
  const name = (await option.locator('.w-select__name').textContent()) ?? '';
  expect(name).not.toBe('');
  expect(was).not.toContain(name);
  await option.click();
  await expect(select).toHaveText(new RegExp(name));
  await expect(page.getByRole('status')).toHaveText('Несохранённых изменений: 1');
  await page.screenshot({ path: 'test-results/delay-employee-edit.png' });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Изменения успешно сохранены');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ответственные за задержки', level: 1 })).toBeVisible();
  await chooseDay(page, day);
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveText(new RegExp(name));
  expect(consoleErrors).toEqual([]);
});

test('as admin in two tabs: a save over the other tab’s newer assignment is refused with the message, the change kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const day = yesterday();
  /** Opens the day in a tab and chooses, for its first delay, the `nth` employee it does not show. */
  const choose = async (tab: Page, nth: number) => {
    const select = tab.getByRole('table', { name: 'Задержки рейсов' }).getByRole('combobox').first();
    const label = (await select.getAttribute('aria-label')) ?? '';
    await select.click();
    const option = tab
      .getByRole('listbox', { name: label })
      .getByRole('option', { selected: false })
      .nth(nth);
    const name = (await option.locator('.w-select__name').textContent()) ?? '';
    await option.click();
    await expect(select).toHaveText(new RegExp(name));
    return { select, name };
  };
  await page.goto(URL);
  await chooseDay(page, day);
  const other = await context.newPage();
  await other.goto(URL);
  await chooseDay(other, day);

  // Both tabs show the same day; the second assigns the first delay and saves first.
  const theirs = await choose(other, 1);
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('status')).toHaveText('Изменения успешно сохранены');

  await page.bringToFront();
  const mine = await choose(page, 2);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Запись уже изменил другой пользователь')).toBeVisible();
  await expect(page.getByText('Задержку уже изменил другой пользователь: обновите страницу')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Несохранённых изменений: 1');
  await expect(mine.select).toHaveText(new RegExp(mine.name));
  await page.screenshot({ path: 'test-results/delay-employee-stale.png' });

  // Loaded again, the screen shows the other tab's save and saves over it.
  await page.reload();
  await chooseDay(page, day);
  await expect(mine.select).toHaveText(new RegExp(theirs.name));
  const again = await choose(page, 2);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Изменения успешно сохранены');
  await expect(again.select).toHaveText(new RegExp(again.name));
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});
