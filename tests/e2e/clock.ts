/**
 * The suite's clock. The demo airport's flights and tasks are generated around the current time, so what a test sees
 * depends on the hour; `E2E_FAKE_TIME` runs the whole suite at another instant to find the tests that depend on it:
 * '2026-11-24 03:00:00' (the machine's local time, as faketime and `date -d` read it) or an ISO instant with its
 * offset ('2026-11-24T06:00:00+03:00'). The clock keeps flowing from there.
 *
 * - The server runs under faketime with the offset from the real time (playwright.config.ts): a relative offset, so
 *   every process npx and tsx start shares the same clock (a start-at time would restart in each of them).
 * - The browser: the fixtures install Playwright's clock in every context at the same offset (timers keep running).
 * - The tests' own process: `now()` below, for what a test computes (today in Moscow, tomorrow).
 *
 * The offset is worked out once in the runner's process, in whole seconds (faketime's unit), and handed to the workers
 * through the environment; without `E2E_FAKE_TIME` it is 0 and nothing changes.
 */
const OFFSET_VARIABLE = 'E2E_FAKE_OFFSET_S';

/** The offset in seconds from the real time to the suite's, set up on the first call in the runner. */
export function fakeTimeOffsetSeconds(): number {
  const handed = process.env[OFFSET_VARIABLE];
  if (handed !== undefined) return Number(handed);
  const fake = process.env.E2E_FAKE_TIME;
  let offset = 0;
  if (fake) {
    const instant = Date.parse(fake);
    if (Number.isNaN(instant)) throw new Error(`E2E_FAKE_TIME is not a time: '${fake}'`);
    offset = Math.round((instant - Date.now()) / 1000);
  }
  process.env[OFFSET_VARIABLE] = String(offset);
  return offset;
}

/** The suite's offset from the real time in milliseconds: 0 unless `E2E_FAKE_TIME` is set. */
export const fakeTimeOffsetMs = fakeTimeOffsetSeconds() * 1000;

/** The suite's current time in the tests' own process: the server's and the browser's, faked or not. */
export function now(): Date {
  return new Date(Date.now() + fakeTimeOffsetMs);
}

/**
 * 'YYYY-MM-DD' of the suite's today in Moscow (the browser's zone and the demo airport's), shifted by whole days. The
 * tests' process runs in the machine's zone (UTC in CI): its own today is Moscow's yesterday from 00:00 to 03:00.
 */
export function moscowDay(shift = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now());
  return new Date(Date.parse(`${today}T12:00:00Z`) + shift * 86_400_000).toISOString().slice(0, 10);
}
