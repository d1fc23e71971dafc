import { base, collectErrors, expect, signIn, test } from './fixtures.ts';

test('as admin: a delay reason toggled on its screen is found in the audit trail by its table, with the change', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/system/config#kpi_report');
  await page.getByRole('tab', { name: 'IATA' }).click();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('11');
  const iata = page.getByRole('table', { name: 'Коды задержек IATA' });
  const code = iata.getByRole('switch', { name: '11', exact: true });
  const was = await code.isChecked();
  await code.click();
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(page.getByText('Несохранённых изменений: 1')).toHaveCount(0);

  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Журнал изменений', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Таблица' }).click();
  // The list is virtualised: the search brings the table into view.
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('IATA');
  await page
    .getByRole('listbox', { name: 'Таблица' })
    .getByRole('option', { name: /Причины задержек IATA/ })
    .click();
  await expect(page).toHaveURL(/[?&]entity=delay_iata_codes/);
  const grid = page.getByRole('table', { name: 'Журнал изменений' });
  const change = `is_reason_airport: ${was ? 'да' : 'нет'} → ${was ? 'нет' : 'да'}`;
  const row = grid.getByRole('row').filter({ hasText: change }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Администратор Демо (admin)');
  await expect(row).toContainText('Изменение');
  await row.getByRole('button', { name: /^Подробно: / }).click();
  const dialog = page.getByRole('dialog', { name: /Изменение: Причины задержек IATA/ });
  await expect(dialog.getByRole('row', { name: /is_reason_airport/ })).toContainText(was ? 'да' : 'нет');
  // The footer's button; the cross in the corner has the same name.
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(dialog).toHaveCount(0);
  await page.screenshot({ path: 'test-results/audit.png' });
  expect(errors).toEqual([]);
});

// Playwright's page (at the suite's time) rather than the admin's.
base('as planner: the audit trail is neither in the menu nor open', async ({ page }) => {
  await signIn(page, 'planner');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Журнал изменений' }),
  ).toHaveCount(0);
});
