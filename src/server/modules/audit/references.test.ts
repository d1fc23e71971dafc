/** The names of the rows a page of the trail refers to: which column points where, and one query per table. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  compositeKeys,
  keyOf,
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

/** Foreign keys whose key is not an integer id (a rule's name): the screen names it from the rule catalogue. */
const NOT_BY_ID = new Set(['rule_name']);

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
    expect(referencedTable('print_templates', 'winding')).toBe('windings');
    expect(referencedTable('team_flights', 'aid')).toBe('turnarounds');
    expect(referencedTable('turnarounds', 'aid')).toBeUndefined();
  });
});

describe('the composite keys', () => {
  it('are read from the catalogue, in the order the triggers join them', async () => {
    const keys = await compositeKeys(dbh.query);
    expect(keys.get('role_rules')).toEqual(['role_id', 'rule_name']);
    expect(keys.get('planning_vacation_days')).toEqual(['calc_id', 'employee_id', 'day']);
    expect(keys.has('skills')).toBe(false);
    expect(keys.has('app_config')).toBe(false);
  });

  it('split a key text into its columns, or leave one that does not split as many', () => {
    expect(keyOf('4,audit-index', ['role_id', 'rule_name'])).toEqual({
      role_id: '4',
      rule_name: 'audit-index',
    });
    expect(keyOf('4,a,b', ['role_id', 'rule_name'])).toBeUndefined();
    expect(keyOf('38', undefined)).toBeUndefined();
  });

  it('name the rows its columns point at, also in an update that did not change them', async () => {
    const [{ id: skill }] = await dbh.query<{ id: number }>(
      `insert into skills (name) values ('Аудит: ключ навыка') returning id`,
    );
    const page = [
      {
        action: 'update' as const,
        entity: 'employee_skills',
        entity_id: `999996,${skill}`,
        key: { employee_id: '999996', skill_id: String(skill) },
        change: { level: [1, 2] },
      },
    ];
    expect(await resolveReferences(dbh.query, page, 'UTC')).toEqual([
      { employee_id: { 999996: null }, skill_id: { [skill]: 'Аудит: ключ навыка' } },
    ]);
  });
});

describe('the names of the referenced rows', () => {
  it('are read by a valid statement for every table the trail names', async () => {
    for (const table of NAMED_TABLES)
      await expect(rowNames(dbh.query, table, [1, 2], 'UTC'), table).resolves.toBeInstanceOf(Map);
  });

  it('are read once per referenced table, for the ids of the page and its own rows only, a missing row as null', async () => {
    const [{ id: kept }] = await dbh.query<{ id: number }>(
      `insert into skills (name) values ('Аудит: навык') returning id`,
    );
    const calls: { sql: string; params: unknown[] | undefined }[] = [];
    const query: DbHandle['query'] = (sql, params) => {
      calls.push({ sql, params });
      return dbh.query(sql, params);
    };
    const page = [
      {
        action: 'update' as const,
        entity: 'employee_skills',
        entity_id: '5,7',
        change: { skill_id: [kept, 999_999] },
      },
      {
        action: 'insert' as const,
        entity: 'employee_skills',
        change: { skill_id: kept, employee_id: 999_998 },
      },
      {
        action: 'delete' as const,
        entity: 'skills',
        entity_id: String(kept),
        change: { id: kept, name: 'x' },
      },
      { action: 'update' as const, entity: 'skills', entity_id: '999997', change: { name: ['a', 'b'] } },
    ];
    expect(referencedIds(page)).toEqual(
      new Map([
        ['skills', new Set([kept, 999_999, 999_997])],
        ['employees', new Set([999_998])],
      ]),
    );
    const refs = await resolveReferences(query, page, 'UTC');
    expect(calls).toHaveLength(2);
    expect(calls.map((call) => call.params)).toEqual(
      expect.arrayContaining([[[kept, 999_999, 999_997]], [[999_998]]]),
    );
    expect(refs).toEqual([
      { skill_id: { [kept]: 'Аудит: навык', 999999: null } },
      { skill_id: { [kept]: 'Аудит: навык' }, employee_id: { 999998: null } },
      { id: { [kept]: 'Аудит: навык' } },
      { id: { 999997: null } },
    ]);
  });

  it('name the positions, shifts and flight filters a saved calculation’s inputs list, under column.key', async () => {
    const [{ id: position }] = await dbh.query<{ id: number }>(
      `with d as (insert into departments (name, full_name) values ('Аудит', 'Аудит: отдел') returning id)
       insert into employee_positions (name, department_id) select 'Аудит: должность', id from d returning id`,
    );
    const page = [
      {
        action: 'insert' as const,
        entity: 'planning_calcs',
        entity_id: '999996',
        change: {
          name: 'График',
          params: {
            employee_position_ids: [position, 999_995],
            working_shift: [],
            begin: '2026-03-09 00:00:00',
          },
        },
      },
    ];
    expect(referencedIds(page)).toEqual(
      new Map([
        ['employee_positions', new Set([position, 999_995])],
        ['planning_calcs', new Set([999_996])],
      ]),
    );
    expect(await resolveReferences(dbh.query, page, 'UTC')).toEqual([
      {
        'params.employee_position_ids': { [position]: 'Аудит: должность', 999995: null },
        id: { 999996: null },
      },
    ]);
  });

  it('write a flight as the flight table does, and a turnaround by its legs and the time of its first', async () => {
    const one = async (sql: string) => (await dbh.query<{ id: number }>(`${sql} returning id`))[0].id;
    const airline = await one(
      `insert into airlines (name_ru, name_en, iata_code, country_code) values ('Аудит-авиа', 'Audit Air', 'ZQ', 'RU')`,
    );
    const airport = await one(
      `insert into airports (name_ru, name_en, iata_code, time_zone, city, country_code)
       values ('Аудит', 'Audit', 'ZQZ', 'Europe/Moscow', 'Аудит', 'RU')`,
    );
    const list = (table: string) => one(`insert into ${table} (name) values ('Аудит: ${table}')`);
    const [type, flightClass, schedule, status] = await Promise.all(
      ['flight_types', 'flight_classes', 'flight_schedules', 'flight_statuses'].map(list),
    );
    const aircraft = await one(
      `insert into aircraft_types (name, icao_code, category, seats) values ('Аудит-ВС', 'ZQ01', 2, 180)`,
    );
    const flight = (number: string, direction: number, at: string) =>
      one(`insert into flights (airline_id, flight_number, direction, flight_type_id, flight_class_id,
             flight_schedule_id, flight_status_id, aircraft_type_id, departure_airport_id, arrival_airport_id,
             plan_at, plan_departure_at, plan_arrival_at)
           values (${airline}, '${number}', ${direction}, ${type}, ${flightClass}, ${schedule}, ${status},
             ${aircraft}, ${airport}, ${airport}, '${at}', '${at}', '${at}')`);
    const arrival = await flight('100', 2, '2026-11-25T07:30:00Z');
    const departure = await flight('101', 1, '2026-11-25T09:00:00Z');
    const [{ aid: both }] = await dbh.query<{ aid: number }>(
      `insert into turnarounds (arrival_flight_id, departure_flight_id) values (${arrival}, ${departure}) returning aid`,
    );
    const lone = await flight('102', 1, '2026-11-25T10:00:00Z');
    const [{ aid: single }] = await dbh.query<{ aid: number }>(
      `insert into turnarounds (departure_flight_id) values (${lone}) returning aid`,
    );
    expect(await rowNames(dbh.query, 'flights', [arrival], 'Europe/Moscow')).toEqual(
      new Map([[arrival, 'ZQ 100 25.11.2026 10:30']]),
    );
    expect(await rowNames(dbh.query, 'turnarounds', [both, single], 'Europe/Moscow')).toEqual(
      new Map([
        [both, 'ZQ 100 → ZQ 101 25.11.2026 10:30'],
        [single, 'ZQ 102 25.11.2026 13:00'],
      ]),
    );
    // A turnaround's own row under its key column, and a team's flight link by the turnaround.
    const page = [
      {
        action: 'update' as const,
        entity: 'turnarounds',
        entity_id: String(both),
        change: { is_confirmed: [false, true] },
      },
      { action: 'insert' as const, entity: 'team_flights', change: { aid: single } },
    ];
    expect(await resolveReferences(dbh.query, page, 'Europe/Moscow')).toEqual([
      { aid: { [both]: 'ZQ 100 → ZQ 101 25.11.2026 10:30' } },
      { aid: { [single]: 'ZQ 102 25.11.2026 13:00' } },
    ]);
  });

  it('write a person as surname and initials', () => {
    expect(shortPersonName('Иванов', 'Иван', 'Иванович')).toBe('Иванов И. И.');
    expect(shortPersonName('Смит', 'Джон', null)).toBe('Смит Д.');
    expect(shortPersonName('Ким')).toBe('Ким');
  });
});
