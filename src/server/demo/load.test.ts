import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from '../db/client.ts';
import { generateDemoAirport } from './generate.ts';
import { isDemoLoaded, literal, loadDemoAirport, rowCounts } from './load.ts';

const OPTIONS = { seed: 5, days: 1, referenceDate: '2026-03-10' };
let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const countOf = async (table: string) =>
  Number((await db.query<{ n: string }>(`select count(*)::text as n from "${table}"`))[0].n);

describe('when loading the demo airport into an empty database', () => {
  const reports: [string, number, number][] = [];

  it('is not loaded before and is loaded after, with every generated row written', async () => {
    expect(await isDemoLoaded(db)).toBe(false);
    await loadDemoAirport(db, { ...OPTIONS, onProgress: (...report) => reports.push(report) });
    expect(await isDemoLoaded(db)).toBe(true);
    const expected = rowCounts(generateDemoAirport(OPTIONS));
    for (const table of [
      'airports',
      'airlines',
      'flights',
      'turnarounds',
      'tasks',
      'task_positions',
      'employees',
    ])
      expect(await countOf(table)).toBe(expected[table]);
  });

  it('reports every step in order, each counting up to its size, every table with all its rows', () => {
    const steps = [...new Set(reports.map(([step]) => step))];
    expect(steps[0]).toBe('generating');
    expect(steps.at(-1)).toBe('statistics');
    expect(steps).toEqual(expect.arrayContaining(['tasks', 'task employees', 'flights', 'indexes']));
    for (const step of steps) {
      const own = reports.filter(([name]) => name === step);
      expect(reports.findLastIndex(([name]) => name === step) - reports.indexOf(own[0])).toBe(own.length - 1);
      for (let i = 1; i < own.length; i += 1) expect(own[i][1]).toBeGreaterThan(own[i - 1][1]);
      for (const [, done, total] of own) expect(done).toBeLessThanOrEqual(total);
      expect(own.at(-1)![1]).toBe(own.at(-1)![2]);
    }
    const expected = rowCounts(generateDemoAirport(OPTIONS));
    for (const [table, count] of Object.entries(expected)) {
      if (count === 0) continue;
      expect(
        reports
          .filter(([step]) => step === table.replaceAll('_', ' '))
          .at(-1)
          ?.slice(1),
      ).toEqual([count, count]);
    }
  });

  it('leaves the foreign keys and the indexes intact', async () => {
    const orphans = await db.query<{ n: string }>(
      `select count(*)::text as n from task_positions tp left join tasks t on t.id = tp.task_id where t.id is null`,
    );
    expect(orphans[0].n).toBe('0');
    const indexes = await db.query<{ indexname: string }>(
      `select indexname from pg_indexes where tablename = 'tasks' order by indexname`,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      expect.arrayContaining(['tasks_begin_end_idx', 'tasks_flight_idx', 'tasks_plan_begin_end_idx']),
    );
    await expect(
      db.query(`insert into task_positions (task_id, employee_position_id, count) values (999999999, 1, 1)`),
    ).rejects.toThrow();
  });

  it('moves the id sequences past the generated ids', async () => {
    const before = await countOf('airports');
    const [row] = await db.query<{ id: number }>(
      `insert into airports (name_ru, name_en, time_zone, city, country_code) values ('Тест', 'Test', 'Europe/Moscow', 'Тест', 'RU') returning id`,
    );
    expect(row.id).toBe(before + 1);
  });
});

describe('when writing SQL literals', () => {
  it('doubles quotes and writes null, booleans and numbers bare', () => {
    expect(literal("O'Hare")).toBe("'O''Hare'");
    expect([literal(null), literal(true), literal(12.5)]).toEqual(['NULL', 'true', '12.5']);
  });
});
