import type { AuditEntry } from '../../shared/audit.ts';
import { instantToWallClock } from '../../shared/wallClock.ts';
import { codeName, columnLabel, nestedLabels } from './labels.ts';

/**
 * One line of a change's table: the column as stored and its Russian name, its value before and after (null when the
 * action has no such side).
 */
export interface ChangeLine {
  column: string;
  label: string;
  before: string | null;
  after: string | null;
}

type Entry = Pick<AuditEntry, 'action' | 'entity' | 'change'> & Partial<Pick<AuditEntry, 'refs' | 'key'>>;

/** A timestamp as the database writes it into a change: '2026-11-25T04:56:24.687+00:00'. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A wall-clock time as the API writes it: '2026-03-09 00:00:00'. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A value the trail keeps only the size of (migration 0027: a saved schedule's result): `{omitted: bytes}`. */
function omittedBytes(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const bytes = (value as { omitted?: unknown }).omitted;
  return keys.length === 1 && typeof bytes === 'number' ? bytes : undefined;
}

/**
 * A stored value as the table shows it; a timestamp as the wall clock of the zone (when given) day first, a date day
 * first. Example: `null` → '—', `{a: 1}` → '{"a":1}', `true` → 'да', `['a@b.ru', 'c@d.ru']` → 'a@b.ru, c@d.ru' (a
 * list of plain values, as a rush's addresses), `'2026-11-25'` → '25.11.2026', `('2026-11-25T04:56:24.687+00:00',
 * 'Europe/Moscow')` → '25.11.2026 07:56:24', `{omitted: 452663}` → 'не хранится в журнале (443 КБ)'.
 */
export function valueText(value: unknown, zone?: string): string {
  if (value === null || value === undefined) return '—';
  const omitted = omittedBytes(value);
  if (omitted !== undefined)
    return `не хранится в журнале (${omitted < 1024 ? `${omitted} Б` : `${Math.ceil(omitted / 1024)} КБ`})`;
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string') {
    if (DAY.test(value)) return value.split('-').reverse().join('.');
    if (WALL_CLOCK.test(value)) return auditTime(value);
    if (zone && INSTANT.test(value) && !Number.isNaN(Date.parse(value)))
      return auditTime(instantToWallClock(new Date(value), zone));
    return value;
  }
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item !== 'object'))
    return value.map((item) => valueText(item, zone)).join(', ');
  return JSON.stringify(value);
}

/**
 * A value of a column as the trail shows it: a referenced row by its name and id (a row deleted since by its id), a
 * code by its Russian name, anything else as `valueText`.
 * Example: employee_id 200 with refs `{employee_id: {'200': 'Иванов И. И.'}}` → 'Иванов И. И. (#200)'; with
 * `{'200': null}` → '#200 (удалён)'; bags' status 'rushed' → 'Отправлен досылкой'.
 */
export function columnValueText(entry: Entry, column: string, value: unknown, zone?: string): string {
  const nested = nestedText(entry, column, value, zone);
  if (nested !== undefined) return nested;
  const names = entry.refs?.[column];
  if (names && value !== null && value !== undefined && String(value) in names) {
    const name = names[String(value)];
    if (name === null) return `#${value} (удалён)`;
    return name ? `${name} (#${value})` : `#${value}`;
  }
  return codeName(entry.entity, column, value) ?? valueText(value, zone);
}

/**
 * A JSON value of a column that reads key by key (`nestedLabels`), in the labels' order (a key without a label last,
 * as stored): each key by its name, an id list by the rows' names (refs under 'column.key'), an empty list as «все»
 * (no filter), a missing key left out.
 * Example: a calc's params `{working_shift: [2], flight_type: [], deviation_in_period: 10}` with refs
 * `{'params.working_shift': {'2': 'День 12 ч'}}` → 'Рабочие смены: День 12 ч (#2); Отклонение в периоде, %: 10; Тип
 * рейса: все'. Anything else (not an object, no labels) → undefined.
 */
function nestedText(entry: Entry, column: string, value: unknown, zone?: string): string | undefined {
  const labels = nestedLabels(entry.entity, column);
  if (!labels || typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const object = value as Record<string, unknown>;
  const keys = [
    ...Object.keys(labels).filter((key) => Object.hasOwn(object, key)),
    ...Object.keys(object).filter((key) => !Object.hasOwn(labels, key)),
  ];
  return keys
    .map((key) => {
      const label = labels[key] ?? key;
      const item = object[key];
      const text = Array.isArray(item)
        ? item.length === 0
          ? 'все'
          : item.map((id) => columnValueText(entry, `${column}.${key}`, id, zone)).join(', ')
        : columnValueText(entry, `${column}.${key}`, item, zone);
      return `${label}: ${text}`;
    })
    .join('; ');
}

/** The key column of the tables keyed by one column other than `id`. */
const OWN_KEYS: Record<string, string> = { turnarounds: 'aid', app_config: 'key' };

/**
 * The row an entry wrote: by its name when the answer names it (under its key column: `id`, a turnaround's `aid`), a
 * setting by its Russian name, a row of a composite key by each key column's name and value, else by its key as
 * stored.
 * Example: tariff_calcs '38' with refs `{id: {'38': 'Трап'}}` → 'Трап (#38)'; with `{id: {'38': null}}` →
 * '#38 (удалён)'; role_rules '4,audit-index' with key `{role_id: '4', rule_name: 'audit-index'}` and refs
 * `{role_id: {'4': 'Планировщик'}}` → 'Роль: Планировщик (#4); Правило доступа: Журнал изменений: просмотр
 * (audit-index)'.
 */
export function recordText(entry: Entry & Pick<AuditEntry, 'entity_id'>): string {
  if (entry.key)
    return Object.entries(entry.key)
      .map(
        ([column, value]) => `${columnLabel(entry.entity, column)}: ${columnValueText(entry, column, value)}`,
      )
      .join('; ');
  return columnValueText(entry, OWN_KEYS[entry.entity] ?? 'id', entry.entity_id);
}

/**
 * The lines of an entry's change: an update's `{column: [old, new]}` as before → after, an insert's row as after
 * only, a delete's row as before only, by column name, each column with its Russian name and each value as
 * `columnValueText`.
 * Example: update of skills `{name: ['A', 'B']}` → `[{column: 'name', label: 'Название', before: 'A', after: 'B'}]`.
 */
export function changeLines(entry: Entry, zone?: string): ChangeLine[] {
  const text = (column: string, value: unknown) => columnValueText(entry, column, value, zone);
  return Object.entries(entry.change)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([column, value]) => {
      const label = columnLabel(entry.entity, column);
      if (entry.action === 'update') {
        const [before, after] = Array.isArray(value) ? value : [undefined, value];
        return { column, label, before: text(column, before), after: text(column, after) };
      }
      return entry.action === 'insert'
        ? { column, label, before: null, after: text(column, value) }
        : { column, label, before: text(column, value), after: null };
    });
}

/** Columns that only record when a row changed: the summary names them after the change itself. */
const STAMPS = new Set(['updated_at']);

/**
 * A one-line summary for the grid, by the columns' Russian names, a change's time stamp last. Example: update of
 * skills `{name: ['A', 'B'], code: [1, 2]}` → 'Код: 1 → 2; Название: A → B'; an insert or delete of a row of 5
 * columns → '5 полей'.
 */
export function changeSummary(entry: Entry, zone?: string): string {
  const lines = changeLines(entry, zone);
  if (entry.action !== 'update') return `${lines.length} ${fieldsWord(lines.length)}`;
  return [
    ...lines.filter((line) => !STAMPS.has(line.column)),
    ...lines.filter((line) => STAMPS.has(line.column)),
  ]
    .map((line) => `${line.label}: ${line.before} → ${line.after}`)
    .join('; ');
}

/** 'поле', 'поля' or 'полей' after a count, by Russian rules. Example: 21 → 'поле', 3 → 'поля', 11 → 'полей'. */
function fieldsWord(count: number): string {
  const tens = count % 100;
  const ones = count % 10;
  if (tens >= 11 && tens <= 14) return 'полей';
  if (ones === 1) return 'поле';
  if (ones >= 2 && ones <= 4) return 'поля';
  return 'полей';
}

/**
 * When a change was made, as the trail shows it: day first, to the second.
 * Example: `auditTime('2026-11-23 21:35:12')` → '23.11.2026 21:35:12' (a 'T' between day and time is taken too).
 */
export function auditTime(at: string): string {
  const [day, time = ''] = at.slice(0, 19).split(/[T ]/);
  return `${day.split('-').reverse().join('.')} ${time}`.trim();
}
