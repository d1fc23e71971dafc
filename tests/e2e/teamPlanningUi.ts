/** What the team-planning e2e does on the screen: build a team in the modal, find rows and bars, drag, replace. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Fixed parts of the timeline picture (src/timeline/frame.ts, useLive.ts). */
const AXIS_HEIGHT = 40;
const LABEL_WIDTH = 168;
const LANE_HEIGHT = 20;
const ROW_GAP = 4;
/** Height of an item of the free-flights list (FreeFlights.tsx). */
const FREE_ITEM_HEIGHT = 44;

export interface TeamAnswer {
  id: number;
  name: string;
  flights: {
    aid: number | null;
    flight_number: string;
    begin_datetime: string;
    end_datetime: string;
    conflict: number;
  }[];
}

export interface FreeAnswer {
  aid: number | null;
  flight_number: string;
  begin_datetime: string;
  end_datetime: string;
  aircraft: { type_id: number; type_name: string };
}

/** A team to build: its positions with their members' names (each name once in its position's list). */
export interface Crew {
  rules: { position: string; members: string[] }[];
}

const board = (page: Page) => page.getByRole('application', { name: 'Рейсы по бригадам' });

/** Lanes of a row as the timeline packs them: the largest number of its flights running at once (at least 1). */
function lanesOf(team: TeamAnswer): number {
  const edges = team.flights.flatMap((f) => [
    [Date.parse(f.begin_datetime.replace(' ', 'T')), 1],
    [Date.parse(f.end_datetime.replace(' ', 'T')), -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let running = 0;
  let most = 0;
  for (const [, step] of edges) {
    running += step;
    most = Math.max(most, running);
  }
  return Math.max(1, most);
}

/** The page point in the middle height of a team's row, `x` pixels right of the label column. */
export async function rowPoint(page: Page, teams: TeamAnswer[], teamId: number, x = 60) {
  const box = await board(page).boundingBox();
  if (!box) throw new Error('no board');
  let top = 0;
  for (const team of teams) {
    if (team.id === teamId)
      return { x: box.x + LABEL_WIDTH + x, y: box.y + AXIS_HEIGHT + top + LANE_HEIGHT / 2 };
    top += lanesOf(team) * LANE_HEIGHT + ROW_GAP;
  }
  throw new Error(`team ${teamId} is not on the board`);
}

/**
 * How far right of the label column the bar of a flight lies in a team's row, found by its hover hint (the board's
 * range and lanes are the timeline's business); -1 when no hint names it.
 */
export async function barOffset(page: Page, teams: TeamAnswer[], teamId: number, flightNumber: string) {
  await board(page).scrollIntoViewIfNeeded();
  const row = await rowPoint(page, teams, teamId, 0);
  const box = await board(page).boundingBox();
  const hint = page.getByRole('tooltip').filter({ hasText: flightNumber });
  for (let x = 4; box && row.x + x < box.x + box.width - 4; x += 8) {
    await page.mouse.move(row.x + x, row.y);
    if (await hint.isVisible().catch(() => false)) return x;
    await page.waitForTimeout(25);
    if (await hint.isVisible().catch(() => false)) return x;
  }
  return -1;
}

/** Chooses an option of a (single) select inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
}

/**
 * Ticks the one employee of a picker list whose name holds `name`, found by the picker's search; the picker calls him
 * available (the save that follows must take him: the rule's accesses and the team's department are judged).
 */
async function pick(dialog: Locator, list: Locator, name: string) {
  await dialog.getByLabel('Поиск сотрудника').fill(name);
  const row = list.getByRole('listitem').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.locator('.team-planning__candidate-free')).toHaveText(/^доступен/);
  await row.getByRole('checkbox').check();
}

/**
 * Creates a draft team of the crew's positions and members through the team modal (members found by name); with
 * `job`, the first rule demands access to that job.
 */
export async function createTeam(page: Page, name: string, department: string, crew: Crew, job?: string) {
  await page.getByRole('button', { name: 'Создать бригаду' }).click();
  const dialog = page.getByRole('dialog', { name: 'Создание бригады' });
  await dialog.getByLabel('Название').fill(name);
  await choose(page, dialog, 'Подразделение', department);
  for (const [index, rule] of crew.rules.entries()) {
    const n = index + 1;
    if (index > 0) await dialog.getByRole('button', { name: 'Добавить должность' }).click();
    await choose(page, dialog, `Должность ${n}`, rule.position);
    await dialog.getByLabel(`Количество ${n}`).fill(String(rule.members.length));
    if (job && index === 0) {
      const jobs = dialog.getByRole('combobox', { name: `Работы ${n}`, exact: true });
      await jobs.click();
      await page
        .getByRole('listbox', { name: `Работы ${n}` })
        .getByRole('option', { name: job, exact: true })
        .click();
      await jobs.click();
      await expect(jobs).toContainText(job);
    }
    await dialog
      .getByRole('group', { name: `Должность ${n}`, exact: true })
      .getByRole('button', { name: 'Выбрать сотрудников' })
      .click();
    const list = dialog.getByRole('list', { name: `Выбор сотрудников должности ${n}` });
    for (const member of rule.members) await pick(dialog, list, member);
    const chosen = dialog.getByRole('list', { name: `Сотрудники должности ${n}` }).getByRole('listitem');
    await expect(chosen).toHaveCount(rule.members.length);
  }
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Бригады периода' }).getByRole('button', { name }),
  ).toBeVisible();
}

/** Opens the panel of a team from the list under the board. */
export async function openTeam(page: Page, name: string): Promise<Locator> {
  await page.getByRole('list', { name: 'Бригады периода' }).getByRole('button', { name }).click();
  const panel = page.getByRole('region', { name: `Бригада ${name}` });
  await expect(panel).toBeVisible();
  return panel;
}

/** Replaces a member from the team's panel by the employee whose name holds `substitute`. */
export async function replaceMember(page: Page, team: string, leaver: string, substitute: string) {
  const panel = await openTeam(page, team);
  await panel
    .getByRole('table', { name: 'Сотрудники и задачи' })
    .getByRole('row')
    .filter({ hasText: leaver })
    .getByRole('button', { name: 'Заменить' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Замена сотрудника' });
  await pick(dialog, dialog.getByRole('list', { name: 'Новый сотрудник' }), substitute);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
}

/** Drags a flight of the free list (scrolled into view) onto a point of the board. */
export async function dragFree(
  page: Page,
  free: FreeAnswer[],
  flight: FreeAnswer,
  target: { x: number; y: number },
) {
  const list = page.getByRole('list', { name: 'Рейсы без бригады' });
  await list.evaluate((element, top) => element.scrollTo(0, top), free.indexOf(flight) * FREE_ITEM_HEIGHT);
  const item = list.getByRole('listitem', {
    name: new RegExp(`^${flight.flight_number.replace(/[/]/g, '\\/')},`),
  });
  const box = await board(page).boundingBox();
  if (!box) throw new Error('no board');
  await item.dragTo(board(page), { targetPosition: { x: target.x - box.x, y: target.y - box.y } });
}
