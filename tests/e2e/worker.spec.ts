import { expect, test } from './fixtures.ts';

test.describe('timeline geometry worker', () => {
  test('lays out through the Comlink worker with the same answer as the main thread', async ({
    page,
    consoleErrors,
  }) => {
    const workerStarted = page.waitForEvent('worker');
    await page.goto('/react_app/geometry');
    const worker = await workerStarted;
    expect(worker.url()).toMatch(/layout\.worker/);
    await expect(page.getByRole('status', { name: 'Результат проверки' })).toHaveText(
      /^Воркер и основной поток совпадают: \d+ полос/,
      { timeout: 30_000 },
    );
    await expect(page.getByRole('status', { name: 'Кто ответил' })).toHaveText('Ответил воркер (Comlink)');
    await expect(page.getByRole('status', { name: 'Время' })).toContainText('мс');
    expect(consoleErrors).toEqual([]);
  });

  test('runs the check again from the button', async ({ page }) => {
    await page.goto('/react_app/geometry');
    const result = page.getByRole('status', { name: 'Результат проверки' });
    await expect(result).toHaveText(/совпадают/, { timeout: 30_000 });
    const workerStarted = page.waitForEvent('worker');
    await page.getByRole('button', { name: 'Проверить ещё раз' }).click();
    await workerStarted;
    await expect(result).toHaveText(/^Воркер и основной поток совпадают: \d+ полос/, { timeout: 30_000 });
    await expect(page.getByRole('status', { name: 'Кто ответил' })).toHaveText('Ответил воркер (Comlink)');
  });
});
