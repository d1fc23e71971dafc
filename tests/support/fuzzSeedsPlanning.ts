import { and, count, desc, eq } from 'drizzle-orm';
import { employees } from '../../src/server/db/schema/index.ts';
import type { FuzzApp, FuzzSeed } from './fuzzRun.ts';
import { idsPastDrawn, need } from './fuzzSeeds.ts';
import { insertPlanningCalc } from './planningCalcBody.ts';

/**
 * Saved calculations of the position with the most staff (the fixture has none): one renamed, its vacation plan
 * previewed with a name filter and saved, and another deleted.
 */
export async function planningCalcSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [busiest] = await app.db
    .select({ position: employees.employeePositionId })
    .from(employees)
    .where(eq(employees.isActive, true))
    .groupBy(employees.employeePositionId)
    .orderBy(desc(count()))
    .limit(1);
  const position = need(busiest?.position, 'active employee');
  const [first] = await app.db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.employeePositionId, position), eq(employees.isActive, true)))
    .orderBy(employees.id)
    .limit(1);
  await idsPastDrawn(app, 'planning_calcs');
  const kept = await insertPlanningCalc(app.db, {
    position,
    name: 'Расчёт для фаззинга',
    createdAt: '2026-03-03T09:00:00Z',
  });
  const dropped = await insertPlanningCalc(app.db, {
    position,
    name: 'Расчёт, который удалит фаззинг',
    createdAt: '2026-03-04T09:00:00Z',
  });
  const plan = [{ employee_id: first.id, dates: ['2026-03-09', '2026-03-10'] }];
  const seed = (method: string, route: string, body: object): FuzzSeed => ({
    method,
    route,
    url: route,
    body,
  });
  return [
    seed('PUT', '/api/planning/calc/update', { calc_id: kept, name: 'Расчёт, переименованный фаззингом' }),
    seed('POST', '/api/planning/vacation/preview', {
      calc_id: kept,
      sort: 'fio',
      'per-page': 50,
      filter: { employee: first.name.slice(0, 4) },
      vacation_plan: plan,
    }),
    seed('PUT', '/api/planning/vacation', { calc_id: kept, vacation_plan: plan }),
    seed('DELETE', '/api/planning/calc/delete', { calc_id: dropped }),
  ];
}
