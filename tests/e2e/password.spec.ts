import type { Page } from '@playwright/test';
import { expect, findPassword, base as test } from './fixtures.ts';

// This spec changes the password of a demo user that the other specs sign in with, so the Playwright config runs it
// in a project of its own after every other spec.

/** Signs in through the login form and waits for the frame. */
async function logInByForm(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('Пользователь')).not.toBeEmpty();
}

/** Opens «Сменить пароль», fills the three fields and saves; answers the dialog. */
async function changePassword(page: Page, current: string, next: string, repeat = next) {
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  const dialog = page.getByRole('dialog', { name: 'Смена пароля' });
  await dialog.getByLabel('Текущий пароль').fill(current);
  await dialog.getByLabel('Новый пароль', { exact: true }).fill(next);
  await dialog.getByLabel('Повторите новый пароль').fill(repeat);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  return dialog;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

// The demo password of 'tariff' cannot come back (a password may not equal the login), so the round trip goes
// tariff → first → second; on a retry it starts from whichever of them still signs in.
test('a user changes the password, signs in with the new one and changes it again', async ({ page }) => {
  const first = 'tariff-e2e-first';
  const second = 'tariff-e2e-second';
  const start = await findPassword(page, 'tariff', ['tariff', first, second]);
  const next = start === first ? second : first;
  await logInByForm(page, 'tariff', start);

  const refused = await changePassword(page, 'not-my-password', next);
  await expect(refused.getByLabel('Текущий пароль')).toHaveAccessibleDescription('Неверный текущий пароль');
  await refused.getByLabel('Повторите новый пароль').fill('something-else');
  await refused.getByLabel('Текущий пароль').fill(start);
  await refused.getByRole('button', { name: 'Сохранить' }).click();
  await expect(refused.getByLabel('Повторите новый пароль')).toHaveAccessibleDescription(
    'Пароли не совпадают',
  );
  // Typed passwords: «Отмена» asks first.
  await refused.getByRole('button', { name: 'Отмена' }).click();
  await page
    .getByRole('alertdialog', { name: 'Закрыть форму?' })
    .getByRole('button', { name: 'Закрыть без сохранения' })
    .click();
  await expect(refused).toBeHidden();

  const dialog = await changePassword(page, start, next);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Пароль изменён')).toBeVisible();

  await logOut(page);
  await page.getByLabel('Логин').fill('tariff');
  await page.getByLabel('Пароль').fill(start);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
  await logInByForm(page, 'tariff', next);

  const back = next === first ? second : first;
  await expect(await changePassword(page, next, back)).toBeHidden();
  await logOut(page);
  await logInByForm(page, 'tariff', back);
});
