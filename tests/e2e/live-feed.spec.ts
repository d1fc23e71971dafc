import AxeBuilder from '@axe-core/playwright';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const EVENTS = '**/api/events';
const STALE = 'Нет связи с сервером: данные могут быть устаревшими';

test('a live feed that drops says in the frame that the data may be stale, and stops once it is back', async ({
  page,
}) => {
  // The first stream opens and ends at once (a server going down); every later attempt fails until let through.
  let opened = 0;
  let refused = 0;
  await page.route(EVENTS, (route: Route) => {
    if (opened++ === 0) {
      return route.fulfill({
        status: 200,
        contentType: 'text/event-stream',
        body: 'retry: 3000\n\nevent: ready\ndata: {}\n\n',
      });
    }
    refused += 1;
    return route.abort('connectionrefused');
  });
  const reloads: number[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/race\?/.test(request.url())) reloads.push(Date.now());
  });
  await page.goto('/race-newest');
  await expect(page.getByRole('table', { name: 'Рейсы' })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: STALE });
  await expect(status).toBeVisible({ timeout: 15_000 });
  // Not blocking: the table still answers. Its colours and role pass axe (serious and critical rules).
  await expect(page.getByRole('table', { name: 'Рейсы' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).include('.shell__top').analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  // Backing off from 1–3 s: a few attempts in these seconds, no storm.
  expect(refused).toBeGreaterThanOrEqual(1);
  expect(refused).toBeLessThanOrEqual(4);

  const before = reloads.length;
  await page.unroute(EVENTS);
  await expect(status).toBeHidden({ timeout: 35_000 });
  // Back: the table refreshes what it may have missed.
  await expect.poll(() => reloads.length, { timeout: 5000 }).toBeGreaterThan(before);
});

test('with the live feed up the frame says nothing about it', async ({ page }) => {
  await page.goto('/race-newest');
  await expect(page.getByRole('table', { name: 'Рейсы' })).toBeVisible();
  await page.waitForTimeout(6000);
  await expect(page.getByRole('status').filter({ hasText: STALE })).toHaveCount(0);
});
