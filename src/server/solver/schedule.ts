import type { SchedulePosition, ScheduleShift } from '../../shared/shift-schedules.ts';
import { type ShiftPattern, slotPattern } from './model.mjs';
import type { PositionAnswer, PositionJob } from './position.d.mts';

/** A working shift chosen for the schedule: its clock start ('HH:mm') names the shift when a start matches it. */
export interface WorkingShift extends ShiftPattern {
  name: string;
  beginTime: string;
}

export interface PositionDemand {
  id: number;
  name: string;
  /** The typical week, one whole value per slot from Monday 00:00. */
  demand: Int32Array;
}

export interface ScheduleOptions {
  slotMinutes: number;
  /** Longest step-1 solve of one position, in seconds. */
  seconds: number;
  /** Longest step-2 (fewest distinct shifts) solve of one position, in seconds; 0 skips it. */
  distinctSeconds: number;
  /** Epoch ms: no solve runs past it (the request's budget); what is unsolved then is covered greedily. */
  deadline: number;
  /** Builds and solves one position in a worker (the pool's `solve`): the HTTP thread only sends the demand. */
  solve: (job: PositionJob, signal?: AbortSignal) => Promise<PositionAnswer>;
  signal?: AbortSignal;
  /**
   * Positions stopped by their share with a gap get a second solve with what is left of the budget, shared among
   * them over this many workers (0 or absent: no second round).
   */
  retryWorkers?: number;
}

/** Seconds before the deadline below which no second round starts. */
const RETRY_MIN_SECONDS = 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' of a minute of the day. Example: clock(545) → '09:05'. */
function clock(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** Minute of the day of 'HH:mm[:ss]'. */
function minuteOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * The shifts of a schedule, one row per (working shift, start) with its count, by weekday and start. A candidate
 * stands for every chosen working shift of the same length and break: the row names the one whose clock start is
 * the candidate's start, else the first of them.
 */
function shiftRows(
  used: PositionAnswer['shifts'],
  shifts: WorkingShift[],
  slotMinutes: number,
): ScheduleShift[] {
  const slotsPerDay = 1440 / slotMinutes;
  const keyOf = (shift: WorkingShift, i: number) => {
    const q = slotPattern(shift, i, slotMinutes);
    return q && `${q.lengthSlots}:${q.breakOffset}:${q.breakSlots}:${q.paidMinutes}`;
  };
  const sameAs = new Map<number, WorkingShift[]>();
  for (const i of new Set(used.shift)) {
    const key = keyOf(shifts[i], i);
    sameAs.set(
      i,
      shifts.filter((shift, k) => key !== null && keyOf(shift, k) === key),
    );
  }
  const rows: ScheduleShift[] = [];
  for (let u = 0; u < used.count.length; u++) {
    const startMinute = (used.start[u] % slotsPerDay) * slotMinutes;
    const group = sameAs.get(used.shift[u]) ?? [shifts[used.shift[u]]];
    const named = group.find((shift) => minuteOf(shift.beginTime) === startMinute) ?? group[0];
    rows.push({
      working_shift_id: named.id,
      name: named.name,
      weekday: Math.floor(used.start[u] / slotsPerDay),
      start: clock(startMinute),
      length_minutes: named.lengthMinutes,
      break_minutes: named.breakMinutes,
      count: used.count[u],
    });
  }
  return rows.sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start) || a.name.localeCompare(b.name),
  );
}

/**
 * One position's schedule: its demand to a worker (a copy, moved there), which builds the models, solves them and
 * answers the cover and the shifts used (greedy when HiGHS held nothing); here only the shifts are named.
 * A position without demand answers an empty, optimal schedule.
 */
async function solvePosition(
  position: PositionDemand,
  patterns: ShiftPattern[],
  shifts: WorkingShift[],
  options: ScheduleOptions,
): Promise<SchedulePosition> {
  const answer = await options.solve(
    {
      demand: Int32Array.from(position.demand),
      shifts: patterns,
      slotMinutes: options.slotMinutes,
      seconds: options.seconds,
      distinctSeconds: options.distinctSeconds,
      deadline: options.deadline,
    },
    options.signal,
  );
  return {
    employee_position_id: position.id,
    name: position.name,
    status: answer.status,
    gap: answer.gap,
    distinct_gap: answer.distinctGap,
    solve_ms: answer.ms,
    demand: Array.from(position.demand),
    cover: Array.from(answer.cover),
    staff_hours: answer.paidMinutes / 60,
    shifts: shiftRows(answer.shifts, shifts, options.slotMinutes),
  };
}

/** Staff-slots of a position's typical week. */
function demandTotal(position: PositionDemand): number {
  let total = 0;
  for (const d of position.demand) total += d;
  return total;
}

/**
 * The standard schedule of every position, solved in parallel by the pool (each position its own job).
 * Example: one position needing 1 person Monday 08:00–20:00 and a 12 h shift with a 1 h break → two shifts
 * (the break leaves an hour uncovered by one of them alone), 22 staff-hours.
 */
export async function solveSchedule(
  positions: PositionDemand[],
  shifts: WorkingShift[],
  options: ScheduleOptions,
): Promise<SchedulePosition[]> {
  // Positions with the same typical week (staff of one task kind, e.g. a driver and his vehicle's operator) share one
  // solve: the same model has the same cheapest cover.
  const byWeek = new Map<string, PositionDemand>();
  for (const position of positions) {
    const key = position.demand.join(',');
    if (!byWeek.has(key)) byWeek.set(key, position);
  }
  // Longest first (LPT): the pool runs jobs in the order they are submitted, so the positions with the most staff
  // demand (the largest models, the likeliest to branch) start first and the small ones fill in around them.
  const keys = [...byWeek.keys()].sort(
    (a, b) => demandTotal(byWeek.get(b) as PositionDemand) - demandTotal(byWeek.get(a) as PositionDemand),
  );
  // What the worker needs of a working shift (its name and clock start only name the answer's rows).
  const patterns = shifts.map(({ id, lengthMinutes, breakMinutes }) => ({ id, lengthMinutes, breakMinutes }));
  const first = await Promise.all(
    keys.map((key) => solvePosition(byWeek.get(key) as PositionDemand, patterns, shifts, options)),
  );
  const solved = new Map(keys.map((key, i) => [key, first[i]]));
  // The second round: a branch and bound stopped by its share restarts with the budget the easy positions left.
  const unfinished = keys.filter((key) => solved.get(key)?.status === 'feasible');
  const left = (options.deadline - Date.now()) / 1000;
  if (options.retryWorkers && unfinished.length > 0 && left > RETRY_MIN_SECONDS) {
    const seconds = (left * options.retryWorkers) / unfinished.length;
    const again = await Promise.all(
      unfinished.map((key) =>
        solvePosition(byWeek.get(key) as PositionDemand, patterns, shifts, { ...options, seconds }),
      ),
    );
    unfinished.forEach((key, i) => {
      const before = solved.get(key) as SchedulePosition;
      const after = again[i];
      const better =
        after.staff_hours < before.staff_hours ||
        (after.staff_hours === before.staff_hours && after.status === 'optimal');
      if (better) solved.set(key, { ...after, solve_ms: before.solve_ms + after.solve_ms });
    });
  }
  return positions.map((position) => ({
    ...(solved.get(position.demand.join(',')) as SchedulePosition),
    employee_position_id: position.id,
    name: position.name,
  }));
}
