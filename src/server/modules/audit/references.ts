/**
 * The rows a change of the trail points at (session 17, after the QA walk): which table a `*_id` column refers to, and
 * the name of each id on a page, read in one bounded query per referenced table (never per entry).
 */
import type { AuditEntry, AuditRefs } from '../../../shared/audit.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';

/** The referenced table of a column, the same in every audited table (the foreign keys of the schema). */
const REFERENCES: Record<string, string> = {
  aid: 'turnarounds',
  aircraft_type_id: 'aircraft_types',
  airline_id: 'airlines',
  airport_id: 'airports',
  allocation_id: 'allocations',
  arrival_airport_id: 'airports',
  arrival_flight_id: 'flights',
  aviacompany_id: 'airlines',
  bag_id: 'bags',
  calc_id: 'tariff_calcs',
  calc_type_id: 'calc_types',
  coef_type_id: 'coefficient_types',
  contractor_id: 'contractors',
  created_by: 'users',
  delay_iata_code_id: 'delay_iata_codes',
  department_id: 'departments',
  departure_airport_id: 'airports',
  departure_flight_id: 'flights',
  employee_id: 'employees',
  employee_position_id: 'employee_positions',
  end_job_id: 'jobs',
  flight_class_id: 'flight_classes',
  flight_id: 'flights',
  flight_schedule_id: 'flight_schedules',
  flight_status_id: 'flight_statuses',
  flight_type_id: 'flight_types',
  format_id: 'formats',
  job_id: 'jobs',
  job_indicator_id: 'job_indicators',
  loyalty_card_type_id: 'loyalty_card_types',
  major_bag_id: 'bags',
  med_service_id: 'med_services',
  minor_bag_id: 'minor_bags',
  passenger_category_id: 'passenger_categories',
  pattern_id: 'patterns',
  pattern_type_id: 'pattern_types',
  print_type_id: 'print_types',
  resource_id: 'resources',
  resource_type_id: 'resource_types',
  role_id: 'roles',
  rounding_id: 'roundings',
  rule_id: 'team_position_rules',
  rush_baggage_code_id: 'rush_baggage_codes',
  rush_flight_id: 'flights',
  rush_id: 'rushes',
  service_halls_id: 'service_halls',
  service_id: 'services',
  skill_id: 'skills',
  stand_id: 'workplaces',
  start_job_id: 'jobs',
  task_id: 'tasks',
  team_id: 'teams',
  team_status_id: 'team_statuses',
  template_id: 'print_templates',
  tgo_job_id: 'tgo_jobs',
  tgo_template_id: 'tgo_templates',
  travel_class_id: 'travel_classes',
  user_id: 'users',
  vip_field_id: 'vip_fields',
  vip_hall_access_type_id: 'hall_access_types',
  vip_hall_card_bank_type_id: 'card_bank_types',
  vip_hall_pay_type_id: 'pay_types',
  vip_service_id: 'vip_services',
  working_shift_id: 'working_shifts',
  workplace_from_id: 'workplaces',
  workplace_to_id: 'workplaces',
};

/**
 * Where a column's name means another table in one table (null: a table the trail does not name). A turnaround's
 * `aid` is its own key, named as the entry's own row (`entryIds`).
 */
const OVERRIDES: Record<string, Record<string, string | null>> = {
  planning_vacation_days: { calc_id: 'planning_calcs' },
  print_files: { job_id: null },
  print_templates: { winding: 'windings' },
  turnarounds: { aid: null },
};

/**
 * The id lists inside a JSON column, by table, column and key: a saved calculation's inputs name positions, shifts and
 * flight filters by id. Their names go into `refs` under 'column.key' (`params.working_shift`).
 */
const NESTED_REFERENCES: Record<string, Record<string, Record<string, string>>> = {
  planning_calcs: {
    params: {
      employee_position_ids: 'employee_positions',
      working_shift: 'working_shifts',
      flight_schedule: 'flight_schedules',
      flight_status: 'flight_statuses',
      flight_type: 'flight_types',
    },
  },
};

/**
 * The ids a JSON value of a column holds under its known keys, as [refs key, table, id].
 * Example: `nestedIds('planning_calcs', 'params', {working_shift: [2, 5], begin: '…'})` →
 * [['params.working_shift', 'working_shifts', 2], ['params.working_shift', 'working_shifts', 5]].
 */
function nestedIds(entity: string, column: string, value: unknown): [string, string, number][] {
  const keys = NESTED_REFERENCES[entity]?.[column];
  if (!keys || typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const found: [string, string, number][] = [];
  for (const [key, table] of Object.entries(keys)) {
    const list = (value as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const id = idOf(item);
      if (id !== undefined) found.push([`${column}.${key}`, table, id]);
    }
  }
  return found;
}

/**
 * The table a column of an audited table points at, or undefined.
 * Example: `referencedTable('employees', 'department_id')` → 'departments'; `('planning_vacation_days', 'calc_id')` →
 * 'planning_calcs'; `('flights', 'flight_number')` → undefined.
 */
export function referencedTable(entity: string, column: string): string | undefined {
  const override = OVERRIDES[entity]?.[column];
  if (override !== undefined) return override ?? undefined;
  return REFERENCES[column];
}

/** A row of a name query: its id, its name, and for the rows named by a moment that moment. */
interface NameRow {
  id: number;
  name: string | null;
  at?: Date | string | null;
}

/** How a referenced row is named: a query over `id = any($1)`, and the text of a row when it needs more than `name`. */
interface Namer {
  sql: string;
  text?: (row: NameRow & Record<string, unknown>, zone: string) => string;
}

const byName = (table: string, column = 'name'): Namer => ({
  sql: `select id, ${column} as name from ${table} where id = any($1)`,
});

/** The wall clock of a moment in the zone, day first, to the minute. Example: '25.11.2026 10:30'. */
function when(at: NameRow['at'], zone: string): string {
  if (!at) return '';
  const [day, time] = instantToWallClock(new Date(at), zone).split(' ');
  return `${day.split('-').reverse().join('.')} ${time.slice(0, 5)}`;
}

/** Surname and initials. Example: ('Иванов', 'Иван', 'Иванович') → 'Иванов И. И.'. */
export function shortPersonName(
  surname: string,
  firstName?: string | null,
  patronymic?: string | null,
): string {
  const initials = [firstName, patronymic]
    .filter((part): part is string => !!part)
    .map((part) => `${part.charAt(0)}.`)
    .join(' ');
  return initials ? `${surname} ${initials}` : surname;
}

const NAMED_BY_NAME = [
  'aircraft_types',
  'calc_types',
  'card_bank_types',
  'coefficient_types',
  'contractors',
  'departments',
  'employee_positions',
  'flight_classes',
  'flight_schedules',
  'flight_statuses',
  'flight_types',
  'formats',
  'hall_access_types',
  'jobs',
  'loyalty_card_types',
  'med_services',
  'passenger_categories',
  'pattern_types',
  'pay_types',
  'planning_calcs',
  'print_templates',
  'print_types',
  'resource_types',
  'resources',
  'roundings',
  'service_halls',
  'skills',
  'team_statuses',
  'teams',
  'tgo_templates',
  'travel_classes',
  'vip_fields',
  'vip_services',
  'windings',
  'working_shifts',
  'workplaces',
];

/** The namers of the referenced tables; the table names here are constants, never input. */
const NAMERS: Record<string, Namer> = {
  ...Object.fromEntries(NAMED_BY_NAME.map((table) => [table, byName(table)])),
  airlines: byName('airlines', `coalesce(nullif(name_ru, ''), name_en, iata_code)`),
  airports: byName(
    'airports',
    `coalesce(nullif(name_ru, ''), name_en, '') || coalesce(' (' || iata_code || ')', '')`,
  ),
  services: byName('services', `coalesce(nullif(name_ru, ''), name_en)`),
  users: byName('users', `name || ' (' || login || ')'`),
  roles: byName('roles', `coalesce(nullif(title, ''), name)`),
  bags: byName('bags', 'tag'),
  minor_bags: byName('minor_bags', 'tag'),
  job_indicators: byName('job_indicators', 'indicator_name'),
  rushes: byName('rushes', `coalesce('акт ' || act_number, '')`),
  delay_iata_codes: byName('delay_iata_codes', `number_code || coalesce(' ' || letter_code, '')`),
  rush_baggage_codes: byName('rush_baggage_codes', `number_code || coalesce(' ' || description, '')`),
  employees: {
    sql: 'select id, name, surname, first_name, patronymic from employees where id = any($1)',
    text: (row) =>
      row.surname
        ? shortPersonName(
            String(row.surname),
            row.first_name as string | null,
            row.patronymic as string | null,
          )
        : (row.name ?? ''),
  },
  // Flight numbers as the flight table writes them: 'SU 1234'.
  flights: {
    sql: `select f.id, trim(concat_ws(' ', a.iata_code, f.flight_number)) as name, f.plan_at as at
            from flights f left join airlines a on a.id = f.airline_id where f.id = any($1)`,
    text: (row, zone) => `${row.name} ${when(row.at, zone)}`.trim(),
  },
  // A turnaround by its legs and its first leg's time: 'SU 1234 → SU 1235 25.11.2026 10:30'.
  turnarounds: {
    sql: `select t.aid as id,
                 concat_ws(' → ', nullif(trim(concat_ws(' ', aa.iata_code, a.flight_number)), ''),
                                  nullif(trim(concat_ws(' ', da.iata_code, d.flight_number)), '')) as name,
                 coalesce(a.plan_at, d.plan_at) as at
            from turnarounds t
            left join flights a on a.id = t.arrival_flight_id left join airlines aa on aa.id = a.airline_id
            left join flights d on d.id = t.departure_flight_id left join airlines da on da.id = d.airline_id
           where t.aid = any($1)`,
    text: (row, zone) => `${row.name} ${when(row.at, zone)}`.trim(),
  },
  tasks: {
    sql: `select t.id, j.name, t.begin_at as at from tasks t join jobs j on j.id = t.job_id where t.id = any($1)`,
    text: (row, zone) => `${row.name} ${when(row.at, zone)}`.trim(),
  },
  tgo_jobs: {
    sql: 'select t.id, j.name from tgo_jobs t join jobs j on j.id = t.job_id where t.id = any($1)',
  },
  team_position_rules: {
    sql: `select r.id, p.name from team_position_rules r join employee_positions p on p.id = r.employee_position_id
           where r.id = any($1)`,
  },
  tariff_calcs: {
    sql: `select c.id, coalesce(nullif(s.name_ru, ''), s.name_en) as name from tariff_calcs c
            join services s on s.id = c.service_id where c.id = any($1)`,
  },
  allocations: {
    sql: `select a.id, c.name || ' — ' || d.name as name from allocations a join contractors c on c.id = a.contractor_id
            join departments d on d.id = a.department_id where a.id = any($1)`,
  },
  patterns: {
    sql: 'select p.id, t.name from patterns p join pattern_types t on t.id = p.pattern_type_id where p.id = any($1)',
  },
};

/** The tables the trail names rows of (for the test that every reference has a namer). */
export const NAMED_TABLES: readonly string[] = Object.keys(NAMERS);

/**
 * The names of some rows of a named table, by id, in one query; an id not there is left out.
 * Example: `rowNames(query, 'departments', [1, 99], 'Europe/Moscow')` → `Map {1 → 'СОП'}`.
 */
export async function rowNames(
  query: DbHandle['query'],
  table: string,
  ids: number[],
  zone: string,
): Promise<Map<number, string>> {
  const namer = NAMERS[table];
  if (!namer || ids.length === 0) return new Map();
  const rows = await query<NameRow & Record<string, unknown>>(namer.sql, [ids]);
  return new Map(rows.map((row) => [Number(row.id), namer.text ? namer.text(row, zone) : (row.name ?? '')]));
}

/** An id as the change stores it: a positive integer (a number, or a digit string for bigint). */
function idOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return Number(value);
  return undefined;
}

/** The values a change holds for a column: both sides of an update, the row's value otherwise. */
function valuesOf(action: AuditEntry['action'], value: unknown): unknown[] {
  return action === 'update' && Array.isArray(value) ? value : [value];
}

type Page = (Pick<AuditEntry, 'action' | 'entity' | 'change'> &
  Partial<Pick<AuditEntry, 'entity_id' | 'key'>>)[];

/**
 * The key columns of the tables keyed by more than one column, by table, from the catalogue (the triggers write such
 * a key as its columns' texts joined by a comma, in the key's order).
 */
export async function compositeKeys(query: DbHandle['query']): Promise<Map<string, string[]>> {
  const rows = await query<{ entity: string; columns: string[] }>(
    `select c.relname as entity, array_agg(a.attname::text order by k.ord) as columns
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
       cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
      where i.indisprimary and n.nspname = 'public'
      group by c.relname having count(*) > 1`,
  );
  return new Map(rows.map((row) => [row.entity, row.columns]));
}

/**
 * A composite key as its columns, or undefined when the text does not split into as many parts (a key text holding
 * a comma of its own: none of the schema's do).
 * Example: `keyOf('4,audit-index', ['role_id', 'rule_name'])` → `{role_id: '4', rule_name: 'audit-index'}`.
 */
export function keyOf(
  entityId: string,
  columns: readonly string[] | undefined,
): Record<string, string> | undefined {
  const parts = entityId.split(',');
  if (!columns || parts.length !== columns.length) return undefined;
  return Object.fromEntries(columns.map((column, index) => [column, parts[index]]));
}

/** The key column of a named table whose key is not `id`. */
const KEY_COLUMNS: Record<string, string> = { turnarounds: 'aid' };

/**
 * The ids an entry refers to, as [column, table, id]: the `*_id` columns of its change (both sides of an update), the
 * id lists inside its JSON columns (`NESTED_REFERENCES`, as 'column.key') and the entry's own row when its table is named and keyed by one integer (under the key column: `id`, a turnaround's
 * `aid`), so that an update of a calc reads by the calc's name, not only by its number.
 * Example: an update of employees 7 `{department_id: [1, 2]}` → [['department_id', 'departments', 1],
 * ['department_id', 'departments', 2], ['id', 'employees', 7]].
 */
function entryIds(entry: Page[number]): [string, string, number][] {
  const found: [string, string, number][] = [];
  // A composite key's columns too: an update holds only the changed columns, not the key's.
  for (const [column, value] of [...Object.entries(entry.change), ...Object.entries(entry.key ?? {})]) {
    const table = referencedTable(entry.entity, column);
    for (const side of valuesOf(entry.action, value)) {
      found.push(...nestedIds(entry.entity, column, side));
      const id = table && NAMERS[table] ? idOf(side) : undefined;
      if (table && id !== undefined) found.push([column, table, id]);
    }
  }
  const own = NAMERS[entry.entity] ? idOf(entry.entity_id) : undefined;
  if (own !== undefined) found.push([KEY_COLUMNS[entry.entity] ?? 'id', entry.entity, own]);
  return found;
}

/**
 * The referenced ids of a page's entries, by table.
 * Example: an update of employees `{department_id: [1, 2]}` → `Map {'departments' → Set {1, 2}}`.
 */
export function referencedIds(page: Page): Map<string, Set<number>> {
  const ids = new Map<string, Set<number>>();
  for (const entry of page)
    for (const [, table, id] of entryIds(entry)) {
      const set = ids.get(table) ?? new Set<number>();
      set.add(id);
      ids.set(table, set);
    }
  return ids;
}

/**
 * The names of the rows a page's entries refer to, as of now: one query per referenced table, holding only the ids
 * of the page; an id no longer there is null. Answers each entry's `refs` in the page's order.
 */
export async function resolveReferences(
  query: DbHandle['query'],
  page: Page,
  zone: string,
): Promise<AuditRefs[]> {
  const ids = referencedIds(page);
  const names = new Map<string, Map<number, string>>();
  await Promise.all(
    [...ids].map(async ([table, set]) => names.set(table, await rowNames(query, table, [...set], zone))),
  );
  return page.map((entry) => {
    const refs: AuditRefs = {};
    for (const [column, table, id] of entryIds(entry)) {
      refs[column] ??= {};
      refs[column][String(id)] = names.get(table)?.get(id) ?? null;
    }
    return refs;
  });
}
