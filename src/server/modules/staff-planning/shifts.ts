import { and, asc, eq, inArray } from 'drizzle-orm';
import { flightNumberText } from '../../../shared/flight-table.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  airlines,
  employeePositions,
  employees,
  flights,
  jobs,
  taskEmployees,
  taskPositions,
  tasks,
  workingShifts,
} from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { sortKey } from '../../http/filters.ts';

/** Most employees one shift list answers: the positions of a few departments, never the whole staff list. */
export const SHIFT_EMPLOYEES_LIMIT = 5000;

export type ShiftsDeps = Pick<DbHandle, 'db' | 'kind'>;

/** Working shifts, who works which shift, and who is assigned to a task. */
export function createPlanningShiftsService({ db, kind }: ShiftsDeps) {
  return {
    /** Every working shift, by start time: 'HH:mm' local, duration and break in minutes. */
    async workingShifts() {
      const rows = await db
        .select({
          id: workingShifts.id,
          name: workingShifts.name,
          beginTime: workingShifts.beginTime,
          duration: workingShifts.durationMinutes,
          breakMinutes: workingShifts.breakMinutes,
        })
        .from(workingShifts)
        .orderBy(asc(workingShifts.beginTime), asc(sortKey(workingShifts.name, kind)), asc(workingShifts.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        begin_time: row.beginTime.slice(0, 5),
        duration: row.duration,
        break: row.breakMinutes,
      }));
    },

    /** Active employees of the positions with the working shift each is on (null when none), by name. */
    async employeeShifts(positionIds: number[]) {
      const rows = await db
        .select({
          id: employees.id,
          fio: employees.name,
          position_id: employees.employeePositionId,
          position: employeePositions.name,
          working_shift_id: employees.workingShiftId,
          shift: workingShifts.name,
        })
        .from(employees)
        .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
        .leftJoin(workingShifts, eq(workingShifts.id, employees.workingShiftId))
        .where(and(inArray(employees.employeePositionId, positionIds), eq(employees.isActive, true)))
        .orderBy(asc(sortKey(employees.name, kind)), asc(employees.id))
        .limit(SHIFT_EMPLOYEES_LIMIT);
      return rows;
    },

    /**
     * A task (plan times as wall clock in `zone`), the staff it needs per position against those assigned, and the
     * assigned employees with their position and working shift. Positions are those the task needs and those of
     * employees assigned to it.
     */
    async taskEmployeeInfo(taskId: number, zone: string) {
      const [task] = await db
        .select({
          id: tasks.id,
          name: jobs.name,
          begin: tasks.planBeginAt,
          end: tasks.planEndAt,
          flight_id: tasks.flightId,
          airline: airlines.iataCode,
          airlineIcao: airlines.icaoCode,
          number: flights.flightNumber,
        })
        .from(tasks)
        .innerJoin(jobs, eq(jobs.id, tasks.jobId))
        .innerJoin(flights, eq(flights.id, tasks.flightId))
        .innerJoin(airlines, eq(airlines.id, flights.airlineId))
        .where(eq(tasks.id, taskId));
      if (!task) throw new NotFoundError(MESSAGES.taskNotFound);
      const [needs, assigned] = await Promise.all([
        db
          .select({
            id: taskPositions.employeePositionId,
            name: employeePositions.name,
            count: taskPositions.count,
          })
          .from(taskPositions)
          .innerJoin(employeePositions, eq(employeePositions.id, taskPositions.employeePositionId))
          .where(eq(taskPositions.taskId, taskId)),
        db
          .select({
            id: employees.id,
            fio: employees.name,
            position_id: taskEmployees.employeePositionId,
            position: employeePositions.name,
            shift: workingShifts.name,
          })
          .from(taskEmployees)
          .innerJoin(employees, eq(employees.id, taskEmployees.employeeId))
          .innerJoin(employeePositions, eq(employeePositions.id, taskEmployees.employeePositionId))
          .leftJoin(workingShifts, eq(workingShifts.id, employees.workingShiftId))
          .where(eq(taskEmployees.taskId, taskId))
          .orderBy(asc(sortKey(employees.name, kind)), asc(employees.id)),
      ]);
      const positions = new Map<number, { id: number; name: string; needed: number; assigned: number }>();
      for (const need of needs)
        positions.set(need.id, { id: need.id, name: need.name, needed: need.count, assigned: 0 });
      for (const employee of assigned) {
        const row = positions.get(employee.position_id) ?? {
          id: employee.position_id,
          name: employee.position,
          needed: 0,
          assigned: 0,
        };
        row.assigned++;
        positions.set(row.id, row);
      }
      return {
        task: {
          id: task.id,
          name: task.name,
          begin: instantToWallClock(task.begin, zone),
          end: instantToWallClock(task.end, zone),
          flight_id: task.flight_id,
          flightNumber: flightNumberText(task.airline ?? task.airlineIcao, task.number),
        },
        positions: [...positions.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id),
        employees: assigned,
      };
    },
  };
}
