import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const URL = '/workplace';

/** Leaves only the named places in a list of the screen (the multiselect starts with every place chosen). */
async function only(page: Page, list: 'Откуда' | 'Куда', names: string[]) {
  await page.getByRole('combobox', { name: list, exact: true }).click();
  await page.getByText('Выбрать все').click();
  for (const name of names) {
    await page.getByRole('searchbox', { name: 'Поиск' }).fill(name);
    await page.getByRole('option', { name, exact: true }).click();
  }
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: list, exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
}

/** Two gates down, the same two gates and the first stand across: one empty pair and one stored pair. */
async function narrow(page: Page) {
  await only(page, 'Откуда', ['Выход 1', 'Выход 2']);
  await only(page, 'Куда', ['МС-1', 'Выход 1', 'Выход 2']);
}

const cell = (page: Page, pair: string) => page.getByRole('gridcell').filter({ hasText: `${pair}:` });

test('as admin: two distances are edited, saved and still there after a reload', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(
    page.getByRole('heading', { name: 'Расстояния между рабочими местами', level: 1 }),
  ).toBeVisible();
  await expect(cell(page, 'МС-1 → МС-2')).toBeVisible();
  // The full matrix is virtualised both ways: the far corner is drawn only once scrolled to.
  await expect(cell(page, 'Медпункт → Склад ГСМ')).toHaveCount(0);
  await page.getByRole('grid').evaluate((grid) => grid.scrollTo(grid.scrollWidth, grid.scrollHeight));
  await expect(cell(page, 'Медпункт → Склад ГСМ')).toBeVisible();
  await page.screenshot({ path: 'test-results/workplace-full.png' });
  await narrow(page);
  await expect(cell(page, 'Выход 1 → Выход 2')).toHaveText(/—$/);
  await expect(cell(page, 'Выход 1 → МС-1')).toHaveText(/\d$/);
  await page.screenshot({ path: 'test-results/workplace-view.png' });

  await page.getByRole('button', { name: 'Редактировать' }).click();
  await expect(page.getByRole('combobox', { name: 'Откуда', exact: true })).toBeDisabled();
  // A distance out of range is refused before the server, said above the matrix with the pair named.
  await page.getByLabel('Расстояние Выход 1 → Выход 2, м').fill('99999999999');
  await page.getByLabel('Расстояние Выход 1 → Выход 2, м').press('Tab');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert')).toContainText('Проверьте заполнение полей');
  await expect(page.getByRole('alert')).toContainText('Выход 1 → Выход 2: Расстояние не больше');
  await page.getByLabel('Расстояние Выход 1 → Выход 2, м').fill('47');
  await page.getByLabel('Расстояние Выход 1 → Выход 2, м').press('Enter');
  await page.getByLabel('Расстояние Выход 1 → МС-1, м').fill('205,5');
  await page.getByLabel('Расстояние Выход 1 → МС-1, м').press('Tab');
  await expect(page.getByText('Несохранённых изменений: 2')).toBeVisible();
  await page.screenshot({ path: 'test-results/workplace-edit.png' });
  await page.getByRole('button', { name: 'Сохранить' }).click();

  await expect(page.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await expect(cell(page, 'Выход 1 → Выход 2')).toHaveText(/: 47$/);
  await expect(cell(page, 'Выход 1 → МС-1')).toHaveText(/: 205,5$/);

  await page.reload();
  await expect(cell(page, 'МС-1 → МС-2')).toBeVisible();
  await narrow(page);
  await expect(cell(page, 'Выход 1 → Выход 2')).toHaveText(/: 47$/);
  await expect(cell(page, 'Выход 1 → МС-1')).toHaveText(/: 205,5$/);
  expect(consoleErrors).toEqual([]);
});

test('as viewer the API refuses the matrix', async ({ browser }) => {
  const page = await browser.newPage();
  const res = await page.request.post('/api/auth/login', { data: { login: 'viewer', password: 'viewer' } });
  const { token } = await res.json();
  const matrix = await page.request.get('/api/v2/workplace-distance', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(matrix.status()).toBe(403);
  await page.close();
});

test('as admin in two tabs: a save over the other tab’s newer save is refused with the message, the edits kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const label = 'Расстояние Выход 3 → МС-2, м';
  const open = async (tab: Page) => {
    await tab.bringToFront();
    await tab.goto(URL);
    await expect(cell(tab, 'МС-1 → МС-2')).toBeVisible();
    await only(tab, 'Откуда', ['Выход 3']);
    await only(tab, 'Куда', ['МС-2']);
    await expect(cell(tab, 'Выход 3 → МС-2')).toHaveText(/\d$/);
    await tab.getByRole('button', { name: 'Редактировать' }).click();
  };
  const type = async (tab: Page, value: string) => {
    await tab.bringToFront();
    await tab.getByLabel(label).fill(value);
    await tab.getByLabel(label).press('Tab');
  };

  // Both tabs edit the same stored distance; the second saves first.
  await open(page);
  const other = await context.newPage();
  await open(other);
  await type(other, '321');
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(cell(other, 'Выход 3 → МС-2')).toHaveText(/: 321$/);

  await type(page, '654');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
  );
  await expect(alert).toContainText(
    'Выход 3 → МС-2: Расстояние уже изменил другой пользователь: обновите страницу',
  );
  await expect(page.getByText('Несохранённых изменений: 1')).toBeVisible();
  await expect(page.getByLabel(label)).toHaveValue('654');
  await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/workplace-stale.png' });
  await page.getByRole('button', { name: 'Отмена' }).click();
  // Cancelling reloads the matrix: the other tab's save is on screen at once, the message gone.
  await expect(cell(page, 'Выход 3 → МС-2')).toHaveText(/: 321$/);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Opened again, the screen saves over the other tab's save.
  await open(page);
  await expect(page.getByLabel(label)).toHaveValue('321');
  // Another value than the refused one: a retry of this test starts from it and must still see a change.
  await type(page, '789');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(cell(page, 'Выход 3 → МС-2')).toHaveText(/: 789$/);
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});

test('as admin at 1280 × 720: the matrix fills the window and scrolls itself, the page does not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/workplace');
  const matrix = page.getByRole('grid', { name: /^Матрица расстояний/ });
  await expect(matrix).toBeVisible();
  const box = await matrix.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(720);
  expect(await matrix.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeLessThanOrEqual(0);
});
