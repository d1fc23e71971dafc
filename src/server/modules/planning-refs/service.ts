import { and, asc, eq, exists, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_PLANNING_SCHEDULES, DEFAULT_PLANNING_STATUSES } from '../../../shared/reference.ts';
import type { Db } from '../../db/client.ts';
import {
  departments,
  employeePositions,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flights,
  flightTypes,
  jobPositions,
  jobs,
  resourceTypes,
  scales,
  taskPositions,
  tasks,
} from '../../db/schema/index.ts';

/** Options of the staff-planning flight period type. */
export const FLIGHT_PERIOD_TYPES = [
  { id: 1, name: 'По наземному обслуживанию' },
  { id: 2, name: 'По плановому времени рейса' },
];

export interface PositionFilter {
  /** Wall-clock bounds, already turned into instants. */
  begin?: Date;
  end?: Date;
  flightSchedule?: number[];
  flightType?: number[];
  flightStatus?: number[];
  departmentIds?: number[];
}

export function createPlanningRefsService(db: Db) {
  const named = (table: typeof flightSchedules) =>
    db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.id));

  return {
    async flightParams() {
      const [schedule, status, type, klass] = await Promise.all([
        named(flightSchedules),
        named(flightStatuses),
        named(flightTypes),
        named(flightClasses),
      ]);
      return {
        flight_schedule: schedule,
        flight_status: status,
        flight_type: type,
        flight_class: klass,
        flight_period_type: FLIGHT_PERIOD_TYPES,
        default_flight_schedule: [...DEFAULT_PLANNING_SCHEDULES],
        default_flight_status: [...DEFAULT_PLANNING_STATUSES],
        default_flight_period_type: 2,
      };
    },

    /** The airport's own departments (contractors' are left out). */
    async departments() {
      return db
        .select({ id: departments.id, name: departments.name, full_name: departments.fullName })
        .from(departments)
        .where(isNull(departments.contractorId))
        .orderBy(asc(departments.id));
    },

    async scales() {
      return db
        .select({
          id: scales.id,
          name: scales.name,
          period: scales.periodMinutes,
          is_default: scales.isDefault,
        })
        .from(scales)
        .orderBy(asc(scales.periodMinutes));
    },

    async resourceTypes() {
      return db
        .select({ id: resourceTypes.id, name: resourceTypes.name })
        .from(resourceTypes)
        .orderBy(asc(resourceTypes.name));
    },

    /**
     * Positions of the departments that tasks need in the period, on flights of the chosen
     * schedule kinds, types and statuses; with no period, every position of the departments.
     */
    async positions(filter: PositionFilter) {
      const conditions: (SQL | undefined)[] = [
        filter.departmentIds ? inArray(employeePositions.departmentId, filter.departmentIds) : undefined,
      ];
      const flightConditions = [
        filter.flightSchedule ? inArray(flights.flightScheduleId, filter.flightSchedule) : undefined,
        filter.flightType ? inArray(flights.flightTypeId, filter.flightType) : undefined,
        filter.flightStatus ? inArray(flights.flightStatusId, filter.flightStatus) : undefined,
      ];
      const timed = filter.begin || filter.end || flightConditions.some(Boolean);
      if (timed) {
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(taskPositions)
              .innerJoin(tasks, eq(tasks.id, taskPositions.taskId))
              .innerJoin(flights, eq(flights.id, tasks.flightId))
              .where(
                and(
                  eq(taskPositions.employeePositionId, employeePositions.id),
                  filter.end ? lte(tasks.planBeginAt, filter.end) : undefined,
                  filter.begin ? gte(tasks.planEndAt, filter.begin) : undefined,
                  ...flightConditions,
                ),
              ),
          ),
        );
      }
      return db
        .select({
          id: employeePositions.id,
          name: employeePositions.name,
          department_id: employeePositions.departmentId,
        })
        .from(employeePositions)
        .where(and(...conditions))
        .orderBy(asc(employeePositions.name), asc(employeePositions.id));
    },

    /** Jobs that the positions (or the positions of the department) may do. */
    async jobs(departmentId: number | undefined, positionIds: number[] | undefined) {
      return db
        .selectDistinct({ id: jobs.id, name: jobs.name })
        .from(jobs)
        .innerJoin(jobPositions, eq(jobPositions.jobId, jobs.id))
        .innerJoin(employeePositions, eq(employeePositions.id, jobPositions.employeePositionId))
        .where(
          and(
            departmentId !== undefined ? eq(employeePositions.departmentId, departmentId) : undefined,
            positionIds ? inArray(jobPositions.employeePositionId, positionIds) : undefined,
          ),
        )
        .orderBy(asc(jobs.name), asc(jobs.id));
    },
  };
}
