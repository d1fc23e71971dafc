import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import { demandPerSlot, maxDemand } from '../../../shared/demand.ts';
import { DIRECTIONS } from '../../../shared/planning-demand.ts';
import { zoneOffset } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError, yieldToEvents } from '../../db/gate.ts';
import {
  employeePositions,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flights,
  flightTypes,
  scales,
  taskPositions,
  tasks,
} from '../../db/schema/index.ts';
import { type Period, splitPeriod } from '../../http/period.ts';
import { weeklyPeaks } from './demandPeaks.ts';

const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
const MS_PER_WEEK = 7 * MS_PER_DAY;

/** Which flights count; every list is optional (absent = every flight). */
export interface FlightFilter {
  flightSchedule?: number[];
  flightType?: number[];
  flightStatus?: number[];
  flightClass?: number[];
}

/** The reference lists whose ids a query may name; an unknown id is a 400 on its field. */
const ID_TABLES = {
  flightSchedule: flightSchedules,
  flightType: flightTypes,
  flightStatus: flightStatuses,
  flightClass: flightClasses,
  position: employeePositions,
} as const;
export type IdKind = keyof typeof ID_TABLES;

/** Demand rows of one period: position, plan begin and end (epoch ms) and the staff count of each task. */
interface DemandTasks {
  position: Int32Array;
  starts: Float64Array;
  ends: Float64Array;
  counts: Int32Array;
}

/**
 * Converts instants to wall-clock epoch ms (the wall time read as UTC) in a zone (zoneOffset keeps the offsets per
 * quarter hour, so a task costs a lookup, not a date format).
 * Example: `wallClockMs('Europe/Moscow')(Date.UTC(2026, 2, 10, 9))` → Date.UTC(2026, 2, 10, 12).
 */
function wallClockMs(zone: string): (instant: number) => number {
  return (instant) => instant + zoneOffset(instant, zone);
}

const MS_PER_QUARTER_HOUR = 900_000;

/** A stretch of instants [begin, end) over which a zone keeps one offset from UTC (ms). */
interface OffsetStretch {
  begin: number;
  end: number;
  offset: number;
}

/**
 * The stretches of one offset that cover [begin, end) in a zone: one stretch unless a daylight-saving change falls
 * inside. Offsets are looked up a quarter hour apart (every change of today's zones falls on a quarter hour) and a
 * change is then found to the second.
 * Example: `offsetStretches(Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23), 'Europe/Berlin')` → up to 01:00Z
 * at +2 h, then +1 h.
 */
function offsetStretches(begin: number, end: number, zone: string): OffsetStretch[] {
  const out: OffsetStretch[] = [];
  let from = begin;
  let offset = zoneOffset(begin, zone);
  for (let t = begin; t < end; ) {
    const next = Math.min(end, t + MS_PER_QUARTER_HOUR);
    if (zoneOffset(next, zone) === offset || next === end) {
      t = next;
      continue;
    }
    // The change lies in (t, next]: the first second at the new offset.
    let low = t;
    let high = next;
    while (high - low > 1000) {
      const mid = low + Math.floor((high - low) / 2000) * 1000;
      if (zoneOffset(mid, zone) === offset) low = mid;
      else high = mid;
    }
    out.push({ begin: from, end: high, offset });
    from = high;
    offset = zoneOffset(high, zone);
    t = high;
  }
  out.push({ begin: from, end, offset });
  return out;
}

/** The row indexes of each position, in one pass. Example: `rowsByPosition([7, 9, 7])` → {7 → [0, 2], 9 → [1]}. */
export function rowsByPosition(position: ArrayLike<number>): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (let i = 0; i < position.length; i++) {
    const list = rows.get(position[i]);
    if (list) list.push(i);
    else rows.set(position[i], [i]);
  }
  return rows;
}

/** 'YYYY-MM-DD HH:mm:ss' of a wall-clock epoch ms. Example: `formatWall(Date.UTC(2026, 2, 9))` → '2026-03-09 00:00:00'. */
function formatWall(wallMs: number): string {
  const iso = new Date(wallMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** The peak-graph question: whole local days, positions, slot length and the recurrence rule. */
export interface PeakQuery {
  /** First and last day of the period, 'YYYY-MM-DD', and the period as instants ([first 00:00, last + 1 00:00)). */
  firstDay: string;
  lastDay: string;
  period: Period;
  positionIds: number[];
  stepMinutes: number;
  repeat: number;
  deviationPercent: number;
  /** Which flights count, as for max demand (absent lists = every flight). */
  filter?: FlightFilter;
}

export type DemandDeps = Pick<DbHandle, 'db' | 'heavy'>;

/**
 * Staff demand from the plan times of the tasks (`plan_begin_at`/`plan_end_at`): a position's demand at a moment is
 * the sum of `task_positions.count` of its tasks running then. Period queries pass the heavy-work gate and read a
 * day at a time; the demand itself is the shared sweep of src/shared/demand.ts.
 */
export function createPlanningDemandService({ db, heavy }: DemandDeps) {
  function flightConditions(filter: FlightFilter) {
    return [
      filter.flightSchedule ? inArray(flights.flightScheduleId, filter.flightSchedule) : undefined,
      filter.flightType ? inArray(flights.flightTypeId, filter.flightType) : undefined,
      filter.flightStatus ? inArray(flights.flightStatusId, filter.flightStatus) : undefined,
      filter.flightClass ? inArray(flights.flightClassId, filter.flightClass) : undefined,
    ];
  }

  /**
   * Tasks of the positions in one window of the period, each read once: the first window takes every task
   * overlapping it (through the GiST range index), later windows only those starting inside them. Flights are joined
   * only when a flight filter asks for them.
   */
  async function demandRowsIn(window: Period, first: boolean, positionIds: number[], filter: FlightFilter) {
    const inWindow = first
      ? and(
          sql`tstzrange(${tasks.planBeginAt}, ${tasks.planEndAt}, '[]') && tstzrange(${window.begin}, ${window.end}, '[]')`,
          gt(tasks.planEndAt, window.begin),
          lt(tasks.planBeginAt, window.end),
        )
      : and(gte(tasks.planBeginAt, window.begin), lt(tasks.planBeginAt, window.end));
    const byFlight = flightConditions(filter).filter(Boolean);
    const base = db
      .select({
        id: tasks.id,
        begin: sql`extract(epoch from ${tasks.planBeginAt}) * 1000`.as('begin_ms'),
        end: sql`extract(epoch from ${tasks.planEndAt}) * 1000`.as('end_ms'),
      })
      .from(tasks);
    const overlapping =
      byFlight.length > 0
        ? base.innerJoin(flights, eq(flights.id, tasks.flightId)).where(and(inWindow, ...byFlight))
        : base.where(inWindow);
    // Raw SQL for the lateral join with `offset 0`, which the query builder drops: without it the planner hashes
    // every task_positions row of the positions (100 ms a day for the demo's loaders) instead of probing the key
    // (task, position) per task of the day (20 ms).
    const result = await db.execute(
      sql`select needs.employee_position_id as position, overlapping.begin_ms::float8 as begin,
                 overlapping.end_ms::float8 as end, needs.count
          from (${overlapping}) overlapping
          cross join lateral (select employee_position_id, count from ${taskPositions}
                              where task_id = overlapping.id
                                and ${inArray(taskPositions.employeePositionId, positionIds)} offset 0) needs`,
    );
    return (result as unknown as { rows: { position: number; begin: number; end: number; count: number }[] })
      .rows;
  }

  /** The demand rows of a period, a day at a time behind the heavy-work gate. */
  async function demandTasks(
    period: Period,
    positionIds: number[],
    filter: FlightFilter,
    signal?: AbortSignal,
  ): Promise<DemandTasks> {
    // Columns filled a day at a time, between the day's reads: one pass over every row of the period at the end
    // (a quarter of a second for 93 days of the demo) would hold the HTTP thread.
    const columns = {
      position: [] as number[],
      begin: [] as number[],
      end: [] as number[],
      count: [] as number[],
    };
    await heavy(async () => {
      let first = true;
      for (const window of splitPeriod(period, MS_PER_DAY)) {
        if (signal?.aborted) throw new WorkAbandonedError();
        for (const row of await demandRowsIn(window, first, positionIds, filter)) {
          columns.position.push(row.position);
          columns.begin.push(row.begin);
          columns.end.push(row.end);
          columns.count.push(row.count);
        }
        first = false;
      }
    }, signal);
    return {
      position: Int32Array.from(columns.position),
      starts: Float64Array.from(columns.begin),
      ends: Float64Array.from(columns.end),
      counts: Int32Array.from(columns.count),
    };
  }

  /**
   * Max demand of each position (see `maxDemands` below), from one read of the period's tasks; a position's sweep
   * is a few ms, and the HTTP thread answers others between them.
   */
  async function maxDemands(
    query: { period: Period; positionIds: number[]; minTimeMinutes: number; filter: FlightFilter },
    zone: string,
    signal?: AbortSignal,
  ) {
    const { period } = query;
    const rows = await demandTasks(period, query.positionIds, query.filter, signal);
    const begin = period.begin.getTime();
    const end = period.end.getTime();
    const rowsOf = rowsByPosition(rows.position);
    const wall = wallClockMs(zone);
    const out = [];
    for (const positionId of query.positionIds) {
      if (out.length > 0) await yieldToEvents();
      signal?.throwIfAborted();
      const mine = rowsOf.get(positionId) ?? [];
      const found = maxDemand(
        Float64Array.from(mine, (i) => Math.max(rows.starts[i], begin)),
        Float64Array.from(mine, (i) => Math.min(rows.ends[i], end)),
        Int32Array.from(mine, (i) => rows.counts[i]),
        query.minTimeMinutes * MS_PER_MINUTE,
      );
      out.push({
        max_count: found?.max ?? 0,
        begin: found ? formatWall(wall(found.begin)) : null,
        end: found ? formatWall(wall(found.end)) : null,
        employee_position_id: positionId,
      });
    }
    return out;
  }

  return {
    /** The ids of `ids` that the reference list does not hold. */
    async missingIds(kind: IdKind, ids: number[]): Promise<number[]> {
      const table = ID_TABLES[kind];
      const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
      const known = new Set(found.map((row) => row.id));
      return [...new Set(ids)].filter((id) => !known.has(id));
    },

    /** Scale periods in minutes and the default one (the step and scale parameters must be one of them). */
    async scalePeriods(): Promise<{ periods: number[]; defaultPeriod: number }> {
      const rows = await db
        .select({ period: scales.periodMinutes, isDefault: scales.isDefault })
        .from(scales)
        .orderBy(asc(scales.periodMinutes));
      const periods = rows.map((row) => row.period);
      return { periods, defaultPeriod: rows.find((row) => row.isDefault)?.period ?? periods[0] ?? 15 };
    },

    /**
     * The largest demand of each position in the period that holds without a break for at least `minTimeMinutes`,
     * and the stretch it holds (wall clock in `zone`), in the positions' order; tasks are cut to the period and read
     * once for all of them.
     */
    maxDemands,

    /**
     * Demand per slot of `stepMinutes` of each position over whole calendar weeks, wall clock in `zone`: slot 0 is
     * Monday 00:00 of the week holding the period's begin; slots `observed.from ≤ k < observed.to` lie in the period.
     * The peak graph and the standard shift schedule fold these weeks into a typical week.
     */
    async demandByWeek(
      query: { period: Period; positionIds: number[]; stepMinutes: number; filter: FlightFilter },
      zone: string,
      signal?: AbortSignal,
    ) {
      const rows = await demandTasks(query.period, query.positionIds, query.filter, signal);
      const names = await db
        .select({ id: employeePositions.id, name: employeePositions.name })
        .from(employeePositions)
        .where(inArray(employeePositions.id, query.positionIds));
      const nameOf = new Map(names.map((row) => [row.id, row.name]));
      const wall = wallClockMs(zone);
      const beginWall = wall(query.period.begin.getTime());
      const endWall = wall(query.period.end.getTime());
      const firstWall = beginWall - (beginWall % MS_PER_DAY);
      const weekStart = firstWall - ((new Date(firstWall).getUTCDay() + 6) % 7) * MS_PER_DAY;
      const weeks = Math.max(1, Math.ceil((endWall - weekStart) / MS_PER_WEEK));
      const stepMs = query.stepMinutes * MS_PER_MINUTE;
      const slotsPerWeek = MS_PER_WEEK / stepMs;
      const observed = {
        from: Math.floor((beginWall - weekStart) / stepMs),
        to: Math.ceil((endWall - weekStart) / stepMs),
      };
      const rowsOf = rowsByPosition(rows.position);
      // Demand is a sum over the same instant, so tasks move to wall clock one offset at a time: on the day clocks
      // go back, the repeated hour's two passes share wall slots, and a slot is the peak of either pass (the tasks
      // of both passes never add up), while a task over the change keeps its real length. Clocks forward: the
      // skipped wall slots hold no instant and stay 0.
      let taskBegin = query.period.begin.getTime();
      let taskEnd = query.period.end.getTime();
      for (let i = 0; i < rows.starts.length; i++) {
        if (rows.starts[i] < taskBegin) taskBegin = rows.starts[i];
        if (rows.ends[i] > taskEnd) taskEnd = rows.ends[i];
      }
      const stretches = offsetStretches(taskBegin, taskEnd, zone);
      const positions: { id: number; name: string; values: ReturnType<typeof demandPerSlot> }[] = [];
      for (const positionId of query.positionIds) {
        // A position's sweep is a few ms; between them the HTTP thread answers whoever waits.
        if (positions.length > 0) await yieldToEvents();
        signal?.throwIfAborted();
        const mine = rowsOf.get(positionId) ?? [];
        const inStretch = ({ begin, end, offset }: OffsetStretch) =>
          demandPerSlot(
            Float64Array.from(mine, (i) => Math.max(rows.starts[i], begin) + offset),
            Float64Array.from(mine, (i) => Math.min(rows.ends[i], end) + offset),
            Int32Array.from(mine, (i) => rows.counts[i]),
            weekStart,
            stepMs,
            weeks * slotsPerWeek,
          );
        const values = inStretch(stretches[0]);
        for (const stretch of stretches.slice(1)) {
          const part = inStretch(stretch);
          for (let k = 0; k < part.length; k++) if (part[k] > values[k]) values[k] = part[k];
        }
        positions.push({ id: positionId, name: nameOf.get(positionId) ?? '', values });
      }
      return { weekStart, stepMs, slotsPerWeek, observed, positions };
    },

    /** The typical week of each position: see demandPeaks.ts for the definition. */
    async peakGraph(query: PeakQuery, zone: string, signal?: AbortSignal) {
      const weeks = await this.demandByWeek(
        {
          period: query.period,
          positionIds: query.positionIds,
          stepMinutes: query.stepMinutes,
          filter: query.filter ?? {},
        },
        zone,
        signal,
      );
      const { weekStart, stepMs, slotsPerWeek, observed } = weeks;
      const datetimes = Array.from({ length: slotsPerWeek }, (_, slot) =>
        formatWall(weekStart + slot * stepMs),
      );
      const graph = [];
      for (const { id, name, values } of weeks.positions) {
        if (graph.length > 0) await yieldToEvents();
        const peaks = weeklyPeaks(values, slotsPerWeek, observed, query.repeat, query.deviationPercent);
        graph.push({
          employee_position_id: id,
          name,
          points: Array.from(peaks.count, (count, slot) => ({
            datetime: datetimes[slot],
            count,
            is_peak: peaks.isPeak[slot] as 0 | 1,
          })),
        });
      }
      return graph;
    },

    /**
     * Passengers of the flights planned (`plan_at`) in each slot of `scaleMinutes` from the period's begin, by
     * direction; the last slot is whole, so flights up to its end count.
     */
    async passengerCount(
      query: { period: Period; directions: number[]; scaleMinutes: number; filter: FlightFilter },
      zone: string,
      signal?: AbortSignal,
    ) {
      const scaleMs = query.scaleMinutes * MS_PER_MINUTE;
      const begin = query.period.begin.getTime();
      const slots = Math.max(1, Math.ceil((query.period.end.getTime() - begin) / scaleMs));
      const covered: Period = { begin: query.period.begin, end: new Date(begin + slots * scaleMs) };
      const sums = new Map(query.directions.map((direction) => [direction, new Float64Array(slots)]));
      await heavy(async () => {
        for (const window of splitPeriod(covered, MS_PER_DAY)) {
          if (signal?.aborted) throw new WorkAbandonedError();
          const rows = await db
            .select({ direction: flights.direction, planAt: flights.planAt, passengers: flights.passengers })
            .from(flights)
            .where(
              and(
                gte(flights.planAt, window.begin),
                lt(flights.planAt, window.end),
                inArray(flights.direction, query.directions),
                ...flightConditions(query.filter),
              ),
            );
          for (const row of rows) {
            const sum = sums.get(row.direction);
            if (sum) sum[Math.floor((row.planAt.getTime() - begin) / scaleMs)] += row.passengers;
          }
        }
      }, signal);
      const wall = wallClockMs(zone);
      const labels = Array.from({ length: slots }, (_, k) => formatWall(wall(begin + k * scaleMs)));
      return DIRECTIONS.filter((direction) => sums.has(direction.id)).map((direction) => {
        const sum = sums.get(direction.id) as Float64Array;
        return {
          direction_id: direction.id,
          name: direction.name,
          intervals: labels.map((datetime, k) => ({ datetime, count: sum[k] })),
        };
      });
    },
  };
}

export type PlanningDemandService = ReturnType<typeof createPlanningDemandService>;
