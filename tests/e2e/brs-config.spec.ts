import { collectErrors, expect, test } from './fixtures.ts';

const URL = '/brs/config';

test('as admin: an airline is found by its ICAO code, its BRS settings saved inline and still there after a reload', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Настройки БРС авиакомпаний', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Авиакомпании' });
  await expect(table.getByRole('row').nth(5)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Поиск авиакомпании' }).fill('pbd');
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: /Победа/ });
  await row.getByRole('button', { name: /^(Настроить|Изменить): Победа$/ }).click();

  const form = page.getByRole('form', { name: 'Настройки БРС: Победа' });
  await form.getByRole('switch', { name: 'БРС включена' }).check();
  await form.getByRole('switch', { name: 'Приём BSM' }).check();
  const pieces = form.getByLabel('Макс. мест на пассажира');
  // Out of bounds first: the message stays under the field and nothing closes.
  await pieces.fill('25');
  await pieces.blur();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('Ожидается целое число от 1 до 20')).toBeVisible();
  await pieces.fill('4');
  await pieces.blur();
  const close = form.getByLabel('Окончание загрузки, мин до вылета');
  await close.fill('35');
  await close.blur();
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('включена');

  await page.reload();
  await page.getByRole('searchbox', { name: 'Поиск авиакомпании' }).fill('Победа');
  const saved = table.getByRole('row', { name: /Победа/ });
  await expect(saved.getByRole('cell')).toHaveText([
    'Победа',
    'DP',
    'PBD',
    'ДР',
    'включена',
    'да',
    'нет',
    '32',
    '4',
    '35',
    'Загружать последними',
    'Допуск агентом',
    'Изменить',
  ]);
  expect(errors).toEqual([]);
});
