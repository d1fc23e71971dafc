/**
 * Demo teams (issue 16): for the days around the demo's reference day, crews of 3–8 ramp, cabin-cleaning and baggage
 * staff per shift, some given turnarounds with their tasks staffed by the same assignment the server uses, and some
 * conflicts left in (short staff, an outsider kept on a task), so the team board has something to show.
 * Runs after the generated tables are written; reads them back with plain SQL (a handful of set queries is faster
 * than the query builder's row objects here) and writes through Drizzle.
 */
import { TEAM_STATUS } from '../../shared/team-planning.ts';
import { instantToDay, wallClockToInstant } from '../../shared/wallClock.ts';
import type { DbHandle } from '../db/client.ts';
import { taskEmployees, teamEmployees, teamFlights, teamPositionRules, teams } from '../db/schema/index.ts';
import { type Member, planAssignment, skillsAllow } from '../domain/teamAssignment.ts';
import type { Interval } from '../domain/tgoTasks.ts';
import { HOME_ZONE } from './generate.ts';
import { createRng, mixSeed, type Rng } from './random.ts';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
/** Days before and after the reference day that get teams. */
const DAYS_BEFORE = 2;
const DAYS_AFTER = 3;
/** Turnarounds a team takes at most in its shift. */
const FLIGHTS_PER_TEAM = 5;

/** Kinds of crew: the positions, the first being the lead (main), and how many of each. */
const CREWS: { name: string; positions: [string, number, number][] }[] = [
  {
    name: 'Перрон',
    positions: [
      ['Бригадир грузчиков', 1, 1],
      ['Грузчик', 2, 5],
      ['Техник по встрече ВС', 0, 1],
    ],
  },
  { name: 'Уборка', positions: [['Уборщик салона ВС', 3, 6]] },
  { name: 'Багаж', positions: [['Агент по обработке багажа', 3, 5]] },
];

interface Person {
  id: number;
  positionId: number;
  positionName: string;
  departmentId: number;
  shiftId: number;
  shiftBegin: string;
  shiftMinutes: number;
}

interface DemoTask {
  id: number;
  aid: number;
  begin: number;
  end: number;
  jobId: number;
  aircraftTypeId: number;
  needs: { positionId: number; count: number }[];
  staff: { id: number; employeeId: number; positionId: number }[];
}

/** A team made in memory, written in batches at the end. */
interface PlannedTeam {
  values: Omit<typeof teams.$inferInsert, 'id'>;
  rules: { positionId: number; count: number; members: { employeeId: number; isMain: boolean }[] }[];
  aids: number[];
}

const BATCH = 1000;

/** Inserts rows in batches, answering the ids in row order (a multi-row INSERT … RETURNING keeps the order). */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += BATCH)
    ids.push(...(await insert(rows.slice(at, at + BATCH))).map((r) => r.id));
  return ids;
}

/** Writes the planned teams, their rules, members and links: a few statements per thousand rows. */
async function writeTeams(handle: DbHandle, planned: PlannedTeam[]): Promise<void> {
  const db = handle.db;
  const teamIds = await insertAll(
    planned.map((p) => p.values),
    (batch) => db.insert(teams).values(batch).returning({ id: teams.id }),
  );
  const rules = planned.flatMap((p, i) => p.rules.map((r) => ({ teamId: teamIds[i], rule: r })));
  const ruleIds = await insertAll(
    rules.map((r) => ({ teamId: r.teamId, employeePositionId: r.rule.positionId, count: r.rule.count })),
    (batch) => db.insert(teamPositionRules).values(batch).returning({ id: teamPositionRules.id }),
  );
  const members = rules.flatMap((r, i) =>
    r.rule.members.map((m) => ({
      teamId: r.teamId,
      ruleId: ruleIds[i],
      employeeId: m.employeeId,
      isMainEmployee: m.isMain,
    })),
  );
  await insertAll(members, (batch) =>
    db.insert(teamEmployees).values(batch).returning({ id: teamEmployees.id }),
  );
  const links = planned.flatMap((p, i) => p.aids.map((aid) => ({ teamId: teamIds[i], aid })));
  await insertAll(links, (batch) => db.insert(teamFlights).values(batch).returning({ id: teamFlights.id }));
}

/** A deterministic shuffle. */
function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/** Creates the demo teams and their turnarounds. Example: a default demo → ~40 teams a day over 6 days. */
export async function loadDemoTeams(
  handle: DbHandle,
  options: { seed: number; referenceAt: Date; days: number },
) {
  const rng = createRng(mixSeed(options.seed, 16));
  const names = CREWS.flatMap((c) => c.positions.map(([name]) => name));
  const people = await handle.query<Person>(
    `select e.id, e.employee_position_id as "positionId", p.name as "positionName", e.department_id as "departmentId",
            s.id as "shiftId", s.begin_time::text as "shiftBegin", s.duration_minutes as "shiftMinutes"
       from employees e join employee_positions p on p.id = e.employee_position_id
       join working_shifts s on s.id = e.working_shift_id
      where e.is_active and p.name = any($1) order by e.id`,
    [names],
  );
  if (people.length === 0) return;
  const [status] = await handle.query<{ n: number }>('select count(*)::int as n from team_statuses');
  if ((status?.n ?? 0) < TEAM_STATUS.disbanded) return;
  const positionIds = [...new Set(people.map((p) => p.positionId))];
  const today = instantToDay(options.referenceAt, HOME_ZONE);
  const todayAt = Date.parse(`${today}T00:00:00Z`);
  const before = Math.min(DAYS_BEFORE, options.days);
  const after = Math.min(DAYS_AFTER, options.days);
  const from = (wallClockToInstant(`${today} 00:00:00`, HOME_ZONE) as Date).getTime() - before * MS_PER_DAY;
  const to = from + (before + after + 2) * MS_PER_DAY;

  const taskRows = await handle.query<{
    id: number;
    aid: number;
    begin: Date;
    end: Date;
    job_id: number;
    aircraft_type_id: number;
    position_id: number;
    count: number;
  }>(
    `select k.id, t.aid, k.begin_at as begin, k.end_at as end, k.job_id, f.aircraft_type_id,
            tp.employee_position_id as position_id, tp.count
       from tasks k join flights f on f.id = k.flight_id
       join turnarounds t on f.id in (t.arrival_flight_id, t.departure_flight_id)
       join task_positions tp on tp.task_id = k.id and tp.employee_position_id = any($1)
      where k.begin_at >= $2 and k.begin_at < $3`,
    [positionIds, new Date(from), new Date(to)],
  );
  const byTask = new Map<number, DemoTask>();
  for (const r of taskRows) {
    const task = byTask.get(r.id) ?? {
      id: r.id,
      aid: r.aid,
      begin: new Date(r.begin).getTime(),
      end: new Date(r.end).getTime(),
      jobId: r.job_id,
      aircraftTypeId: r.aircraft_type_id,
      needs: [],
      staff: [],
    };
    task.needs.push({ positionId: r.position_id, count: r.count });
    byTask.set(r.id, task);
  }
  const staffRows = await handle.query<{
    id: number;
    task_id: number;
    employee_id: number;
    position_id: number;
  }>(
    `select te.id, te.task_id, te.employee_id, te.employee_position_id as position_id
       from task_employees te join tasks k on k.id = te.task_id where k.begin_at >= $1 and k.begin_at < $2`,
    [new Date(from - MS_PER_DAY), new Date(to + MS_PER_DAY)],
  );
  const busy = new Map<number, Interval[]>();
  for (const s of staffRows) {
    const task = byTask.get(s.task_id);
    if (task) task.staff.push({ id: s.id, employeeId: s.employee_id, positionId: s.position_id });
  }
  const busyRows = await handle.query<{ employee_id: number; begin: Date; end: Date }>(
    `select te.employee_id, k.begin_at as begin, k.end_at as end from task_employees te join tasks k on k.id = te.task_id
      where te.employee_id = any($1) and k.begin_at >= $2 and k.begin_at < $3`,
    [people.map((p) => p.id), new Date(from - MS_PER_DAY), new Date(to + MS_PER_DAY)],
  );
  for (const b of busyRows) {
    const list = busy.get(b.employee_id) ?? [];
    list.push({ begin: new Date(b.begin).getTime(), end: new Date(b.end).getTime() });
    busy.set(b.employee_id, list);
  }
  const grantRows = await handle.query<{
    skill_id: number;
    job_id: number | null;
    aircraft_type_id: number | null;
  }>(
    'select skill_id, job_id, aircraft_type_id from skill_accesses where job_id is not null or aircraft_type_id is not null',
  );
  const grants = new Map<string, Set<number>>();
  for (const g of grantRows) {
    const key = g.job_id !== null ? `job:${g.job_id}` : `aircraftType:${g.aircraft_type_id}`;
    grants.set(key, (grants.get(key) ?? new Set()).add(g.skill_id));
  }
  const skillRows = await handle.query<{ employee_id: number; skill_id: number }>(
    'select employee_id, skill_id from employee_skills where employee_id = any($1)',
    [people.map((p) => p.id)],
  );
  const held = new Map<number, Set<number>>();
  for (const s of skillRows) held.set(s.employee_id, (held.get(s.employee_id) ?? new Set()).add(s.skill_id));

  const tasksByAid = new Map<number, DemoTask[]>();
  for (const task of byTask.values()) tasksByAid.set(task.aid, [...(tasksByAid.get(task.aid) ?? []), task]);
  const aidWindows = [...tasksByAid].map(([aid, list]) => ({
    aid,
    begin: Math.min(...list.map((t) => t.begin)),
    end: Math.max(...list.map((t) => t.end)),
  }));
  aidWindows.sort((a, b) => a.begin - b.begin || a.aid - b.aid);
  const linked = new Set<number>();
  const drops: number[] = [];
  const adds: { taskId: number; employeeId: number; employeePositionId: number }[] = [];

  const byShift = new Map<number, Person[]>();
  for (const p of people) byShift.set(p.shiftId, [...(byShift.get(p.shiftId) ?? []), p]);
  let number = 0;
  const plannedTeams: PlannedTeam[] = [];
  for (let day = -before; day <= after; day += 1) {
    const date = new Date(todayAt + day * MS_PER_DAY).toISOString().slice(0, 10);
    const statusId = day < 0 ? TEAM_STATUS.finished : day === 0 ? TEAM_STATUS.onShift : TEAM_STATUS.formed;
    for (const [, shiftPeople] of [...byShift].sort((a, b) => a[0] - b[0])) {
      const first = shiftPeople[0];
      const begin = wallClockToInstant(`${date} ${first.shiftBegin.slice(0, 8)}`, HOME_ZONE) as Date;
      const end = new Date(begin.getTime() + first.shiftMinutes * MS_PER_MINUTE);
      for (const crew of CREWS) {
        const pools = crew.positions.map(([name]) =>
          shuffled(
            rng,
            shiftPeople.filter((p) => p.positionName === name),
          ),
        );
        for (let k = 0; k < 3; k += 1) {
          const members: Person[] = [];
          crew.positions.forEach(([, min, max], i) => {
            const n = rng.int(min, max);
            members.push(...pools[i].splice(0, n));
          });
          if (members.length < 3) break;
          number += 1;
          const rules = new Map<number, Person[]>();
          for (const m of members) rules.set(m.positionId, [...(rules.get(m.positionId) ?? []), m]);
          const planned: PlannedTeam = {
            values: {
              name: `${crew.name} ${first.shiftBegin.slice(0, 5)} №${number}`,
              beginAt: begin,
              endAt: end,
              departmentId: members[0].departmentId,
              teamStatusId: day > 1 && rng.chance(0.2) ? TEAM_STATUS.draft : statusId,
            },
            rules: [...rules].map(([positionId, list]) => ({
              positionId,
              count: list.length + (rng.chance(0.15) ? 1 : 0),
              members: list.map((m) => ({ employeeId: m.id, isMain: m === members[0] })),
            })),
            aids: [],
          };
          plannedTeams.push(planned);
          if (rng.chance(0.3)) continue;
          const teamMembers: Member[] = members.map((m, i) => ({
            employeeId: m.id,
            positionId: m.positionId,
            isMain: i === 0,
          }));
          const positions = new Set(members.map((m) => m.positionId));
          let lastEnd = 0;
          let taken = 0;
          for (const window of aidWindows) {
            if (taken >= FLIGHTS_PER_TEAM) break;
            if (window.begin < begin.getTime() || window.end > end.getTime() || window.begin < lastEnd)
              continue;
            if (linked.has(window.aid)) continue;
            const relevant = (tasksByAid.get(window.aid) ?? []).filter((t) =>
              t.needs.some((n) => positions.has(n.positionId)),
            );
            if (relevant.length === 0) continue;
            // One flight in eight keeps its outsiders: the board shows a "done by another team" conflict.
            const keepOutsiders = rng.chance(0.125);
            const ids = new Set(members.map((m) => m.id));
            const dropped = keepOutsiders
              ? []
              : relevant.flatMap((t) =>
                  t.staff.filter((s) => positions.has(s.positionId) && !ids.has(s.employeeId)),
                );
            const droppedIds = new Set(dropped.map((d) => d.id));
            const plan = planAssignment({
              tasks: relevant.map((t) => ({ ...t, staff: t.staff.filter((s) => !droppedIds.has(s.id)) })),
              members: teamMembers,
              busy,
              allowed: (employeeId, taskId) => {
                const task = byTask.get(taskId) as DemoTask;
                const skills = held.get(employeeId) ?? new Set<number>();
                return (
                  skillsAllow(grants.get(`job:${task.jobId}`), skills) &&
                  skillsAllow(grants.get(`aircraftType:${task.aircraftTypeId}`), skills)
                );
              },
            });
            if (plan.added.length === 0) continue;
            for (const d of dropped) drops.push(d.id);
            for (const task of relevant) task.staff = task.staff.filter((s) => !droppedIds.has(s.id));
            for (const a of plan.added) {
              adds.push({ taskId: a.taskId, employeeId: a.employeeId, employeePositionId: a.positionId });
              const task = byTask.get(a.taskId) as DemoTask;
              task.staff.push({ id: 0, employeeId: a.employeeId, positionId: a.positionId });
              busy.set(a.employeeId, [
                ...(busy.get(a.employeeId) ?? []),
                { begin: task.begin, end: task.end },
              ]);
            }
            planned.aids.push(window.aid);
            linked.add(window.aid);
            lastEnd = window.end;
            taken += 1;
          }
        }
      }
    }
  }
  await writeTeams(handle, plannedTeams);
  for (let at = 0; at < drops.length; at += 5000) {
    await handle.query('delete from task_employees where id = any($1)', [drops.slice(at, at + 5000)]);
  }
  for (let at = 0; at < adds.length; at += 2000) {
    await handle.db
      .insert(taskEmployees)
      .values(adds.slice(at, at + 2000))
      .onConflictDoNothing();
  }
}
