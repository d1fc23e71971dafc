import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { taskEmployees, teamEmployees } from '../../src/server/db/schema/index.ts';
import { TEAM_STATUS } from '../../src/shared/team-planning.ts';
import { instantToWallClock } from '../../src/shared/wallClock.ts';

/** A turnaround without a team, its span and the position with the most demand on it: what a team is built around. */
export interface TeamFlight {
  aid: number;
  begin: Date;
  end: Date;
  positionId: number;
  departmentId: number;
  /** The most staff one task of the turnaround needs of the position. */
  most: number;
}

const ZONE = 'Europe/Moscow';
const HOUR = 3_600_000;

/**
 * The first turnaround from 08:00 UTC of 2026-03-10 on with tasks of the position with the most demand of the demo
 * airport, and no team yet. Raw SQL: picking it is easier said so.
 */
export async function findTeamFlight(db: Db): Promise<TeamFlight> {
  const rows = async <T>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const [top] = await rows<{ id: number }>(
    'select employee_position_id as id from task_positions group by 1 order by count(*) desc limit 1',
  );
  const [row] = await rows<{ aid: number; begin: string; end: string; department_id: number; most: number }>(
    `select t.aid, min(k.begin_at) as begin, max(k.end_at) as end, max(tp.count)::int as most, p.department_id
       from turnarounds t
       join tasks k on k.flight_id in (t.arrival_flight_id, t.departure_flight_id)
       join task_positions tp on tp.task_id = k.id and tp.employee_position_id = ${top.id}
       join employee_positions p on p.id = tp.employee_position_id
      where not exists (select 1 from team_flights tf where tf.aid = t.aid)
      group by t.aid, p.department_id having min(k.begin_at) >= '2026-03-10T08:00:00Z' order by min(k.begin_at), t.aid limit 1`,
  );
  if (!row) throw new Error('no turnaround without a team from 08:00 on');
  return {
    aid: row.aid,
    begin: new Date(row.begin),
    end: new Date(row.end),
    positionId: top.id,
    departmentId: row.department_id,
    most: row.most,
  };
}

/**
 * `n` active employees of the position (from the highest id down, `skip` first), their task staff and their places in
 * teams deleted so that they are free for a new team and its flights.
 */
export async function freeEmployeesOf(
  db: Db,
  positionId: number,
  n: number,
  skip: number,
): Promise<number[]> {
  const found = (
    (await db.execute(
      sql.raw(
        `select id from employees where employee_position_id = ${positionId} and is_active order by id desc offset ${skip} limit ${n}`,
      ),
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  for (const { id } of found) {
    await db.delete(taskEmployees).where(eq(taskEmployees.employeeId, id));
    await db.delete(teamEmployees).where(eq(teamEmployees.employeeId, id));
  }
  return found.map((r) => r.id);
}

/**
 * A formed team of the flight's department, from an hour before its first task to an hour after its last (wall clock
 * of Moscow, the app's default zone), with one rule: the flight's position, as many as `members` (at least one),
 * the first of them the main one: a body `POST /api/team-planning/v1/team` accepts (and `PUT …/team/{id}`).
 */
export function teamBody(
  flight: TeamFlight,
  members: readonly number[],
  extra: Record<string, unknown> = {},
) {
  const wall = (ms: number) => instantToWallClock(ms, ZONE);
  return {
    name: 'Бригада API',
    begin_datetime: wall(flight.begin.getTime() - HOUR),
    end_datetime: wall(flight.end.getTime() + HOUR),
    team_status_id: TEAM_STATUS.formed,
    department_id: flight.departmentId,
    employeePositionRules: [
      {
        employee_position_id: flight.positionId,
        count: Math.max(1, members.length),
        employees: members.map((id, i) => ({ employee_id: id, is_main_employee: i === 0 })),
      },
    ],
    ...extra,
  };
}
