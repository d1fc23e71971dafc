/**
 * Suitability counts the staff a team can give (a team that would leave a task short is not suitable), the dry run of
 * an assignment says what it would remove and add, and refusals are short with dates as DD.MM.YYYY HH:mm.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skillAccesses, skills, taskEmployees } from '../../src/server/db/schema/index.ts';
import { assignPreviewSchema, suitableTeamsSchema, TEAM_MESSAGES } from '../../src/shared/team-planning.ts';
import { instantToWallClock } from '../../src/shared/wallClock.ts';
import { findTeamFlight, freeEmployeesOf, type TeamFlight, teamBody } from '../support/teamBody.ts';
import { bearer, createDemoTestApp, loginAs } from '../support/testApp.ts';

const HOUR = 3_600_000;
const ZONE = 'Europe/Moscow';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let admin: Record<string, string>;
let flight: TeamFlight;
/** The one task of the flight that still needs the position, staffed in full by people outside any team. */
let task: { id: number; count: number; begin_at: string };
let outsiders: number[];
let positionName: string;

async function rows<T>(text: string): Promise<T[]> {
  return ((await app.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

async function createTeam(members: number[], extra: Record<string, unknown> = {}): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/team-planning/v1/team',
    headers: admin,
    payload: teamBody(flight, members, extra),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const suitable = async () => {
  const res = await app.inject({
    url: `/api/team-planning/v1/suitable-teams?flight_aid=${flight.aid}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return suitableTeamsSchema.parse(res.json());
};

const preview = async (teamId: number, fromId?: number) => {
  const from = fromId === undefined ? '' : `&from_team_id=${fromId}`;
  const res = await app.inject({
    url: `/api/team-planning/v1/team-flight/preview?flight_aid=${flight.aid}&team_id=${teamId}${from}`,
    headers: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
  return assignPreviewSchema.parse(res.json());
};

const staffOf = async (taskId: number) =>
  rows<{ employee_id: number }>(
    `select employee_id from task_employees where task_id = ${taskId} and employee_position_id = ${flight.positionId}`,
  );

beforeAll(async () => {
  const demo = await createDemoTestApp('admin', { days: 1, referenceDate: '2026-03-10' });
  app = demo.app;
  admin = bearer(await loginAs(app, 'admin'));
  await app.db.delete(skillAccesses);
  flight = await findTeamFlight(app.db);
  // Only the task with the most demand of the position keeps needing it: one task, one clear shortage.
  const tasks = await rows<{ id: number; count: number; begin_at: string }>(
    `select k.id, tp.count, k.begin_at from turnarounds t
       join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
       join task_positions tp on tp.task_id = k.id and tp.employee_position_id = ${flight.positionId}
      where t.aid = ${flight.aid} order by tp.count desc, k.id`,
  );
  task = tasks[0];
  expect(task.count, 'the task needs several people of the position').toBeGreaterThanOrEqual(2);
  const others = tasks.slice(1).map((t) => t.id);
  if (others.length)
    await app.db.execute(
      sql.raw(
        `delete from task_positions where employee_position_id = ${flight.positionId} and task_id in (${others.join(',')})`,
      ),
    );
  outsiders = await freeEmployeesOf(app.db, flight.positionId, task.count, 10);
  await app.db.execute(
    sql.raw(
      `delete from task_employees where task_id = ${task.id} and employee_position_id = ${flight.positionId}`,
    ),
  );
  await app.db
    .insert(taskEmployees)
    .values(
      outsiders.map((id) => ({ taskId: task.id, employeeId: id, employeePositionId: flight.positionId })),
    );
  [{ name: positionName }] = await rows<{ name: string }>(
    `select name from employee_positions where id = ${flight.positionId}`,
  );
});
afterAll(() => app.close());

const lower = (name: string) =>
  name[1] === name[1]?.toLowerCase() ? name[0].toLowerCase() + name.slice(1) : name;

describe('a team too small for a fully staffed task', () => {
  let small: number;

  it('is not suitable, though it could be assigned, and says how many people it lacks', async () => {
    small = await createTeam(await freeEmployeesOf(app.db, flight.positionId, 1, 0), { name: 'Малая' });
    const verdict = (await suitable()).find((t) => t.id === small);
    expect(verdict).toMatchObject({
      suitable: false,
      possible: true,
      reasons: [`Не хватает сотрудников: ${lower(positionName)} ×${task.count - 1}`],
    });
  });

  it('previews the assignment: every outsider removed, one member added, the task left short', async () => {
    const answer = await preview(small);
    expect(answer).toMatchObject({
      possible: true,
      reasons: [],
      removed: task.count,
      added: 1,
      shortage: [{ position: { id: flight.positionId, name: positionName }, missing: task.count - 1 }],
    });
    expect(answer.tasks).toEqual([
      expect.objectContaining({
        task_id: task.id,
        removed: task.count,
        added: 1,
        needed: task.count,
        staffed: 1,
      }),
    ]);
    // A dry run: the outsiders are still on the task.
    expect((await staffOf(task.id)).map((s) => s.employee_id).sort()).toEqual([...outsiders].sort());
  });

  it('does what the preview said when assigned', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team-flight/assign',
      headers: admin,
      payload: { flight_aid: flight.aid, team_id: small },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assignments).toBe(1);
    expect(await staffOf(task.id)).toHaveLength(1);
  });

  it('judges the other teams of an assigned flight as a reassignment, without repeating «already assigned»', async () => {
    const members = await freeEmployeesOf(app.db, flight.positionId, task.count, task.count + 10);
    const big = await createTeam(members, { name: 'Большая' });
    const list = await suitable();
    expect(list.find((t) => t.id === small)).toMatchObject({
      suitable: false,
      possible: false,
      reasons: [TEAM_MESSAGES.sameTeam, `Не хватает сотрудников: ${lower(positionName)} ×${task.count - 1}`],
    });
    expect(list.find((t) => t.id === big)).toMatchObject({ suitable: true, possible: true, reasons: [] });
    expect(list.every((t) => !t.reasons.some((r) => r.startsWith('Рейс уже назначен бригаде')))).toBe(true);
    const moving = await preview(big, small);
    expect(moving).toMatchObject({ possible: true, removed: 1, added: task.count, shortage: [] });
    expect(await preview(big)).toMatchObject({
      possible: false,
      reasons: [TEAM_MESSAGES.flightHasTeam('Малая')],
    });
  });
});

describe('short refusals', () => {
  it('names the missing staff once per position, not once per task', async () => {
    const empty = await createTeam([], { name: 'Пустая' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team-flight/reassign',
      headers: admin,
      payload: {
        flight_aid: flight.aid,
        from_team_id: (await suitable()).find((t) => t.name === 'Малая')?.id,
        to_team_id: empty,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TEAM_MESSAGES.noFreeStaff(`${lower(positionName)} ×${task.count}`));
    const verdict = await preview(empty);
    expect(verdict.possible).toBe(false);
  });

  it('says «no skills» of members free but not allowed the task, and «no free» of skilled members who are busy', async () => {
    const from = (await suitable()).find((t) => t.name === 'Малая')?.id;
    const reassignTo = async (to: number) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/team-planning/v1/team-flight/reassign',
        headers: admin,
        payload: { flight_aid: flight.aid, from_team_id: from, to_team_id: to },
      });
      expect(res.statusCode).toBe(422);
      return res.json().message;
    };
    const list = `${lower(positionName)} ×${task.count}`;
    const [{ job_id, end_at }] = await rows<{ job_id: number; end_at: string }>(
      `select job_id, end_at from tasks where id = ${task.id}`,
    );
    // Busy: every member holds another task overlapping the flight's; nobody needs a skill.
    const busy = await freeEmployeesOf(app.db, flight.positionId, task.count, 80);
    const [elsewhere] = await rows<{ id: number }>(
      `select k.id from tasks k where k.begin_at < '${new Date(end_at).toISOString()}'
          and k.end_at > '${new Date(task.begin_at).toISOString()}'
          and k.flight_id not in (select f from turnarounds t, unnest(array[t.arrival_flight_id, t.departure_flight_id]) f
                                   where t.aid = ${flight.aid} and f is not null)
        order by k.id limit 1`,
    );
    await app.db
      .insert(taskEmployees)
      .values(
        busy.map((id) => ({ taskId: elsewhere.id, employeeId: id, employeePositionId: flight.positionId })),
      );
    const busyTeam = await createTeam(busy, { name: 'Занятая' });
    expect(await reassignTo(busyTeam)).toBe(TEAM_MESSAGES.noFreeStaff(list));
    expect((await suitable()).find((t) => t.id === busyTeam)?.reasons).toEqual([
      TEAM_MESSAGES.noFreeStaff(list),
    ]);
    // Unskilled: free members, but the task's job is granted by a skill none of them holds.
    const [skill] = await app.db.insert(skills).values({ name: 'Допуск к работе рейса' }).returning();
    await app.db.insert(skillAccesses).values({ skillId: skill.id, jobId: job_id });
    try {
      const unskilled = await createTeam(await freeEmployeesOf(app.db, flight.positionId, task.count, 60), {
        name: 'Без допуска',
      });
      expect(await reassignTo(unskilled)).toBe(TEAM_MESSAGES.noSkilledStaff(list));
      const verdicts = await suitable();
      expect(verdicts.find((t) => t.id === unskilled)?.reasons).toEqual([TEAM_MESSAGES.noSkilledStaff(list)]);
      expect(await preview(unskilled, from)).toMatchObject({
        possible: false,
        reasons: [TEAM_MESSAGES.noSkilledStaff(list)],
      });
    } finally {
      await app.db.delete(skillAccesses).where(sql`${skillAccesses.skillId} = ${skill.id}`);
    }
  });

  it('shows the shift and the flight as DD.MM.YYYY HH:mm', async () => {
    const members = await freeEmployeesOf(app.db, flight.positionId, 1, 40);
    const late = await createTeam(members, {
      name: 'Поздняя',
      // From a minute after the task's begin: the team misses its start.
      begin_datetime: instantToWallClock(new Date(task.begin_at).getTime() + 60_000, ZONE),
      end_datetime: instantToWallClock(flight.end.getTime() + 5 * HOUR, ZONE),
    });
    const verdict = (await suitable()).find((t) => t.id === late);
    const shift = verdict?.reasons.find((r) => r.startsWith('Бригада не на смене'));
    expect(verdict?.reasons.join(' | ')).toContain('Бригада не на смене');
    expect(shift).toMatch(
      /^Бригада не на смене во время рейса \(\d\d\.\d\d\.\d{4} \d\d:\d\d – \d\d\.\d\d\.\d{4} \d\d:\d\d\)$/,
    );
  });
});
