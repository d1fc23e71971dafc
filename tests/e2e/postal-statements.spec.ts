import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const URL = '/system/config#postal-statements';
const DEPARTMENT = 'ИАС';
const POSITION = 'Инженер ИАС';

/** Opens a multiselect of a pattern card, ticks the named option and closes the list. */
async function tick(page: Page, card: ReturnType<Page['getByRole']>, label: string, name: string) {
  await card.getByRole('combobox', { name: label }).click();
  const list = page.getByRole('listbox', { name: label });
  await list.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
}

test('as admin: a new pattern with a department and an excluded position is saved and still there after a reload', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Почтовые ведомости', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Шаблон 1' })).toBeVisible();
  const before = await page.getByRole('region', { name: /^Шаблон \d+$/ }).count();

  await page.getByRole('button', { name: 'Добавить шаблон' }).click();
  const card = page.getByRole('region', { name: `Шаблон ${before + 1}` });
  await expect(card.getByRole('combobox', { name: 'Тип шаблона' })).toHaveText(/Шаблон подразделения/);
  await expect(card.getByRole('combobox', { name: 'Исключённые должности' })).toBeDisabled();
  await tick(page, card, 'Подразделения', DEPARTMENT);
  await expect(card.getByRole('combobox', { name: 'Подразделения' })).toHaveText(new RegExp(DEPARTMENT));
  await expect(card.getByRole('combobox', { name: 'Исключённые должности' })).toBeEnabled();
  await tick(page, card, 'Исключённые должности', POSITION);
  await page.screenshot({ path: 'test-results/postal-statements-edit.png' });

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Шаблоны сохранены');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Почтовые ведомости', level: 1 })).toBeVisible();
  const saved = page.getByRole('region', { name: `Шаблон ${before + 1}` });
  await expect(saved.getByRole('combobox', { name: 'Подразделения' })).toHaveText(new RegExp(DEPARTMENT));
  await expect(saved.getByRole('combobox', { name: 'Исключённые должности' })).toHaveText(
    new RegExp(POSITION),
  );
  await expect(saved.getByRole('combobox', { name: 'Тип шаблона' })).toHaveText(/Шаблон подразделения/);
  expect(consoleErrors).toEqual([]);
});
