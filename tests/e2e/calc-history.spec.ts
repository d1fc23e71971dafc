import { collectErrors, expect, signIn, base as test } from './fixtures.ts';
import { createCalc, plannerAuth } from './planningCalcs.ts';

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
    await expect(grid.getByRole('alert')).toHaveText('Введите название расчёта');
    await input.fill(`${kept} (переименован)`);
    await input.press('Enter');
    const renamed = grid.getByRole('link', { name: `${kept} (переименован)`, exact: true });
    await expect(renamed).toBeVisible();
    // A name longer than its column ends in an ellipsis (the link is a block, so text-overflow applies).
    await expect(renamed).toHaveCSS('display', 'block');
    await expect(renamed).toHaveCSS('text-overflow', 'ellipsis');
    expect(await renamed.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);
    await expect(grid.getByRole('link', { name: kept, exact: true })).toHaveCount(0);

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
});
