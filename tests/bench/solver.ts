import { desc, eq, sql } from 'drizzle-orm';
import { openDb } from '../../src/server/db/client.ts';
import { taskPositions, workingShifts } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { perPositionSeconds } from '../../src/server/modules/shift-schedules/service.ts';
import { createPlanningDemandService } from '../../src/server/modules/staff-planning/demand.ts';
import { createSolverPool } from '../../src/server/solver/pool.ts';
import { type PositionDemand, solveSchedule, type WorkingShift } from '../../src/server/solver/schedule.ts';
import { typicalWeek } from '../../src/server/solver/typicalWeek.ts';
import { SCHEDULE_SLOT_MINUTES } from '../../src/shared/shift-schedules.ts';
import { wallClockToInstant } from '../../src/shared/wallClock.ts';
import { report } from './stats.ts';

const ZONE = 'Europe/Moscow';
/** A fixed reference day, so the demand (and the figures) do not move with the calendar. */
const REFERENCE_DATE = '2026-03-11';
const POSITIONS = 20;

/**
 * The typical week of the 20 positions with the most staff demand on a demo airport of ±14 days (the week
 * 2026-03-09 … 2026-03-15, 15-minute slots), and every demo working shift.
 */
async function demoWeek(): Promise<{ positions: PositionDemand[]; shifts: WorkingShift[] }> {
  const db = await openDb();
  try {
    await db.migrate();
    await loadDemoAirport(db, { days: 14, referenceDate: REFERENCE_DATE });
    const busiest = await db.db
      .select({
        id: taskPositions.employeePositionId,
        total: sql<number>`sum(${taskPositions.count})`.as('total'),
      })
      .from(taskPositions)
      .groupBy(taskPositions.employeePositionId)
      .orderBy(desc(sql`total`))
      .limit(POSITIONS);
    const demand = createPlanningDemandService(db);
    const period = {
      begin: wallClockToInstant('2026-03-09 00:00:00', ZONE) as Date,
      end: wallClockToInstant('2026-03-16 00:00:00', ZONE) as Date,
    };
    const weeks = await demand.demandByWeek(
      { period, positionIds: busiest.map((row) => row.id), stepMinutes: SCHEDULE_SLOT_MINUTES, filter: {} },
      ZONE,
    );
    const once = { repeat: 1, deviationPercent: 0 };
    const positions = weeks.positions.map((p) => ({
      id: p.id,
      name: p.name,
      demand: typicalWeek(p.values, 1440 / SCHEDULE_SLOT_MINUTES, weeks.observed, once, once),
    }));
    const shiftRows = await db.db.select().from(workingShifts).where(eq(workingShifts.id, workingShifts.id));
    const shifts = shiftRows.map((row) => ({
      id: row.id,
      name: row.name,
      beginTime: row.beginTime.slice(0, 5),
      lengthMinutes: row.durationMinutes,
      breakMinutes: row.breakMinutes,
    }));
    return { positions, shifts };
  } finally {
    await db.close();
  }
}

/**
 * The shift optimiser (ARCHITECTURE section 8: a week of 15-minute demand for 20 positions proven optimal ≤ 5 s on
 * 2 cores): the pool warmed first, then the 20 positions solved in parallel, staff-hours only (each position its share
 * of the budget), again with the second round the service runs (unfinished positions get the leftover budget), and
 * then with the fewest-distinct-shifts step; per position its status, gap and time.
 */
export async function benchSolver(): Promise<void> {
  const { positions, shifts } = await demoWeek();
  const pool = createSolverPool();
  try {
    await pool.warm();
    const run = async (distinctSeconds: number, retry = false) => {
      const started = performance.now();
      const solved = await solveSchedule(positions, shifts, {
        slotMinutes: SCHEDULE_SLOT_MINUTES,
        seconds: perPositionSeconds(20, pool.size, new Set(positions.map((p) => p.demand.join(','))).size),
        distinctSeconds,
        deadline: Date.now() + 20_000,
        solve: pool.solve,
        retryWorkers: retry ? pool.size : 0,
      });
      return { solved, ms: performance.now() - started };
    };
    const staffHours = await run(0);
    const optimal = staffHours.solved.filter((p) => p.status === 'optimal').length;
    report({
      name: `solver: ${positions.length} positions, staff-hours (${pool.size} workers)`,
      value: staffHours.ms / 1000,
      unit: 's',
      budget: 5,
    });
    report({
      name: 'solver: positions with staff-hours proven optimal',
      value: optimal,
      unit: `of ${positions.length}`,
    });
    const retried = await run(0, true);
    report({
      name: 'solver: staff-hours with a second round in the 20 s budget',
      value: retried.ms / 1000,
      unit: 's',
    });
    report({
      name: '  positions then proven optimal',
      value: retried.solved.filter((p) => p.status === 'optimal').length,
      unit: `of ${positions.length}`,
    });
    const both = await run(0.5);
    report({
      name: 'solver: staff-hours then fewest distinct shifts (0.5 s each)',
      value: both.ms / 1000,
      unit: 's',
    });
    for (const p of both.solved) {
      const slots = p.demand.filter((d) => d > 0).length;
      const fewer = staffHours.solved.find((q) => q.employee_position_id === p.employee_position_id);
      console.log(
        `  ${p.name.slice(0, 34).padEnd(34)} ${p.status.padEnd(8)} gap ${(p.gap ?? Number.NaN).toFixed(4)}` +
          ` distinct gap ${p.distinct_gap === null ? '   —  ' : p.distinct_gap.toFixed(3)}` +
          ` ${String(fewer?.solve_ms ?? 0).padStart(5)} ms  ${p.staff_hours} h  ${slots} slots` +
          `  ${fewer?.shifts.length ?? 0} → ${p.shifts.length} shifts`,
      );
    }
  } finally {
    await pool.close();
  }
}
