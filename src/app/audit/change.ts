import type { AuditEntry } from '../../shared/audit.ts';

/** One line of a change's table: the column, its value before and after (null when the action has no such side). */
export interface ChangeLine {
  column: string;
  before: string | null;
  after: string | null;
}

/** A stored value as the table shows it. Example: `null` → '—', `{a: 1}` → '{"a":1}', `true` → 'да'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * The lines of an entry's change: an update's `{column: [old, new]}` as before → after, an insert's row as after
 * only, a delete's row as before only, by column name.
 * Example: update `{name: ['A', 'B']}` → `[{column: 'name', before: 'A', after: 'B'}]`.
 */
export function changeLines(entry: Pick<AuditEntry, 'action' | 'change'>): ChangeLine[] {
  return Object.entries(entry.change)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([column, value]) => {
      if (entry.action === 'update') {
        const [before, after] = Array.isArray(value) ? value : [undefined, value];
        return { column, before: valueText(before), after: valueText(after) };
      }
      return entry.action === 'insert'
        ? { column, before: null, after: valueText(value) }
        : { column, before: valueText(value), after: null };
    });
}

/**
 * A one-line summary for the grid. Example: update `{name: ['A', 'B'], code: [1, 2]}` → 'code: 1 → 2; name: A → B';
 * an insert or delete of a row of 5 columns → '5 полей'.
 */
export function changeSummary(entry: Pick<AuditEntry, 'action' | 'change'>): string {
  const lines = changeLines(entry);
  if (entry.action !== 'update') return `${lines.length} ${fieldsWord(lines.length)}`;
  return lines.map((line) => `${line.column}: ${line.before} → ${line.after}`).join('; ');
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
