/** The names of the rows a page of the trail refers to: which column points where, and one query per table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  NAMED_TABLES,
  referencedIds,
  referencedTable,
  resolveReferences,
  rowNames,
  shortPersonName,
} from './references.ts';

let dbh: DbHandle;

beforeAll(async () => {
  dbh = await openTestDb();
});
afterAll(() => dbh.close());

/** Foreign keys whose key is not an integer id (a turnaround's text key, a rule's name): shown as stored. */
const NOT_BY_ID = new Set(['aid', 'rule_name']);

describe('the referenced table of a column', () => {
  it('follows every integer foreign key of the audited tables to its table, which the trail can name', async () => {
    const keys = await dbh.query<{ entity: string; column: string; target: string }>(
      `select tc.table_name as entity, kcu.column_name as "column", ccu.table_name as target
         from information_schema.table_constraints tc
         join information_schema.key_column_usage kcu
           on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
         join information_schema.constraint_column_usage ccu
           on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'
          and tc.table_name not in (select entity from audit_skip)`,
    );
    expect(keys.length).toBeGreaterThan(50);
    const byId = keys.filter((key) => !NOT_BY_ID.has(key.column));
    const wrong = byId
      .filter((key) => referencedTable(key.entity, key.column) !== key.target)
      .map((key) => `${key.entity}.${key.column} → ${key.target}`);
    expect(wrong).toEqual([]);
    const unnamed = [...new Set(byId.map((key) => key.target))].filter(
      (target) => !NAMED_TABLES.includes(target),
    );
    expect(unnamed).toEqual([]);
  });

  it('leaves the columns that point nowhere, and the override of one table, to that table', () => {
    expect(referencedTable('flights', 'flight_number')).toBeUndefined();
    expect(referencedTable('tariff_calc_jobs', 'calc_id')).toBe('tariff_calcs');
    expect(referencedTable('planning_vacation_days', 'calc_id')).toBe('planning_calcs');
    expect(referencedTable('print_files', 'job_id')).toBeUndefined();
  });
});

describe('the names of the referenced rows', () => {
  it('are read by a valid statement for every table the trail names', async () => {
    for (const table of NAMED_TABLES)
      await expect(rowNames(dbh.query, table, [1, 2], 'UTC'), table).resolves.toBeInstanceOf(Map);
  });

  it('are read once per referenced table, for the ids of the page only, a missing row as null', async () => {
    const [{ id: kept }] = await dbh.query<{ id: number }>(
      `insert into skills (name) values ('Аудит: навык') returning id`,
    );
    const calls: { sql: string; params: unknown[] | undefined }[] = [];
    const query: DbHandle['query'] = (sql, params) => {
      calls.push({ sql, params });
      return dbh.query(sql, params);
    };
    const page = [
      { action: 'update' as const, entity: 'employee_skills', change: { skill_id: [kept, 999_999] } },
      {
        action: 'insert' as const,
        entity: 'employee_skills',
        change: { skill_id: kept, employee_id: 999_998 },
      },
      { action: 'delete' as const, entity: 'skills', change: { id: kept, name: 'x' } },
    ];
    expect(referencedIds(page)).toEqual(
      new Map([
        ['skills', new Set([kept, 999_999])],
        ['employees', new Set([999_998])],
      ]),
    );
    const refs = await resolveReferences(query, page, 'UTC');
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.params)).toEqual(
      expect.arrayContaining([[[kept, 999_999]], [[999_998]]]),
    );
    expect(refs).toEqual([
      { skill_id: { [kept]: 'Аудит: навык', 999999: null } },
      { skill_id: { [kept]: 'Аудит: навык' }, employee_id: { 999998: null } },
      {},
    ]);
  });

  it('write a person as surname and initials', () => {
    expect(shortPersonName('Иванов', 'Иван', 'Иванович')).toBe('Иванов И. И.');
    expect(shortPersonName('Смит', 'Джон', null)).toBe('Смит Д.');
    expect(shortPersonName('Ким')).toBe('Ким');
  });
});
