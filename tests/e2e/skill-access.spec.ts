import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const URL = '/skill-access';
const SKILL = 'Английский язык';
const ITEM = 'ATR 72';

/** Opens the aircraft-types tab with the skill chosen and answers the item's checkbox. */
async function openTab(page: Page) {
  await page.getByRole('tab', { name: 'Типы ВС' }).click();
  await expect(page.getByRole('tab', { name: 'Типы ВС' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: SKILL, exact: true }).click();
  await expect(page.getByRole('group', { name: `Типы ВС: ${SKILL}` })).toBeVisible();
  const box = page.getByRole('checkbox', { name: ITEM, exact: true });
  await expect(box).toBeEnabled();
  return box;
}

test('as admin: a skill is linked to an aircraft type, saved and still linked after a reload', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Доступы навыков', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Допуск на перрон', exact: true })).toBeVisible();

  const box = await openTab(page);
  // A reused database may hold the link from an earlier run: the walk flips it and checks the flip survives.
  const was = await box.isChecked();
  await box.click();
  await expect(box).toBeChecked({ checked: !was });
  await expect(page.getByText('Несохранённых изменений: 1')).toBeVisible();
  await page.screenshot({ path: 'test-results/skill-access-edit.png' });
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Доступы навыков', level: 1 })).toBeVisible();
  await expect(await openTab(page)).toBeChecked({ checked: !was });
  expect(consoleErrors).toEqual([]);
});
