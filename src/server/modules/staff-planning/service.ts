import { type AnyColumn, and, asc, eq, exists, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_PLANNING_SCHEDULES, DEFAULT_PLANNING_STATUSES } from '../../../shared/reference.ts';
import type { DbHandle } from '../../db/client.ts';
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
import { sortKey } from '../../http/filters.ts';
import type { Period } from '../../http/period.ts';

/** Options of the staff-planning flight period type. */
const FLIGHT_PERIOD_TYPES = [
  { id: 1, name: 'По наземному обслуживанию' },
  { id: 2, name: 'По плановому времени рейса' },
];

/** Longest period the planning lists accept: a quarter, the longest a planner looks at once. */
export const PLANNING_MAX_DAYS = 93;

export interface PositionFilter {
  /** Tasks overlapping the period; without one, every position of the departments. */
  period?: Period;
  flightSchedule?: number[];
  flightType?: number[];
  flightStatus?: number[];
  /** `department_id` and `department_ids[]` of the query: the positions of any of them. */
  departmentIds?: number[];
}

/**
 * The service's view of the database: the Drizzle handle, the kind that picks the text collation, and the gate
 * that heavy period queries pass through.
 */
export type StaffPlanningDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'>;

/** The reference lists of the staff-planning screen. */
export function createStaffPlanningService({ db, kind, heavy }: StaffPlanningDeps) {
  const byText = (column: AnyColumn) => asc(sortKey(column, kind));
  const idsAndNames = (table: typeof flightSchedules) =>
    db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.id));

  return {
    /** The flight filter lists with the spec's default choices. */
    async flightParams() {
      const [schedule, status, type, flightClass] = await Promise.all([
        idsAndNames(flightSchedules),
        idsAndNames(flightStatuses),
        idsAndNames(flightTypes),
        idsAndNames(flightClasses),
      ]);
      return {
        flight_schedule: schedule,
        flight_status: status,
        flight_type: type,
        flight_class: flightClass,
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
        .orderBy(byText(resourceTypes.name), asc(resourceTypes.id));
    },

    /**
     * Positions of the departments that tasks need in the period, on flights of the chosen schedule kinds, types
     * and statuses; with no period, every position of the departments (the flight filters then need a period,
     * which the route checks).
     */
    async positions(filter: PositionFilter, signal?: AbortSignal) {
      const { period } = filter;
      const needed = period
        ? exists(
            db
              .select({ one: sql`1` })
              .from(taskPositions)
              .innerJoin(tasks, eq(tasks.id, taskPositions.taskId))
              .innerJoin(flights, eq(flights.id, tasks.flightId))
              .where(
                and(
                  eq(taskPositions.employeePositionId, employeePositions.id),
                  lte(tasks.planBeginAt, period.end),
                  gte(tasks.planEndAt, period.begin),
                  filter.flightSchedule
                    ? inArray(flights.flightScheduleId, filter.flightSchedule)
                    : undefined,
                  filter.flightType ? inArray(flights.flightTypeId, filter.flightType) : undefined,
                  filter.flightStatus ? inArray(flights.flightStatusId, filter.flightStatus) : undefined,
                ),
              ),
          )
        : undefined;
      const conditions: (SQL | undefined)[] = [
        filter.departmentIds ? inArray(employeePositions.departmentId, filter.departmentIds) : undefined,
        needed,
      ];
      const query = db
        .select({
          id: employeePositions.id,
          name: employeePositions.name,
          department_id: employeePositions.departmentId,
        })
        .from(employeePositions)
        .where(and(...conditions))
        .orderBy(byText(employeePositions.name), asc(employeePositions.id));
      // A period query scans the tasks of up to 93 days: it waits its turn at the gate, and never starts for a
      // caller that has gone.
      return period ? heavy(() => query.execute(), signal) : query;
    },

    /** Jobs that the positions (or the positions of the department) may do. */
    async jobs(filter: { departmentId?: number; positionIds?: number[] }) {
      const doers = db
        .select({ jobId: jobPositions.jobId })
        .from(jobPositions)
        .innerJoin(employeePositions, eq(employeePositions.id, jobPositions.employeePositionId))
        .where(
          and(
            filter.departmentId !== undefined
              ? eq(employeePositions.departmentId, filter.departmentId)
              : undefined,
            filter.positionIds ? inArray(jobPositions.employeePositionId, filter.positionIds) : undefined,
          ),
        );
      return db
        .select({ id: jobs.id, name: jobs.name })
        .from(jobs)
        .where(inArray(jobs.id, doers))
        .orderBy(byText(jobs.name), asc(jobs.id));
    },
  };
}

export type StaffPlanningService = ReturnType<typeof createStaffPlanningService>;
