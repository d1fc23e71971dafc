import { eq, inArray } from 'drizzle-orm';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import {
  SCHEDULE_EMPTY_MESSAGE,
  SCHEDULE_SLOT_MINUTES,
  type ShiftScheduleResult,
  type StandardScheduleParams,
  storedParamsSchema,
} from '../../../shared/shift-schedules.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  employeePositions,
  flightSchedules,
  flightStatuses,
  flightTypes,
  planningCalcs,
  workingShifts,
} from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { type Period, wallPeriod } from '../../http/period.ts';
import { solverPool } from '../../solver/pool.ts';
import { solveSchedule, type WorkingShift } from '../../solver/schedule.ts';
import { typicalWeek } from '../../solver/typicalWeek.ts';
import { createPlanningDemandService } from '../staff-planning/demand.ts';

/** Time budget of one schedule request, every position included (seconds). */
export const SCHEDULE_BUDGET_SECONDS = 20;
/** Longest step-2 (fewest distinct shifts) solve of one position (seconds). */
export const DISTINCT_SECONDS = 0.5;

/**
 * Step-1 time of one position: the request's budget shared out over the positions each worker runs, at least 1 s,
 * so one hard position cannot starve the others. Example: 20 s, 2 workers, 20 positions → 2 s.
 */
export function perPositionSeconds(budget: number, workers: number, positions: number): number {
  return Math.max(1, (budget * workers) / Math.max(1, positions));
}

export type ShiftSchedulesDeps = Pick<DbHandle, 'db' | 'heavy'>;

export interface ScheduleTuning {
  budgetSeconds?: number;
  distinctSeconds?: number;
  solve?: Parameters<typeof solveSchedule>[2]['solve'];
}

/** Reference tables whose ids the inputs name; an unknown id is a 422 on its field. */
const ID_FIELDS = {
  employee_position_ids: employeePositions,
  flight_schedule: flightSchedules,
  flight_status: flightStatuses,
  flight_type: flightTypes,
  working_shift: workingShifts,
} as const;

/** The demand period of the inputs as instants; a bad, reversed or too long period is a 422 on its field. */
function periodOf(params: StandardScheduleParams, zone: string): Period {
  const read = wallPeriod(params.begin, params.end, zone, MAX_PERIOD_DAYS, true);
  if ('bound' in read) throw new ValidationError({ [read.bound]: [read.message] });
  return read;
}

/**
 * The standard shift schedule (DOMAIN Staff planning): the typical week of demand of each chosen position
 * (solver/typicalWeek.ts), covered at least staff-hours by the chosen working shifts (solver/model.mjs) in the
 * HiGHS worker pool; saved calculations keep the inputs and the answer.
 */
export function createShiftSchedulesService(deps: ShiftSchedulesDeps, tuning: ScheduleTuning = {}) {
  const { db } = deps;
  const demand = createPlanningDemandService(deps);

  /** Refuses empty required lists and unknown ids, each on its field. */
  async function refuseBadIds(params: StandardScheduleParams, shiftsRequired: boolean): Promise<void> {
    const fields: Record<string, string[]> = {};
    if (params.employee_position_ids.length === 0) fields.employee_position_ids = [MESSAGES.required];
    if (shiftsRequired && params.working_shift.length === 0) fields.working_shift = [MESSAGES.required];
    for (const [field, table] of Object.entries(ID_FIELDS)) {
      const ids = [...new Set(params[field as keyof typeof ID_FIELDS])];
      if (ids.length === 0) continue;
      const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
      const known = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) fields[field] = [MESSAGES.unknownIds(missing)];
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);
  }

  /** The working shifts of the ids, by start time; no ids means every working shift. */
  async function chosenShifts(ids: number[]): Promise<WorkingShift[]> {
    const rows = await db
      .select({
        id: workingShifts.id,
        name: workingShifts.name,
        beginTime: workingShifts.beginTime,
        lengthMinutes: workingShifts.durationMinutes,
        breakMinutes: workingShifts.breakMinutes,
      })
      .from(workingShifts)
      .where(ids.length ? inArray(workingShifts.id, ids) : undefined);
    return rows
      .map((row) => ({ ...row, beginTime: row.beginTime.slice(0, 5) }))
      .sort((a, b) => a.beginTime.localeCompare(b.beginTime) || a.id - b.id);
  }

  /**
   * Solves the schedule of the inputs; an empty typical week for every position is the spec's error. The preview
   * (spec 7 names no working_shift[] for it) takes every working shift when none is named; a saved calculation
   * names its shifts (`shiftsRequired`).
   */
  async function schedule(
    params: StandardScheduleParams,
    zone: string,
    signal?: AbortSignal,
    shiftsRequired = false,
  ): Promise<ShiftScheduleResult> {
    const period = periodOf(params, zone);
    await refuseBadIds(params, shiftsRequired);
    const started = performance.now();
    const positionIds = [...new Set(params.employee_position_ids)];
    const weeks = await demand.demandByWeek(
      {
        period,
        positionIds,
        stepMinutes: SCHEDULE_SLOT_MINUTES,
        filter: {
          flightSchedule: params.flight_schedule.length ? params.flight_schedule : undefined,
          flightStatus: params.flight_status.length ? params.flight_status : undefined,
          flightType: params.flight_type.length ? params.flight_type : undefined,
        },
      },
      zone,
      signal,
    );
    const slotsPerDay = 1440 / SCHEDULE_SLOT_MINUTES;
    const positions = weeks.positions.map((position) => ({
      id: position.id,
      name: position.name,
      demand: typicalWeek(
        position.values,
        slotsPerDay,
        weeks.observed,
        {
          repeat: params.interval_repeat_in_period ?? 1,
          deviationPercent: params.deviation_in_period ?? 0,
        },
        { repeat: params.interval_repeat_in_week ?? 1, deviationPercent: params.deviation_in_week ?? 0 },
      ),
    }));
    if (positions.every((position) => position.demand.every((d) => d === 0)))
      throw new ValidationError({ employee_position_ids: [SCHEDULE_EMPTY_MESSAGE] }, SCHEDULE_EMPTY_MESSAGE);
    const shifts = await chosenShifts([...new Set(params.working_shift)]);
    const budget = tuning.budgetSeconds ?? SCHEDULE_BUDGET_SECONDS;
    const workers = tuning.solve ? 1 : solverPool().size;
    const solved = await solveSchedule(positions, shifts, {
      slotMinutes: SCHEDULE_SLOT_MINUTES,
      seconds: perPositionSeconds(budget, workers, new Set(positions.map((p) => p.demand.join(','))).size),
      distinctSeconds: tuning.distinctSeconds ?? DISTINCT_SECONDS,
      deadline: Date.now() + budget * 1000,
      solve: tuning.solve ?? ((job, jobSignal) => solverPool().solve(job, jobSignal)),
      signal,
      retryWorkers: workers,
    });
    return {
      slot_minutes: SCHEDULE_SLOT_MINUTES,
      week_start: new Date(weeks.weekStart).toISOString().slice(0, 10),
      positions: solved,
      solve_ms: Math.round(performance.now() - started),
    };
  }

  return {
    schedule,

    /** Solves and stores a named calculation in one transaction; answers its id. */
    async create(
      params: StandardScheduleParams,
      meta: { name?: string; userId: number | null },
      zone: string,
      signal?: AbortSignal,
    ): Promise<{ id: number }> {
      const result = await schedule(params, zone, signal, true);
      const begin = params.begin.slice(0, 10);
      const end = params.end.slice(0, 10);
      const name =
        meta.name ||
        `График сменности ${begin.split('-').reverse().join('.')} – ${end.split('-').reverse().join('.')}`;
      const stored = storedParamsSchema.parse(params);
      const [row] = await db.transaction((tx) =>
        tx
          .insert(planningCalcs)
          .values({
            name,
            createdBy: meta.userId,
            begin,
            end,
            params: stored,
            result,
            solveMs: result.solve_ms,
          })
          .returning({ id: planningCalcs.id }),
      );
      return { id: row.id };
    },

    /**
     * What a saved calculation covers, for the shift list (`GET /planning/shift?calc_id`): the working shifts its
     * schedule uses (the chosen ones when it uses none) and its positions; unknown id → 404.
     */
    async calcScope(id: number): Promise<{ workingShiftIds: number[]; positionIds: number[] }> {
      const [row] = await db
        .select({ params: planningCalcs.params, result: planningCalcs.result })
        .from(planningCalcs)
        .where(eq(planningCalcs.id, id));
      if (!row) throw new NotFoundError(MESSAGES.calcNotFound);
      const params = storedParamsSchema.parse(row.params);
      const used = new Set(row.result.positions.flatMap((p) => p.shifts.map((s) => s.working_shift_id)));
      return {
        workingShiftIds: used.size ? [...used] : params.working_shift,
        positionIds: params.employee_position_ids,
      };
    },

    /** A saved calculation with its inputs and schedule, `created_at` on the wall clock of `zone`; unknown id → 404. */
    async get(id: number, zone: string) {
      const [row] = await db.select().from(planningCalcs).where(eq(planningCalcs.id, id));
      if (!row) throw new NotFoundError(MESSAGES.calcNotFound);
      return {
        id: row.id,
        name: row.name,
        begin: row.begin,
        end: row.end,
        created_at: instantToWallClock(row.createdAt, zone),
        params: storedParamsSchema.parse(row.params),
        result: row.result,
      };
    },
  };
}
