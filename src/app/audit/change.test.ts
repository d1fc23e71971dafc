import { describe, expect, it } from 'vitest';
import { auditTime, changeLines, changeSummary, valueText } from './change.ts';

describe('the change of an audit entry', () => {
  it('reads an update as before → after by column', () => {
    const entry = { action: 'update' as const, change: { name: ['A', 'B'], code: [1, null] } };
    expect(changeLines(entry)).toEqual([
      { column: 'code', before: '1', after: '—' },
      { column: 'name', before: 'A', after: 'B' },
    ]);
    expect(changeSummary(entry)).toBe('code: 1 → —; name: A → B');
  });

  it('reads an insert as the new row only and a delete as the old row only', () => {
    expect(changeLines({ action: 'insert', change: { flag: true } })).toEqual([
      { column: 'flag', before: null, after: 'да' },
    ]);
    expect(changeLines({ action: 'delete', change: { data: { a: 1 } } })).toEqual([
      { column: 'data', before: '{"a":1}', after: null },
    ]);
  });

  it('counts the fields of an inserted row in Russian', () => {
    const row = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, i]));
    expect(changeSummary({ action: 'insert', change: row(1) })).toBe('1 поле');
    expect(changeSummary({ action: 'insert', change: row(3) })).toBe('3 поля');
    expect(changeSummary({ action: 'delete', change: row(11) })).toBe('11 полей');
    expect(valueText(false)).toBe('нет');
  });
});

describe('auditTime', () => {
  it('shows the day first, to the second, from a wall-clock or an ISO time', () => {
    expect(auditTime('2026-11-23 21:35:12')).toBe('23.11.2026 21:35:12');
    expect(auditTime('2026-11-23T21:35:12.345+03:00')).toBe('23.11.2026 21:35:12');
  });
});
