import type { Locator, Page } from '@playwright/test';
import { collectErrors, expect, test } from './fixtures.ts';

const URL = '/brs/config';

test('as admin: an airline is found by its ICAO code, its BRS settings saved inline and still there after a reload', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Настройки БРС авиакомпаний', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Авиакомпании' });
  await expect(table.getByRole('row').nth(5)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Поиск авиакомпании' }).fill('pbd');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Победа/ });
  await row.getByRole('button', { name: /^(Настроить|Изменить): Победа$/ }).click();

  const form = page.getByRole('form', { name: 'Настройки БРС: Победа' });
  await form.getByRole('switch', { name: 'БРС включена' }).check();
  await form.getByRole('switch', { name: 'Приём BSM' }).check();
  const pieces = form.getByLabel('Макс. мест на пассажира');
  // Out of bounds first: the message stays under the field and nothing closes.
  await pieces.fill('25');
  await pieces.blur();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Ожидается целое число от 1 до 20')).toBeVisible();
  await pieces.fill('4');
  await pieces.blur();
  const close = form.getByLabel('Окончание загрузки, мин до вылета');
  await close.fill('35');
  await close.blur();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('включена');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Поиск авиакомпании' }).fill('Победа');
  const saved = table.getByRole('row', { name: /Победа/ });
  await expect(saved.getByRole('cell')).toHaveText([
    'Победа',
    'DP',
    'PBD',
    'ДР',
    'включена',
    'да',
    'нет',
    '32',
    '4',
    '35',
    'Загружать последними',
    'Допуск агентом',
    'Изменить',
  ]);
  expect(errors).toEqual([]);
});

test('as admin in two tabs: a save over the other tab’s newer save is refused with the message, the form kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const airline = 'Турецкие авиалинии';
  const find = async (tab: Page) => {
    await tab.getByRole('searchbox', { name: 'Поиск авиакомпании' }).fill('THY');
    const row = tab
      .getByRole('table', { name: 'Авиакомпании' })
      .getByRole('row', { name: new RegExp(airline) });
    await expect(row).toHaveCount(1);
    return row;
  };
  const open = async (tab: Page) => {
    await (await find(tab)).getByRole('button', { name: `Изменить: ${airline}` }).click();
    return tab.getByRole('form', { name: `Настройки БРС: ${airline}` });
  };
  const set = async (form: Locator, label: string, value: string) => {
    const field = form.getByLabel(label);
    await field.fill(value);
    await field.blur();
  };

  // Both tabs open the same airline's settings; the second saves first.
  await page.goto(URL);
  const mine = await open(page);
  await expect(mine.getByLabel('Макс. мест на пассажира')).toHaveValue('2');
  const other = await context.newPage();
  await other.goto(URL);
  const theirs = await open(other);
  await set(theirs, 'Макс. мест на пассажира', '3');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  await expect(theirs).toHaveCount(0);

  await page.bringToFront();
  await set(mine, 'Окончание загрузки, мин до вылета', '50');
  await mine.getByRole('button', { name: 'Сохранить' }).click();
  await expect(mine.getByRole('alert')).toHaveText(
    'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
  );
  await expect(mine.getByLabel('Окончание загрузки, мин до вылета')).toHaveValue('50');
  await expect(mine.getByLabel('Макс. мест на пассажира')).toHaveValue('2');
  await page.screenshot({ path: 'test-results/brs-config-stale.png' });
  await mine.getByRole('button', { name: 'Отмена' }).click();

  // Opened again, the form shows the other tab's save and saves over it (back to the demo's 2 pieces).
  await page.reload();
  const again = await open(page);
  await expect(again.getByLabel('Макс. мест на пассажира')).toHaveValue('3');
  await expect(again.getByLabel('Окончание загрузки, мин до вылета')).toHaveValue('45');
  await set(again, 'Макс. мест на пассажира', '2');
  await again.getByRole('button', { name: 'Сохранить' }).click();
  await expect(again).toHaveCount(0);
  const row = await find(page);
  await expect(row.getByRole('cell').nth(8)).toHaveText('2');
  await expect(row.getByRole('cell').nth(9)).toHaveText('45');
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});

test('at 1280 × 720 the table and its «Изменить/Настроить» buttons stay inside the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(URL);
  const table = page.getByRole('table', { name: 'Авиакомпании' });
  await expect(table.getByRole('row').nth(5)).toBeVisible();
  const card = page.locator('.w-card').filter({ has: table });
  const cardBox = (await card.boundingBox()) as { x: number; width: number };
  const cardRight = cardBox.x + cardBox.width;
  const tableBox = (await table.boundingBox()) as { x: number; width: number };
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(cardRight);
  const buttons = table.getByRole('button', { name: /^(Изменить|Настроить): / });
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const box of await buttons.evaluateAll((all) =>
    all.map((button) => button.getBoundingClientRect().right),
  ))
    expect(box).toBeLessThanOrEqual(cardRight);
  // It fits without a sideways scroll.
  const scroller = page.locator('.brs-table-scroll');
  expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
