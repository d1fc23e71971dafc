/** Team planning without HTTP, on a one-day demo airport: assignment, atomic writes, conflicts, department scope. */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { LIVE_CHANNEL, type LiveNotice } from '../../../shared/events.ts';
import { TEAM_STATUS, teamPayloadSchema } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  employeeSkills,
  employees,
  skillAccesses,
  skills,
  taskEmployees,
  tasks,
  teamEmployees,
  teamFlights,
  users,
} from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ValidationError } from '../../domain/errors.ts';
import { overlappingHolds } from '../../domain/teamConflicts.ts';
import { ForbiddenError } from '../../http/errors.ts';
import { pairsInPeriod } from './pairs.ts';
import type { Caller } from './scope.ts';
import { createTeamPlanningService } from './service.ts';

const ZONE = 'Europe/Moscow';
let dbh: DbHandle;
let service: ReturnType<typeof createTeamPlanningService>;
let boss: Caller;

interface Flight {
  aid: number;
  begin: Date;
  end: Date;
  positionId: number;
  departmentId: number;
  /** The largest count of the position one task of the flight needs. */
  most: number;
}

/** Turnarounds whose tasks need the demo's most needed position, earliest first. */
let flights: Flight[] = [];

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createTeamPlanningService(dbh);
  // Open every item to everyone; the skill test below adds its own grant.
  await dbh.db.delete(skillAccesses);
  const [user] = await dbh.db
    .insert(users)
    .values({ login: 'boss', name: 'boss', passwordHash: 'x' })
    .returning({ id: users.id });
  boss = { id: user.id, rules: ['team-all'] };
  const [top] = await dbh.query<{ id: number }>(
    `select employee_position_id as id from task_positions group by 1 order by count(*) desc limit 1`,
  );
  const rows = await dbh.query<{
    aid: number;
    begin: Date;
    end: Date;
    department_id: number;
    most: number;
  }>(
    `select t.aid, min(k.begin_at) as begin, max(k.end_at) as end, max(tp.count)::int as most, p.department_id
       from turnarounds t
       join flights f on f.id in (t.arrival_flight_id, t.departure_flight_id)
       join tasks k on k.flight_id = f.id
       join task_positions tp on tp.task_id = k.id and tp.employee_position_id = $1
       join employee_positions p on p.id = tp.employee_position_id
      where t.arrival_flight_id is not null and t.departure_flight_id is not null
        and not exists (select 1 from team_flights tf where tf.aid = t.aid)
      group by t.aid, p.department_id
      order by min(k.begin_at), t.aid
      limit 40`,
    [top.id],
  );
  flights = rows.map((r) => ({
    aid: r.aid,
    begin: new Date(r.begin),
    end: new Date(r.end),
    positionId: top.id,
    departmentId: r.department_id,
    most: r.most,
  }));
});
afterAll(() => dbh.close());

let freeCursor = 0;
/** Employees of the position with no task at all (their demo staff rows removed), a fresh set each call. */
async function freeEmployees(positionId: number, n: number): Promise<number[]> {
  const rows = await dbh.db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.employeePositionId, positionId), eq(employees.isActive, true)))
    .orderBy(employees.id);
  const ids = rows.slice(freeCursor, freeCursor + n).map((r) => r.id);
  freeCursor += n;
  if (ids.length < n) throw new Error('not enough employees for the test');
  await dbh.db.delete(taskEmployees).where(inArray(taskEmployees.employeeId, ids));
  await dbh.db.delete(teamEmployees).where(inArray(teamEmployees.employeeId, ids));
  return ids;
}

const wall = (d: Date | number) => instantToWallClock(d, ZONE);
const HOUR = 3_600_000;

/** A team around the flight (an hour either side) of the flight's position with these members. */
function payload(flight: Flight, members: number[], name = 'Бригада', shift = 0) {
  return teamPayloadSchema.parse({
    name,
    begin_datetime: wall(flight.begin.getTime() - HOUR + shift),
    end_datetime: wall(flight.end.getTime() + HOUR + shift),
    team_status_id: TEAM_STATUS.formed,
    department_id: flight.departmentId,
    employeePositionRules: [
      {
        employee_position_id: flight.positionId,
        count: Math.max(1, members.length),
        employees: members.map((id, i) => ({ employee_id: id, is_main_employee: i === 0 })),
      },
    ],
  });
}

/** The staff of the flight's tasks needing the position. */
async function staffOf(flight: Flight) {
  return dbh.query<{ task_id: number; employee_id: number; begin_at: Date; end_at: Date; count: number }>(
    `select k.id as task_id, te.employee_id, k.begin_at, k.end_at, tp.count
       from turnarounds t
       join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
       join task_positions tp on tp.task_id = k.id and tp.employee_position_id = $2
       left join task_employees te on te.task_id = k.id and te.employee_position_id = $2
      where t.aid = $1`,
    [flight.aid, flight.positionId],
  );
}

/** Every task the employees hold, for the overlap check. */
async function holdsOf(ids: number[]) {
  const rows = await dbh.db
    .select({
      employeeId: taskEmployees.employeeId,
      taskId: tasks.id,
      begin: tasks.beginAt,
      end: tasks.endAt,
    })
    .from(taskEmployees)
    .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
    .where(inArray(taskEmployees.employeeId, ids));
  return rows.map((r) => ({ ...r, begin: r.begin.getTime(), end: r.end.getTime() }));
}

async function refusal(work: Promise<unknown>): Promise<ValidationError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('flights without a team over several days', () => {
  it('lists each turnaround once, as one read of the whole period would, though it walks day by day', async () => {
    const period = { begin: new Date('2026-03-08T21:00:00Z'), end: new Date('2026-03-11T21:00:00Z') };
    const listed = (await service.withoutTeam({ period }, ZONE)).map((flight) => flight.aid);
    const linked = new Set(
      (await dbh.db.select({ aid: teamFlights.aid }).from(teamFlights)).map((r) => r.aid),
    );
    const whole = (await pairsInPeriod(dbh.db, period)).filter((p) => p.aid !== null && !linked.has(p.aid));
    // Turnarounds handled across a midnight are met by two daily windows: the case the walk must not repeat.
    const midnight = new Date('2026-03-09T21:00:00Z');
    expect(whole.some((p) => p.begin < midnight && p.end > midnight)).toBe(true);
    expect(listed.length).toBeGreaterThan(100);
    expect(listed).toEqual(whole.map((p) => p.aid));
  });
});

describe('assigning a team to a turnaround', () => {
  it('gives every task needing the team position to members, none holding overlapping tasks', async () => {
    const flight = flights[0];
    const members = await freeEmployees(flight.positionId, flight.most + 1);
    const team = await service.save(payload(flight, members), undefined, boss, ZONE);
    const result = await service.assign(flight.aid, team.id, boss, ZONE);
    expect(result.team_flight_id).toBeGreaterThan(0);
    const staff = await staffOf(flight);
    const byTask = new Map<number, { count: number; people: number[] }>();
    for (const row of staff) {
      const entry = byTask.get(row.task_id) ?? { count: row.count, people: [] };
      if (row.employee_id !== null) entry.people.push(row.employee_id);
      byTask.set(row.task_id, entry);
    }
    expect(byTask.size).toBeGreaterThan(0);
    for (const { people } of byTask.values()) {
      expect(people.length).toBeGreaterThan(0);
      for (const person of people) expect(members).toContain(person);
    }
    expect(overlappingHolds(await holdsOf(members)).size).toBe(0);
  });

  it('refuses a turnaround that already has a team, writing nothing', async () => {
    const flight = flights[0];
    const members = await freeEmployees(flight.positionId, 2);
    const other = await service.save(payload(flight, members, 'Вторая'), undefined, boss, ZONE);
    const error = await refusal(service.assign(flight.aid, other.id, boss, ZONE));
    expect(Object.keys(error.fields ?? {})).toEqual(['flight_aid']);
    expect(await holdsOf(members)).toEqual([]);
  });

  it('refuses a team whose position rule nobody holds, linking nothing', async () => {
    const flight = flights[15];
    const empty = await service.save(payload(flight, [], 'Пустая'), undefined, boss, ZONE);
    const error = await refusal(service.assign(flight.aid, empty.id, boss, ZONE));
    expect(error.fields?.team_id?.[0]).toMatch(/^Нет свободных сотрудников: .+ ×\d+$/);
    expect(await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid))).toEqual([]);
  });

  it('refuses a team not on shift over the turnaround', async () => {
    const flight = flights[1];
    const members = await freeEmployees(flight.positionId, 2);
    const late = await service.save(payload(flight, members, 'Поздняя', 6 * HOUR), undefined, boss, ZONE);
    const error = await refusal(service.assign(flight.aid, late.id, boss, ZONE));
    expect(error.fields?.team_id?.[0]).toMatch(/не на смене/);
    const links = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid));
    expect(links).toEqual([]);
  });

  it('honours skills: a job some skill grants never goes to a member without it, even the main one', async () => {
    const flight = flights[2];
    const [task] = await dbh.query<{ job_id: number }>(
      `select k.job_id from turnarounds t join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
        join task_positions tp on tp.task_id = k.id and tp.employee_position_id = $2 where t.aid = $1 limit 1`,
      [flight.aid, flight.positionId],
    );
    const [skill] = await dbh.db.insert(skills).values({ name: 'Тестовый допуск' }).returning();
    await dbh.db.insert(skillAccesses).values({ skillId: skill.id, jobId: task.job_id });
    const members = await freeEmployees(flight.positionId, flight.most + 2);
    await dbh.db
      .insert(employeeSkills)
      .values(members.slice(1).map((employeeId) => ({ employeeId, skillId: skill.id })));
    try {
      const team = await service.save(payload(flight, members, 'С навыком'), undefined, boss, ZONE);
      await service.assign(flight.aid, team.id, boss, ZONE);
      const rows = await dbh.query<{ employee_id: number }>(
        `select te.employee_id from turnarounds t join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
          join task_employees te on te.task_id = k.id and te.employee_position_id = $2
         where t.aid = $1 and k.job_id = $3`,
        [flight.aid, flight.positionId, task.job_id],
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(members.slice(1)).toContain(row.employee_id);
    } finally {
      await dbh.db.delete(skillAccesses).where(eq(skillAccesses.skillId, skill.id));
    }
  });
});

describe('de-assigning and reassigning', () => {
  it('de-assign removes the members from the turnaround and the link', async () => {
    const flight = flights[3];
    const members = await freeEmployees(flight.positionId, flight.most + 1);
    const team = await service.save(payload(flight, members, 'Снимаемая'), undefined, boss, ZONE);
    await service.assign(flight.aid, team.id, boss, ZONE);
    expect((await holdsOf(members)).length).toBeGreaterThan(0);
    await service.deassign(flight.aid, team.id, boss);
    expect(await holdsOf(members)).toEqual([]);
    expect(await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid))).toEqual([]);
  });

  it('a refused reassign leaves the turnaround with the first team and its staff', async () => {
    const flight = flights[4];
    const first = await freeEmployees(flight.positionId, flight.most + 1);
    const a = await service.save(payload(flight, first, 'Первая'), undefined, boss, ZONE);
    await service.assign(flight.aid, a.id, boss, ZONE);
    const before = await holdsOf(first);
    const second = await freeEmployees(flight.positionId, 2);
    const late = await service.save(payload(flight, second, 'Не на смене', 6 * HOUR), undefined, boss, ZONE);
    await refusal(service.reassign(flight.aid, a.id, late.id, boss, ZONE));
    expect(await holdsOf(first)).toEqual(before);
    const [link] = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid));
    expect(link.teamId).toBe(a.id);
  });

  it('a reassign moves the turnaround and its tasks to the second team', async () => {
    const flight = flights[4];
    const [link] = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid));
    const second = await freeEmployees(flight.positionId, flight.most + 1);
    const b = await service.save(payload(flight, second, 'Вторая смена'), undefined, boss, ZONE);
    const result = await service.reassign(flight.aid, link.teamId, b.id, boss, ZONE);
    expect(result.assignments).toBeGreaterThan(0);
    const staff = (await staffOf(flight)).filter((r) => r.employee_id !== null);
    for (const row of staff) expect(second).toContain(row.employee_id);
    const [moved] = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, flight.aid));
    expect(moved.teamId).toBe(b.id);
  });
});

describe('replacing a member', () => {
  /** A team of free people on the flight, assigned to it; the member holding most of its tasks is the leaver. */
  async function assignedTeam(flight: Flight, name: string) {
    const members = await freeEmployees(flight.positionId, flight.most + 1);
    const team = await service.save(payload(flight, members, name), undefined, boss, ZONE);
    await service.assign(flight.aid, team.id, boss, ZONE);
    const holds = await holdsOf(members);
    const count = (id: number) => holds.filter((h) => h.employeeId === id).length;
    const leaver = [...members].sort((a, b) => count(b) - count(a))[0];
    return { team, leaver, tasks: holds.filter((h) => h.employeeId === leaver) };
  }

  it('hands the leaver tasks on the team flights over to the substitute', async () => {
    const flight = flights[12];
    const { team, leaver, tasks: before } = await assignedTeam(flight, 'Замена');
    expect(before.length).toBeGreaterThan(0);
    const [substitute] = await freeEmployees(flight.positionId, 1);
    const result = await service.replaceEmployee(team.id, leaver, substitute, boss, ZONE);
    expect(result.tasks_handed_over).toBe(before.length);
    expect(result.tasks_left_uncovered).toBe(0);
    expect(await holdsOf([leaver])).toEqual([]);
    const taken = (await holdsOf([substitute])).map((h) => h.taskId).sort();
    expect(taken).toEqual(before.map((h) => h.taskId).sort());
  });

  it('leaves uncovered a task overlapping one the substitute holds, which then shows as a conflict', async () => {
    const flight = flights[13];
    const { team, leaver, tasks: before } = await assignedTeam(flight, 'Замена с пересечением');
    const [substitute] = await freeEmployees(flight.positionId, 1);
    const first = before[0];
    const [clash] = await dbh.query<{ id: number; begin_at: Date; end_at: Date }>(
      `select k.id, k.begin_at, k.end_at from tasks k
        where k.begin_at < $2 and k.end_at > $1 and k.id <> all($3::int[]) order by k.id limit 1`,
      [new Date(first.begin), new Date(first.end), before.map((h) => h.taskId)],
    );
    await dbh.db
      .insert(taskEmployees)
      .values({ taskId: clash.id, employeeId: substitute, employeePositionId: flight.positionId });
    const clashes = (h: { begin: number; end: number }) =>
      h.begin < clash.end_at.getTime() && clash.begin_at.getTime() < h.end;
    const result = await service.replaceEmployee(team.id, leaver, substitute, boss, ZONE);
    const left = before.filter(clashes).map((h) => h.taskId);
    expect(left).toContain(first.taskId);
    expect(result.tasks_left_uncovered).toBe(left.length);
    expect(result.tasks_handed_over).toBe(before.length - left.length);
    const held = (await holdsOf([substitute])).map((h) => h.taskId);
    for (const id of left) expect(held).not.toContain(id);
    expect(overlappingHolds(await holdsOf([substitute])).size).toBe(0);
    const period = {
      begin: new Date(flight.begin.getTime() - HOUR),
      end: new Date(flight.end.getTime() + HOUR),
    };
    const [read] = await service.teamsWithFlights({ period, teamIds: [team.id] }, boss, ZONE);
    expect(read.flights[0].task_without_employee).toBeGreaterThan(0);
  });

  it('changes nothing when the substitute is refused', async () => {
    const flight = flights[14];
    const { team, leaver, tasks: before } = await assignedTeam(flight, 'Замена отказ');
    const [elsewhere] = await freeEmployees(flight.positionId, 1);
    await service.save(payload(flight, [elsewhere], 'Другая бригада'), undefined, boss, ZONE);
    const error = await refusal(service.replaceEmployee(team.id, leaver, elsewhere, boss, ZONE));
    expect(error.fields?.employee_id?.[0]).toMatch(/уже в бригаде/);
    expect(await holdsOf([leaver])).toEqual(before);
    expect(await holdsOf([elsewhere])).toEqual([]);
    const members = await dbh.db.select().from(teamEmployees).where(eq(teamEmployees.teamId, team.id));
    expect(members.map((m) => m.employeeId)).toContain(leaver);
  });
});

describe('conflicts of a team flight', () => {
  it('shows each of the three kinds', async () => {
    const flight = flights[5];
    // Enough people that overlapping tasks of the flight are all fully staffed.
    const members = await freeEmployees(flight.positionId, Math.max(10, 3 * flight.most));
    const team = await service.save(payload(flight, members, 'Полная'), undefined, boss, ZONE);
    await service.assign(flight.aid, team.id, boss, ZONE);
    const period = {
      begin: new Date(flight.begin.getTime() - HOUR),
      end: new Date(flight.end.getTime() + HOUR),
    };
    const read = async () => {
      const list = await service.teamsWithFlights({ period, teamIds: [team.id] }, boss, ZONE);
      return list[0].flights[0];
    };
    const clean = await read();
    expect([clean.task_without_employee, clean.task_with_employee_diff_team, clean.employee_overlap]).toEqual(
      [0, 0, 0],
    );
    // A member's staff row removed later: that task is short.
    const staff = (await staffOf(flight)).filter((r) => r.employee_id !== null);
    const first = staff[0];
    const only = first.employee_id;
    await dbh.db
      .delete(taskEmployees)
      .where(and(eq(taskEmployees.taskId, first.task_id), eq(taskEmployees.employeeId, only)));
    expect((await read()).task_without_employee).toBe(1);
    await dbh.db
      .insert(taskEmployees)
      .values({ taskId: first.task_id, employeeId: only, employeePositionId: flight.positionId });
    // An outsider in the team's position on one of its tasks.
    const [outsider] = await freeEmployees(flight.positionId, 1);
    await dbh.db
      .insert(taskEmployees)
      .values({ taskId: first.task_id, employeeId: outsider, employeePositionId: flight.positionId });
    expect((await read()).task_with_employee_diff_team).toBeGreaterThan(0);
    // The member also holds a task of another flight at the same time.
    const [clash] = await dbh.query<{ id: number }>(
      `select k.id from tasks k where k.begin_at < $2 and k.end_at > $1 and k.id <> $3 limit 1`,
      [first.begin_at, first.end_at, first.task_id],
    );
    await dbh.db
      .insert(taskEmployees)
      .values({ taskId: clash.id, employeeId: only, employeePositionId: flight.positionId });
    const flagged = await read();
    expect(flagged.employee_overlap).toBeGreaterThan(0);
    expect(flagged.conflict).toBe(1);
    const [outside] = await service.outsideTeam({ period, teamIds: [team.id] }, boss, ZONE);
    const [clashLeg] = await dbh.db
      .select({ flightId: tasks.flightId })
      .from(tasks)
      .where(eq(tasks.id, clash.id));
    const legsOutside = outside.flights.flatMap((f) => [
      f.arrivalFlight?.flight_id,
      f.departureFlight?.flight_id,
    ]);
    expect(legsOutside).toContain(clashLeg.flightId);
    expect(outside.flights.map((f) => f.aid)).not.toContain(flight.aid);
    const onlyConflicts = await service.teamsWithFlights(
      { period, teamIds: [team.id], conflict: true },
      boss,
      ZONE,
    );
    expect(onlyConflicts[0].flights).toHaveLength(1);
  });
});

describe('department scope', () => {
  it('edit-department-team changes and sees only teams of the own department', async () => {
    const flight = flights[6];
    const [user] = await dbh.db
      .insert(users)
      .values({ login: 'lead', name: 'lead', passwordHash: 'x', departmentId: flight.departmentId })
      .returning({ id: users.id });
    const lead: Caller = { id: user.id, rules: ['edit-department-team'] };
    const members = await freeEmployees(flight.positionId, 1);
    const own = await service.save(payload(flight, members, 'Своя'), undefined, lead, ZONE);
    const foreign = { ...payload(flight, [], 'Чужая'), department_id: flight.departmentId + 1 };
    await expect(service.save(foreign, undefined, lead, ZONE)).rejects.toBeInstanceOf(ForbiddenError);
    const other = await service.save(foreign, undefined, boss, ZONE);
    await expect(service.remove(other.id, lead)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.assign(flight.aid, other.id, lead, ZONE)).rejects.toBeInstanceOf(ForbiddenError);
    const period = { begin: flight.begin, end: flight.end };
    const seen = (await service.teams({ period }, lead, ZONE)).map((t) => t.id);
    expect(seen).toContain(own.id);
    expect(seen).not.toContain(other.id);
    const all = (await service.teams({ period }, { ...lead, rules: ['read-all-team'] }, ZONE)).map(
      (t) => t.id,
    );
    expect(all).toContain(other.id);
  });
});

describe('the live feed', () => {
  it('announces the team, the link and the task staff of an assignment after it commits', async () => {
    const flight = flights[7];
    const notices: LiveNotice[] = [];
    const stop = await dbh.listen(LIVE_CHANNEL, (payload) => notices.push(JSON.parse(payload)));
    try {
      const members = await freeEmployees(flight.positionId, Math.max(10, 3 * flight.most));
      const team = await service.save(payload(flight, members, 'Слышимая'), undefined, boss, ZONE);
      const result = await service.assign(flight.aid, team.id, boss, ZONE);
      await vi.waitFor(() => {
        expect(notices.map((n) => n.entity)).toEqual(
          expect.arrayContaining(['team', 'team_flight', 'task_employee']),
        );
      });
      expect(notices.find((n) => n.entity === 'team_flight')).toEqual({
        entity: 'team_flight',
        ids: [result.team_flight_id],
        by: boss.id,
      });
    } finally {
      await stop();
    }
  });
});

describe('after any sequence of assign, de-assign and reassign on the database', () => {
  it('no member holds overlapping tasks and every turnaround has at most one team', async () => {
    const chosen = flights.slice(8, 12);
    const span: Flight = {
      ...chosen[0],
      begin: new Date(Math.min(...chosen.map((f) => f.begin.getTime()))),
      end: new Date(Math.max(...chosen.map((f) => f.end.getTime()))),
    };
    const teamIds: number[] = [];
    const everyone: number[] = [];
    for (const size of [2, 4, 8]) {
      const members = await freeEmployees(span.positionId, size);
      everyone.push(...members);
      teamIds.push(
        (await service.save(payload(span, members, `Свойство ${size}`), undefined, boss, ZONE)).id,
      );
    }
    const op = fc.tuple(fc.constantFrom('assign', 'deassign', 'reassign'), fc.nat(3), fc.nat(2), fc.nat(2));
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const [kind, f, t, u] of ops) {
          const aid = chosen[f].aid;
          const [link] = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, aid));
          const work =
            kind === 'assign'
              ? service.assign(aid, teamIds[t], boss, ZONE)
              : kind === 'deassign'
                ? service.deassign(aid, link?.teamId ?? teamIds[t], boss)
                : service.reassign(aid, link?.teamId ?? teamIds[t], teamIds[u], boss, ZONE);
          // Refusals (422) are part of the sequence: they must leave nothing half done.
          await work.catch((error: unknown) => {
            if (!(error instanceof ValidationError)) throw error;
          });
          expect(overlappingHolds(await holdsOf(everyone)).size).toBe(0);
          const links = await dbh.db.select().from(teamFlights).where(eq(teamFlights.aid, aid));
          expect(links.length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 8 },
    );
  });
});
