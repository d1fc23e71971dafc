import { expect, type Locator, type Page, test as playwrightTest } from '@playwright/test';
import { fakeTimeOffsetMs } from './clock.ts';

/** Signs a demo user in through the API (password = login) and stores the token as the login page does. */
export async function signIn(page: Page, login: string): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { login, password: login } });
  expect(res.status()).toBe(200);
  const { token } = await res.json();
  await page.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value);
  }, token);
}

/**
 * Finds which of the candidate passwords signs the user in through the API, for users whose password a test
 * changes (a retry finds the one the last attempt left). Signs nothing into the page.
 */
export async function findPassword(
  page: Page,
  login: string,
  candidates: readonly string[],
): Promise<string> {
  for (const password of candidates) {
    const res = await page.request.post('/api/auth/login', { data: { login, password } });
    if (res.ok()) return password;
  }
  throw new Error(`None of the candidate passwords signs ${login} in`);
}

/** Console errors and uncaught page errors seen during a test. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** A timeline's focus status: the first element describing its canvas (the current time's text may follow it). */
export async function focusStatusOf(page: Page, canvas: Locator): Promise<Locator> {
  const [status] = ((await canvas.getAttribute('aria-describedby')) ?? '').split(' ');
  return page.locator(`[id="${status}"]`);
}

/** Picks the first turnaround of today in an evaluation panel's turnaround picker. */
export async function chooseTurnaround(page: Page, panel: Locator): Promise<void> {
  const select = panel.getByRole('combobox', { name: 'Оборот', exact: true });
  await expect(select).toBeEnabled();
  await select.click();
  await page.getByRole('listbox', { name: 'Оборот' }).getByRole('option').first().click();
}

/** The page's own `performance`, kept from Playwright's clock. */
interface RealPerformance {
  performance: Performance;
  timeStamp: PropertyDescriptor | undefined;
}

/**
 * Playwright's test whose browser runs at the suite's time (tests/e2e/clock.ts): under `E2E_FAKE_TIME` every context
 * gets Playwright's clock at the server's fake time, and it flows from there (timers run as they would); otherwise it is
 * Playwright's test unchanged. Every spec goes through it (or through `test` below), whoever it signs in as.
 */
export const base = playwrightTest.extend({
  context: async ({ context }, use) => {
    if (fakeTimeOffsetMs !== 0) {
      // The clock fakes `performance` too, and its fake keeps no entries (getEntriesByName answers []): the marks and
      // measures the app takes, which tests read, would be lost. The page keeps its own, and the events' time stamps
      // that go with it (init scripts run in the order they were added, around the clock's).
      await context.addInitScript(() => {
        const saved = {
          performance: globalThis.performance,
          timeStamp: Object.getOwnPropertyDescriptor(Event.prototype, 'timeStamp'),
        };
        Object.defineProperty(globalThis, '__e2eRealPerformance', { value: saved, configurable: true });
      });
      await context.clock.install({ time: Date.now() + fakeTimeOffsetMs });
      await context.addInitScript(() => {
        const saved = (globalThis as { __e2eRealPerformance?: RealPerformance }).__e2eRealPerformance;
        if (!saved) return;
        Object.defineProperty(globalThis, 'performance', {
          value: saved.performance,
          configurable: true,
          writable: true,
        });
        if (saved.timeStamp) Object.defineProperty(Event.prototype, 'timeStamp', saved.timeStamp);
        Reflect.deleteProperty(globalThis, '__e2eRealPerformance');
      });
    }
    await use(context);
  },
});

/** `page` signed in as admin; `consoleErrors` gathers what the browser reported. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    await use(collectErrors(page));
  },
  page: async ({ page }, use) => {
    await signIn(page, 'admin');
    await use(page);
  },
});

export { expect };
