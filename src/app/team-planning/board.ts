/**
 * The team board as the timeline draws it: one row per team (its shift shaded), one bar per linked turnaround in
 * the airline's colours, conflicts marked; and the texts of rows, bars and hints. Times are the wall clock of the
 * zone chosen in the frame, laid on the browser's clock so the axis reads the same hours (see timeline/clock.ts).
 */
import type { TeamEmployeesWithTasks } from '../../shared/team-planning.ts';
import { wallClockText } from '../../shared/wallClock.ts';
import { wallMinute } from '../../timeline/clock.ts';
import type { BarStyle, RowShade, TimelineBars } from '../../timeline/Timeline.tsx';
import type { Board, TeamWithFlights } from './api.ts';

type LinkedFlight = TeamWithFlights['flights'][number];
type FreeFlight = Board['free'][number];
export type AnyFlight = LinkedFlight | FreeFlight;
/** A team as a row of a board: the board's own flights, or those of another view (flights outside the team). */
export type BoardTeam<F extends AnyFlight> = Omit<TeamWithFlights, 'flights'> & { flights: F[] };

const CONSONANTS = 'бвгджзйклмнпрстфхцчшщ';

/**
 * «в» or «во» before a place: «во» before «в» or «ф» followed by a consonant, as Russian says it. Example:
 * `into('Внуково')` → 'во Внуково', `into('Варшава')` → 'в Варшава', `into('Франкфурт')` → 'во Франкфурт'.
 */
export function into(place: string): string {
  const [first = '', second = ''] = place.toLowerCase();
  const doubled = (first === 'в' || first === 'ф') && CONSONANTS.includes(second) && second !== '';
  return `${doubled ? 'во' : 'в'} ${place}`;
}

/**
 * The reasons every team of the list shares when none of two or more suits: said once above the list, not per team.
 * Example: two teams, both 'Бригада не на смене …', one also 'Не хватает …' → ['Бригада не на смене …'].
 */
export function sharedReasons(teams: readonly { suitable: boolean; reasons: readonly string[] }[]): string[] {
  if (teams.length < 2 || teams.some((team) => team.suitable)) return [];
  const [first, ...rest] = teams;
  return first.reasons.filter((reason) => rest.every((team) => team.reasons.includes(reason)));
}

/** 'HH:mm' of a wall clock, or '—'. Example: '2026-11-23 08:05:00' → '08:05'. */
export function clockOf(text: string | null | undefined): string {
  return text && text.length >= 16 ? text.slice(11, 16) : '—';
}

/**
 * A period on the board: its hours when it ends on the day it begins, else with the dates as spec 9 displays them
 * (DD.MM.YYYY), so a 24-hour or a night shift does not read as a few hours, nor a New Year's night as a span
 * backwards. Example: '2026-11-25 08:00:00', '2026-11-25 20:00:00' → '08:00–20:00';
 * '2026-11-25 00:00:00', '2026-11-26 00:00:00' → '25.11.2026 00:00 – 26.11.2026 00:00'.
 */
export function spanOf(begin: string, end: string): string {
  if (begin.slice(0, 10) === end.slice(0, 10)) return `${clockOf(begin)}–${clockOf(end)}`;
  return `${wallClockText(begin)} – ${wallClockText(end)}`;
}

/** 'DD.MM.YYYY HH:mm' of a wall clock. Example: '2026-11-23 08:05:00' → '23.11.2026 08:05'. */
export function stampOf(text: string): string {
  return text.length < 16 ? text : wallClockText(text);
}

export interface BoardModel<F extends AnyFlight = LinkedFlight> {
  teams: BoardTeam<F>[];
  bars: TimelineBars;
  /** The flight of each bar. */
  flights: F[];
  shade: RowShade;
  /** The data span: the period, widened to every bar and shift. */
  range: { from: number; to: number };
}

/** The style key of a flight's colours. */
const styleKey = (color: { field: string; font: string; border: string }) =>
  `${color.field}|${color.font}|${color.border}`;

/** The timeline arrays of the teams with their flights in the period [begin, end); a linked flight's conflict marked. */
export function buildBoard<F extends AnyFlight>(
  teams: BoardTeam<F>[],
  period: { begin: string; end: string },
): BoardModel<F> {
  const flights: F[] = [];
  const rowOf: number[] = [];
  teams.forEach((team, row) => {
    for (const flight of team.flights) {
      flights.push(flight);
      rowOf.push(row);
    }
  });
  const n = flights.length;
  const starts = new Float64Array(n);
  const ends = new Float64Array(n);
  const rows = new Int32Array(n);
  const style = new Uint16Array(n);
  const mark = new Uint8Array(n);
  const styles: BarStyle[] = [];
  const styleIndex = new Map<string, number>();
  let from = wallMinute(period.begin);
  let to = wallMinute(period.end);
  for (let i = 0; i < n; i++) {
    const flight = flights[i];
    starts[i] = wallMinute(flight.begin_datetime);
    ends[i] = Math.max(starts[i] + 1, wallMinute(flight.end_datetime));
    rows[i] = rowOf[i];
    mark[i] = 'conflict' in flight && flight.conflict === 1 ? 1 : 0;
    const key = styleKey(flight.color);
    let index = styleIndex.get(key);
    if (index === undefined) {
      index = styles.length;
      styles.push({ fill: flight.color.field, border: flight.color.border, text: flight.color.font });
      styleIndex.set(key, index);
    }
    style[i] = index;
    from = Math.min(from, starts[i]);
    to = Math.max(to, ends[i]);
  }
  const shade = {
    starts: Float64Array.from(teams, (team) => wallMinute(team.begin_datetime)),
    ends: Float64Array.from(teams, (team) => wallMinute(team.end_datetime)),
  };
  return { teams, bars: { starts, ends, rows, style, styles, mark }, flights, shade, range: { from, to } };
}

/**
 * The flights-outside-team view as a board: a row per team of the board whose members work flights not linked to
 * it (in the board's order), those flights as its bars. Example: team 7 of [5, 7] with two such flights → one row,
 * two bars.
 */
export function outsideBoard(
  teams: TeamWithFlights[],
  outside: readonly { id: number; flights: FreeFlight[] }[],
  period: { begin: string; end: string },
): BoardModel<FreeFlight> {
  const flightsOf = new Map(outside.map((team) => [team.id, team.flights]));
  const rows = teams.flatMap((team) => {
    const flights = flightsOf.get(team.id) ?? [];
    return flights.length > 0 ? [{ ...team, flights }] : [];
  });
  return buildBoard(rows, period);
}

/**
 * A team's employees with their tasks as the panel shows them: only the tasks overlapping the period (spec 4), since
 * the server answers the team's whole shift (and, for a team without flights, every flight its members work on).
 * Touching ends do not overlap. Example: in 23.11 00:00–24.11 00:00 a task 23:30–00:30 stays, 24.11 01:00 goes.
 */
export function tasksInPeriod(
  answer: TeamEmployeesWithTasks,
  period: { begin: string; end: string },
): TeamEmployeesWithTasks {
  const from = wallMinute(period.begin);
  const to = wallMinute(period.end);
  const inside = (task: { begin: string; end: string }) =>
    wallMinute(task.begin) < to && wallMinute(task.end) > from;
  return {
    employees: answer.employees.map((member) => ({ ...member, tasks: member.tasks.filter(inside) })),
    tasksWithoutEmployee: answer.tasksWithoutEmployee.filter(inside),
    outsideTheTeam: answer.outsideTheTeam.filter(inside),
  };
}

/**
 * The row label: the team's name, members of needed, shift (spanOf). Example: 'Перронная 1 (3/4) 08:00–20:00',
 * 'Суточная (2/2) 25.11.2026 00:00 – 26.11.2026 00:00'.
 */
export function teamLabel(team: BoardTeam<AnyFlight>): string {
  return `${team.name} (${team.real_count ?? 0}/${team.count}) ${spanOf(team.begin_datetime, team.end_datetime)}`;
}

/**
 * What a flight is across refreshes of the board: its turnaround id, else its numbers and start. Example: a flight
 * with aid 7 → 'a7'; without one, 'SU 100 / SU 101 2026-11-23 08:05:00'.
 */
export function flightKey(flight: AnyFlight): string {
  return flight.aid === null ? `${flight.flight_number} ${flight.begin_datetime}` : `a${flight.aid}`;
}

/** The text inside a bar: the flight numbers. */
export function flightText(flight: AnyFlight): string {
  return flight.flight_number;
}

/** The hover hint of a flight: numbers, times of each leg, stand, aircraft, and the conflicts of a linked one. */
export function flightHint(flight: AnyFlight): string {
  const lines = [flight.flight_number];
  const arrival = flight.arrivalFlight;
  const departure = flight.departureFlight;
  if (arrival) {
    const at =
      arrival.fact_arrival_datetime ?? arrival.calc_arrival_datetime ?? arrival.plan_arrival_datetime;
    lines.push(`Прилёт ${arrival.flight_number_symbol}: ${stampOf(at)} из ${arrival.departure_airport.name}`);
  }
  if (departure) {
    const at =
      departure.fact_departure_datetime ??
      departure.calc_departure_datetime ??
      departure.plan_departure_datetime;
    lines.push(
      `Вылет ${departure.flight_number_symbol}: ${stampOf(at)} ${into(departure.arrival_airport.name)}`,
    );
  }
  lines.push(`Обслуживание: ${spanOf(flight.begin_datetime, flight.end_datetime)}`);
  lines.push(`Стоянка: ${flight.parking?.name ?? '—'}`);
  const board = flight.aircraft.bort_number ? `, борт ${flight.aircraft.bort_number}` : '';
  lines.push(`ВС: ${flight.aircraft.type_name}${board}`);
  if ('conflict' in flight && flight.conflict === 1) {
    const kinds: string[] = [];
    if (flight.task_without_employee > 0)
      kinds.push(`задач без исполнителя: ${flight.task_without_employee}`);
    if (flight.task_with_employee_diff_team > 0)
      kinds.push(`задач у сотрудников других бригад: ${flight.task_with_employee_diff_team}`);
    if (flight.employee_overlap > 0)
      kinds.push(`пересечений задач у сотрудников: ${flight.employee_overlap}`);
    lines.push(`Конфликт${kinds.length > 0 ? `: ${kinds.join('; ')}` : ''}`);
  }
  return lines.join('\n');
}
