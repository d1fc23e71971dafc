import { describe, expect, it } from 'vitest';
import { wallMinute } from '../../timeline/clock.ts';
import { canChangeTeam } from './access.ts';
import { planFileName, type TeamWithFlights } from './api.ts';
import {
  buildBoard,
  clockOf,
  flightHint,
  flightKey,
  into,
  outsideBoard,
  sharedReasons,
  spanOf,
  stampOf,
  tasksInPeriod,
  teamLabel,
} from './board.ts';

const leg = (number: string) => ({
  flight_id: 1,
  flight_number: number,
  flight_number_symbol: `SU${number}`,
  begin_datetime: '2026-11-23 08:00:00',
  end_datetime: '2026-11-23 09:00:00',
  plan_departure_datetime: '2026-11-23 09:00:00',
  plan_arrival_datetime: '2026-11-23 08:00:00',
  calc_departure_datetime: null,
  calc_arrival_datetime: '2026-11-23 08:10:00',
  fact_departure_datetime: null,
  fact_arrival_datetime: null,
  tgo_times: null,
  departure_airport: { id: 1, name: 'Шереметьево' },
  arrival_airport: { id: 2, name: 'Казань' },
});

function flight(aid: number, begin: string, end: string, color = '#ff0000', conflict = 0) {
  return {
    aid,
    flight_number: `SU ${aid}`,
    color: { field: color, font: '#ffffff', border: '#000000' },
    url: '',
    aviacompany: { id: 1, code: 'SU' },
    aircraft: { id: 1, type_id: 1, bort_number: 'RA-89001', type_name: 'SSJ-100' },
    parking: { id: 1, name: '12' },
    flight_type: { id: 1, name: 'Внутренний' },
    begin_datetime: begin,
    end_datetime: end,
    arrivalFlight: leg('1234'),
    departureFlight: null,
    conflict,
    task_without_employee: conflict,
    task_with_employee_diff_team: 0,
    employee_overlap: 0,
    team_flight_id: aid,
  };
}

function team(id: number, flights: ReturnType<typeof flight>[]): TeamWithFlights {
  return {
    id,
    name: `Бригада ${id}`,
    begin_datetime: '2026-11-23 08:00:00',
    end_datetime: '2026-11-23 20:00:00',
    real_count: 3,
    count: 4,
    template_team_rule_id: null,
    teamStatus: { id: 1, name: 'Черновик' },
    department: { id: 1, name: 'Перрон' },
    employeePositionRules: [],
    version: '1543',
    flights,
  };
}

const period = { begin: '2026-11-23 00:00:00', end: '2026-11-24 00:00:00' };

describe('the board model', () => {
  it('puts each team on a row and each linked flight on its team row, one style per airline colour', () => {
    const board = buildBoard(
      [
        team(1, [flight(10, '2026-11-23 08:00:00', '2026-11-23 09:00:00')]),
        team(2, [
          flight(11, '2026-11-23 10:00:00', '2026-11-23 11:30:00', '#00ff00', 1),
          flight(12, '2026-11-23 12:00:00', '2026-11-23 13:00:00'),
        ]),
      ],
      period,
    );
    expect([...board.bars.rows]).toEqual([0, 1, 1]);
    expect(board.bars.ends[1] - board.bars.starts[1]).toBe(90);
    expect(board.bars.starts[0] - wallMinute(period.begin)).toBe(8 * 60);
    expect(board.bars.styles).toEqual([
      { fill: '#ff0000', border: '#000000', text: '#ffffff' },
      { fill: '#00ff00', border: '#000000', text: '#ffffff' },
    ]);
    expect([...(board.bars.style ?? [])]).toEqual([0, 1, 0]);
    expect([...(board.bars.mark ?? [])]).toEqual([0, 1, 0]);
    expect(board.flights.map((f) => f.aid)).toEqual([10, 11, 12]);
    expect(board.shade.ends[0] - board.shade.starts[0]).toBe(12 * 60);
    expect(board.range).toEqual({ from: wallMinute(period.begin), to: wallMinute(period.end) });
  });

  it('widens the range to a flight that runs past the period', () => {
    const board = buildBoard([team(1, [flight(10, '2026-11-23 23:30:00', '2026-11-24 01:00:00')])], period);
    expect(board.range.to - wallMinute(period.end)).toBe(60);
  });

  it('shows outside the team only the teams whose members work other flights, in board order, none marked', () => {
    const {
      conflict: _c,
      task_without_employee: _t,
      task_with_employee_diff_team: _d,
      employee_overlap: _e,
      team_flight_id: _l,
      ...free
    } = flight(20, '2026-11-23 14:00:00', '2026-11-23 15:00:00', '#0000ff', 1);
    const board = outsideBoard(
      [team(1, []), team(2, []), team(3, [])],
      [
        { id: 3, flights: [free, { ...free, aid: 21 }] },
        { id: 2, flights: [] },
        { id: 9, flights: [{ ...free, aid: 22 }] },
      ],
      period,
    );
    expect(board.teams.map((t) => t.id)).toEqual([3]);
    expect(board.flights.map((f) => f.aid)).toEqual([20, 21]);
    expect([...board.bars.rows]).toEqual([0, 0]);
    expect([...(board.bars.mark ?? [])]).toEqual([0, 0]);
    expect(board.shade.ends[0] - board.shade.starts[0]).toBe(12 * 60);
  });
});

describe("the team panel's tasks", () => {
  const task = (id: number, begin: string, end: string) => ({
    task_employee_id: id,
    task_id: id,
    flight_id: 1,
    flight_aid: 1,
    job: { id: 1, name: 'Погрузка багажа' },
    resourceTypes: [],
    begin,
    end,
    plan_begin: begin,
    plan_end: end,
    fact_begin: null,
    fact_end: null,
    tgo_id: null,
    conflict: 0,
  });
  const named = { id: 1, name: 'Грузчик' };

  it('keeps only the tasks overlapping the period, touching ends left out', () => {
    const shown = tasksInPeriod(
      {
        employees: [
          {
            id: 1,
            is_main_employee: true,
            employee: { id: 5, name: 'Иванов И. И.' },
            employeePosition: named,
            tasks: [
              task(1, '2026-11-22 23:00:00', '2026-11-23 00:00:00'),
              task(2, '2026-11-22 23:30:00', '2026-11-23 00:30:00'),
              task(3, '2026-11-23 10:00:00', '2026-11-23 11:00:00'),
              task(4, '2026-11-23 23:30:00', '2026-11-24 00:30:00'),
              task(5, '2026-11-24 00:00:00', '2026-11-24 01:00:00'),
            ],
          },
        ],
        tasksWithoutEmployee: [
          { ...task(6, '2026-11-23 12:00:00', '2026-11-23 13:00:00'), positions: [] },
          { ...task(7, '2026-11-24 02:00:00', '2026-11-24 03:00:00'), positions: [] },
        ],
        outsideTheTeam: [
          { ...task(8, '2026-11-22 20:00:00', '2026-11-22 21:00:00'), employee: named, position: named },
          { ...task(9, '2026-11-23 20:00:00', '2026-11-23 21:00:00'), employee: named, position: named },
        ],
      },
      period,
    );
    expect(shown.employees[0].tasks.map((t) => t.task_id)).toEqual([2, 3, 4]);
    expect(shown.tasksWithoutEmployee.map((t) => t.task_id)).toEqual([6]);
    expect(shown.outsideTheTeam.map((t) => t.task_id)).toEqual([9]);
  });
});

describe('texts', () => {
  it('label a team with its members of needed and its shift', () => {
    expect(teamLabel(team(1, []))).toBe('Бригада 1 (3/4) 08:00–20:00');
  });

  it('date a shift that does not end on its start day in full (spec 9 DD.MM.YYYY): a 24-hour one is not «00:00–00:00»', () => {
    const day = {
      ...team(2, []),
      begin_datetime: '2026-11-25 00:00:00',
      end_datetime: '2026-11-26 00:00:00',
    };
    expect(teamLabel(day)).toBe('Бригада 2 (3/4) 25.11.2026 00:00 – 26.11.2026 00:00');
    expect(spanOf('2026-11-25 20:00:00', '2026-11-26 08:00:00')).toBe('25.11.2026 20:00 – 26.11.2026 08:00');
    expect(spanOf('2026-12-31 22:00:00', '2027-01-01 06:00:00')).toBe('31.12.2026 22:00 – 01.01.2027 06:00');
    expect(spanOf('2026-11-25 08:00:00', '2026-11-25 20:00:00')).toBe('08:00–20:00');
  });

  it('describe a flight with its legs, stand, aircraft and conflict kinds', () => {
    const hint = flightHint(flight(10, '2026-11-23 08:00:00', '2026-11-23 09:00:00', '#f00', 1));
    expect(hint).toContain('Прилёт SU1234: 23.11.2026 08:10 из Шереметьево');
    expect(hint).toContain('Стоянка: 12');
    expect(hint).toContain('ВС: SSJ-100, борт RA-89001');
    expect(hint).toContain('Конфликт: задач без исполнителя: 1');
  });

  it('fly a departure «во Внуково», with the preposition Russian uses there', () => {
    const base = flight(11, '2026-11-23 08:00:00', '2026-11-23 09:00:00');
    const departure = { ...leg('1235'), arrival_airport: { id: 3, name: 'Внуково' } };
    expect(flightHint({ ...base, departureFlight: departure })).toContain(
      'Вылет SU1235: 23.11.2026 09:00 во Внуково',
    );
  });

  it('say «во» before «в» or «ф» and a consonant, «в» otherwise', () => {
    expect(into('Внуково')).toBe('во Внуково');
    expect(into('Франкфурт')).toBe('во Франкфурт');
    expect(into('Владивосток')).toBe('во Владивосток');
    expect(into('Варна')).toBe('в Варна');
    expect(into('Казань')).toBe('в Казань');
    expect(into('В')).toBe('в В');
    expect(into('')).toBe('в ');
  });

  it('cut wall clocks to hours and to dates', () => {
    expect(clockOf('2026-11-23 08:05:00')).toBe('08:05');
    expect(clockOf(null)).toBe('—');
    expect(stampOf('2026-11-23 08:05:00')).toBe('23.11.2026 08:05');
    expect(Number.isNaN(wallMinute('вчера'))).toBe(true);
  });
});

describe('who may connect and disconnect a team', () => {
  it('is everyone with team-all, and with edit-department-team the own department or, unknown, every team', () => {
    expect(canChangeTeam({ teamAll: true, editDepartment: false, departmentId: 1 }, 2)).toBe(true);
    expect(canChangeTeam({ teamAll: false, editDepartment: true, departmentId: 1 }, 1)).toBe(true);
    expect(canChangeTeam({ teamAll: false, editDepartment: true, departmentId: 1 }, 2)).toBe(false);
    expect(canChangeTeam({ teamAll: false, editDepartment: true, departmentId: null }, 2)).toBe(true);
    expect(canChangeTeam({ teamAll: false, editDepartment: false, departmentId: null }, 2)).toBe(false);
  });
});

describe('the plan file', () => {
  it('is named by the period, midnight left out and no colons', () => {
    expect(planFileName('2026-11-23 00:00:00', '2026-11-24 06:30:00')).toBe(
      'Планирование бригад на 23.11.2026 - 24.11.2026 06.30.xlsx',
    );
  });
});

describe('the reasons of the suitable-teams dialog', () => {
  const unsuitable = (...reasons: string[]) => ({ suitable: false, reasons });

  it('are said once when every team shares them and none suits', () => {
    expect(
      sharedReasons([unsuitable('Не на смене', 'Не хватает: грузчик ×4'), unsuitable('Не на смене')]),
    ).toEqual(['Не на смене']);
  });

  it('stay per team when a team suits or there is one team', () => {
    expect(sharedReasons([unsuitable('Не на смене'), { suitable: true, reasons: [] }])).toEqual([]);
    expect(sharedReasons([unsuitable('Не на смене')])).toEqual([]);
  });
});

describe('when the board is refreshed under the keyboard focus', () => {
  it('names a flight by its turnaround, or by its numbers and start when it has none', () => {
    const linked = flight(7, '2026-11-23 08:00:00', '2026-11-23 09:00:00');
    expect(flightKey(linked)).toBe('a7');
    expect(flightKey({ ...linked, begin_datetime: '2026-11-24 08:00:00' })).toBe('a7');
    expect(flightKey({ ...linked, aid: null })).toBe('SU 7 2026-11-23 08:00:00');
  });
});
