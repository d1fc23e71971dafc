import { collectErrors, expect, test } from './fixtures.ts';

const URL = '/system/config#kpi_report';

test('as admin: a delay reason toggled, saved and still toggled after a reload; the unfinished-task minutes saved', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Причины задержек', level: 1 })).toBeVisible();
  const rrp = page.getByRole('table', { name: 'Причины задержек РРП' });
  await expect(rrp.getByRole('row').nth(3)).toBeVisible();

  // The IATA tab with a search: weather at the departure airport (71 WO).
  await page.getByRole('tab', { name: 'IATA' }).click();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('wo');
  const iata = page.getByRole('table', { name: 'Коды задержек IATA' });
  await expect(iata.getByRole('row')).toHaveCount(2);
  const weather = iata.getByRole('switch', { name: '71', exact: true });
  const was = await weather.isChecked();
  await weather.click();
  await expect(weather).toBeChecked({ checked: !was });
  await expect(page.getByText('Несохранённых изменений: 1')).toBeVisible();
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(page.getByText('Несохранённых изменений: 1')).toHaveCount(0);

  const minutes = page.getByLabel(/Показывать после планового окончания/);
  await expect(minutes).toHaveValue(/\d+/);
  const next = (await minutes.inputValue()) === '45' ? '50' : '45';
  await minutes.fill(next);
  await minutes.blur();
  await page.getByRole('form').getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'IATA' }).click();
  await page.getByRole('searchbox', { name: 'Поиск' }).fill('71');
  await expect(iata.getByRole('switch', { name: '71', exact: true })).toBeChecked({ checked: !was });
  await expect(page.getByLabel(/Показывать после планового окончания/)).toHaveValue(next);
  expect(errors).toEqual([]);
});
