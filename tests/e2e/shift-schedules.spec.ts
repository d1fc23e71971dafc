import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { collectErrors, expect, signIn, base as test } from './fixtures.ts';

/** Pixels of the schedule chart that differ from the transparent background. */
function chartPixels(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="shift-schedule-chart"]');
    const context = canvas?.getContext('2d');
    if (!canvas || !context || canvas.width === 0) return 0;
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted += 1;
    return painted;
  });
}

test.describe('shift schedules as planner', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'planner');
  });

  test('creates a standard schedule from the planning screen and lands on its page with chart, table and export', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.goto('/resource-planning');
    await expect(page.getByRole('status').filter({ hasText: /^Рейсов: \d+, задач: \d+$/ })).toBeVisible({
      timeout: 30_000,
    });

    await page.getByRole('button', { name: 'Стандартный график' }).click();
    const dialog = page.getByRole('dialog', { name: 'Стандартный график сменности' });
    await expect(dialog).toBeVisible();

    // Spec 5: the exact messages under each limited field; only digits can be typed.
    const week = dialog.getByLabel('Повторений в неделе, дней');
    await week.fill('8');
    await expect(dialog.getByText('Максимальное значение 7')).toBeVisible();
    const period = dialog.getByLabel('Повторений в периоде, недель');
    await period.fill('53');
    await expect(dialog.getByText('Максимальное значение 52')).toBeVisible();
    const deviation = dialog.getByLabel('Отклонение в периоде, %');
    await deviation.fill('101');
    await expect(dialog.getByText('Максимальное значение 100%')).toBeVisible();
    await deviation.pressSequentially('x');
    await expect(deviation).toHaveValue('101');
    await dialog.getByRole('button', { name: 'Создать' }).click();
    await expect(page).toHaveURL(/\/resource-planning/);
    await week.fill('');
    await period.fill('1');
    await deviation.fill('');
    await expect(dialog.getByText(/Максимальное значение/)).toHaveCount(0);
    // The screen chose no position: the form asks for one before sending.
    await expect(dialog.getByText('Поле обязательно для заполнения')).toBeVisible();

    // One position with demand keeps the solve short.
    // A second click on a multi-select's trigger closes its list (Escape would close the form too).
    const positions = dialog.getByRole('combobox', { name: 'Должности' });
    await positions.click();
    await page.getByRole('listbox', { name: 'Должности' }).getByRole('option').first().click();
    await positions.click();
    await expect(page.getByRole('listbox', { name: 'Должности' })).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // The screen chose no shift, so the form chose every shift in force.
    await expect(dialog.getByRole('combobox', { name: 'Рабочие смены' })).not.toContainText('Выберите');
    await dialog.getByLabel('Название расчёта').fill('E2E: стандартный график');

    await dialog.getByRole('button', { name: 'Предпросмотр' }).click();
    const preview = dialog.getByRole('table', { name: 'Предпросмотр графика' });
    await expect(preview.getByRole('row')).toHaveCount(2, { timeout: 60_000 });
    await expect(preview).toContainText(/оптимально|разрыв|решение/);

    const created = page.waitForResponse((r) => r.url().includes('/planning/standard/create'), {
      timeout: 60_000,
    });
    await dialog.getByRole('button', { name: 'Создать' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page).toHaveURL(/\/shift-schedules\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'График сменности: E2E: стандартный график',
    );
    await expect(page.getByRole('table', { name: 'Результат по должностям' }).getByRole('row')).toHaveCount(
      2,
    );

    const chart = page.getByTestId('shift-schedule-chart');
    await expect(chart).toHaveAttribute('aria-label', /пик [1-9]\d* чел\./);
    await expect.poll(() => chartPixels(page)).toBeGreaterThan(1000);

    const table = page.getByRole('table', { name: 'Смены по дням недели' });
    expect(await table.locator('tbody tr').count()).toBeGreaterThan(0);
    // The table's box is a tab stop after the positions' tabs, with a focus ring, and the keyboard scrolls it where it
    // is too narrow.
    const chosenTab = page.getByRole('tablist', { name: 'Должность' }).getByRole('tab', { selected: true });
    const box = page.getByRole('region', { name: 'Таблица смен по дням недели' });
    await chosenTab.focus();
    for (let i = 0; i < 5 && !(await box.evaluate((e) => e === document.activeElement)); i += 1)
      await page.keyboard.press('Tab');
    await expect(box).toBeFocused();
    await expect(box).toHaveCSS('outline-style', 'solid');
    const size = page.viewportSize();
    await page.setViewportSize({ width: 640, height: 720 });
    await expect.poll(() => box.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeGreaterThan(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
    if (size) await page.setViewportSize(size);
    // The positions' tabs name the panel they show, named by the chosen tab.
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table', { name: 'Смены по дням недели' })).toBeVisible();
    await expect(panel).toHaveAttribute('aria-labelledby', (await chosenTab.getAttribute('id')) ?? '');
    await expect(chosenTab).toHaveAttribute('aria-controls', (await panel.getAttribute('id')) ?? '');
    const vacation = page.getByRole('link', { name: 'Планирование отпусков' });
    await expect(vacation).toHaveAttribute('href', /\/planning-vacation\/\d+$/);
    // Drawn as the button beside it: centred, not underlined (a.w-button).
    await expect(vacation).toHaveCSS('text-decoration-line', 'none');
    await expect(vacation).toHaveCSS('align-items', 'center');

    // From the keyboard: the button keeps the focus while the file is prepared and after it arrives.
    const downloading = page.waitForEvent('download');
    const exportButton = page.getByRole('button', { name: 'Выгрузить в Excel' });
    await exportButton.focus();
    await page.keyboard.press('Enter');
    const download = await downloading;
    await expect(exportButton).toBeFocused();
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const rows = book.worksheets.reduce((sum, sheet) => sum + sheet.actualRowCount, 0);
    expect(rows).toBeGreaterThan(1);

    expect(errors).toEqual([]);
  });

  test('says so when the calculation does not exist, with a way back instead of a retry, here and in the vacation planner', async ({
    page,
  }) => {
    for (const url of ['/shift-schedules/999999', '/planning-vacation/999999']) {
      await page.goto(url);
      await expect(page.getByRole('alert')).toContainText('Расчёт не найден');
      await expect(page.getByRole('link', { name: 'К сохранённым расчётам' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Повторить' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
    }
    await page.getByRole('link', { name: 'К сохранённым расчётам' }).click();
    await expect(page).toHaveURL(/\/planning-calc-history$/);
  });

  test('a period without demand: the alert of spec 8, and the reason stays under the positions', async ({
    page,
  }) => {
    await page.goto('/resource-planning');
    await expect(page.getByRole('status').filter({ hasText: /^Рейсов: \d+, задач: \d+$/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole('button', { name: 'Стандартный график' }).click();
    const dialog = page.getByRole('dialog', { name: 'Стандартный график сменности' });
    // Three months ahead: the demo airport has no flights there, whatever today is.
    await dialog.getByRole('button', { name: 'Период', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Период' });
    for (let i = 0; i < 3; i++) await picker.getByRole('button', { name: 'Следующий месяц' }).click();
    const day = picker.getByRole('group').first().getByRole('button', { name: /^15 / });
    await day.click();
    await day.click();
    await picker.getByRole('button', { name: 'Применить' }).click();
    await expect(picker).toBeHidden();
    const positions = dialog.getByRole('combobox', { name: 'Должности' });
    await positions.click();
    await page.getByRole('listbox', { name: 'Должности' }).getByRole('option').first().click();
    await positions.click();

    const created = page.waitForResponse((r) => r.url().includes('/planning/standard/create'));
    await dialog.getByRole('button', { name: 'Создать' }).click();
    expect((await created).status()).toBe(422);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ошибка при расчете графиков сменности' }),
    ).toBeVisible();
    await expect(
      dialog.getByText(/^Нет потребности в персонале по выбранным должностям за период/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/resource-planning/);
  });
});
