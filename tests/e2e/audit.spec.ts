import { TARIFF_CALC_JOBS, tariffCalcBody } from '../support/tariffCalcBody.ts';
import { base, collectErrors, expect, signIn, test } from './fixtures.ts';

/** A contractor or a department as the allocation screen's lists answer it. */
interface Named {
  id: number;
  name: string;
}

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
  const change = `Вина аэропорта: ${was ? 'да' : 'нет'} → ${was ? 'нет' : 'да'}`;
  const row = grid.getByRole('row').filter({ hasText: change }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Администратор Демо (admin)');
  await expect(row).toContainText('Изменение');
  await row.getByRole('button', { name: /^Подробно: / }).click();
  const dialog = page.getByRole('dialog', { name: /Изменение: Причины задержек IATA/ });
  // The column by its Russian name, with the stored name beside it for whoever reads the database.
  const flag = dialog.getByRole('row', { name: /Вина аэропорта/ });
  await expect(flag).toContainText('is_reason_airport');
  await expect(flag).toContainText(was ? 'да' : 'нет');
  // The footer's button; the cross in the corner has the same name.
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  await expect(dialog).toHaveCount(0);
  await page.screenshot({ path: 'test-results/audit.png' });
  expect(errors).toEqual([]);
});

test('as admin: an allocation moved to another contractor shows the columns in Russian and the rows by name', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const login = await page.request.post('/api/auth/login', { data: { login: 'admin', password: 'admin' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}`, 'time-zone': 'Europe/Moscow' };
  const contractors = (await (await page.request.get('/api/v2/contractor', { headers })).json()) as Named[];
  const [from, to] = await Promise.all(
    contractors.slice(0, 2).map(async (contractor) => {
      const res = await page.request.get('/api/v2/department', {
        headers,
        params: { 'filter[contractor_id]': contractor.id },
      });
      return { contractor, department: ((await res.json()) as Named[])[0] };
    }),
  );
  const body = { is_priority_set: false, is_provide_set: false, coefs: [] };
  const created = await page.request.post('/api/v2/allocation', {
    headers,
    data: { ...body, contractor_id: from.contractor.id, department_id: from.department.id },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const moved = await page.request.patch(`/api/v2/allocation/${id}`, {
    headers,
    data: { ...body, contractor_id: to.contractor.id, department_id: to.department.id },
  });
  expect(moved.status()).toBe(200);

  await page.goto(`/audit?entity=allocations&entity_id=${id}`);
  const grid = page.getByRole('table', { name: 'Журнал изменений' });
  const named = (item: Named) => `${item.name} (#${item.id})`;
  const row = grid.getByRole('row').filter({ hasText: 'Подразделение:' }).first();
  await expect(row).toContainText('Изменение');
  await expect(row).toContainText(`Подразделение: ${named(from.department)} → ${named(to.department)}`);
  await expect(row).toContainText(`Подрядчик: ${named(from.contractor)} → ${named(to.contractor)}`);
  await row.getByRole('button', { name: /^Подробно: / }).click();
  const dialog = page.getByRole('dialog', { name: /Изменение: Аллокация подрядчиков/ });
  const department = dialog.getByRole('row', { name: /Подразделение/ });
  await expect(department).toContainText('department_id');
  await expect(department).toContainText(named(from.department));
  await expect(department).toContainText(named(to.department));
  await page.screenshot({ path: 'test-results/audit-refs.png' });
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  expect((await page.request.delete(`/api/v2/allocation/${id}`, { headers })).ok()).toBe(true);
  expect(errors).toEqual([]);
});

test('as admin: a service calc regrouped reads by its name, with its codes in Russian', async ({ page }) => {
  const errors = collectErrors(page);
  const login = await page.request.post('/api/auth/login', { data: { login: 'admin', password: 'admin' } });
  const headers = { authorization: `Bearer ${(await login.json()).token}`, 'time-zone': 'Europe/Moscow' };
  const jobs = (await (await page.request.get('/api/v2/job', { headers })).json()) as Named[];
  const idOf = (name: string) => jobs.find((job) => job.name === name)?.id ?? 0;
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Журнал e2e ${stamp}`;
  const body = {
    ...tariffCalcBody({ steps: idOf(TARIFF_CALC_JOBS.steps), bus: idOf(TARIFF_CALC_JOBS.bus) }),
    service: { name_ru: name, name_en: null, id_1c: `E2EAU${stamp}` },
  };
  const created = await page.request.post('/api/tariff/calc', { headers, data: body });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: number };
  const { version } = (await (await page.request.get(`/api/tariff/calc/${id}`, { headers })).json()) as {
    version: string;
  };
  // The body's calc is grouped by a fixed quantity (2); «Итого» is 1.
  const regrouped = await page.request.patch('/api/tariff/calc', {
    headers,
    data: { ...body, id, version, group_type: 1 },
  });
  expect(regrouped.status()).toBe(200);

  await page.goto(`/audit?entity=tariff_calcs&entity_id=${id}`);
  const grid = page.getByRole('table', { name: 'Журнал изменений' });
  const row = grid.getByRole('row').filter({ hasText: 'Тип группировки:' }).first();
  await expect(row).toContainText('Тип группировки: Фиксированное количество → Итого');
  // The row written by its service's name, not only by its number.
  await expect(row).toContainText(`${name} (#${id})`);
  await row.getByRole('button', { name: /^Подробно: / }).click();
  const dialog = page.getByRole('dialog', { name: `Изменение: Расчёты услуг, запись ${name} (#${id})` });
  const group = dialog.getByRole('row', { name: /Тип группировки/ });
  await expect(group).toContainText('group_type');
  await expect(group).toContainText('Фиксированное количество');
  await expect(group).toContainText('Итого');
  await page.screenshot({ path: 'test-results/audit-codes.png' });
  await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
  expect((await page.request.delete(`/api/tariff/calc/${id}`, { headers })).ok()).toBe(true);
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
