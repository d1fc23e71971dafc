import { expect, test } from './fixtures.ts';

const TITLE = 'Аллокация подрядчиков';

test('as admin: an allocation created on the basis of a row is edited, read back after a reload and deleted', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/allocation');
  await expect(page.getByRole('heading', { name: TITLE, level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: TITLE });
  const base = table.getByRole('row').filter({ hasText: 'КП-Салон' });
  await expect(base).toHaveCount(1);

  await page.getByRole('button', { name: 'Создать на основе: КП-Салон (ООО «Клининг Плюс»), любое' }).click();
  const copy = page.getByRole('dialog', { name: 'Новая настройка на основе существующей' });
  await expect(copy.getByLabel('Коэффициент загрузки')).toHaveValue('1.2');
  await expect(copy.getByRole('combobox', { name: 'Подразделение', exact: true })).toContainText('КП-Салон');
  await copy.getByLabel('От', { exact: true }).fill('800');
  await copy.getByLabel('До', { exact: true }).fill('200');
  await copy.getByRole('button', { name: 'Сохранить' }).click();
  await expect(copy.getByLabel('До', { exact: true })).toHaveAccessibleDescription(
    'Конец диапазона меньше начала',
  );
  await copy.getByLabel('От', { exact: true }).fill('200');
  await copy.getByLabel('До', { exact: true }).fill('800');
  await copy.getByLabel('Коэффициент приоритета').fill('1,75');
  await copy.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const created = table.getByRole('row').filter({ hasText: '200–800 м' });
  await expect(created).toHaveCount(1);
  await expect(created).toContainText('Коэффициент приоритета: 1,75');
  await expect(created).toContainText('КП-Салон');

  await page.getByRole('button', { name: 'Изменить: КП-Салон (ООО «Клининг Плюс»), 200–800 м' }).click();
  const edit = page.getByRole('dialog', { name: 'Изменение настройки аллокации' });
  await expect(edit.getByLabel('До', { exact: true })).toHaveValue('800');
  await edit.getByLabel('До', { exact: true }).fill('900');
  await edit.getByRole('switch', { name: 'Приоритетный подрядчик' }).click();
  await edit.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.reload();
  const edited = table.getByRole('row').filter({ hasText: '200–900 м' });
  await expect(edited).toHaveCount(1);
  await expect(edited.getByRole('cell').nth(3)).toHaveText('Да');

  await page.getByRole('button', { name: 'Удалить: КП-Салон (ООО «Клининг Плюс»), 200–900 м' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить настройку аллокации?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: '200–900 м' })).toHaveCount(0);
  await expect(base).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
});
