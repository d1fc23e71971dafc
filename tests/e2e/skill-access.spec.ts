import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const URL = '/skill-access';
const SKILL = 'Английский язык';
const ITEM = 'ATR 72';

/** Opens the aircraft-types tab with the skill chosen and answers the item's checkbox. */
async function openTab(page: Page) {
  const links = page.waitForResponse((r) => r.url().endsWith('/api/v2/skill-access/aircraft-type'));
  await page.getByRole('tab', { name: 'Типы ВС' }).click();
  // The tab's links name the aircraft type under its own key (spec 3), which the screen reads.
  const answer = (await (await links).json()) as Record<string, number>[];
  expect(answer.length).toBeGreaterThan(0);
  expect(Object.keys(answer[0]).sort()).toEqual(['aircraft_type_id', 'id', 'skill_id', 'version']);
  await expect(page.getByRole('tab', { name: 'Типы ВС' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: SKILL, exact: true }).click();
  await expect(page.getByRole('group', { name: `Типы ВС: ${SKILL}` })).toBeVisible();
  const box = page.getByRole('checkbox', { name: ITEM, exact: true });
  await expect(box).toBeEnabled();
  return box;
}

test('as admin: a skill is linked to an aircraft type, saved and still linked after a reload', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(URL);
  await expect(page.getByRole('heading', { name: 'Доступы навыков', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Допуск на перрон', exact: true })).toBeVisible();

  const box = await openTab(page);
  // A reused database may hold the link from an earlier run: the walk flips it and checks the flip survives.
  const was = await box.isChecked();
  await box.click();
  await expect(box).toBeChecked({ checked: !was });
  await expect(page.getByText('Несохранённых изменений: 1')).toBeVisible();
  await page.screenshot({ path: 'test-results/skill-access-edit.png' });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v2/skill-access/update-access'));
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  const body = (await sent).postDataJSON() as {
    tab: string;
    add: object[];
    remove: object[];
    versions: { skill_id: number; version: string }[];
  };
  expect(body.tab).toBe('aircraftTypes');
  expect(body.versions).toEqual([{ skill_id: expect.any(Number), version: expect.stringMatching(/^\d+$/) }]);
  const [pair] = [...body.add, ...body.remove];
  expect(Object.keys(pair).sort()).toEqual(['aircraft_type_id', 'skill_id']);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Доступы навыков', level: 1 })).toBeVisible();
  await expect(await openTab(page)).toBeChecked({ checked: !was });
  expect(consoleErrors).toEqual([]);
});

test('as admin in two tabs: a save over the other tab’s newer save of the same skill is refused with the message, the ticks kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  const group = (tab: Page) => tab.getByRole('group', { name: `Типы ВС: ${SKILL}` });
  await page.goto(URL);
  await openTab(page);
  const other = await context.newPage();
  await other.goto(URL);
  await openTab(other);

  // Both tabs show the skill's aircraft types; the second flips one and saves first.
  const theirs = group(other).getByRole('checkbox').nth(1);
  const theirsWas = await theirs.isChecked();
  await theirs.click();
  await other.getByRole('button', { name: 'Сохранить' }).click();
  await expect(other.getByRole('status')).toHaveText('Сохранено');

  await page.bringToFront();
  // The first flips another type of the same skill: its save is refused, naming the skill, the tick kept.
  const mine = group(page).getByRole('checkbox').nth(2);
  const mineWas = await mine.isChecked();
  await mine.click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('Запись уже изменил другой пользователь')).toBeVisible();
  await expect(
    page.getByText(`Связи навыка «${SKILL}» на этой вкладке изменены другим пользователем`),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Несохранённых изменений: 1');
  await expect(mine).toBeChecked({ checked: !mineWas });
  await expect(group(page).getByRole('checkbox').nth(1)).toBeChecked({ checked: theirsWas });
  await page.screenshot({ path: 'test-results/skill-access-stale.png' });

  // «Отмена» drops the refused change and loads the tab again: the other tab's save is on screen, and is saved over.
  await page.getByRole('button', { name: 'Отмена' }).click();
  await expect(page.getByText('Запись уже изменил другой пользователь')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('');
  await expect(group(page).getByRole('checkbox').nth(1)).toBeChecked({ checked: !theirsWas });
  await expect(mine).toBeChecked({ checked: mineWas });
  await mine.click();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status')).toHaveText('Сохранено');
  await expect(mine).toBeChecked({ checked: !mineWas });
  await other.close();
  // The refused save is the one failed request the browser reports.
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
});
