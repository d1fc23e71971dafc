import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { EmployeesResult } from '../../../shared/flight-table.ts';
import { instantToDay, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { Db } from '../../db/client.ts';
import {
  airports,
  employees,
  jobs,
  taskEmployees,
  taskPositions,
  tasks,
  workingShifts,
} from '../../db/schema/index.ts';
import type { Interval } from '../../domain/tgoTasks.ts';
import { legsOf, type RowReader } from './rowReader.ts';
import { notifyAll, type Reader, type Tx } from './tx.ts';

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/**
 * Desk jobs (check-in counters, boarding gates): what «set desk employees» staffs. Chosen by the job's name, the
 * only thing a job says about where it is done.
 */
const DESK_JOB = /регистрац|стойк|выход на посадку/i;

/** Staff assignment: staffing the rows' tasks with free employees on shift, and dropping their staff. */
export function createStaffAssignment(db: Db, { requireTurnarounds }: RowReader) {
  /** The time zone of the home airport (shift patterns are laid on its clock); the fallback when there is none. */
  async function homeZone(reader: Reader, fallback: string): Promise<string> {
    const [home] = await reader
      .select({ zone: airports.timeZone })
      .from(airports)
      .where(eq(airports.isHome, true))
      .limit(1);
    return home?.zone ?? fallback;
  }

  /** Tasks of the turnarounds' legs with their needs, current staff and job names. */
  async function tasksOfLegs(tx: Tx, legIds: number[]) {
    if (legIds.length === 0) return [];
    const rows = await tx
      .select({ id: tasks.id, beginAt: tasks.beginAt, endAt: tasks.endAt, job: jobs.name })
      .from(tasks)
      .innerJoin(jobs, eq(jobs.id, tasks.jobId))
      .where(inArray(tasks.flightId, legIds))
      .orderBy(asc(tasks.beginAt), asc(tasks.id));
    return rows;
  }

  return {
    /**
     * Staffs the rows' tasks (only desk jobs when `deskOnly`): for each task in start order and each position it
     * needs more people for, the active employees of that position whose working shift covers the whole task (on the
     * home airport's clock), who have no task overlapping it, fewest tasks of the period first (then by id). One
     * transaction; answers the tasks looked at, the assignments added and the staff still missing.
     */
    async setEmployees(
      aids: number[],
      deskOnly: boolean,
      zone: string,
      by: number | null,
    ): Promise<EmployeesResult> {
      return db.transaction(async (tx) => {
        const rows = await requireTurnarounds(tx, aids);
        const legIds = rows.flatMap((t) => legsOf(t).map((leg) => leg.id));
        const all = await tasksOfLegs(tx, legIds);
        const chosen = deskOnly ? all.filter((task) => DESK_JOB.test(task.job)) : all;
        if (chosen.length === 0) return { tasks: 0, assignments: 0, missing: 0 };
        const taskIds = chosen.map((task) => task.id);
        const needs = await tx.select().from(taskPositions).where(inArray(taskPositions.taskId, taskIds));
        const staffed = await tx
          .select({
            taskId: taskEmployees.taskId,
            employeeId: taskEmployees.employeeId,
            positionId: taskEmployees.employeePositionId,
          })
          .from(taskEmployees)
          .where(inArray(taskEmployees.taskId, taskIds));
        const positionIds = [...new Set(needs.map((need) => need.employeePositionId))];
        const people = positionIds.length
          ? await tx
              .select({
                id: employees.id,
                positionId: employees.employeePositionId,
                shiftBegin: workingShifts.beginTime,
                shiftMinutes: workingShifts.durationMinutes,
              })
              .from(employees)
              .innerJoin(workingShifts, eq(workingShifts.id, employees.workingShiftId))
              .where(and(eq(employees.isActive, true), inArray(employees.employeePositionId, positionIds)))
              .orderBy(asc(employees.id))
          : [];
        const from = Math.min(...chosen.map((task) => task.beginAt.getTime()));
        const to = Math.max(...chosen.map((task) => task.endAt.getTime()));
        // Everyone's tasks around the period: overlaps are refused, and the fewest-tasks order counts them.
        const busyRows = people.length
          ? await tx
              .select({ employeeId: taskEmployees.employeeId, beginAt: tasks.beginAt, endAt: tasks.endAt })
              .from(taskEmployees)
              .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
              .where(
                and(
                  inArray(
                    taskEmployees.employeeId,
                    people.map((p) => p.id),
                  ),
                  lt(tasks.beginAt, new Date(to + MS_PER_DAY)),
                  gte(tasks.endAt, new Date(from - MS_PER_DAY)),
                ),
              )
          : [];
        const busy = new Map<number, Interval[]>();
        for (const row of busyRows) {
          const list = busy.get(row.employeeId) ?? [];
          list.push({ begin: row.beginAt.getTime(), end: row.endAt.getTime() });
          busy.set(row.employeeId, list);
        }
        const clock = await homeZone(tx, zone);
        const onShift = (shiftBegin: string, minutes: number, begin: number, end: number) => {
          const day = Date.parse(`${instantToDay(begin, clock)}T00:00:00Z`);
          for (const offset of [-MS_PER_DAY, 0]) {
            const date = new Date(day + offset).toISOString().slice(0, 10);
            const start = wallClockToInstant(`${date} ${shiftBegin.slice(0, 8)}`, clock)?.getTime();
            if (start !== undefined && begin >= start && end <= start + minutes * MS_PER_MINUTE) return true;
          }
          return false;
        };
        const added: { taskId: number; employeeId: number; employeePositionId: number }[] = [];
        let missing = 0;
        for (const task of chosen) {
          const begin = task.beginAt.getTime();
          const end = task.endAt.getTime();
          const onTask = new Set(staffed.filter((s) => s.taskId === task.id).map((s) => s.employeeId));
          for (const need of needs.filter((n) => n.taskId === task.id)) {
            let lacking =
              need.count -
              staffed.filter((s) => s.taskId === task.id && s.positionId === need.employeePositionId).length;
            if (lacking <= 0) continue;
            const free = people
              .filter(
                (p) =>
                  p.positionId === need.employeePositionId &&
                  !onTask.has(p.id) &&
                  onShift(p.shiftBegin, p.shiftMinutes, begin, end) &&
                  !(busy.get(p.id) ?? []).some((b) => b.begin < end && begin < b.end),
              )
              .sort((a, b) => (busy.get(a.id)?.length ?? 0) - (busy.get(b.id)?.length ?? 0) || a.id - b.id);
            for (const person of free) {
              if (lacking <= 0) break;
              added.push({
                taskId: task.id,
                employeeId: person.id,
                employeePositionId: need.employeePositionId,
              });
              onTask.add(person.id);
              busy.set(person.id, [...(busy.get(person.id) ?? []), { begin, end }]);
              lacking -= 1;
            }
            missing += lacking;
          }
        }
        if (added.length) await tx.insert(taskEmployees).values(added);
        await notifyAll(tx, [{ entity: 'task_employee', ids: [...new Set(added.map((a) => a.taskId))], by }]);
        return { tasks: chosen.length, assignments: added.length, missing };
      });
    },

    /** Removes every assignment of the rows' tasks in one transaction; `missing` is then the staff their tasks need. */
    async dropEmployees(aids: number[], by: number | null): Promise<EmployeesResult> {
      return db.transaction(async (tx) => {
        const rows = await requireTurnarounds(tx, aids);
        const legIds = rows.flatMap((t) => legsOf(t).map((leg) => leg.id));
        const all = await tasksOfLegs(tx, legIds);
        if (all.length === 0) return { tasks: 0, assignments: 0, missing: 0 };
        const taskIds = all.map((task) => task.id);
        const gone = await tx
          .delete(taskEmployees)
          .where(inArray(taskEmployees.taskId, taskIds))
          .returning({ taskId: taskEmployees.taskId });
        const [{ needed }] = await tx
          .select({ needed: sql<number>`coalesce(sum(${taskPositions.count}), 0)::int` })
          .from(taskPositions)
          .where(inArray(taskPositions.taskId, taskIds));
        await notifyAll(tx, [{ entity: 'task_employee', ids: [...new Set(gone.map((g) => g.taskId))], by }]);
        return { tasks: all.length, assignments: gone.length, missing: needed };
      });
    },
  };
}
