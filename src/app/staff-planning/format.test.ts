import { describe, expect, it } from 'vitest';
import type { StaffPlanningFilters } from '../../machines/staffPlanningFilters.ts';
import { wallClockText } from '../../shared/wallClock.ts';
import { buildPlanning } from '../../workers/planningData.ts';
import { barLabelOf, filtersSummary, formatApiSpan, hintOf, rowLabelOf } from './format.ts';

const { set } = buildPlanning([
  {
    id: 5,
    aid: 9,
    direction: 2,
    begin: '2026-03-10 10:00:00',
    end: '2026-03-10 11:00:00',
    flightNumber: 'SU 1234',
    flightTypeId: 1,
    flight_schedule_id: 2,
    flight_status: [],
    route: 'SVO – KZN',
    aircraft_type: 'A320',
    tgo: null,
    is_conflict: 0,
    passengers: 150,
    flight_url: '/flight/view/5',
    season_flight_url: null,
    season_flight_request_url: null,
    tasks: [
      {
        id: 77,
        begin: '2026-03-10 10:05:00',
        end: '2026-03-10 10:50:00',
        name: 'Выгрузка багажа',
        count: 3,
        taskEmployee: [1],
        resources: [{ id: 2, resourceTypeName: 'Транспортёр' }],
        employee_positions: [
          { id: 4, employeePositionName: 'Грузчик', count: 2 },
          { id: 6, employeePositionName: 'Водитель', count: 1 },
        ],
      },
    ],
  },
]);

describe('texts read from the typed arrays', () => {
  it('labels a row with flight number, route and aircraft type', () => {
    expect(rowLabelOf(set, 0)).toBe('SU 1234 · SVO – KZN · A320');
  });

  it('hints a bar with flight, task, times, staffing, positions and resources', () => {
    expect(hintOf(set, 0).split('\n')).toEqual([
      'Рейс SU 1234 (прилёт), SVO – KZN, A320',
      'Задача: Выгрузка багажа',
      'Время: 10.03.2026 10:05 – 10:50',
      'Нужно сотрудников: 3, назначено: 1',
      'Должности: Грузчик × 2, Водитель × 1',
      'Ресурсы: Транспортёр',
      'Не хватает сотрудников',
    ]);
  });

  it('names a bar in one line for the ARIA list', () => {
    expect(barLabelOf(set, 0)).toBe('SU 1234: Выгрузка багажа, 10.03 10:05 – 10:50, назначено 1 из 3');
  });

  it('tells a screen reader which bar is the selected task', () => {
    expect(barLabelOf(set, 0, true)).toBe(
      'SU 1234: Выгрузка багажа, 10.03 10:05 – 10:50, назначено 1 из 3, выбрана',
    );
  });
});

describe('API stamps as the screen shows them', () => {
  it('shows a stamp as DD.MM.YYYY HH:mm, seconds or not', () => {
    expect(wallClockText('2026-11-23 21:35:00')).toBe('23.11.2026 21:35');
    expect(wallClockText('2026-11-23 21:35')).toBe('23.11.2026 21:35');
  });

  it('shows a span within a day with the end time only, across days in full', () => {
    expect(formatApiSpan('2026-11-23 21:35:00', '2026-11-23 23:25:00')).toBe('23.11.2026 21:35 – 23:25');
    expect(formatApiSpan('2026-11-23 23:35:00', '2026-11-24 00:25:00')).toBe(
      '23.11.2026 23:35 – 24.11.2026 00:25',
    );
  });
});

describe('the folded filters’ summary', () => {
  const reference = {
    scales: [{ id: 1, name: '15 минут', period: 15, is_default: true }],
    departments: [{ id: 4, name: 'СНО', full_name: 'Служба наземного обслуживания' }],
  };
  const filters = {
    flightSchedule: [2, 3],
    flightStatus: [16, 19],
    flightType: [],
    flightClass: [],
    departmentId: null,
    positions: [],
    jobs: [],
    resourceTypes: [],
    workingShifts: [],
    periodType: 2,
    scale: 15,
    parameterType: 1,
    range: { from: '2026-11-25 00:00', to: '2026-12-25 23:59' },
  } satisfies StaffPlanningFilters;

  it('says the period, the scale and the parameter type', () => {
    expect(filtersSummary(filters, reference)).toBe(
      '25.11.2026 00:00 – 25.12.2026 23:59 · 15 минут · сотрудники',
    );
  });

  it('adds the department and how many of each narrowing list are chosen', () => {
    expect(
      filtersSummary(
        { ...filters, departmentId: 4, positions: [1, 2], jobs: [7], parameterType: 2, scale: 45 },
        reference,
      ),
    ).toBe('25.11.2026 00:00 – 25.12.2026 23:59 · 45 мин · ресурсы · СНО · должностей: 2 · работ: 1');
  });
});
