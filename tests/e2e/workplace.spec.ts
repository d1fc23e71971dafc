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
