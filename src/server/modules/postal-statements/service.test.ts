/** The postal statements service without HTTP, on a one-day demo airport (its departments, positions, patterns). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { employeePositions } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { createPostalStatementsService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createPostalStatementsService>;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createPostalStatementsService(dbh);
});
afterAll(() => dbh.close());

describe('a stored pattern', () => {
  it('covers every position of its departments except the excluded ones', async () => {
    const [pattern] = await service.list();
    const departments = new Set(pattern.departmentsIds.map((d) => d.id));
    const excluded = new Set(pattern.patternEmpPosExclusions.map((e) => e.employee_position_id));
    const positions = await dbh.db.select().from(employeePositions);
    const expected = positions
      .filter((p) => departments.has(p.departmentId) && !excluded.has(p.id))
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(pattern.empPosPatternRelations.map((r) => r.employee_position_id).sort((a, b) => a - b)).toEqual(
      expected,
    );
    expect(excluded.size).toBeGreaterThan(0);
  });
});

describe('saving the set', () => {
  it('keeps the exclusion rows that stay, so their ids do not change', async () => {
    const [pattern, ...others] = await service.list();
    const [kept, dropped] = pattern.patternEmpPosExclusions;
    const saved = await service.save({
      patterns: [
        {
          id: pattern.id,
          pattern_type_id: pattern.pattern_type_id,
          department_ids: pattern.departmentsIds.map((d) => d.id),
          excluded_position_ids: [kept.employee_position_id],
        },
        ...others.map((p) => ({
          id: p.id,
          pattern_type_id: p.pattern_type_id,
          department_ids: p.departmentsIds.map((d) => d.id),
          excluded_position_ids: p.patternEmpPosExclusions.map((e) => e.employee_position_id),
        })),
      ],
    });
    expect(saved[0].patternEmpPosExclusions).toEqual([kept]);
    expect(saved[0].empPosPatternRelations.map((r) => r.employee_position_id)).toContain(
      dropped.employee_position_id,
    );
    expect(saved.slice(1)).toEqual(others);
  });
});
