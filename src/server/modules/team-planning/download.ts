/**
 * The team plan download (spec 7 `download-teams-with-flights`): one row per task of each team's turnarounds on the
 * board of the filters (a team without turnarounds gets one row), built as .xlsx in a worker thread.
 */
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { buildXlsx } from '../../files/xlsx.ts';
import type { PlanTeam } from './flightViews.ts';

export const TEAM_PLAN_HEADERS = [
  'Бригада',
  'Статус',
  'Подразделение',
  'Начало смены',
  'Конец смены',
  'Состав',
  'Рейс',
  'Тип ВС',
  'Стоянка',
  'Работа',
  'Начало задачи',
  'Конец задачи',
  'Сотрудники',
];

/**
 * The spreadsheet's rows of the board's teams and flights (`planTeams`): a row per task of each flight, one row for a
 * team without flights. Example: a team with one flight of two tasks → two rows.
 */
export function teamPlanRows(teams: readonly PlanTeam[], zone: string): string[][] {
  const wall = (d: Date) => instantToWallClock(d, zone).slice(0, 16);
  const rows: string[][] = [];
  for (const { team, flights } of teams) {
    const members = team.employeePositionRules
      .map((r) => `${r.employeePosition.name}: ${r.teamEmployees.map((m) => m.employee.name).join(', ')}`)
      .join('; ');
    const head = [
      team.name,
      team.teamStatus.name,
      team.department.name,
      team.begin_datetime.slice(0, 16),
      team.end_datetime.slice(0, 16),
      members,
    ];
    if (flights.length === 0) rows.push([...head, '', '', '', '', '', '', '']);
    for (const { flight, pair } of flights) {
      const tasks = pair.tasks.length ? pair.tasks : [null];
      for (const task of tasks)
        rows.push([
          ...head,
          flight.flight_number,
          flight.aircraft.type_name,
          flight.parking?.name ?? '',
          task?.jobName ?? '',
          task ? wall(task.begin) : '',
          task ? wall(task.end) : '',
          task ? task.staff.map((s) => s.employeeName).join(', ') : '',
        ]);
    }
  }
  return rows;
}

/** The .xlsx bytes of the rows (worker thread). */
export function teamPlanXlsx(rows: string[][]): Promise<Buffer> {
  return buildXlsx([{ name: 'Планирование бригад', headers: TEAM_PLAN_HEADERS, rows }]);
}
