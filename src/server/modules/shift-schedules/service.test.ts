/**
 * The standard shift schedule without HTTP, on a one-day demo airport: the period and ids it refuses (422 on the
 * field), the schedule it answers for the busiest position, and the saved calculation it writes and reads back.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import {
  SCHEDULE_EMPTY_MESSAGE,
  type StandardScheduleParams,
  standardScheduleParamsSchema,
} from '../../../shared/shift-schedules.ts';
import type { DbHandle } from '../../db/client.ts';
import { planningCalcs, workingShifts } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError, type ValidationError } from '../../domain/errors.ts';
import { createShiftSchedulesService } from './service.ts';

const ZONE = 'Europe/Moscow';
let dbh: DbHandle;
let service: ReturnType<typeof createShiftSchedulesService>;
let params: StandardScheduleParams;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createShiftSchedulesService(dbh, { budgetSeconds: 5 });
  const [busiest] = await dbh.query<{ id: number }>(
    `select employee_position_id as id from task_positions group by 1 order by sum(count) desc limit 1`,
  );
  const shifts = await dbh.db.select({ id: workingShifts.id }).from(workingShifts);
  params = standardScheduleParamsSchema.parse({
    begin: '2026-03-10 00:00:00',
    end: '2026-03-10 23:59:59',
    employee_position_ids: [busiest.id],
    flight_schedule: [],
    flight_status: [],
    flight_type: [],
    working_shift: shifts.map((s) => s.id),
  });
}, 60_000);

afterAll(async () => {
  await dbh?.close();
});

describe('refusing the inputs', () => {
  it('refuses a reversed, empty or too long period on end, and a malformed bound on itself', async () => {
    const at = (begin: string, end: string) =>
      fieldsOf(() => service.schedule({ ...params, begin, end }, ZONE));
    expect(await at('2026-03-10 12:00:00', '2026-03-10 11:00:00')).toEqual({
      end: [MESSAGES.periodReversed],
    });
    expect(await at('2026-03-10 12:00:00', '2026-03-10 12:00:00')).toEqual({
      end: [MESSAGES.periodReversed],
    });
    expect(await at('2026-01-01 00:00:00', '2026-04-04 00:00:01')).toEqual({
      end: [MESSAGES.periodTooLong(93)],
    });
    expect(await at('2026-03-10 25:00:00', '2026-03-11 00:00:00')).toEqual({
      begin: [MESSAGES.wallClockFormat],
    });
  });

  it('requires positions, and working shifts when saving; names unknown ids on their fields', async () => {
    expect(await fieldsOf(() => service.schedule({ ...params, employee_position_ids: [] }, ZONE))).toEqual({
      employee_position_ids: [MESSAGES.required],
    });
    expect(
      await fieldsOf(() => service.create({ ...params, working_shift: [] }, { userId: null }, ZONE)),
    ).toEqual({ working_shift: [MESSAGES.required] });
    expect(
      await fieldsOf(() =>
        service.schedule({ ...params, flight_type: [999_999], working_shift: [999_998] }, ZONE),
      ),
    ).toEqual({
      flight_type: [MESSAGES.unknownIds([999_999])],
      working_shift: [MESSAGES.unknownIds([999_998])],
    });
  });

  it('answers the spec error when no chosen position has demand in the period', async () => {
    const error = await service
      .schedule({ ...params, begin: '2027-03-10 00:00:00', end: '2027-03-11 00:00:00' }, ZONE)
      .then(
        () => undefined,
        (e: unknown) => e as ValidationError,
      );
    expect(error?.message).toBe(SCHEDULE_EMPTY_MESSAGE);
    expect(error?.fields).toEqual({ employee_position_ids: [SCHEDULE_EMPTY_MESSAGE] });
  });
});

describe('solving and saving', () => {
  it('covers the typical week of the position with the chosen shifts', async () => {
    const result = await service.schedule(params, ZONE);
    expect(result.slot_minutes).toBe(15);
    expect(result.week_start).toBe('2026-03-09');
    const [position] = result.positions;
    expect(position.employee_position_id).toBe(params.employee_position_ids[0]);
    expect(position.demand).toHaveLength(7 * 96);
    expect(Math.max(...position.demand)).toBeGreaterThan(0);
    expect(position.shifts.length).toBeGreaterThan(0);
    expect(position.shifts.every((s) => params.working_shift.includes(s.working_shift_id))).toBe(true);
  }, 60_000);

  it('saves a calculation with the default name and reads it back with created_at in the zone', async () => {
    const { id } = await service.create(params, { userId: null }, ZONE);
    const [row] = await dbh.db.select().from(planningCalcs).where(eq(planningCalcs.id, id));
    expect(row.name).toBe('График сменности 10.03.2026 – 10.03.2026');
    expect([row.begin, row.end]).toEqual(['2026-03-10', '2026-03-10']);
    const saved = await service.get(id, ZONE);
    expect(saved.params.employee_position_ids).toEqual(params.employee_position_ids);
    expect(saved.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const scope = await service.calcScope(id);
    expect(scope.positionIds).toEqual(params.employee_position_ids);
    const used = new Set(saved.result.positions.flatMap((p) => p.shifts.map((s) => s.working_shift_id)));
    expect(new Set(scope.workingShiftIds)).toEqual(used);
  }, 60_000);

  it('answers 404 for a calculation that does not exist', async () => {
    await expect(service.get(999_999, ZONE)).rejects.toThrow(NotFoundError);
    await expect(service.calcScope(999_999)).rejects.toThrow(MESSAGES.calcNotFound);
  });
});
