/** The vacation planner's arithmetic (DOMAIN.md "Vacation planner"), pure so it is tested without a database. */
import { daysBetween, type VacationProfit, weekdayOf } from '../../../shared/planning-calc.ts';
import type { ShiftScheduleResult } from '../../../shared/shift-schedules.ts';

/**
 * Staff the schedule needs on each weekday (0 = Monday): the shifts starting that weekday, summed over the positions;
 * one person works one shift a day. Example: 3 shifts on Monday and 2 more starting Monday → [5, 0, 0, 0, 0, 0, 0].
 */
export function requiredByWeekday(result: Pick<ShiftScheduleResult, 'positions'>): number[] {
  const required = [0, 0, 0, 0, 0, 0, 0];
  for (const position of result.positions)
    for (const shift of position.shifts) required[shift.weekday] += shift.count;
  return required;
}

/**
 * employeeProfit for each day of the period: available = employees of the calculation's positions not on vacation
 * that day, required = the weekday's shifts, profit = available − required (negative: a shortage).
 * Example: 10 employees, 2 of them on vacation on a Monday that needs 9 → {available: 8, required: 9, profit: -1}.
 */
export function vacationProfit(
  period: { begin: string; end: string },
  employeeCount: number,
  plans: Iterable<readonly string[]>,
  required: readonly number[],
): VacationProfit[] {
  const away = new Map<string, number>();
  for (const dates of plans) for (const day of dates) away.set(day, (away.get(day) ?? 0) + 1);
  return daysBetween(period.begin, period.end).map((date) => {
    const available = employeeCount - (away.get(date) ?? 0);
    const need = required[weekdayOf(date)];
    return { date, available, required: need, profit: available - need };
  });
}
