import type { Locator, Page } from '@playwright/test';
import { TARIFF_CALC_JOBS, tariffCalcBody } from '../support/tariffCalcBody.ts';
import { base, chooseTurnaround, collectErrors, expect, signIn } from './fixtures.ts';
import { drawnSize } from './ink.ts';

const test = base;

/** Opens a select of the calc modal by its label and chooses the option with this name. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option }).click();
}

/** Chooses the first options of a multiselect and answers their names; the panel is closed afterwards. */
async function chooseFirst(page: Page, label: string, count: number): Promise<string[]> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('listbox', { name: label }).getByRole('option');
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const option = options.nth(index);
    names.push(((await option.textContent()) ?? '').trim());
    await option.click();
  }
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await expect(page.getByRole('listbox', { name: label })).toHaveCount(0);
  return names;
}

function rowOf(page: Page, text: string): Locator {
  return page.getByRole('table', { name: 'Расчёты услуг' }).getByRole('row').filter({ hasText: text });
}

test('a tariff user creates a calc with two job entries, edits, evaluates and deletes it', async ({
  page,
}) => {
  const errors = collectErrors(page);
  // The QA walk's screen: the modal is taller than 900 px once two job entries are in.
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'tariff');
  await page.goto('/tariff/service');
  await expect(page.getByRole('heading', { name: 'Расчёты услуг', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Показаны \d+ - \d+ из \d+/).first()).toBeVisible();

  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Проверка e2e ${stamp}`;
  await page.getByRole('button', { name: 'Добавить расчёт' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый расчёт услуги' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Название услуги', { exact: true }).fill(name);
  await dialog.getByLabel('Мнемокод').fill(`E2E${stamp}`);
  await choose(page, 'Источник', 'Работы');
  await choose(page, 'Тип расчёта', 'Продолжительность');
  // No job chosen: the jobs are asked for, not the entry's selects, which have no job to offer yet.
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  const jobs = page.getByRole('combobox', { name: 'Работы', exact: true });
  await expect(jobs).toHaveAccessibleDescription('Поле обязательно для заполнения');
  for (const label of [
    'Начальная работа 1',
    'Параметр начала 1',
    'Конечная работа 1',
    'Параметр окончания 1',
  ])
    await expect(page.getByRole('combobox', { name: label, exact: true })).not.toHaveAttribute(
      'aria-invalid',
    );
  const [first, second] = await chooseFirst(page, 'Работы', 2);
  await expect(jobs).not.toHaveAttribute('aria-invalid');

  await choose(page, 'Начальная работа 1', first);
  await choose(page, 'Параметр начала 1', 'Начало');
  await choose(page, 'Конечная работа 1', second);
  await choose(page, 'Параметр окончания 1', 'Окончание');
  await dialog.getByRole('button', { name: 'Добавить работу' }).click();
  await choose(page, 'Начальная работа 2', first);
  await choose(page, 'Параметр начала 2', 'Начало');
  await choose(page, 'Конечная работа 2', second);
  await choose(page, 'Параметр окончания 2', 'Окончание');
  // The body scrolls under a footer that stays in view: «Сохранить» is on screen without scrolling to it.
  const body = dialog.locator('.w-modal__body');
  expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Сохранить' })).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('heading', { name: 'Новый расчёт услуги' })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Вы пытаетесь создать дубликат')).toBeVisible();
  await expect(dialog).toBeVisible();

  await choose(page, 'Параметр начала 2', 'Окончание');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Фильтр: Услуга', { exact: true }).fill(name);
  await page.getByLabel('Фильтр: Услуга', { exact: true }).press('Enter');
  await expect(page.getByText(/^Показаны 1 - 1 из 1 запис/)).toBeVisible();
  const row = rowOf(page, name);
  await expect(row).toContainText(first);
  await expect(row).toContainText('Продолжительность');

  await row.getByRole('button', { name: `Редактировать «${name}»` }).click();
  const edit = page.getByRole('dialog', { name: 'Редактирование расчёта услуги' });
  await expect(edit.getByLabel('Название услуги', { exact: true })).toHaveValue(name);
  await expect(page.getByRole('combobox', { name: 'Конечная работа 2', exact: true })).toContainText(second);
  await edit.getByLabel('Коэффициент').fill('1,5');
  // Enter in a field submits; the number is applied on the way.
  await edit.getByLabel('Коэффициент').press('Enter');
  await expect(edit).toBeHidden();

  await rowOf(page, name)
    .getByRole('button', { name: `Редактировать «${name}»` })
    .click();
  await expect(edit.getByLabel('Коэффициент')).toHaveValue('1.5');
  const panel = edit.getByRole('region', { name: 'Рассчитать на рейсе' });
  await chooseTurnaround(page, panel);
  await panel.getByRole('button', { name: 'Рассчитать' }).click();
  await expect(panel.getByRole('table', { name: 'Шаги расчёта' })).toBeVisible();
  await expect(panel.getByText(/^Итого:/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  await rowOf(page, name)
    .getByRole('button', { name: `Удалить «${name}»` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Удаление расчёта' });
  await expect(confirm).toContainText(name);
  // The row's buttons are at the right end of the sideways grid: it is scrolled there when the last row goes.
  const scroller = page.locator('.w-grid__scroller');
  await scroller.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Нет данных')).toBeVisible();
  // The empty list starts at the left again: its text and the filter that emptied it are in view.
  await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  await expect(page.getByText('Нет данных')).toBeInViewport();
  await expect(page.getByLabel('Фильтр: Услуга', { exact: true })).toBeInViewport();
  expect(errors).toEqual([]);
});

test('a tariff user in two tabs: a save over the other tab’s newer save is refused with the message, the form kept', async ({
  page,
  context,
}) => {
  const errors = collectErrors(page);
  await signIn(page, 'tariff');
  // The calc both tabs edit, made through the API.
  const login = await page.request.post('/api/auth/login', { data: { login: 'tariff', password: 'tariff' } });
  const headers = { Authorization: `Bearer ${(await login.json()).token}` };
  const jobs = (await (await page.request.get('/api/v2/job', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const idOf = (name: string) => jobs.find((job) => job.name === name)?.id ?? 0;
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Две вкладки e2e ${stamp}`;
  const created = await page.request.post('/api/tariff/calc', {
    headers,
    data: {
      ...tariffCalcBody({ steps: idOf(TARIFF_CALC_JOBS.steps), bus: idOf(TARIFF_CALC_JOBS.bus) }),
      service: { name_ru: name, name_en: null, id_1c: `E2E2T${stamp}` },
      coeff: 1,
    },
  });
  expect(created.status()).toBe(200);

  /** Opens the calc's modal in a tab. */
  const open = async (tab: Page) => {
    await tab.goto('/tariff/service');
    const filter = tab.getByLabel('Фильтр: Услуга', { exact: true });
    await filter.fill(name);
    await filter.press('Enter');
    // The filtered list is in: a row clicked before it comes would be drawn again under its menu.
    await expect(tab.getByText(/^Показаны 1 - 1 из 1 запис/)).toBeVisible();
    await rowOf(tab, name)
      .getByRole('button', { name: `Редактировать «${name}»` })
      .click();
    const dialog = tab.getByRole('dialog', { name: 'Редактирование расчёта услуги' });
    await expect(dialog.getByLabel('Название услуги', { exact: true })).toHaveValue(name);
    return dialog;
  };

  // Both tabs open the same calc; the second saves first.
  const mine = await open(page);
  await expect(mine.getByLabel('Коэффициент')).toHaveValue('1');
  const other = await context.newPage();
  const theirs = await open(other);
  await theirs.getByLabel('Коэффициент').fill('2');
  await theirs.getByRole('button', { name: 'Сохранить' }).click();
  await expect(theirs).toBeHidden();

  await page.bringToFront();
  await mine.getByLabel('Коэффициент').fill('3');
  await mine.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    mine
      .getByRole('alert')
      .filter({ hasText: 'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения' }),
  ).toBeVisible();
  await expect(mine.getByLabel('Коэффициент')).toHaveValue('3');
  // The refused edit is unsaved input: Esc asks first.
  await page.keyboard.press('Escape');
  await page
    .getByRole('alertdialog', { name: 'Закрыть форму?' })
    .getByRole('button', { name: 'Закрыть без сохранения' })
    .click();
  await expect(mine).toBeHidden();

  // Opened again, the form shows the other tab's save and saves over it.
  const again = await open(page);
  await expect(again.getByLabel('Коэффициент')).toHaveValue('2');
  await again.getByLabel('Коэффициент').fill('3');
  await again.getByRole('button', { name: 'Сохранить' }).click();
  await expect(again).toBeHidden();
  await rowOf(page, name)
    .getByRole('button', { name: `Редактировать «${name}»` })
    .click();
  await expect(again.getByLabel('Коэффициент')).toHaveValue('3');
  await page.keyboard.press('Escape');

  await rowOf(page, name)
    .getByRole('button', { name: `Удалить «${name}»` })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Удаление расчёта' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(page.getByText('Нет данных')).toBeVisible();
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
});

test('lists that failed offer «Повторить», and an edit asked while they load opens once they are in', async ({
  page,
}) => {
  await signIn(page, 'tariff');
  // The formats fail (the HTTP client's own retry too) until «Повторить»; then their answer waits for `release`.
  let failing = true;
  let heldCalls = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/tariff\/format(\?|$)/, async (route) => {
    if (failing) return route.fulfill({ status: 500, json: { message: 'Сервер недоступен' } });
    heldCalls += 1;
    await held;
    return route.continue();
  });
  await page.goto('/tariff/service');
  const notice = page.getByRole('alert').filter({ hasText: 'Справочники не загрузились' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить расчёт' })).toBeDisabled();

  failing = false;
  await notice.getByRole('button', { name: 'Повторить' }).click();
  await expect(notice).toBeHidden();
  // The edit below is asked while the lists load.
  await expect.poll(() => heldCalls).toBe(1);
  const edit = page
    .getByRole('table', { name: 'Расчёты услуг' })
    .getByRole('button', { name: /^Редактировать «/ })
    .first();
  await edit.click();
  const dialog = page.getByRole('dialog', { name: 'Редактирование расчёта услуги' });
  await expect(dialog).toHaveCount(0);

  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Название услуги', { exact: true })).not.toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Единицы измерения', exact: true })).toHaveText(/\S/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Добавить расчёт' })).toBeEnabled();
});

test('a viewer sees the calcs without the add button or row actions', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/tariff/service');
  await expect(page.getByRole('heading', { name: 'Расчёты услуг', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Расчёты услуг' });
  // The demo airport's calcs are listed: the viewer reads them, only the actions are missing.
  await expect(page.getByText(/^Показаны 1 - \d+ из \d+ записей/).first()).toBeVisible();
  await expect(table.getByRole('row').nth(2)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Добавить расчёт' })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^(Редактировать|Удалить) «/ })).toHaveCount(0);
  await table.getByRole('row').nth(2).click({ button: 'right' });
  await expect(page.getByRole('menu')).toHaveCount(0);
});

test('at 1280 × 720 a calc’s row actions are on screen without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, 'tariff');
  await page.goto('/tariff/service');
  const grid = page.getByRole('table', { name: 'Расчёты услуг' });
  const edit = grid.getByRole('button', { name: /^Редактировать «/ }).first();
  await expect(edit).toBeVisible();
  // The table is wider than its scroller, which has not been scrolled; the pinned column is at its right edge.
  const scroller = page.locator('.w-grid__scroller');
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBe(0);
  const right = await scroller.evaluate((element) => element.getBoundingClientRect().right);
  const button = await edit.boundingBox();
  expect(button && button.x + button.width).toBeLessThanOrEqual(Math.min(right, 1280));
  await edit.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a calc’s edit and delete buttons draw their icons whatever fonts the machine has', async ({ page }) => {
  await signIn(page, 'tariff');
  await page.goto('/tariff/service');
  const grid = page.getByRole('table', { name: 'Расчёты услуг' });
  // The bin was the character 🗑: without an emoji font Chromium drew an empty 4 × 11 px box in its place.
  for (const name of [/^Редактировать «/, /^Удалить «/]) {
    const button = grid.getByRole('button', { name }).first();
    await expect(button).toBeVisible();
    const drawn = await drawnSize(page, button);
    expect(drawn.width, String(name)).toBeGreaterThanOrEqual(8);
    expect(drawn.height, String(name)).toBeGreaterThanOrEqual(8);
  }
});
