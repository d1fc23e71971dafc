import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { fakeTimeOffsetSeconds } from './tests/e2e/clock.ts';

const port = Number(process.env.E2E_PORT ?? 18080);
/** Set to test a server that is already running (development); otherwise one is started on a fresh database. */
const externalUrl = process.env.E2E_BASE_URL;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'gow-e2e-'));
/**
 * E2E_FAKE_TIME runs the suite at another instant (tests/e2e/clock.ts): the server under faketime with a relative
 * offset that every process it starts shares; the browser's clock is the fixtures'. Chromium cannot run under faketime.
 */
const fakeOffset = fakeTimeOffsetSeconds();
const serverCommand = 'npx tsx src/server/main.ts';

/** Browser tests: the built client and the real server on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  // The password round trip changes a demo user's password for good: it runs after every spec that signs in.
  projects: [
    { name: 'screens', testIgnore: /password\.spec\.ts$/ },
    { name: 'password', testMatch: /password\.spec\.ts$/, dependencies: ['screens'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: externalUrl ?? `http://127.0.0.1:${port}`,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: externalUrl
    ? undefined
    : {
        command: process.env.E2E_FAKE_TIME
          ? `faketime -f '${fakeOffset >= 0 ? '+' : ''}${fakeOffset}' ${serverCommand}`
          : serverCommand,
        url: `http://127.0.0.1:${port}/api/health`,
        timeout: 240_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_DAYS: process.env.E2E_DEMO_DAYS ?? '3',
          LOG_LEVEL: 'warn',
          // Every test signs in; the production limit of 10 a minute would refuse the suite.
          LOGIN_RATE_LIMIT: '10000',
          // Node measures its timers on the monotonic clock: faked, they would not fire as they should.
          ...(process.env.E2E_FAKE_TIME ? { FAKETIME_DONT_FAKE_MONOTONIC: '1' } : {}),
        },
      },
});
