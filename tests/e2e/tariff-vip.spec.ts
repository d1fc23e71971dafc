import type { Locator, Page } from '@playwright/test';
import { vipFieldBody } from '../support/vipFieldBody.ts';
import { base, chooseTurnaround, collectErrors, expect, signIn } from './fixtures.ts';

const test = base;
const URL = '/tariff/vip-passenger';

/** Picks one option of a multiselect in the modal, then closes its list by clicking the modal's title. */
async function choose(page: Page, dialog: Locator, label: string, option: string | null) {
  await dialog.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
  await dialog.getByRole('heading').click();
  await expect(dialog.getByRole('combobox', { name: label, exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
}

test('as tariff: a VIP field with access type 7 is created, found by filter, checked on a turnaround and deleted', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const name = `e2e_vip_${Date.now()}`;
  await signIn(page, 'tariff');
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'VIP-расчёты', level: 1 })).toBeVisible();

  // Escape closes the modal while nothing is being saved.
  await page.getByRole('button', { name: 'Добавить' }).click();
  await expect(page.getByRole('dialog', { name: 'Добавить расчёт' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'Добавить' }).click();
  const dialog = page.getByRole('dialog', { name: 'Добавить расчёт' });
  await expect(dialog.getByLabel('Поле JSON')).toBeFocused();
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByLabel('Поле JSON')).toHaveAccessibleDescription('Поле обязательно для заполнения');

  await dialog.getByLabel('Поле JSON').fill(name);
  await dialog.getByLabel('Название').fill('Проверка из браузера');
  await choose(page, dialog, 'Зал обслуживания', 'VIP-зал терминала 1');
  await choose(page, dialog, 'Категория пассажира', 'Взрослый');
  await choose(page, dialog, 'Авиакомпания', null);
  await choose(page, dialog, 'Направление', 'Вылет');
  await choose(page, dialog, 'Класс рейса', 'Пассажирский');
  await choose(page, dialog, 'Тип рейса', 'Внутренний');
  await expect(dialog.getByLabel('Использовать тип допуска родителя')).toHaveCount(0);
  await choose(page, dialog, 'Тип допуска', 'Гость владельца карты');
  await choose(page, dialog, 'Тип оплаты', 'Бесплатно');
  const parent = dialog.getByLabel('Использовать тип допуска родителя');
  await parent.check();
  // Enter in the last field submits.
  await parent.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const filter = page.getByRole('textbox', { name: 'Фильтр: Поле JSON' });
  await filter.fill(name);
  await filter.press('Enter');
  const table = page.getByRole('table', { name: 'VIP-расчёты' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Гость владельца карты');
  await expect(row.getByRole('cell').nth(10)).toHaveText('Да');

  // The saved field checked on a turnaround of the demo airport.
  await row.getByRole('button', { name: `Действия: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Редактировать' }).click();
  const edit = page.getByRole('dialog', { name: 'Редактировать расчёт' });
  await expect(edit.getByLabel('Поле JSON')).toHaveValue(name);
  await expect(edit.getByLabel('Использовать тип допуска родителя')).toBeChecked();
  const check = edit.getByRole('region', { name: 'Проверить на рейсе' });
  await chooseTurnaround(page, check);
  await check.getByRole('button', { name: 'Проверить' }).click();
  await expect(check.getByRole('table').first()).toBeVisible();
  await edit.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await row.getByRole('button', { name: `Действия: ${name}` }).click();
  const remove = page.getByRole('menuitem', { name: 'Удалить' });
  await expect(remove).toHaveCSS('color', 'rgb(198, 40, 40)');
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: `Вы уверены, что хотите удалить поле «${name}»?` });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('as tariff in two tabs: a save over the other tab’s newer save is refused with the message, the form kept', async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  const name = `e2e_vip_tabs_${Date.now()}`;
  await signIn(page, 'tariff');
  // The field both tabs edit, made through the API.
  const login = await page.request.post('/api/auth/login', { data: { login: 'tariff', password: 'tariff' } });
  const created = await page.request.post('/api/tariff/vip-field', {
    headers: { Authorization: `Bearer ${(await login.json()).token}` },
    data: vipFieldBody(name, 'Первое название'),
  });
  expect(created.status()).toBe(200);

  /** Opens the field's modal in a tab. */
  const open = async (tab: Page) => {
    await tab.goto(URL);
    const filter = tab.getByRole('textbox', { name: 'Фильтр: Поле JSON' });
    await filter.fill(name);
    await filter.press('Enter');
    // The filtered list is in: a row clicked before it comes would be drawn again under its menu.
    await expect(tab.getByText(/^Показаны 1 - 1 из 1 запис/)).toBeVisible();
    const row = tab.getByRole('table', { name: 'VIP-расчёты' }).getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Действия: ${name}` }).click();
    await tab.getByRole('menuitem', { name: 'Редактировать' }).click();
    const dialog = tab.getByRole('dialog', { name: 'Редактировать расчёт' });
    await expect(dialog.getByLabel('Поле JSON')).toHaveValue(name);
    return dialog;
  };

  // Both tabs open the same field; the second saves first.
  const mine = await open(page);
  await expect(mine.getByLabel('Название')).toHaveValue('Первое название');
  const other = await context.newPage();
  const theirs = await open(other);
  await theirs.getByLabel('Название').fill('Название из второй вкладки');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('dialog')).toHaveCount(0);

  await page.bringToFront();
  await mine.getByLabel('Название').fill('Название из первой вкладки');
  await mine.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    mine
      .getByRole('alert')
      .filter({ hasText: 'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения' }),
  ).toBeVisible();
  await expect(mine.getByLabel('Название')).toHaveValue('Название из первой вкладки');
  await mine.getByRole('button', { name: 'Отмена' }).click();
  // The refused edit is still unsaved input: closing asks first.
  await page
    .getByRole('alertdialog', { name: 'Закрыть форму?' })
    .getByRole('button', { name: 'Закрыть без сохранения' })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Opened again, the form shows the other tab's save and saves over it.
  const again = await open(page);
  await expect(again.getByLabel('Название')).toHaveValue('Название из второй вкладки');
  await again.getByLabel('Название').fill('Название из первой вкладки');
  await again.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const row = page.getByRole('table', { name: 'VIP-расчёты' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Название из первой вкладки');

  await row.getByRole('button', { name: `Действия: ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Удалить' }).click();
  await page
    .getByRole('alertdialog', { name: `Вы уверены, что хотите удалить поле «${name}»?` })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(row).toHaveCount(0);
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
});

test('as viewer: no add button, no row actions, and a direct POST answers 403', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto(URL);
  const table = page.getByRole('table', { name: 'VIP-расчёты' });
  // The first data row: while the list loads, row 2 is the «Загрузка…» placeholder, and once the rows arrive React
  // reuses its element as the body's sizer (under the row slots). A click begun on the placeholder kept aiming at the
  // sizer until it timed out (another row's cell over its point), or right-clicked the placeholder and proved nothing.
  await expect(table.getByRole('row').nth(2)).toHaveAttribute('aria-rowindex', '1');
  await expect(page.getByRole('button', { name: 'Добавить' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Действия/ })).toHaveCount(0);
  await table.getByRole('row').nth(2).getByRole('cell').first().click({ button: 'right' });
  await expect(page.getByRole('menu')).toHaveCount(0);

  const login = await page.request.post('/api/auth/login', { data: { login: 'viewer', password: 'viewer' } });
  const { token } = await login.json();
  const post = await page.request.post('/api/tariff/vip-field', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'viewer_try', vipFieldDirection: [{ direction_id: 1 }] },
  });
  expect(post.status()).toBe(403);
});

test('as tariff at 1280 × 720: a field’s «⋯» row actions are on screen without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, 'tariff');
  await page.goto(URL);
  const actions = page
    .getByRole('table', { name: 'VIP-расчёты' })
    .getByRole('button', { name: /^Действия: / })
    .first();
  await expect(actions).toBeVisible();
  const scroller = page.locator('.w-grid__scroller');
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  const right = await scroller.evaluate((element) => element.getBoundingClientRect().right);
  const button = await actions.boundingBox();
  expect(button && button.x + button.width).toBeLessThanOrEqual(Math.min(right, 1280));
});
