import type { Db } from '../../src/server/db/client.ts';
import { planningCalcs } from '../../src/server/db/schema/index.ts';
import type { ShiftScheduleResult } from '../../src/shared/shift-schedules.ts';

const SLOTS = (7 * 24 * 60) / 15;

/** A one-position result: demand 2 in 32 slots (16 staff-hours), Monday 3 day shifts + 1 night, Sunday 2 (54 h). */
function planningCalcResult(position: number): ShiftScheduleResult {
  const demand = new Array<number>(SLOTS).fill(0);
  for (let slot = 32; slot < 64; slot += 1) demand[slot] = 2;
  const shift = (weekday: number, start: string, count: number) => ({
    working_shift_id: 1,
    name: 'Дневная',
    weekday,
    start,
    length_minutes: 540,
    break_minutes: 0,
    count,
  });
  return {
    slot_minutes: 15,
    week_start: '2026-03-09',
    positions: [
      {
        employee_position_id: position,
        name: 'Должность',
        status: 'optimal',
        gap: 0,
        distinct_gap: null,
        solve_ms: 5,
        demand,
        cover: demand,
        staff_hours: 54,
        shifts: [shift(0, '08:00', 3), shift(0, '20:00', 1), shift(6, '08:00', 2)],
      },
    ],
    solve_ms: 5,
  };
}

/**
 * Saves a calculation of the position for 2026-03-08…21 (a Sunday to a Saturday two weeks on) with the result above,
 * as the planning screen would have, and answers its id: what rename, delete and the vacation planner work on.
 */
export async function insertPlanningCalc(
  db: Db,
  calc: { position: number; name: string; createdAt: string },
): Promise<number> {
  const [row] = await db
    .insert(planningCalcs)
    .values({
      name: calc.name,
      createdAt: new Date(calc.createdAt),
      // 2026-03-08 is a Sunday, 2026-03-09 a Monday.
      begin: '2026-03-08',
      end: '2026-03-21',
      params: {},
      result: planningCalcResult(calc.position),
      solveMs: 5,
    })
    .returning({ id: planningCalcs.id });
  return row.id;
}
