import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { moscowDay } from './clock.ts';
import { expect, signIn, test } from './fixtures.ts';

const URL = '/race-newest';

/** The table of flights. */
const table = (page: Page) => page.getByRole('table', { name: 'Рейсы' });
/**
 * The body's flight rows (the header and filter rows are in the first row group). Only rows with an aria-rowindex:
 * while the first load is under way the body holds one placeholder row ('Загрузка…'), and a click on it chooses
 * nothing.
 */
const bodyRows = (page: Page) =>
  table(page).getByRole('rowgroup').nth(1).locator('[role=row][aria-rowindex]');
/** The body row whose flight cell is exactly this text. */
const rowOf = (page: Page, flight: string) =>
  bodyRows(page).filter({ has: page.getByRole('cell', { name: flight, exact: true }) });

/** Chooses tomorrow alone in the period picker (the demo airport has flights on it): the day twice, 'Применить'. */
async function chooseTomorrow(page: Page) {
  await page.getByRole('button', { name: 'Период', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Период' });
  // Tomorrow in Moscow, the browser's zone (the tests' own, UTC, is a day behind it from 00:00 to 03:00).
  const day = moscowDay(1);
  const month = day.slice(0, 7) === moscowDay().slice(0, 7) ? 0 : 1;
  const cell = dialog
    .getByRole('group')
    .nth(month)
    .getByRole('button', { name: new RegExp(`^${Number(day.slice(8))} `) });
  await cell.click();
  await cell.click();
  const loaded = page.waitForResponse((response) => {
    const url = decodeURIComponent(response.url());
    return url.includes('/api/v1/race?') && url.includes(`filter[date_to]=${day}`);
  });
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await loaded;
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
}

/** Sets a text filter of the table and waits for the rows it asks for. */
async function filterColumn(page: Page, title: string, value: string) {
  const filter = table(page).getByRole('textbox', { name: `Фильтр: ${title}` });
  const loaded = page.waitForResponse((response) => response.url().includes('/api/v1/race?'));
  await filter.fill(value);
  await filter.press('Enter');
  await loaded;
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
}

/** The header texts of the table, in order. */
async function headers(page: Page): Promise<string[]> {
  const cells = table(page).getByRole('rowgroup').nth(0).getByRole('row').nth(0).getByRole('columnheader');
  return (await cells.allInnerTexts()).map((text) => text.split('\n')[0].trim());
}

/**
 * A paired row whose two legs are on the shown day (its plan is 'HH:mm / HH:mm', looked for among the midday rows):
 * its flight and aircraft; the table is left filtered by that aircraft only.
 */
async function pairedRowOfOneBoard(page: Page): Promise<{ flight: string; board: string }> {
  await filterColumn(page, 'План', '12:');
  const found = await firstPairedRow(page);
  await filterColumn(page, 'План', '');
  await filterColumn(page, 'Борт', found.board);
  return found;
}

async function firstPairedRow(page: Page): Promise<{ flight: string; board: string }> {
  await expect(bodyRows(page).first()).toBeVisible();
  const count = await bodyRows(page).count();
  for (let i = 0; i < count; i += 1) {
    const cells = bodyRows(page).nth(i).getByRole('cell');
    const flight = ((await cells.nth(0).textContent()) ?? '').trim();
    const plan = ((await cells.nth(5).textContent()) ?? '').trim();
    if (flight.includes(' / ') && /^\d\d:\d\d \/ \d\d:\d\d$/.test(plan)) {
      return { flight, board: ((await cells.nth(3).textContent()) ?? '').trim() };
    }
  }
  throw new Error('No paired row within one day on screen');
}

test('as admin: a day filtered, a paired row divided and its two legs combined again, seen live in a second tab', async ({
  page,
  context,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Суточный план полётов', level: 1 })).toBeVisible();
  await chooseTomorrow(page);
  await expect(page).toHaveURL(/date_from=\d{4}-\d\d-\d\d/);
  const { flight } = await pairedRowOfOneBoard(page);
  const [arrival, departure] = flight.split(' / ');

  const other = await context.newPage();
  await signIn(other, 'admin');
  await other.goto(page.url());
  await expect(rowOf(other, flight)).toHaveCount(1);

  await page.bringToFront();
  await rowOf(page, flight).click();
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Разделить' }).click();
  // «Разделить» asks first, naming the legs; then says what it did and keeps both legs chosen.
  const confirm = page.getByRole('alertdialog', { name: 'Разделение рейса' });
  await expect(confirm).toContainText(`${arrival} (`);
  await confirm.getByRole('button', { name: 'Разделить' }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByText(new RegExp(`Рейс разделён: ${arrival} \\(\\d\\d\\.\\d\\d\\) и ${departure} \\(`)),
  ).toBeVisible();
  await expect(rowOf(page, arrival)).toHaveCount(1);
  await expect(rowOf(page, departure)).toHaveCount(1);
  await expect(rowOf(page, flight)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 2' })).toBeVisible();

  // The second tab was not reloaded: the live feed told it.
  await expect(rowOf(other, arrival)).toHaveCount(1);
  await expect(rowOf(other, departure)).toHaveCount(1);

  await rowOf(page, arrival).click();
  await rowOf(page, departure).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 2' })).toBeVisible();
  await expect(rowOf(page, arrival)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Связать' }).click();
  await expect(page.getByText(`Рейсы связаны: ${arrival} (`)).toBeVisible();
  await expect(rowOf(page, flight)).toHaveCount(1);
  await expect(rowOf(page, flight)).toHaveAttribute('aria-selected', 'true');
  await expect(rowOf(page, arrival)).toHaveCount(0);
  await expect(rowOf(other, flight)).toHaveCount(1);
  await other.close();
  expect(consoleErrors).toEqual([]);
});

test('as admin: a common TGO applied to a chosen row', async ({ page, consoleErrors }) => {
  await page.goto(URL);
  const { flight } = await pairedRowOfOneBoard(page);
  await rowOf(page, flight).click();
  await page.getByRole('button', { name: 'Выбрать ТГО' }).click();
  const dialog = page.getByRole('dialog', { name: 'Выбор ТГО' });
  await expect(dialog).toBeVisible();
  const choice = dialog.getByRole('radio').first();
  const name = ((await choice.locator('xpath=..').textContent()) ?? '').replace('текущее', '').trim();
  await choice.check();
  await dialog.getByRole('button', { name: 'Применить' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('ТГО применено')).toBeVisible();
  // The TGO column is far right: a sideways grid draws only the columns in view.
  await page.locator('.w-grid__scroller').evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect(bodyRows(page).getByRole('cell').filter({ hasText: name })).not.toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('as admin: «Снять сотрудников» asks first; a cancel changes nothing, a confirm drops them', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  const { flight } = await pairedRowOfOneBoard(page);
  await rowOf(page, flight).click();
  const dropped: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/race/drop-employees')) dropped.push(request.url());
  });
  await page.getByRole('button', { name: 'Снять сотрудников' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Снятие сотрудников' });
  await expect(dialog).toContainText('выбранных строк (1)');
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toBeHidden();
  expect(dropped).toEqual([]);
  await page.getByRole('button', { name: 'Снять сотрудников' }).click();
  await dialog.getByRole('button', { name: 'Снять', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Сотрудники сняты: \d+|снимать некого/)).toBeVisible();
  expect(dropped).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});

test('as admin: the column set changed in the dialog survives a reload', async ({ page, consoleErrors }) => {
  await page.goto(URL);
  await expect(bodyRows(page).first()).toBeVisible();
  expect((await headers(page)).slice(0, 5)).toEqual(['Рейс', 'Тип ВС', 'Дата', 'Борт', 'Стоянка']);
  await page.getByRole('button', { name: 'Настройка колонок' }).click();
  const dialog = page.getByRole('dialog', { name: 'Настройка колонок' });
  await dialog.getByRole('checkbox', { name: 'Стоянка' }).uncheck();
  await dialog.getByRole('button', { name: 'Дата: выше' }).click();
  await dialog.getByRole('button', { name: 'Дата: выше' }).click();
  // The keyboard moves a line too: Alt+↓ on the line of 'Тип ВС'.
  await dialog.getByRole('checkbox', { name: 'Тип ВС' }).focus();
  await page.keyboard.press('Alt+ArrowDown');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  const expected = ['Дата', 'Рейс', 'Борт', 'Тип ВС', 'План'];
  expect((await headers(page)).slice(0, 5)).toEqual(expected);
  await page.reload();
  await expect(bodyRows(page).first()).toBeVisible();
  expect((await headers(page)).slice(0, 5)).toEqual(expected);
  expect(await headers(page)).not.toContain('Стоянка');
  expect(consoleErrors).toEqual([]);
});

test('as admin: rows chosen by shift-click and keyboard, and the export has the shown columns and rows', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  const rows = bodyRows(page);
  await expect(rows.first()).toBeVisible();
  await rows.nth(0).click();
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await rows.nth(2).click({ modifiers: ['Shift'] });
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 3' })).toBeVisible();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 4' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'Выбрано: 1' })).toBeVisible();
  await expect(rows.nth(4)).toHaveAttribute('aria-selected', 'true');

  const flights = [((await rows.nth(4).getByRole('cell').nth(0).textContent()) ?? '').trim()];
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Выгрузить в Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^Суточный план полетов на \d\d\.\d\d\.\d{4} - \d\d\.\d\d\.\d{4}\.xlsx$/,
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  // The screen's columns in its order; a time shown 'arrival / departure' is two columns of the sheet.
  const split: Record<string, string[]> = {
    План: ['План прилёта', 'План вылета'],
    Расчёт: ['Расчёт прилёта', 'Расчёт вылета'],
    Факт: ['Факт прилёта', 'Факт вылета'],
  };
  expect(header).toEqual((await headers(page)).flatMap((text) => split[text] ?? [text]));
  expect(sheet.actualRowCount).toBe(2);
  expect(sheet.getRow(2).getCell(1).value).toBe(flights[0]);

  // A row's menu opens the rush-baggage page of its arrival leg.
  await rows.nth(4).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Багаж прилёта' }).click();
  await expect(page).toHaveURL(/\/baggage\/flight\/\d+$/);
  const arrival = flights[0].split(' / ')[0].trim().split(/\s+/).join('\\s*');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(new RegExp(arrival));
  expect(consoleErrors).toEqual([]);
});

test.describe('in a browser in Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('reads the flights in the time zone the user chose, and its today is the period', async ({ page }) => {
    // 20:00 UTC: still the 23rd in Los Angeles, already the 24th in Vladivostok.
    await page.clock.setFixedTime(new Date('2026-11-23T20:00:00Z'));
    await signIn(page, 'admin');
    await page.addInitScript(() => localStorage.setItem('timeZone', 'Asia/Vladivostok'));
    const request = page.waitForRequest((sent) => sent.url().includes('/api/v1/race?'));
    await page.goto(URL);
    const sent = await request;
    expect(sent.headers()['time-zone']).toBe('Asia/Vladivostok');
    await expect(page.getByRole('button', { name: 'Период', exact: true })).toContainText('24.11.2026');
  });
});

test('as admin at 1280 × 720: the table fills the window, its own scrollbars on screen, and shows «Все» rows', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(URL);
  await expect(bodyRows(page).first()).toBeVisible();
  // The scroller holds the header, the rows and the sideways scrollbar: its bottom edge is in the window.
  const scroller = page.locator('.w-grid__scroller');
  const box = await scroller.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(720);
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  // The page itself does not scroll; the rows do, inside the grid.
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
  ).toBeLessThanOrEqual(0);
  const body = table(page).getByRole('rowgroup').nth(1);
  expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  const size = page.getByRole('combobox', { name: 'показывать по:' });
  await expect(size.getByRole('option', { selected: true })).toHaveText('Все');
  expect(consoleErrors).toEqual([]);
});
