/**
 * The team plan download (spec 7 `download-teams-with-flights`): one row per task of each team's turnarounds on the
 * board of the filters (a team without turnarounds gets one row), built as .xlsx in a worker thread. Shift and task
 * times are Excel date-times on the wall clock of the request's zone; «Задача бригады» marks the team's own work.
 */
import { buildXlsx, type Cell, momentCell, wallCell } from '../../files/xlsx.ts';
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
  'Задача бригады',
];

type Task = PlanTeam['flights'][number]['pair']['tasks'][number];

/**
 * Whether a task is the team's own work, by the board's rule for its conflicts (`flightConflicts`: every count looks
 * at the task's needs and staff in the team's positions): the task needs one of the team's positions, or a member of
 * the team is among its staff.
 */
function isTeamTask(task: Task, team: { members: ReadonlySet<number>; positions: ReadonlySet<number> }) {
  return (
    task.needs.some((need) => team.positions.has(need.positionId)) ||
    task.staff.some((s) => team.members.has(s.employeeId))
  );
}

/**
 * The spreadsheet's rows of the board's teams and flights (`planTeams`): a row per task of each flight, one row for a
 * team without flights. Example: a team with one flight of two tasks → two rows.
 */
export function teamPlanRows(teams: readonly PlanTeam[], zone: string): Cell[][] {
  const rows: Cell[][] = [];
  for (const { team, flights } of teams) {
    const members = team.employeePositionRules
      .map((r) => `${r.employeePosition.name}: ${r.teamEmployees.map((m) => m.employee.name).join(', ')}`)
      .join('; ');
    const own = {
      members: new Set(team.employeePositionRules.flatMap((r) => r.teamEmployees.map((m) => m.employee.id))),
      positions: new Set(team.employeePositionRules.map((r) => r.employeePosition.id)),
    };
    const head: Cell[] = [
      team.name,
      team.teamStatus.name,
      team.department.name,
      wallCell(team.begin_datetime),
      wallCell(team.end_datetime),
      members,
    ];
    if (flights.length === 0) rows.push([...head, null, null, null, null, null, null, null, null]);
    for (const { flight, pair } of flights) {
      const tasks = pair.tasks.length ? pair.tasks : [null];
      for (const task of tasks)
        rows.push([
          ...head,
          flight.flight_number,
          flight.aircraft.type_name,
          flight.parking?.name ?? '',
          task?.jobName ?? '',
          momentCell(task?.begin, zone),
          momentCell(task?.end, zone),
          task ? task.staff.map((s) => s.employeeName).join(', ') : '',
          task ? (isTeamTask(task, own) ? 'Да' : 'Нет') : '',
        ]);
    }
  }
  return rows;
}

/** The .xlsx bytes of the rows (worker thread). */
export function teamPlanXlsx(rows: Cell[][]): Promise<Buffer> {
  return buildXlsx([{ name: 'Планирование бригад', headers: TEAM_PLAN_HEADERS, rows }]);
}
