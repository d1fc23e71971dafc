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
