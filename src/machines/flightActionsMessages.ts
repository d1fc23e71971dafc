/**
 * What the flight table's actions (flightActions.ts) say: the alert after each of them, the legs a divide or combine
 * names ('S7 407 (23.11) и S7 406 (24.11)'), the outcome of an employee action, and the text of a failure. Pure, so
 * the screen names the legs of the rows it sends and the machine only picks the message.
 */
import { parseApiError } from '../app/api/errors.ts';
import type { EmployeesAction } from '../app/flight-table/api.ts';
import { type EmployeesResult, FLIGHT_TABLE_MESSAGES, type RaceRow } from '../shared/flight-table.ts';

/** What a message of the screen's alert says and how. */
export interface FlightMessage {
  text: string;
  tone: 'Success' | 'Danger' | 'Warning';
}

export const DELETE_DONE = 'Удалено';
const EMPLOYEES_DONE: Record<EmployeesAction, string> = {
  'set-employees': 'Сотрудники назначены',
  'set-desk-employees': 'Сотрудники стоек назначены',
  'drop-employees': 'Сотрудники сняты',
};
export const TGO_DONE = 'ТГО применено';

/** The day of a row's leg as the messages name it: '23.11' of '23.11.2026'. */
const dayOf = (date: string) => date.slice(0, 5);

/**
 * The legs of a paired row as the divide names them: the arrival on the row's day, the departure on the day its
 * plan time names ('24.11 06:00' when it is another day; only the time when it is the same day).
 * Example: `{flight: 'S7 407 / S7 406', date: '23.11.2026', plan: '21:15 / 24.11 06:00'}` →
 * 'S7 407 (23.11) и S7 406 (24.11)'.
 */
export function dividedLegs(row: Pick<RaceRow, 'flight' | 'date' | 'plan'>): string {
  const [arrival, departure = ''] = row.flight.split(' / ');
  const day = dayOf(row.date);
  const later = /^(\d\d\.\d\d) /.exec(row.plan.split(' / ')[1] ?? '')?.[1] ?? day;
  return `${arrival} (${day}) и ${departure} (${later})`;
}

/** The legs of two single-leg rows as the combine names them: 'S7 407 (23.11) и S7 406 (24.11)'. */
export function combinedLegs(
  arrival: Pick<RaceRow, 'flight' | 'date'>,
  departure: Pick<RaceRow, 'flight' | 'date'>,
): string {
  return `${arrival.flight} (${dayOf(arrival.date)}) и ${departure.flight} (${dayOf(departure.date)})`;
}

/**
 * The alert after an employee action: what was done and, for a set, how many places stay empty. A set that
 * assigned nobody says why, as far as the answer tells: the rows have no such tasks, every place is filled
 * already, or no free employee on shift fits (a warning, never a green «Успешно»).
 */
export function employeesMessage(action: EmployeesAction, result: EmployeesResult): FlightMessage {
  if (action === 'drop-employees') {
    return result.assignments === 0
      ? { text: 'У выбранных рейсов нет назначенных сотрудников: снимать некого', tone: 'Warning' }
      : { text: `${EMPLOYEES_DONE[action]}: ${result.assignments}`, tone: 'Success' };
  }
  const desk = action === 'set-desk-employees';
  if (result.tasks === 0)
    return {
      text: desk
        ? 'Никто не назначен: у выбранных рейсов нет задач стоек (регистрации или выхода на посадку)'
        : 'Никто не назначен: у выбранных рейсов нет задач (примените ТГО)',
      tone: 'Warning',
    };
  if (result.assignments === 0)
    return result.missing > 0
      ? {
          text: `Никто не назначен: нет свободных сотрудников на смене нужных должностей; не хватает сотрудников: ${result.missing}`,
          tone: 'Warning',
        }
      : { text: 'Никто не назначен: все места в задачах уже заняты', tone: 'Warning' };
  const text = `${EMPLOYEES_DONE[action]}: ${result.assignments}`;
  return result.missing > 0
    ? { text: `${text}; не хватает сотрудников: ${result.missing}`, tone: 'Warning' }
    : { text, tone: 'Success' };
}

/** The text of a failed action: the server's message, 'Ошибка' when it has none (spec 8). */
export function failureText(error: unknown): string {
  return parseApiError(error).message.trim() || FLIGHT_TABLE_MESSAGES.error;
}
