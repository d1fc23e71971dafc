import { describe, expect, it } from 'vitest';
import { RULE_CATALOGUE, RULE_NAMES } from '../../shared/rules.ts';
import { auditTime, changeLines, changeSummary, columnValueText, recordText, valueText } from './change.ts';
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
    expect(valueText(['a@b.ru', 'c@d.ru'])).toBe('a@b.ru, c@d.ru');
    expect(valueText([])).toBe('[]');
    expect(valueText([{ a: 1 }])).toBe('[{"a":1}]');
  });

  it('shows a date day first and a timestamp on the wall clock of the chosen zone', () => {
    expect(valueText('2026-11-25')).toBe('25.11.2026');
    expect(valueText('2026-11-25T04:56:24.687+00:00', 'Europe/Moscow')).toBe('25.11.2026 07:56:24');
    expect(valueText('2026-11-25T04:56:24+00:00')).toBe('2026-11-25T04:56:24+00:00');
    expect(valueText(['2026-11-25T21:00:00Z'], 'Asia/Vladivostok')).toBe('26.11.2026 07:00:00');
    const entry = {
      action: 'update' as const,
      entity: 'app_config',
      change: { updated_at: ['2026-11-25T04:56:24.687+00:00', '2026-11-25T05:09:53.746+00:00'] },
    };
    expect(changeSummary(entry, 'Europe/Moscow')).toBe('Изменено: 25.11.2026 07:56:24 → 25.11.2026 08:09:53');
    // The time stamp after the change itself, though its column sorts first.
    expect(changeSummary({ ...entry, change: { ...entry.change, value: [60, 45] } }, 'UTC')).toBe(
      'Значение: 60 → 45; Изменено: 25.11.2026 04:56:24 → 25.11.2026 05:09:53',
    );
    expect(valueText('SU 2026-11-25')).toBe('SU 2026-11-25');
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

  it('names the row an entry wrote by its name, a deleted one by its key, and an unnamed one as stored', () => {
    const entry = { action: 'update' as const, entity: 'tariff_calcs', entity_id: '38', change: {} };
    expect(recordText({ ...entry, refs: { id: { '38': 'Трап' } } })).toBe('Трап (#38)');
    expect(recordText({ ...entry, refs: { id: { '38': null } } })).toBe('#38 (удалён)');
    expect(recordText({ ...entry, refs: {} })).toBe('38');
    expect(recordText({ ...entry, entity: 'role_rules', entity_id: '4,audit-index' })).toBe('4,audit-index');
    // A composite key by each of its columns, named as their values are.
    const rule = {
      ...entry,
      entity: 'role_rules',
      entity_id: '4,audit-index',
      key: { role_id: '4', rule_name: 'audit-index' },
      refs: { role_id: { '4': 'Планировщик' } },
    };
    expect(recordText(rule)).toBe(
      'Роль: Планировщик (#4); Правило доступа: Журнал изменений: просмотр (audit-index)',
    );
    const day = { ...entry, entity: 'planning_vacation_days', entity_id: '3,7,2026-11-25' };
    expect(
      recordText({
        ...day,
        key: { calc_id: '3', employee_id: '7', day: '2026-11-25' },
        refs: { calc_id: { '3': null } },
      }),
    ).toBe('Расчёт: #3 (удалён); Сотрудник: 7; День: 25.11.2026');
    // A setting by its Russian name with its key.
    expect(recordText({ ...entry, entity: 'app_config', entity_id: 'time-show-unfinished-tasks' })).toBe(
      'Незавершённые задачи: показывать после планового окончания, мин (time-show-unfinished-tasks)',
    );
    const turnaround = { ...entry, entity: 'turnarounds', entity_id: '5' };
    expect(recordText({ ...turnaround, refs: { aid: { '5': 'SU 1 → SU 2' } } })).toBe('SU 1 → SU 2 (#5)');
    // A team's flight link names its turnaround under aid: that is not the link itself.
    const link = { ...entry, entity: 'team_flights', entity_id: '5', refs: { aid: { '5': 'SU 1 → SU 2' } } };
    expect(recordText(link)).toBe('5');
  });

  it('shows a value the trail keeps only the size of by that size', () => {
    expect(valueText({ omitted: 452_663 })).toBe('не хранится в журнале (443 КБ)');
    expect(valueText({ omitted: 17 })).toBe('не хранится в журнале (17 Б)');
    expect(valueText({ omitted: 17, other: 1 })).toBe('{"omitted":17,"other":1}');
    const entry = {
      action: 'update' as const,
      entity: 'planning_calcs',
      change: { result: [{ omitted: 2048 }, { omitted: 1024 }] },
    };
    expect(changeSummary(entry)).toBe(
      'Результат: не хранится в журнале (2 КБ) → не хранится в журнале (1 КБ)',
    );
  });

  it('reads a saved calculation’s inputs key by key, as the form labels them, with the rows named', () => {
    const entry = {
      action: 'insert' as const,
      entity: 'planning_calcs',
      change: {
        params: {
          end: '2026-03-15 23:59:59',
          begin: '2026-03-09 00:00:00',
          flight_type: [],
          working_shift: [2, 9],
          deviation_in_period: 10,
          employee_position_ids: [3],
          extra: 'x',
        },
      },
      refs: {
        'params.working_shift': { '2': 'День 12 ч', '9': null },
        'params.employee_position_ids': { '3': 'Грузчик' },
      },
    };
    expect(changeLines(entry)).toEqual([
      {
        column: 'params',
        label: 'Параметры',
        before: null,
        after:
          'Начало периода: 09.03.2026 00:00:00; Окончание периода: 15.03.2026 23:59:59; Должности: Грузчик (#3); ' +
          'Рабочие смены: День 12 ч (#2), #9 (удалён); Отклонение в периоде, %: 10; Тип рейса: все; extra: x',
      },
    ]);
    // Another table's JSON stays as stored.
    expect(columnValueText({ ...entry, entity: 'rushes' }, 'params', { a: [1] })).toBe('{"a":[1]}');
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
    expect(columnValueText({ ...entry, entity: 'print_templates' }, 'language', 'zpl')).toBe(
      'ZPL II (сетевой принтер этикеток)',
    );
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
    expect(codeName('tariff_calcs', 'group_type', 9)).toBeUndefined();
    expect(codeName('bags', 'status', 'constructor')).toBeUndefined();
  });

  it('names the codes of the service calcs, the VIP fields and the BRS settings as their forms do', () => {
    expect(codeName('tariff_calcs', 'group_type', 1)).toBe('Итого');
    expect(codeName('tariff_calcs', 'group_type', 2)).toBe('Фиксированное количество');
    expect(codeName('tariff_calc_jobs', 'start_param', 1)).toBe('Начало');
    expect(codeName('tariff_calc_jobs', 'end_param', 2)).toBe('Окончание');
    expect(codeName('vip_field_directions', 'direction_id', 1)).toBe('Вылет');
    expect(codeName('aviacompany_baggage_registers', 'priority_tag_handling', 'load_last')).toBe(
      'Загружать последними',
    );
    expect(codeName('aviacompany_baggage_registers', 'rush_tag_handling', 'refuse')).toBe('Не принимать');
  });

  it('names the legs of a job in the order of jobs, unlike the direction of a flight', () => {
    expect(codeName('jobs', 'direction_kind', 1)).toBe('Прилёт');
    expect(codeName('jobs', 'direction_kind', 3)).toBe('Прилёт и вылет');
    expect(codeName('flights', 'direction', 1)).toBe('Вылет');
  });

  it('names an aircraft category and a rush route kind standing alone', () => {
    expect(codeName('aircraft_types', 'category', 1)).toBe('Широкофюзеляжные ВС');
    expect(codeName('rush_routes', 'kind', 2)).toBe('Маршрут досылки');
  });

  it('names a rule of the catalogue with its key, and leaves an unknown rule as stored', () => {
    for (const rule of RULE_NAMES)
      expect(codeName('role_rules', 'rule_name', rule)).toBe(`${RULE_CATALOGUE[rule]} (${rule})`);
    expect(codeName('role_rules', 'rule_name', 'audit-index')).toBe(
      'Журнал изменений: просмотр (audit-index)',
    );
    expect(codeName('role_rules', 'rule_name', 'no-such-rule')).toBeUndefined();
  });

  it('names the two columns of a role or a rule apart', () => {
    expect(columnLabel('roles', 'name')).toBe('Код');
    expect(columnLabel('roles', 'title')).toBe('Название');
  });
});

describe('auditTime', () => {
  it('shows the day first, to the second, from a wall-clock or an ISO time', () => {
    expect(auditTime('2026-11-23 21:35:12')).toBe('23.11.2026 21:35:12');
    expect(auditTime('2026-11-23T21:35:12.345+03:00')).toBe('23.11.2026 21:35:12');
  });
});
