/**
 * The team plan download (spec 7 `download-teams-with-flights`): one row per task of each team's turnarounds in the
 * period (a team without turnarounds gets one row), built as .xlsx in a worker thread.
 */
import { inArray } from 'drizzle-orm';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { teamFlights } from '../../db/schema/index.ts';
import { buildXlsx } from '../../files/xlsx.ts';
import type { FlightFilter } from './flightViews.ts';
import { pairsOfAids, toTeamFlight } from './pairs.ts';
import { type Caller, scopeOf } from './scope.ts';
import { readTeams } from './teamRead.ts';

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

/** The spreadsheet's rows for the teams of the filter the caller sees. */
export async function teamPlanRows(
  { db }: Pick<DbHandle, 'db'>,
  filter: FlightFilter,
  caller: Caller,
  zone: string,
): Promise<string[][]> {
  const scope = await scopeOf(db, caller, 'read');
  const list = await readTeams(
    db,
    {
      period: filter.period,
      departmentIds: filter.departmentIds,
      positionIds: filter.positionIds,
      ids: filter.teamIds?.length ? filter.teamIds : undefined,
      name: filter.name,
    },
    scope,
    zone,
  );
  const links = list.length
    ? await db
        .select({ teamId: teamFlights.teamId, aid: teamFlights.aid })
        .from(teamFlights)
        .where(
          inArray(
            teamFlights.teamId,
            list.map((t) => t.id),
          ),
        )
    : [];
  const pairs = await pairsOfAids(
    db,
    links.map((l) => l.aid),
  );
  const pairByAid = new Map(pairs.map((p) => [p.aid as number, p]));
  const wall = (d: Date) => instantToWallClock(d, zone).slice(0, 16);
  const rows: string[][] = [];
  for (const team of list) {
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
    const own = links
      .filter((l) => l.teamId === team.id)
      .map((l) => pairByAid.get(l.aid))
      .filter((p) => p !== undefined)
      .filter((p) => p.begin < filter.period.end && p.end > filter.period.begin)
      .sort((a, b) => +a.begin - +b.begin);
    if (own.length === 0) rows.push([...head, '', '', '', '', '', '', '']);
    for (const pair of own) {
      const flight = toTeamFlight(pair, zone);
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
