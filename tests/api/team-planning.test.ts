/** Team planning over HTTP on a one-day demo airport: rules and departments, bad input, assignment, the download. */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillAccesses, users } from '../../src/server/db/schema/index.ts';
import { TEAM_PLAN_HEADERS } from '../../src/server/modules/team-planning/download.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import {
  accessibilitySchema,
  replaceResultSchema,
  suitableTeamsSchema,
  TEAM_MESSAGES,
  teamCandidatesSchema,
  teamEmployeesWithTasksSchema,
  teamFlightsSchema,
  teamOutsideFlightsSchema,
  teamSchema,
  teamsSchema,
  teamsWithFlightsSchema,
  timeCalendarSchema,
} from '../../src/shared/team-planning.ts';
import { instantToWallClock } from '../../src/shared/wallClock.ts';
import { findTeamFlight, freeEmployeesOf, type TeamFlight, teamBody } from '../support/teamBody.ts';
import { bearer, createDemoTestApp, loginAs, loginHolding } from '../support/testApp.ts';

const ZONE = 'Europe/Moscow';
const PERIOD = 'begin_datetime=2026-03-10%2000:00:00&end_datetime=2026-03-11%2000:00:00';
const FILTER = 'filter[begin_datetime]=2026-03-09%2000:00:00&filter[end_datetime]=2026-03-12%2000:00:00';

let demo: Awaited<ReturnType<typeof createDemoTestApp>>;
let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let admin: Record<string, string>;
let flight: TeamFlight;

/** Rows of a raw query (test setup only: picking a flight and free people is easier said in SQL). */
async function rows<T>(text: string): Promise<T[]> {
  return ((await app.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Employees of the flight's position, their task staff and team places removed so they are free. */
const freeEmployees = (n: number, skip: number) => freeEmployeesOf(app.db, flight.positionId, n, skip);

const wall = (d: Date | number) => instantToWallClock(d, ZONE);
const HOUR = 3_600_000;

const payload = (members: number[], extra: Record<string, unknown> = {}) => teamBody(flight, members, extra);

beforeAll(async () => {
  demo = await createDemoTestApp('admin', { days: 1, referenceDate: '2026-03-10' });
  app = demo.app;
  admin = bearer(await loginAs(app, 'admin'));
  await app.db.delete(skillAccesses);
  flight = await findTeamFlight(app.db);
});
afterAll(() => app.close());

describe('who may call team planning', () => {
  it('refuses reads to users without a team rule', async () => {
    for (const login of ['viewer', 'tariff']) {
      const token = bearer(await loginAs(app, login));
      const res = await app.inject({ url: `/api/team-planning/v1/team?${PERIOD}`, headers: token });
      expect(res.statusCode, login).toBe(403);
    }
  });

  it('lets read-department-team read but not write', async () => {
    const token = bearer(await loginHolding(app, 'reader', ['read-department-team']));
    const read = await app.inject({ url: `/api/team-planning/v1/team?${PERIOD}`, headers: token });
    expect(read.statusCode).toBe(200);
    const write = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: token,
      payload: payload([]),
    });
    expect(write.statusCode).toBe(403);
  });

  it('edit-department-team changes teams of the own department only, and sees only them', async () => {
    const token = bearer(await loginHolding(app, 'lead', ['edit-department-team']));
    await app.db.update(users).set({ departmentId: flight.departmentId }).where(eq(users.login, 'lead'));
    const own = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: token,
      payload: payload([], { name: 'Своя' }),
    });
    expect(own.statusCode).toBe(200);
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: token,
      payload: payload([], { name: 'Чужая', department_id: flight.departmentId + 1 }),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(TEAM_MESSAGES.otherDepartment);
    const other = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: payload([], { name: 'Чужая', department_id: flight.departmentId + 1 }),
    });
    const otherId = other.json().id;
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/team-planning/v1/team/${otherId}`,
      headers: token,
    });
    expect(removal.statusCode).toBe(403);
    const list = await app.inject({
      url: `/api/team-planning/v1/team?begin_datetime=${encodeURIComponent(wall(flight.begin))}&end_datetime=${encodeURIComponent(wall(flight.end))}`,
      headers: token,
    });
    const ids = teamsSchema.parse(list.json()).map((t) => t.id);
    expect(ids).toContain(own.json().id);
    expect(ids).not.toContain(otherId);
    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/team-planning/v1/team/${own.json().id}`,
          headers: token,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('the demo team lead', () => {
  it('brigadir sees only the teams of his department (СНО)', async () => {
    const token = bearer(await loginAs(app, 'brigadir'));
    const res = await app.inject({ url: `/api/team-planning/v1/team?${PERIOD}`, headers: token });
    const list = teamsSchema.parse(res.json());
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((t) => t.department.name))).toEqual(new Set(['СНО']));
    const all = teamsSchema.parse(
      (await app.inject({ url: `/api/team-planning/v1/team?${PERIOD}`, headers: admin })).json(),
    );
    expect(all.length).toBeGreaterThan(list.length);
  });
});

describe('bad input', () => {
  it('answers 422 per field of a malformed body, writing nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: { ...payload([]), name: '', begin_datetime: '10.03.2026', team_status_id: 0 },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual(['begin_datetime', 'name', 'team_status_id']);
  });

  it('answers 422 per field for what the database does not know or allow', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: {
        ...payload([]),
        end_datetime: wall(flight.begin.getTime() - 2 * HOUR),
        team_status_id: 999_999,
        department_id: 999_999,
        employeePositionRules: [
          {
            employee_position_id: 999_999,
            count: 1,
            job_ids: [999_999],
            employees: [{ employee_id: 999_999 }],
          },
        ],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'department_id',
      'employeePositionRules.0.employee_position_id',
      'employeePositionRules.0.employees.0.employee_id',
      'employeePositionRules.0.job_ids',
      'end_datetime',
      'team_status_id',
    ]);
  });

  it('refuses an employee of another position and one already in a team at that time', async () => {
    const [busy] = await freeEmployees(1, 40);
    const first = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: payload([busy], { name: 'Занимающая' }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const [stranger] = await rows<{ id: number }>(
      `select id from employees where employee_position_id <> ${flight.positionId} limit 1`,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: payload([busy, stranger.id], { name: 'Вторая' }),
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().fields;
    expect(fields['employeePositionRules.0.employees.0.employee_id'][0]).toMatch(/Занимающая/);
    expect(fields['employeePositionRules.0.employees.1.employee_id'][0]).toMatch(/не занимает должность/);
    await app.inject({
      method: 'DELETE',
      url: `/api/team-planning/v1/team/${first.json().id}`,
      headers: admin,
    });
  });

  it('refuses a rule count below the members of its position, on that count, writing nothing', async () => {
    const members = await freeEmployees(2, 50);
    const created = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: payload(members, { name: 'Двое' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const team = teamSchema.parse(created.json());
    const body = payload(members, { name: 'Двое', version: team.version });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1/team/${team.id}`,
      headers: admin,
      payload: { ...body, employeePositionRules: [{ ...body.employeePositionRules[0], count: 1 }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'employeePositionRules.0.count': [TEAM_MESSAGES.countBelowMembers(2)],
    });
    expect(TEAM_MESSAGES.countBelowMembers(2)).toBe(
      'Не меньше числа сотрудников этой должности в бригаде (2)',
    );
    const read = await app.inject({ url: `/api/team-planning/v1/team?${PERIOD}&name=Двое`, headers: admin });
    expect(teamsSchema.parse(read.json()).find((t) => t.id === team.id)).toMatchObject({
      count: 2,
      real_count: 2,
      version: team.version,
    });
    await app.inject({ method: 'DELETE', url: `/api/team-planning/v1/team/${team.id}`, headers: admin });
  });

  it('answers 400 for a missing period, an unknown filter and a malformed id', async () => {
    const cases = [
      '/api/team-planning/v1/team',
      `/api/team-planning/v1/teams-with-flights?${FILTER}&filter[bogus]=1`,
      '/api/team-planning/v1/suitable-teams?flight_aid=abc',
      '/api/team-planning/v1/flights-without-team?filter[begin_datetime]=2026-03-10%2000:00:00',
      `/api/team-planning/v1/team-employees-with-tasks?${FILTER}`,
    ];
    for (const url of cases) {
      const res = await app.inject({ url, headers: admin });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toBeTypeOf('object');
    }
  });
});

describe('assigning over HTTP', () => {
  let teamId: number;

  it('creates a team, assigns the flight and shows it with its link and no staff shortage', async () => {
    const members = await freeEmployees(Math.max(10, 3 * flight.most), 0);
    const created = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: payload(members),
    });
    expect(created.statusCode).toBe(200);
    const team = teamSchema.parse(created.json());
    teamId = team.id;
    expect(team.real_count).toBe(members.length);
    const assigned = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team-flight/assign',
      headers: admin,
      payload: { flight_aid: flight.aid, team_id: teamId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignments).toBeGreaterThan(0);
    const board = await app.inject({
      url: `/api/team-planning/v1/teams-with-flights?${FILTER}&filter[team_id][]=${teamId}`,
      headers: admin,
    });
    // The three lists go out as JSON text past the zod serializer (http/typedJson.ts): each is exactly its schema's,
    // no field more (parsing drops unknown ones).
    expect(teamsWithFlightsSchema.parse(board.json())).toEqual(board.json());
    const [withFlights] = teamsWithFlightsSchema.parse(board.json());
    expect(withFlights.flights.map((f) => f.aid)).toEqual([flight.aid]);
    expect(withFlights.flights[0].task_without_employee).toBe(0);
    const outside = await app.inject({
      url: `/api/team-planning/v1/flights-outside-team?${FILTER}&filter[team_id][]=${teamId}`,
      headers: admin,
    });
    expect(teamOutsideFlightsSchema.parse(outside.json())).toEqual(outside.json());
    expect(teamOutsideFlightsSchema.parse(outside.json()).map((t) => t.id)).toEqual([teamId]);
    const without = await app.inject({
      url: `/api/team-planning/v1/flights-without-team?${FILTER}`,
      headers: admin,
    });
    expect(without.json().length).toBeGreaterThan(0);
    expect(teamFlightsSchema.parse(without.json())).toEqual(without.json());
    expect(teamFlightsSchema.parse(without.json()).map((f) => f.aid)).not.toContain(flight.aid);
    // Written as the flight table writes them: carrier code, a space, the number («SU 100 / SU 101»).
    const shown = teamFlightsSchema.parse(without.json())[0];
    expect(shown.flight_number).toMatch(
      /^[A-ZА-Я0-9]{2,3} \d{1,4}[A-Z]?( \/ [A-ZА-Я0-9]{2,3} \d{1,4}[A-Z]?)?$/,
    );
    const legs = [shown.arrivalFlight, shown.departureFlight].filter((leg) => leg !== null);
    expect(legs.map((leg) => leg.flight_number_symbol).join(' / ')).toBe(shown.flight_number);
    const tasks = await app.inject({
      url: `/api/team-planning/v1/team-employees-with-tasks?filter[team_id]=${teamId}`,
      headers: admin,
    });
    const answer = teamEmployeesWithTasksSchema.parse(tasks.json());
    expect(answer.employees.some((e) => e.tasks.length > 0)).toBe(true);
    expect(answer.outsideTheTeam).toEqual([]);
  });

  it('refuses a second assignment with the field messages joined', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team-flight/assign',
      headers: admin,
      payload: { flight_aid: flight.aid, team_id: teamId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: TEAM_MESSAGES.sameTeam,
      fields: { flight_aid: [TEAM_MESSAGES.sameTeam] },
    });
  });

  it('ranks suitable teams and says why the others are not', async () => {
    const res = await app.inject({
      url: `/api/team-planning/v1/suitable-teams?flight_aid=${flight.aid}`,
      headers: admin,
    });
    const list = suitableTeamsSchema.parse(res.json());
    const own = list.find((t) => t.id === teamId);
    expect(own?.suitable).toBe(false);
    expect(own?.reasons).toContain(TEAM_MESSAGES.sameTeam);
  });

  it('checks accessibility: a member is not accessible to another team at that time', async () => {
    const team = await app.inject({
      url: `/api/team-planning/v1/team-employees-with-tasks?filter[team_id]=${teamId}`,
      headers: admin,
    });
    const member = team.json().employees[0].employee.id;
    const res = await app.inject({
      url: `/api/team-planning/check-employee-accessible?employee_id[]=${member}&begin_datetime=${encodeURIComponent(wall(flight.begin))}&end_datetime=${encodeURIComponent(wall(flight.end))}`,
      headers: admin,
    });
    const [answer] = accessibilitySchema.parse(res.json());
    expect(answer.is_accessible).toBe(false);
  });

  it('downloads the plan as an .xlsx holding the team and its flight', async () => {
    const res = await app.inject({
      url: `/api/team-planning/v1/download-teams-with-flights?${FILTER}&filter[team_id][]=${teamId}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent('Планирование бригад на 09.03.2026 - 12.03.2026.xlsx'),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...TEAM_PLAN_HEADERS]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.getRow(2).getCell(1).value).toBe('Бригада API');
  });

  it('writes the shift and task times as Excel date-times on the zone’s wall clock and marks the team’s own tasks', async () => {
    const fileIn = async (zone: string) => {
      const res = await app.inject({
        url: `/api/team-planning/v1/download-teams-with-flights?${FILTER}&filter[team_id][]=${teamId}`,
        headers: { ...admin, 'time-zone': zone },
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0];
    };
    const board = await app.inject({
      url: `/api/team-planning/v1/teams-with-flights?${FILTER}&filter[team_id][]=${teamId}`,
      headers: { ...admin, 'time-zone': 'Asia/Vladivostok' },
    });
    const [team] = teamsWithFlightsSchema.parse(board.json());
    /** The Date exceljs reads back of a wall clock 'YYYY-MM-DD HH:mm:ss': its digits as UTC. */
    const asRead = (text: string) => new Date(`${text.slice(0, 10)}T${text.slice(11, 16)}:00Z`);
    const east = await fileIn('Asia/Vladivostok');
    const moscow = await fileIn('Europe/Moscow');
    expect(east.rowCount).toBe(moscow.rowCount);
    const row = east.getRow(2);
    expect(row.getCell(4).value).toEqual(asRead(team.begin_datetime));
    expect(row.getCell(5).value).toEqual(asRead(team.end_datetime));
    // The task times of the assigned flight, read from the database, on Moscow's wall clock.
    const taskTimes = await rows<{ begin: Date | string; end: Date | string }>(
      `select t.begin_at as begin, t.end_at as end from tasks t join turnarounds r
         on t.flight_id in (r.arrival_flight_id, r.departure_flight_id) where r.aid = ${flight.aid}`,
    );
    const moscowWalls = new Set(
      taskTimes.flatMap((t) => [t.begin, t.end].map((d) => asRead(wall(new Date(d))).getTime())),
    );
    let own = 0;
    for (let n = 2; n <= east.rowCount; n += 1) {
      for (const column of [4, 5, 11, 12]) {
        const here = east.getRow(n).getCell(column);
        const there = moscow.getRow(n).getCell(column);
        expect(here.type).toBe(ExcelJS.ValueType.Date);
        expect(here.numFmt).toBe('dd.mm.yyyy hh:mm');
        // Vladivostok is 7 hours ahead of Moscow.
        expect((here.value as Date).getTime() - (there.value as Date).getTime()).toBe(7 * HOUR);
        if (column >= 11) expect(moscowWalls.has((there.value as Date).getTime())).toBe(true);
      }
      expect(['Да', 'Нет']).toContain(east.getRow(n).getCell(14).value);
      if (east.getRow(n).getCell(14).value === 'Да') own += 1;
    }
    // The team was assigned to the flight and took its tasks of the team's positions.
    expect(own).toBeGreaterThan(0);
  });

  it('downloads the flights the board shows under the same filters (conflicts only, flight type)', async () => {
    const flightsOn = async (filters: string) => {
      const board = await app.inject({
        url: `/api/team-planning/v1/teams-with-flights?${FILTER}&filter[team_id][]=${teamId}${filters}`,
        headers: admin,
      });
      const res = await app.inject({
        url: `/api/team-planning/v1/download-teams-with-flights?${FILTER}&filter[team_id][]=${teamId}&filter[scale]=15${filters}`,
        headers: admin,
      });
      expect(res.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const inFile = new Set<string>();
      workbook.worksheets[0].eachRow((row, at) => {
        const number = row.getCell(7).value;
        if (at > 1 && number) inFile.add(String(number));
      });
      const shown = teamsWithFlightsSchema.parse(board.json()).flatMap((t) => t.flights);
      return { shown: shown.map((f) => f.flight_number).sort(), inFile: [...inFile].sort() };
    };
    const [{ type }] = await rows<{ type: number }>(
      `select f.flight_type_id as type from turnarounds t
         join flights f on f.id in (t.arrival_flight_id, t.departure_flight_id) where t.aid = ${flight.aid} limit 1`,
    );
    const all = await flightsOn('');
    expect(all.shown).toHaveLength(1);
    expect(all.inFile).toEqual(all.shown);
    // The assigned flight is fully staffed by the team: it has no conflict, so «Только конфликты» leaves none.
    const conflicts = await flightsOn('&filter[conflict]=1');
    expect(conflicts.shown).toEqual([]);
    expect(conflicts.inFile).toEqual([]);
    const otherType = await flightsOn(`&filter[flight_type]=${type === 1 ? 2 : 1}`);
    expect(otherType.inFile).toEqual(otherType.shown);
  });

  it('adds, replaces and removes members; a substitute takes over the leaver tasks, a removed member loses his', async () => {
    const base = `/api/team-planning/v1/team/${teamId}`;
    const [extra, substitute] = await freeEmployees(2, 60);
    const added = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1.1/team/${teamId}/add-employee?employee_id[]=${extra}`,
      headers: admin,
    });
    expect(added.statusCode, added.body).toBe(200);
    const [rule] = teamSchema.parse(added.json()).employeePositionRules;
    const members = rule.teamEmployees.map((m) => m.employee.id);
    expect(members).toContain(extra);
    // The rule was full: the one more member raised its count (never below its members).
    expect(rule.count).toBe(members.length);
    const again = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1.1/team/${teamId}/add-employee?employee_id[]=${extra}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().fields['employee_id.0']).toEqual([TEAM_MESSAGES.alreadyMember]);
    const [stranger] = await rows<{ id: number }>(
      `select id from employees where employee_position_id <> ${flight.positionId} and is_active limit 1`,
    );
    const wrong = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1.1/team/${teamId}/add-employee?employee_id[]=${stranger.id}`,
      headers: admin,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields['employee_id.0'][0]).toMatch(/нет правила/);

    const working = await rows<{ employee_id: number }>(
      `select te.employee_id from team_flights tf join turnarounds t on t.aid = tf.aid
         join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
         join task_employees te on te.task_id = k.id
         join team_employees tm on tm.team_id = tf.team_id and tm.employee_id = te.employee_id
        where tf.team_id = ${teamId} order by te.employee_id`,
    );
    const [leaver, other] = [...new Set(working.map((w) => w.employee_id))];
    const leaverTasks = working.filter((w) => w.employee_id === leaver).length;
    const replaced = await app.inject({
      method: 'PUT',
      url: `${base}/replace-employee/${leaver}`,
      headers: admin,
      payload: { employee_id: substitute },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // The substitute is free all day: he takes over every task of the leaver on the team's flights.
    const handed = replaceResultSchema.parse(replaced.json());
    expect(handed.tasks_handed_over).toBe(leaverTasks);
    expect(handed.tasks_left_uncovered).toBe(0);
    const wrongReplace = await app.inject({
      method: 'PUT',
      url: `${base}/replace-employee/${other}`,
      headers: admin,
      payload: { employee_id: stranger.id },
    });
    expect(wrongReplace.statusCode).toBe(422);
    expect(Object.keys(wrongReplace.json().fields)).toEqual(['employee_id']);
    const removed = await app.inject({
      method: 'DELETE',
      url: `${base}/delete-employee/${other}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const still = await rows<{ employee_id: number }>(
      `select te.employee_id from team_flights tf join turnarounds t on t.aid = tf.aid
         join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
         join task_employees te on te.task_id = k.id where tf.team_id = ${teamId}`,
    );
    const left = still.map((s) => s.employee_id);
    expect(left.filter((id) => id === substitute)).toHaveLength(leaverTasks);
    expect(left).not.toContain(leaver);
    expect(left).not.toContain(other);
    const missing = await app.inject({
      method: 'DELETE',
      url: `${base}/delete-employee/${other}`,
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('de-assigns the flight and deletes the team', async () => {
    const off = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team-flight/de-assign',
      headers: admin,
      payload: { flight_aid: flight.aid, team_id: teamId },
    });
    expect(off.statusCode).toBe(200);
    const suitable = suitableTeamsSchema.parse(
      (
        await app.inject({
          url: `/api/team-planning/v1/suitable-teams?flight_aid=${flight.aid}`,
          headers: admin,
        })
      ).json(),
    );
    const flags = suitable.map((t) => t.suitable);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect(suitable.find((t) => t.id === teamId)).toMatchObject({ suitable: true, reasons: [] });
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/team-planning/v1/team/${teamId}`,
      headers: admin,
    });
    expect(gone.json()).toEqual({ id: teamId, name: 'Бригада API' });
  });
});

describe('stale edits of a team', () => {
  it('refuses a PUT of a team written since it was read (409), its members included, and writes nothing', async () => {
    const [first, second, third, fourth] = await freeEmployees(4, 80);
    const body = (members: number[], extra: Record<string, unknown> = {}) =>
      payload(members, { name: 'Бригада версий', ...extra });
    const put = (id: number, extra: Record<string, unknown>, members = [first]) =>
      app.inject({
        method: 'PUT',
        url: `/api/team-planning/v1/team/${id}`,
        headers: admin,
        payload: body(members, extra),
      });
    const created = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: body([first]),
    });
    expect(created.statusCode, created.body).toBe(200);
    const team = teamSchema.parse(created.json());
    expect(team.version).toMatch(/^\d+$/);
    const listed = async () => {
      const res = await app.inject({
        url: `/api/team-planning/v1/team?begin_datetime=${encodeURIComponent(wall(flight.begin))}&end_datetime=${encodeURIComponent(wall(flight.end))}`,
        headers: admin,
      });
      return teamsSchema.parse(res.json()).find((t) => t.id === team.id);
    };
    expect((await listed())?.version).toBe(team.version);
    // The board the team form opens from carries it too.
    const board = await app.inject({
      url: `/api/team-planning/v1/teams-with-flights?${FILTER}&filter[team_id][]=${team.id}`,
      headers: admin,
    });
    expect(teamsWithFlightsSchema.parse(board.json())).toEqual(board.json());
    expect(teamsWithFlightsSchema.parse(board.json())[0].version).toBe(team.version);

    // The first user saves with the version read: accepted, and the answer carries the new one.
    const saved = await put(team.id, { version: team.version, name: 'Бригада версий 1' });
    expect(saved.statusCode, saved.body).toBe(200);
    const one = teamSchema.parse(saved.json());
    expect(one.version).not.toBe(team.version);
    // The second user read the same version: refused, nothing of theirs written.
    const stale = await put(team.id, { version: team.version, name: 'Бригада версий 2' }, [first, second]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    expect(await listed()).toEqual(one);
    // A PUT changing only the members (the team's own fields as they were) changes the version too.
    const members = await put(team.id, { version: one.version, name: 'Бригада версий 1' }, [first, second]);
    expect(members.statusCode, members.body).toBe(200);
    const two = teamSchema.parse(members.json());
    expect(two.version).not.toBe(one.version);
    expect(await put(team.id, { version: one.version, name: 'Бригада версий 1' })).toHaveProperty(
      'statusCode',
      409,
    );

    // A member added, replaced or removed elsewhere changes the version: the form opened before is refused, and
    // cannot put the old members back. A refused member write changes nothing.
    const base = `/api/team-planning/v1/team/${team.id}`;
    const memberWrites: { method: 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'PUT', url: `/api/team-planning/v1.1/team/${team.id}/add-employee?employee_id[]=${third}` },
      { method: 'PUT', url: `${base}/replace-employee/${third}`, payload: { employee_id: fourth } },
      { method: 'DELETE', url: `${base}/delete-employee/${fourth}` },
    ];
    let read = two.version;
    for (const write of memberWrites) {
      const res = await app.inject({ ...write, headers: admin });
      expect(res.statusCode, `${write.url} ${res.body}`).toBe(200);
      const after = teamSchema.parse(res.json());
      expect(after.version, write.url).not.toBe(read);
      expect((await put(team.id, { version: read }, [first, second])).statusCode, write.url).toBe(409);
      read = after.version;
    }
    const refused = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1.1/team/${team.id}/add-employee?employee_id[]=${first}`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(422);
    expect((await listed())?.version).toBe(read);

    // Two saves of one version sent together: exactly one is accepted.
    const both = await Promise.all(
      ['А', 'Б'].map((mark) => put(team.id, { version: read, name: `Бригада ${mark}` })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // A save and a member write together: the member write always passes, the save only if it came first.
    const current = (await listed())?.version;
    const [raced, added] = await Promise.all([
      put(team.id, { version: current }),
      app.inject({
        method: 'PUT',
        url: `/api/team-planning/v1.1/team/${team.id}/add-employee?employee_id[]=${third}`,
        headers: admin,
      }),
    ]);
    expect([200, 409]).toContain(raced.statusCode);
    expect(added.statusCode, added.body).toBe(200);
    const ids = (await listed())?.employeePositionRules.flatMap((r) =>
      r.teamEmployees.map((m) => m.employee.id),
    );
    expect(ids).toContain(third);

    // Without a version (the spec's body) the save is not checked; a malformed one is a 422 on its field.
    expect((await put(team.id, {})).statusCode).toBe(200);
    const malformed = await put(team.id, { version: 'abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    // A version of a deleted team: 404, as without one.
    const last = (await listed())?.version;
    await app.inject({ method: 'DELETE', url: `/api/team-planning/v1/team/${team.id}`, headers: admin });
    expect((await put(team.id, { version: last })).statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('answers the day shift intervals and the named lists', async () => {
    const calendar = await app.inject({
      url: '/api/team-planning/time-calendar?date=2026-03-10',
      headers: admin,
    });
    const shifts = timeCalendarSchema.parse(calendar.json());
    expect(shifts.find((x) => x.name.startsWith('Дневная'))).toMatchObject({
      begin_time: '08:00:00',
      end_time: '20:00:00',
      begin_datetime: '2026-03-10 08:00:00',
      end_datetime: '2026-03-10 20:00:00',
    });
    const department = (await app.inject({ url: '/api/team-planning/department', headers: admin })).json()[0];
    expect(Object.keys(department).sort()).toEqual(['full_name', 'id', 'name']);
    expect(department.full_name).toEqual(expect.any(String));
    const type = (await app.inject({ url: '/api/team-planning/aircraft-type', headers: admin })).json()[0];
    expect(Object.keys(type).sort()).toEqual(['icao_code', 'id', 'name']);
    expect(type.icao_code).toMatch(/^[A-Z0-9]{3,4}$/);
    for (const path of [
      'team-status',
      'department',
      'employee-position',
      'job',
      'resource',
      'resource-type',
      'aircraft-type',
    ]) {
      const res = await app.inject({ url: `/api/team-planning/${path}`, headers: admin });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().length, path).toBeGreaterThan(0);
    }
    const employees = await app.inject({
      url: `/api/team-planning/v1.1/employee?emp_pos_id[]=${flight.positionId}&dates[]=2026-03-10%2000:00:00&dates[]=2026-03-11%2000:00:00`,
      headers: admin,
    });
    const list = teamCandidatesSchema.parse(employees.json());
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toHaveProperty('is_accessible');
    // Each candidate tells how many tasks he holds in the period, as the database counts them.
    const counted = await rows<{ employee_id: number; n: number }>(
      `select te.employee_id, count(*)::int as n from task_employees te join tasks k on k.id = te.task_id
        join employees e on e.id = te.employee_id
        where e.employee_position_id = ${flight.positionId}
          and k.begin_at < '2026-03-10 21:00:00+00' and k.end_at > '2026-03-09 21:00:00+00' group by 1`,
    );
    const expected = new Map(counted.map((c) => [c.employee_id, c.n]));
    expect(list.some((c) => (c.tasks_in_period ?? 0) > 0)).toBe(true);
    for (const candidate of list) expect(candidate.tasks_in_period).toBe(expected.get(candidate.id) ?? 0);
    const byBounds = await app.inject({
      url: `/api/team-planning/v1.1/employee?emp_pos_id[]=${flight.positionId}&${PERIOD}`,
      headers: admin,
    });
    expect(byBounds.json()[0]).toHaveProperty('is_accessible');
  });
});

describe('flight filters', () => {
  it('keeps only the flight type asked and only flights with (or without) a fact time', async () => {
    const url = `/api/team-planning/v1/flights-without-team?${FILTER}`;
    const typed = teamFlightsSchema.parse(
      (await app.inject({ url: `${url}&filter[flight_type]=2`, headers: admin })).json(),
    );
    expect(typed.length).toBeGreaterThan(0);
    for (const f of typed) expect(f.flight_type.id).toBe(2);
    const fact = teamFlightsSchema.parse(
      (await app.inject({ url: `${url}&filter[flight_fact]=1`, headers: admin })).json(),
    );
    const plan = teamFlightsSchema.parse(
      (await app.inject({ url: `${url}&filter[flight_fact]=0`, headers: admin })).json(),
    );
    const all = teamFlightsSchema.parse((await app.inject({ url, headers: admin })).json());
    expect(fact.length + plan.length).toBe(all.length);
    const hasFact = (f: (typeof all)[number]) =>
      [f.arrivalFlight, f.departureFlight].some(
        (l) => l && (l.fact_arrival_datetime || l.fact_departure_datetime),
      );
    expect(fact.every(hasFact)).toBe(true);
    expect(plan.some(hasFact)).toBe(false);
  });
});
