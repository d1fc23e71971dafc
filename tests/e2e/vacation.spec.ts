import type { Locator, Page } from '@playwright/test';
import { collectErrors, expect, signIn, base as test } from './fixtures.ts';
import { createCalc, plannerAuth } from './planningCalcs.ts';

/** The shortage row's value of a day as shown. */
const profitOf = async (page: Page, day: string) =>
  Number(await page.locator(`[data-profit-date="${day}"]`).textContent());

/** How many lines an element's text takes on screen (one rectangle top per line). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/**
 * Presses the mouse on the first employee's first day and moves it over his third; `beforeRelease` runs with the
 * button still down (it may move the mouse on) before it is let go.
 */
async function dragFirstRow(page: Page, beforeRelease: () => Promise<void> = async () => undefined) {
  const from = await page.locator('[data-cell="0:0"]').boundingBox();
  const to = await page.locator('[data-cell="0:2"]').boundingBox();
  if (!from || !to) throw new Error('the cells have no box');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await beforeRelease();
  await page.mouse.up();
}

test.describe('vacation planner as planner', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'planner');
  });

  test('plans a vacation by dragging and by keys, sees the shortage row change and saves it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    // A long name, as a schedule's default «График сменности DD.MM.YYYY – DD.MM.YYYY»: the title must wrap, not the
    // buttons beside it.
    const id = await createCalc(page.request, `E2E отпуска, расчёт с длинным названием ${Date.now()}`);
    await page.goto(`/planning-vacation/${id}`);
    const first = page.locator('[data-cell="0:0"]');
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Протяните по дням сотрудника/)).toBeVisible();
    // The link back to the schedule is drawn as a button: centred, not underlined (a.w-button).
    const schedule = page.getByRole('link', { name: 'График сменности' });
    await expect(schedule).toHaveCSS('text-decoration-line', 'none');
    await expect(schedule).toHaveCSS('align-items', 'center');
    for (const button of [
      schedule,
      page.getByRole('button', { name: 'Отменить изменения' }),
      page.getByRole('button', { name: 'Сохранить' }),
    ])
      expect(await linesOf(button)).toBe(1);
    const day0 = (await first.getAttribute('data-date')) as string;
    const day2 = (await page.locator('[data-cell="0:2"]').getAttribute('data-date')) as string;
    const day1 = (await page.locator('[data-cell="0:1"]').getAttribute('data-date')) as string;
    const employeeId = Number(await first.getAttribute('data-employee'));
    const before = await profitOf(page, day0);
    const left = page.locator(`[data-employee-row="${employeeId}"] .vacation-grid__left`);
    await expect(left).toHaveText('20');

    // Drag across three days of the first employee.
    await dragFirstRow(page);
    await expect(page.locator('[data-cell="0:1"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(left).toHaveText('17');
    await expect(page.getByRole('status').filter({ hasText: 'Не сохранено: сотрудников 1' })).toBeVisible();
    await expect.poll(() => profitOf(page, day0)).toBe(before - 1);
    await expect(page.locator(`[data-profit-date="${day0}"]`)).toHaveClass(
      before - 1 < 0 ? /vacation-profit--short/ : /vacation-profit--(even|spare)/,
    );

    // The keyboard takes a day back.
    await page.locator('[data-cell="0:0"]').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-cell="0:1"]')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.locator('[data-cell="0:1"]')).toHaveAttribute('aria-pressed', 'false');
    await expect(left).toHaveText('18');

    // Leaving through the menu with the plan unsaved asks first; staying keeps the plan.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole('link', { name: 'Сохранённые расчёты' }).click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    await expect(page).toHaveURL(new RegExp(`/planning-vacation/${id}$`));
    await expect(page.getByRole('status').filter({ hasText: 'Не сохранено: сотрудников 1' })).toBeVisible();

    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'План отпусков сохранён' })).toBeVisible();
    const headers = await plannerAuth(page.request);
    const stored = await page.request.get(`/api/planning/vacation?calc_id=${id}&per-page=1000`, { headers });
    const answer = (await stored.json()) as { employees: { id: number; planDates: string[] }[] };
    expect(answer.employees.find((row) => row.id === employeeId)?.planDates).toEqual([day0, day2]);
    expect(day1 > day0 && day2 > day1).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a drag let go outside the grid ends there: the days it crossed are planned, none stays marked as dragged', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const id = await createCalc(page.request, `E2E отпуска за краем ${Date.now()}`);
    await page.goto(`/planning-vacation/${id}`);
    const first = page.locator('[data-cell="0:0"]');
    await expect(first).toBeVisible({ timeout: 30_000 });
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    if (!title) throw new Error('the title has no box');
    // Out of the grid (onto the page's title) and let go there.
    await dragFirstRow(page, () => page.mouse.move(title.x + 10, title.y + title.height / 2, { steps: 4 }));
    await expect(page.locator('[data-cell="0:2"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('.vacation-cell--dragged')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Не сохранено: сотрудников 1' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('vacation planner as viewer', () => {
  test('shows the plans read-only: neither a drag nor a key plans a day, and it says why', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const id = await createCalc(page.request, `E2E отпуска, просмотр ${Date.now()}`);
    await signIn(page, 'viewer');
    await page.goto(`/planning-vacation/${id}`);
    const first = page.locator('[data-cell="0:0"]');
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Только просмотр: нет права на изменение плана отпусков/)).toBeVisible();
    await expect(page.getByText(/Протяните по дням сотрудника/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
    const day0 = (await first.getAttribute('data-date')) as string;
    const before = await profitOf(page, day0);
    const employeeId = Number(await first.getAttribute('data-employee'));
    const left = page.locator(`[data-employee-row="${employeeId}"] .vacation-grid__left`);
    await expect(left).toHaveText('20');

    await dragFirstRow(page, () => expect(page.locator('.vacation-cell--dragged')).toHaveCount(0));
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-cell="0:1"]')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');

    await expect(page.locator('.vacation-cell[aria-pressed="true"]')).toHaveCount(0);
    await expect(left).toHaveText('20');
    await expect(page.getByRole('status')).toHaveText('');
    expect(await profitOf(page, day0)).toBe(before);
    expect(errors).toEqual([]);
  });
});
