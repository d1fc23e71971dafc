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

test('as admin in two tabs: a save over the other tab’s newer one is refused with the message, the drafts kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const open = async (tab: Page, reload = false) => {
    // The same address differs only by its hash: going there again would not load the page anew.
    await (reload ? tab.reload() : tab.goto(URL));
    const card = tab.getByRole('region', { name: 'Шаблон 1' });
    await expect(card.getByRole('combobox', { name: 'Подразделения' })).toHaveText(/СНО/);
    return card;
  };
  const mine = await open(page);
  const other = await context.newPage();
  const theirs = await open(other);

  // The other tab adds a department to the first pattern and saves first.
  await tick(other, theirs, 'Подразделения', DEPARTMENT);
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('status')).toHaveText('Шаблоны сохранены');

  await page.bringToFront();
  // This tab, still at the version it read, changes the same pattern: refused, its draft kept and the card named.
  await tick(page, mine, 'Подразделения', 'ПДС');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
  );
  await expect(mine).toContainText('Шаблон уже изменил другой пользователь: обновите страницу');
  await expect(mine.getByRole('combobox', { name: 'Подразделения' })).toHaveText(/ПДС/);
  await expect(mine.getByRole('combobox', { name: 'Подразделения' })).not.toHaveText(new RegExp(DEPARTMENT));
  await expect(page.getByRole('status')).toHaveText('Есть несохранённые изменения');
  await page.screenshot({ path: '/tmp/lab/stale-postal-statements.png', fullPage: true });

  // Opened again, the screen shows the other tab's save and saves over it: the department goes as it came.
  const again = await open(page, true);
  await expect(again.getByRole('combobox', { name: 'Подразделения' })).toHaveText(new RegExp(DEPARTMENT));
  await tick(page, again, 'Подразделения', DEPARTMENT);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Шаблоны сохранены');
  await expect(again.getByRole('combobox', { name: 'Подразделения' })).not.toHaveText(new RegExp(DEPARTMENT));
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});
