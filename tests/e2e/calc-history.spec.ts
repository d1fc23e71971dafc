import type { Page } from '@playwright/test';
import { collectErrors, expect, signIn, base as test } from './fixtures.ts';
import { inkOfCell } from './ink.ts';
import { createCalc, plannerAuth } from './planningCalcs.ts';

const TITLE = 'Сохранённые расчёты';

test.describe('saved calculations as planner', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'planner');
  });

  test('renames a calculation inline and deletes another after the confirmation', async ({ page }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const kept = `E2E история ${Date.now()}`;
    const doomed = `${kept}: удалить`;
    await createCalc(page.request, kept);
    await createCalc(page.request, doomed);

    await page.goto('/planning-calc-history');
    const grid = page.getByRole('table', { name: 'Сохранённые расчёты' });
    await expect(grid.getByRole('link', { name: doomed, exact: true })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Отпуска', exact: true }).first()).toHaveAttribute(
      'href',
      /\/planning-vacation\/\d+$/,
    );

    await grid.getByRole('button', { name: `Переименовать: ${kept}`, exact: true }).click();
    const input = grid.getByRole('textbox', { name: `Новое название: ${kept}` });
    await input.fill('   ');
    await input.press('Enter');
    // The message sits above the grid (a row has no room for it) and describes the input.
    await expect(page.getByRole('alert')).toHaveText('Введите название расчёта');
    await expect(input).toHaveAccessibleDescription('Введите название расчёта');
    // The name column takes the room the others leave: the input is wide enough to edit in.
    expect((await input.boundingBox())?.width).toBeGreaterThan(120);
    // Laid out again while the first cell holds the rename form (a block), the grid's canvas still draws the row's
    // plain texts on the document's baseline (it measured below the form once).
    await page.setViewportSize({ width: 1300, height: 720 });
    const editor = page.getByRole('textbox', { name: `Новое название: ${kept}` });
    const author = grid.getByRole('row').filter({ has: editor }).getByRole('cell').nth(4);
    const { drawn, laidOut } = await inkOfCell(page, grid, author);
    expect(laidOut.top).toBeGreaterThan(0);
    expect(drawn).toEqual(laidOut);
    await input.fill(`${kept} (переименован)`);
    await input.press('Enter');
    const renamed = grid.getByRole('link', { name: `${kept} (переименован)`, exact: true });
    await expect(renamed).toBeVisible();
    // A name longer than its column ends in an ellipsis (the link is a block, so text-overflow applies).
    await expect(renamed).toHaveCSS('display', 'block');
    await expect(renamed).toHaveCSS('text-overflow', 'ellipsis');
    expect(await renamed.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);
    await expect(grid.getByRole('link', { name: kept, exact: true })).toHaveCount(0);
    // Focus went back to the row's «Переименовать» (the input that held it is gone), through the list's reload.
    const renameAgain = grid.getByRole('button', {
      name: `Переименовать: ${kept} (переименован)`,
      exact: true,
    });
    await expect(renameAgain).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(grid.getByRole('textbox', { name: `Новое название: ${kept} (переименован)` })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(renameAgain).toBeFocused();

    await grid.getByRole('button', { name: `Удалить: ${doomed}`, exact: true }).click();
    const question = page.getByRole('alertdialog', { name: 'Удалить расчёт?' });
    await expect(question).toContainText(doomed);
    await question.getByRole('button', { name: 'Удалить' }).click();
    await expect(question).toBeHidden();
    await expect(grid.getByRole('link', { name: doomed, exact: true })).toHaveCount(0);

    const headers = await plannerAuth(page.request);
    const stored = await page.request.post('/api/planning/calc', {
      headers,
      data: { filter: { name: kept } },
    });
    expect(((await stored.json()) as { name: string }[]).map((row) => row.name)).toEqual([
      `${kept} (переименован)`,
    ]);

    await grid.getByRole('link', { name: `${kept} (переименован)`, exact: true }).click();
    await expect(page).toHaveURL(/\/shift-schedules\/\d+$/);

    // The coefficient panel of the schedule: the figures follow the inputs, a bad input is refused under it.
    const panel = page.getByRole('region', { name: 'Коэффициенты планирования' });
    const figure = async (key: string) => Number(await panel.locator(`[data-figure="${key}"]`).textContent());
    await expect(panel.locator('[data-figure="pers_kol"]')).not.toBeEmpty();
    const persKol = await figure('pers_kol');
    expect(await figure('required_emp')).toBe(persKol);
    await panel.getByLabel('Коэффициент отсутствия, %').fill('150');
    await expect(
      panel.getByText('Ожидается число от 0 до 100, не больше 2 знаков после запятой'),
    ).toBeVisible();
    await panel.getByLabel('Коэффициент отсутствия, %').fill('100');
    await panel.getByLabel('Дополнительно сотрудников').fill('3');
    await expect.poll(() => figure('required_emp')).toBe(persKol * 2 + 3);
    expect(await figure('emp_dif')).toBe((await figure('emp_fact_total')) - (persKol * 2 + 3));
    expect(errors).toEqual([]);
  });

  test('in two tabs: a rename over the other tab’s newer one is refused with the message, the draft kept', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    const name = `E2E версия ${Date.now()}`;
    const id = await createCalc(page.request, name);
    const rename = async (tab: Page, current: string) => {
      const grid = tab.getByRole('table', { name: TITLE });
      await grid.getByRole('button', { name: `Переименовать: ${current}`, exact: true }).click();
      return grid.getByRole('textbox', { name: `Новое название: ${current}`, exact: true });
    };

    // Both tabs start renaming the same row; the second saves first.
    await page.goto('/planning-calc-history');
    const mine = await rename(page, name);
    const other = await context.newPage();
    await other.goto('/planning-calc-history');
    const theirs = await rename(other, name);
    await theirs.fill(`${name} (вторая вкладка)`);
    await theirs.press('Enter');
    await expect(
      other
        .getByRole('table', { name: TITLE })
        .getByRole('link', { name: `${name} (вторая вкладка)`, exact: true }),
    ).toBeVisible();

    await page.bringToFront();
    await mine.fill(`${name} (первая вкладка)`);
    await mine.press('Enter');
    const grid = page.getByRole('table', { name: TITLE });
    await expect(page.getByRole('alert')).toHaveText(
      'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения',
    );
    await page.screenshot({ path: '/tmp/lab/stale-calc.png' });
    // The list reloaded under the draft: the row is the other tab's now, the input keeps what this one typed.
    const kept = grid.getByRole('textbox', { name: `Новое название: ${name} (вторая вкладка)`, exact: true });
    await expect(kept).toHaveValue(`${name} (первая вкладка)`);
    await kept.press('Escape');
    await expect(grid.getByRole('link', { name: `${name} (вторая вкладка)`, exact: true })).toBeVisible();

    // Started again, the rename sends the version of the row as it is now, and passes.
    const again = await rename(page, `${name} (вторая вкладка)`);
    await again.fill(`${name} (первая вкладка)`);
    await again.press('Enter');
    await expect(grid.getByRole('link', { name: `${name} (первая вкладка)`, exact: true })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await other.close();
    const removed = await page.request.delete('/api/planning/calc/delete', {
      headers: await plannerAuth(page.request),
      data: { calc_id: id },
    });
    expect(removed.status()).toBe(204);
    // The refused rename is the one failed request the browser reports.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
  });
});
