import { describe, expect, it } from 'vitest';
import { auditTime, changeLines, changeSummary, columnValueText, valueText } from './change.ts';
import { codeName, columnLabel } from './labels.ts';

describe('the change of an audit entry', () => {
  it('reads an update as before → after by column, each column by its Russian name', () => {
    const entry = {
      action: 'update' as const,
      entity: 'skills',
      change: { name: ['A', 'B'], code: [1, null] },
    };
    expect(changeLines(entry)).toEqual([
      { column: 'code', label: 'Код', before: '1', after: '—' },
      { column: 'name', label: 'Название', before: 'A', after: 'B' },
    ]);
    expect(changeSummary(entry)).toBe('Код: 1 → —; Название: A → B');
  });

  it('reads an insert as the new row only and a delete as the old row only', () => {
    expect(changeLines({ action: 'insert', entity: 'x', change: { flag: true } })).toEqual([
      { column: 'flag', label: 'flag', before: null, after: 'да' },
    ]);
    expect(changeLines({ action: 'delete', entity: 'x', change: { data: { a: 1 } } })).toEqual([
      { column: 'data', label: 'data', before: '{"a":1}', after: null },
    ]);
  });

  it('counts the fields of an inserted row in Russian', () => {
    const row = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, i]));
    expect(changeSummary({ action: 'insert', entity: 'x', change: row(1) })).toBe('1 поле');
    expect(changeSummary({ action: 'insert', entity: 'x', change: row(3) })).toBe('3 поля');
    expect(changeSummary({ action: 'delete', entity: 'x', change: row(11) })).toBe('11 полей');
    expect(valueText(false)).toBe('нет');
  });

  it('names a referenced row by its name and id, and a row deleted since by its id', () => {
    const entry = {
      action: 'update' as const,
      entity: 'employees',
      change: { department_id: [1, 7], employee_position_id: [null, 200] },
      refs: { department_id: { '1': 'СОП', '7': null }, employee_position_id: { '200': 'Грузчик' } },
    };
    expect(changeSummary(entry)).toBe('Подразделение: СОП (#1) → #7 (удалён); Должность: — → Грузчик (#200)');
    expect(columnValueText({ ...entry, refs: { department_id: { '3': '' } } }, 'department_id', 3)).toBe(
      '#3',
    );
  });

  it('shows an id the answer did not name as stored', () => {
    const entry = { action: 'insert' as const, entity: 'employees', change: { department_id: 5 }, refs: {} };
    expect(changeLines(entry)).toEqual([
      { column: 'department_id', label: 'Подразделение', before: null, after: '5' },
    ]);
  });

  it('shows a code by the Russian name the project gives it', () => {
    const entry = { action: 'update' as const, entity: 'bags', change: { status: ['checked', 'rushed'] } };
    expect(changeSummary(entry)).toBe('Статус: Зарегистрирован → Отправлен досылкой');
    expect(columnValueText({ ...entry, entity: 'flights' }, 'direction', 2)).toBe('Прилёт');
  });
});

describe('the Russian names of columns and codes', () => {
  it('names a column the same in every table unless a table means something else by it', () => {
    expect(columnLabel('employees', 'employee_id')).toBe('Сотрудник');
    expect(columnLabel('delay_iata_codes', 'is_reason_airport')).toBe('Вина аэропорта');
    expect(columnLabel('skills', 'name')).toBe('Название');
    expect(columnLabel('employees', 'name')).toBe('ФИО');
    expect(columnLabel('planning_vacation_days', 'calc_id')).toBe('Расчёт');
    expect(columnLabel('tariff_calc_jobs', 'calc_id')).toBe('Расчёт услуги');
  });

  it('keeps an unknown column and an unknown code as stored', () => {
    expect(columnLabel('skills', 'brand_new_column')).toBe('brand_new_column');
    expect(codeName('bags', 'status', 'lost')).toBeUndefined();
    expect(codeName('bags', 'tag', '0123456789')).toBeUndefined();
    expect(codeName('workplaces', 'kind', 1)).toBe('Место стоянки');
  });
});

describe('auditTime', () => {
  it('shows the day first, to the second, from a wall-clock or an ISO time', () => {
    expect(auditTime('2026-11-23 21:35:12')).toBe('23.11.2026 21:35:12');
    expect(auditTime('2026-11-23T21:35:12.345+03:00')).toBe('23.11.2026 21:35:12');
  });
});
