/**
 * What the team-planning e2e asks the API: the period, and a free flight with the people who can take it, chosen the
 * way a planner would (the flight first, then the staff the server's candidate filter gives for its aircraft type), so
 * that the test does not depend on who happens to be free on a given database.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { moscowDay } from './clock.ts';
import type { FreeAnswer } from './teamPlanningUi.ts';

/** A GET of the API as the signed-in page calls it. */
export type Get = <T>(path: string) => Promise<T>;

/** The API as the signed-in page calls it (its token and zone). */
export function apiOf(page: Page, request: APIRequestContext): Get {
  return async <T>(path: string) => {
    const res = await request.get(`/api${path}`, { headers: await headersOf(page) });
    expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
    return (await res.json()) as T;
  };
}

/** Today and tomorrow in Moscow, as the board's default period. */
export function todayPeriod() {
  return { begin: `${moscowDay()} 00:00:00`, end: `${moscowDay(1)} 00:00:00` };
}

export type Period = ReturnType<typeof todayPeriod>;

/** The signed-in page's token and zone, as the API's headers. */
export async function headersOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { Authorization: `Bearer ${token}`, 'Time-Zone': 'Europe/Moscow' };
}

/**
 * Creates an empty team of today 10:00–18:00 in the first department through the API, as the signed-in page would;
 * answers its id. Example: `await createDayTeam(page, request, 'Масштаб 123')`.
 */
export async function createDayTeam(page: Page, request: APIRequestContext, name: string): Promise<number> {
  const departments = await apiOf(page, request)<{ id: number }[]>('/team-planning/department');
  const period = todayPeriod();
  const created = await request.post('/api/team-planning/v1/team', {
    headers: await headersOf(page),
    data: {
      name,
      begin_datetime: period.begin.replace('00:00:00', '10:00:00'),
      end_datetime: period.begin.replace('00:00:00', '18:00:00'),
      team_status_id: 1,
      department_id: departments[0].id,
      employeePositionRules: [],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

/** The board's flight filters for the period and one department. */
export const boardQuery = (period: Period, departmentId: number) =>
  `filter[begin_datetime]=${encodeURIComponent(period.begin)}&filter[end_datetime]=${encodeURIComponent(period.end)}` +
  `&filter[department_id][]=${departmentId}`;

/** The query of a period as `v1.1/employee` takes it. */
const periodQuery = (period: Period) =>
  `begin_datetime=${encodeURIComponent(period.begin)}&end_datetime=${encodeURIComponent(period.end)}`;

/** A wall-clock time moved by whole minutes. Example: `shiftWall('2026-11-23 00:10:00', -30)` → '2026-11-22 23:40:00'. */
function shiftWall(wall: string, minutes: number): string {
  const moved = new Date(Date.parse(`${wall.replace(' ', 'T')}Z`) + minutes * 60_000);
  return moved.toISOString().replace('T', ' ').slice(0, 19);
}

interface Candidate {
  id: number;
  name: string;
  is_accessible?: boolean;
  tasks_in_period?: number;
}

export interface Position {
  id: number;
  name: string;
}

/** The flight the teams take, the positions its tasks need, and the people to build the teams of. */
export interface Plan {
  flight: FreeAnswer;
  /** Of the positions offered, those the flight's tasks need (the first one always). */
  positions: Position[];
  /** By position id: people type-rated for the flight and free over it, each name found once by the pickers. */
  people: Map<number, string[]>;
  /** One more person of the first position, rated and free: the substitute of a replace. */
  spare: string;
}

/** Margin around the flight in which its people must hold no task, and inside which the teams' day must lie. */
const MARGIN_MINUTES = 30;

/**
 * The first free flight of the period (in the free list's order, whole inside the period with the margin) whose
 * tasks need `positions[0]`, those needing every one of `positions` first, for which the candidate filter gives
 * `perTeam` people per needed position for each of two teams, plus a spare of the first position: of that position,
 * rated for the flight's aircraft type, free of tasks over the flight ±30 min and of other teams all the period.
 */
export async function planFlight(
  get: Get,
  period: Period,
  free: readonly FreeAnswer[],
  positions: readonly Position[],
  perTeam: number,
): Promise<Plan> {
  const range =
    `filter[begin_datetime]=${encodeURIComponent(period.begin)}` +
    `&filter[end_datetime]=${encodeURIComponent(period.end)}`;
  /** By position id: the free flights whose tasks need it. */
  const needing = new Map<number, Set<number | null>>();
  /** Everyone of the positions over the period: who is in no other team, and what each name search finds. */
  const everyone: Candidate[] = [];
  for (const position of positions) {
    const flights = await get<FreeAnswer[]>(
      `/team-planning/v1/flights-without-team?${range}&filter[emp_pos_id][]=${position.id}`,
    );
    needing.set(position.id, new Set(flights.map((f) => f.aid)));
    everyone.push(
      ...(await get<Candidate[]>(
        `/team-planning/v1.1/employee?emp_pos_id[]=${position.id}&${periodQuery(period)}`,
      )),
    );
  }
  const inNoTeam = new Set(everyone.filter((c) => c.is_accessible).map((c) => c.id));
  const foundOnce = (name: string) =>
    everyone.filter((other) => other.name.toLowerCase().includes(name.toLowerCase())).length === 1;
  const needs = (flight: FreeAnswer) => positions.filter((p) => needing.get(p.id)?.has(flight.aid));
  const flights = free
    .filter(
      (f) =>
        f.aid !== null &&
        needing.get(positions[0].id)?.has(f.aid) &&
        shiftWall(f.begin_datetime, -MARGIN_MINUTES) >= period.begin &&
        shiftWall(f.end_datetime, MARGIN_MINUTES) <= period.end,
    )
    .sort((a, b) => needs(b).length - needs(a).length);

  for (const flight of flights) {
    const around = {
      begin: shiftWall(flight.begin_datetime, -MARGIN_MINUTES),
      end: shiftWall(flight.end_datetime, MARGIN_MINUTES),
    };
    const people = new Map<number, string[]>();
    for (const [index, position] of needs(flight).entries()) {
      const rated = await get<Candidate[]>(
        `/team-planning/v1.1/employee?emp_pos_id[]=${position.id}` +
          `&aircraft_type_id[]=${flight.aircraft.type_id}&${periodQuery(around)}`,
      );
      const free = rated.filter(
        (c) => c.is_accessible && c.tasks_in_period === 0 && inNoTeam.has(c.id) && foundOnce(c.name),
      );
      if (free.length < 2 * perTeam + (index === 0 ? 1 : 0)) break;
      people.set(
        position.id,
        free.map((c) => c.name),
      );
    }
    if (people.size < needs(flight).length) continue;
    const spare = people.get(positions[0].id)?.[2 * perTeam] as string;
    console.log(
      `flight ${flight.flight_number} (${flight.aircraft.type_name}) ${flight.begin_datetime} – ${flight.end_datetime}`,
    );
    return { flight, positions: needs(flight), people, spare };
  }
  throw new Error('no free flight of the period with enough rated and free people of its positions');
}
