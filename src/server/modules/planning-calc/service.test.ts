/** Saved calculations without HTTP: the list in the caller's zone, rename, delete and the coefficients. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlanningCalc } from '../../../../tests/support/planningCalcBody.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { DbHandle } from '../../db/client.ts';
import { employees, planningCalcs } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { type CalcListQuery, createPlanningCalcService } from './service.ts';

const MOSCOW = 'Europe/Moscow';
let dbh: DbHandle;
let service: ReturnType<typeof createPlanningCalcService>;
let position: number;
/** Calculations made 10 March at 12:00 and 23:30 Moscow time (the second is 20:30 UTC), and 12 March. */
const ids: Record<'noon' | 'late' | 'later', number> = { noon: 0, late: 0, later: 0 };

const query = (filter: CalcListQuery['filter'] = {}, more: Partial<CalcListQuery> = {}): CalcListQuery => ({
  filter,
  sort: null,
  page: 1,
  perPage: 100,
  ...more,
});

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createPlanningCalcService(dbh);
  const [staffed] = await dbh.query<{ id: number }>(
    `select employee_position_id as id from employees where is_active group by 1 order by count(*) desc limit 1`,
  );
  position = staffed.id;
  await dbh.db.delete(planningCalcs);
  ids.noon = await insertPlanningCalc(dbh.db, { position, name: 'Весна', createdAt: '2026-03-10T09:00:00Z' });
  ids.late = await insertPlanningCalc(dbh.db, { position, name: 'Ёлка', createdAt: '2026-03-10T20:30:00Z' });
  ids.later = await insertPlanningCalc(dbh.db, {
    position,
    name: 'Август',
    createdAt: '2026-03-12T09:00:00Z',
  });
});

afterAll(async () => {
  await dbh?.close();
});

describe('the list', () => {
  it('answers the newest first, with created_at on the caller wall clock and the position names', async () => {
    const page = await service.list(query(), MOSCOW);
    expect(page.total).toBe(3);
    expect(page.items.map((item) => item.id)).toEqual([ids.later, ids.late, ids.noon]);
    expect(page.items[1]).toMatchObject({
      created_at: '2026-03-10 23:30:00',
      begin: '2026-03-08',
      end: '2026-03-21',
      author: null,
      positions: ['Должность'],
    });
  });

  it('reads the created days in the zone: 23:30 in Moscow is the next day in UTC', async () => {
    const day = { created_from: '2026-03-10', created_to: '2026-03-10' };
    expect((await service.list(query(day), MOSCOW)).items.map((item) => item.id)).toEqual([
      ids.late,
      ids.noon,
    ]);
    const inUtc = await service.list(query({ created_from: '2026-03-11', created_to: '2026-03-11' }), 'UTC');
    expect(inUtc.items).toEqual([]);
    const tokyo = await service.list(
      query({ created_from: '2026-03-11', created_to: '2026-03-11' }),
      'Asia/Tokyo',
    );
    expect(tokyo.items.map((item) => item.id)).toEqual([ids.late]);
  });

  it('filters by a part of the name, sorts by name in Russian order, and pages with the total', async () => {
    expect((await service.list(query({ name: 'ЕСН' }), MOSCOW)).items.map((item) => item.id)).toEqual([
      ids.noon,
    ]);
    const byName = await service.list(query({}, { sort: { key: 'name', desc: false } }), MOSCOW);
    expect(byName.items.map((item) => item.name)).toEqual(['Август', 'Весна', 'Ёлка']);
    const second = await service.list(query({}, { page: 2, perPage: 2 }), MOSCOW);
    expect(second).toMatchObject({ total: 3, items: [{ id: ids.noon }] });
  });
});

describe('writing', () => {
  it('renames a calculation and answers its id, new name and new version', async () => {
    expect(await service.rename(ids.noon, 'Весна 2026')).toEqual({
      id: ids.noon,
      name: 'Весна 2026',
      version: expect.stringMatching(/^\d+$/),
    });
    const [row] = await dbh.db.select().from(planningCalcs).where(eq(planningCalcs.id, ids.noon));
    expect(row.name).toBe('Весна 2026');
  });

  it('deletes a calculation, then answers 404 for it', async () => {
    const id = await insertPlanningCalc(dbh.db, {
      position,
      name: 'Лишний',
      createdAt: '2026-03-01T09:00:00Z',
    });
    await service.remove(id);
    expect(await dbh.db.select().from(planningCalcs).where(eq(planningCalcs.id, id))).toEqual([]);
    await expect(service.remove(id)).rejects.toThrow(NotFoundError);
    await expect(service.rename(id, 'x')).rejects.toThrow(MESSAGES.calcNotFound);
  });
});

describe('the coefficients', () => {
  it('compare the schedule with the active staff of its positions', async () => {
    const [{ staff }] = await dbh.db
      .select({ staff: count() })
      .from(employees)
      .where(and(eq(employees.employeePositionId, position), eq(employees.isActive, true)));
    expect(staff).toBeGreaterThan(0);
    // 2 people for 32 quarter hours = 16 h of demand; 54 paid hours → 2 staff, 3 with 10 % absence, +1 added.
    expect(await service.coeff(ids.late, 10, 1)).toEqual({
      calc_id: ids.late,
      absence_coeff: 10,
      add_emp_count: 1,
      plan_total: 16,
      calc_plan_total: 54,
      effect_coeff: 0.2963,
      pers_kol: 2,
      required_emp: 4,
      emp_fact_total: staff,
      emp_dif: staff - 4,
    });
  });

  it('answers 404 for a calculation that does not exist', async () => {
    await expect(service.coeff(999_999, 0, 0)).rejects.toThrow(MESSAGES.calcNotFound);
  });
});
