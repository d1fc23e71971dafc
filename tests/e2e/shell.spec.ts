import { base, collectErrors, expect, signIn } from './fixtures.ts';
import { createCalc } from './planningCalcs.ts';

const test = base;

const ADMIN_ROUTES: { path: string; title: string }[] = [
  { path: '/workplace', title: 'Расстояния между рабочими местами' },
  { path: '/allocation', title: 'Аллокация подрядчиков' },
  { path: '/skill-access', title: 'Доступы навыков' },
  { path: '/team-planning', title: 'Планирование бригад' },
  { path: '/team-planning-race', title: 'Бригады на рейсах' },
  { path: '/flight/view/123', title: 'Срочный багаж' },
  { path: '/baggage/flight/123', title: 'Срочный багаж' },
  { path: '/tariff/vip-passenger', title: 'VIP-расчёты' },
  { path: '/tariff/service', title: 'Расчёты услуг' },
  { path: '/race-newest', title: 'Суточный план полётов' },
  { path: '/resource-planning', title: 'Планирование персонала по рейсам' },
  { path: '/shift-schedules/:calc', title: 'График сменности' },
  { path: '/planning-calc-history', title: 'Сохранённые расчёты' },
  { path: '/planning-vacation/:calc', title: 'Планирование отпусков' },
  { path: '/brs/config', title: 'Настройки БРС авиакомпаний' },
  { path: '/system/config#kpi_report', title: 'Причины задержек' },
  { path: '/system/config#postal-statements', title: 'Почтовые ведомости' },
  // The group's base as the spec writes it, with its slash.
  { path: '/system/config/#kpi_report', title: 'Причины задержек' },
  { path: '/delay-employee', title: 'Ответственные за задержки' },
  { path: '/audit', title: 'Журнал изменений' },
  { path: '/react_app', title: 'Витрина компонентов' },
];

test('a user logs in through the form, is sent back where they were going, and logs out', async ({
  page,
}) => {
  await page.goto('/tariff/service');
  await expect(page).toHaveURL(/\/login\?next=%2Ftariff%2Fservice/);
  await page.getByLabel('Логин').fill('admin');
  await page.getByLabel('Пароль').fill('wrong');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Неверный логин или пароль');
  await page.getByLabel('Пароль').fill('admin');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/tariff\/service$/);
  await expect(page.getByLabel('Пользователь')).toHaveText('Администратор Демо');
  await page.getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/race-newest');
  await expect(page).toHaveURL(/\/login/);
});

test('a viewer sees only the ungated routes in the menu and gets 404 on a gated one', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Разделы' });
  await expect(menu.getByRole('link', { name: 'Суточный план полётов' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'VIP-расчёты' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Причины задержек' })).toBeVisible();
  for (const gated of [
    'Планирование бригад',
    'Сохранённые расчёты',
    'Аллокация подрядчиков',
    'Доступы навыков',
    'Ответственные за задержки',
    'Журнал изменений',
  ]) {
    await expect(menu.getByRole('link', { name: gated, exact: true })).toHaveCount(0);
  }
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('rules') ?? 'null'))).toEqual([]);
  await page.goto('/allocation');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
});

test('an administrator opens every route of the table without a console error', async ({ page }) => {
  // A calculation of its own: with another spec's, or none (a 404 the browser logs), the test would depend on order.
  const calc = String(await createCalc(page.request, 'Расчёт для обхода маршрутов'));
  const errors = collectErrors(page);
  await signIn(page, 'admin');
  for (const route of ADMIN_ROUTES) {
    await page.goto(route.path.replace(':calc', calc));
    await expect(page.getByRole('heading', { level: 1 }).first(), route.path).toContainText(route.title);
  }
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the time zone chosen in the frame is stored and sent with every base call', async ({ page }) => {
  await signIn(page, 'planner');
  await page.goto('/');
  await page.getByLabel('Часовой пояс').selectOption('Asia/Vladivostok');
  await expect(page.getByLabel('Часовой пояс')).toHaveValue('Asia/Vladivostok');
  const request = page.waitForRequest((req) => req.url().includes('/api/auth/me'));
  await page.reload();
  expect((await request).headers()['time-zone']).toBe('Asia/Vladivostok');
});

test('a stale token sends the user to login and, after login, back to the screen', async ({ page }) => {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('token', 'stale-token'));
  await page.goto('/race-newest');
  await expect(page).toHaveURL(/\/login\?next=%2Frace-newest$/);
  await page.getByLabel('Логин').fill('viewer');
  await page.getByLabel('Пароль').fill('viewer');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/race-newest$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Суточный план полётов');
});

test('a hash change to another module page reloads the page', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/system/config#kpi_report');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Причины задержек');
  await page.evaluate(() => {
    (window as unknown as { beforeHashChange?: boolean }).beforeHashChange = true;
    location.hash = '#postal-statements';
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Почтовые ведомости');
  const survived = await page.evaluate(
    () => (window as unknown as { beforeHashChange?: boolean }).beforeHashChange,
  );
  expect(survived).toBeUndefined();
});

const DEMO_HINT = 'Учётные записи с паролем, равным логину. Смените пароли или отключите демо-пользователей.';

test('a demo server shows the «Демо-режим» mark on the login page and in the frame', async ({ page }) => {
  expect(await (await page.request.get('/api/auth/mode')).json()).toEqual({ demo: true });
  await page.goto('/login');
  await expect(page.getByRole('note', { name: 'Демо-режим' })).toContainText(DEMO_HINT);
  await page.getByLabel('Логин').fill('viewer');
  await page.getByLabel('Пароль').fill('viewer');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('Пользователь')).not.toBeEmpty();
  const mark = page.getByRole('banner').getByRole('note', { name: 'Демо-режим' });
  await expect(mark).toBeVisible();
  await expect(mark).toContainText(DEMO_HINT);
});

test("the login form puts the shared schema's messages under its controls before sending", async ({
  page,
}) => {
  const logins: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) logins.push(request.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('Логин')).toHaveAccessibleDescription('Поле обязательно для заполнения');
  await expect(page.getByLabel('Пароль')).toHaveAccessibleDescription('Поле обязательно для заполнения');
  await page.getByLabel('Логин').fill('   ');
  await page.getByLabel('Пароль').fill('x');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByLabel('Логин')).toHaveAccessibleDescription('Поле обязательно для заполнения');
  await expect(page.getByLabel('Пароль')).toHaveAccessibleDescription('');
  expect(logins).toEqual([]);
});

test('the first Tab reaches «Перейти к содержимому», and Enter takes the focus past the menu into the screen', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Журнал изменений', level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Перейти к содержимому' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab goes to the screen's first control, not to the menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});
