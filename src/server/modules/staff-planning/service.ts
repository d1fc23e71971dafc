import { type AnyColumn, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { DEFAULT_PLANNING_SCHEDULES, DEFAULT_PLANNING_STATUSES } from '../../../shared/reference.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
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
import { type Period, splitPeriod } from '../../http/period.ts';
import { createPlanningFlightService } from './flight.ts';

/** Options of the staff-planning flight period type. */
const FLIGHT_PERIOD_TYPES = [
  { id: 1, name: 'По наземному обслуживанию' },
  { id: 2, name: 'По плановому времени рейса' },
];

/** A day: the unit of work of a period query (about 15 ms of the embedded database for the demo airport). */
const POSITION_WINDOW_MS = 86_400_000;

/** Longest period the planning lists accept: a quarter, the longest a planner looks at once. */
export const PLANNING_MAX_DAYS = MAX_PERIOD_DAYS;

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
export type StaffPlanningDeps = Pick<DbHandle, 'db' | 'kind' | 'heavy'> & Partial<Pick<DbHandle, 'listen'>>;

/** The reference lists of the staff-planning screen. */
export function createStaffPlanningService({ db, kind, heavy, listen }: StaffPlanningDeps) {
  const byText = (column: AnyColumn) => asc(sortKey(column, kind));
  const idsAndNames = (table: typeof flightSchedules) =>
    db.select({ id: table.id, name: table.name }).from(table).orderBy(asc(table.id));

  /** Positions that the tasks overlapping the window need, on flights that pass the filter. */
  async function positionsNeededIn(window: Period, filter: PositionFilter): Promise<{ id: number }[]> {
    const flightConditions = [
      filter.flightSchedule ? inArray(flights.flightScheduleId, filter.flightSchedule) : undefined,
      filter.flightType ? inArray(flights.flightTypeId, filter.flightType) : undefined,
      filter.flightStatus ? inArray(flights.flightStatusId, filter.flightStatus) : undefined,
    ].filter(Boolean);
    const base = db.select({ id: tasks.id }).from(tasks);
    const overlap = sql`tstzrange(${tasks.planBeginAt}, ${tasks.planEndAt}, '[]') && tstzrange(${window.begin}, ${window.end}, '[]')`;
    const overlapping =
      flightConditions.length > 0
        ? base.innerJoin(flights, eq(flights.id, tasks.flightId)).where(and(overlap, ...flightConditions))
        : base.where(overlap);
    // Raw SQL for the lateral join with `offset 0`, which the query builder drops: without it the planner flattens
    // the lookup and hashes all of task_positions (45 ms a day) instead of probing its key per task (15 ms).
    const needs = await db.execute(
      sql`select distinct needs.employee_position_id as id from (${overlapping}) overlapping
          cross join lateral (select employee_position_id from ${taskPositions}
                              where task_id = overlapping.id offset 0) needs`,
    );
    return (needs as unknown as { rows: { id: number }[] }).rows;
  }

  return {
    /** `GET /planning/flight`: the flights of the timeline as JSON text (flight.ts). */
    ...createPlanningFlightService({ db, heavy, listen }),

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
      const list = (ids?: number[]) =>
        db
          .select({
            id: employeePositions.id,
            name: employeePositions.name,
            department_id: employeePositions.departmentId,
          })
          .from(employeePositions)
          .where(
            and(
              filter.departmentIds
                ? inArray(employeePositions.departmentId, filter.departmentIds)
                : undefined,
              ids ? inArray(employeePositions.id, ids) : undefined,
            ),
          )
          .orderBy(byText(employeePositions.name), asc(employeePositions.id));
      if (!filter.period) return list();
      const period = filter.period;
      // A period query scans the tasks of up to 93 days. It waits its turn at the gate, then runs a day at a time:
      // on the single-session embedded database the light calls queue between two days instead of behind the whole
      // period, and a caller that has gone stops the work within a day.
      const needed = await heavy(async () => {
        const ids = new Set<number>();
        for (const window of splitPeriod(period, POSITION_WINDOW_MS)) {
          if (signal?.aborted) throw new WorkAbandonedError();
          for (const row of await positionsNeededIn(window, filter)) ids.add(row.id);
        }
        return [...ids];
      }, signal);
      return needed.length > 0 ? list(needed) : [];
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
