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
  // The save is confirmed, as the settings form's is, until the next change.
  await expect(page.getByRole('status').filter({ hasText: 'Изменения сохранены' })).toBeVisible();

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

test('as admin in two tabs: saves over the other tab’s newer ones are refused with the message, the edits kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const STALE = 'Запись уже изменил другой пользователь. Откройте её снова и повторите изменения';
  const open = async (tab: typeof page, reload = false) => {
    // The same address differs only by its hash: going there again would not load the page anew.
    await (reload ? tab.reload() : tab.goto(URL));
    const rrp = tab.getByRole('table', { name: 'Причины задержек РРП' });
    await expect(rrp.getByRole('switch', { name: 'ГК', exact: true })).toBeVisible();
    await expect(tab.getByLabel(/Показывать после планового окончания/)).toHaveValue(/\d+/);
    return rrp.getByRole('switch', { name: 'ГК', exact: true });
  };
  const mine = await open(page);
  const other = await context.newPage();
  const theirs = await open(other);
  const was = await mine.isChecked();

  // The other tab flips the reason and sets the minutes first.
  await theirs.click();
  await other.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(other.getByText('Несохранённых изменений: 1')).toHaveCount(0);
  await expect(theirs).toBeChecked({ checked: !was });
  const theirMinutes = other.getByLabel(/Показывать после планового окончания/);
  const next = (await theirMinutes.inputValue()) === '25' ? '35' : '25';
  await theirMinutes.fill(next);
  await other.getByRole('form').getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByText('Сохранено')).toBeVisible();

  // This tab, still at the versions it read, changes the same reason: refused, the change kept and marked.
  await page.bringToFront();
  await mine.click();
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(page.getByText(STALE)).toBeVisible();
  await expect(page.getByText('Причину уже изменил другой пользователь: обновите страницу')).toBeVisible();
  await expect(page.getByText('Несохранённых изменений: 1')).toBeVisible();
  await expect(mine).toBeChecked({ checked: !was });

  // The minutes too: refused, the value typed kept.
  const myMinutes = page.getByLabel(/Показывать после планового окончания/);
  await myMinutes.fill('40');
  const form = page.getByRole('form', { name: 'Незавершённые задачи' });
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('alert').filter({ hasText: STALE })).toHaveCount(2);
  await expect(myMinutes).toHaveValue('40');
  await page.screenshot({ path: '/tmp/lab/stale-delay-reasons.png', fullPage: true });

  // Opened again, the screen shows the other tab's saves and saves over them; the reason goes back as it was.
  const again = await open(page, true);
  await expect(again).toBeChecked({ checked: !was });
  await expect(myMinutes).toHaveValue(next);
  await again.click();
  await page.getByRole('button', { name: 'Сохранить' }).first().click();
  await expect(page.getByText('Несохранённых изменений: 1')).toHaveCount(0);
  await expect(again).toBeChecked({ checked: was });
  await myMinutes.fill('40');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Сохранено')).toBeVisible();
  await other.close();
  // The refused saves are the failed requests the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});
