import { distinctText, type PlanningCalc, statusText } from '../../../shared/shift-schedules.ts';
import { type Cell, dayCell, type Sheet, timeCell } from '../../files/xlsx.ts';

const WEEKDAYS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const SHORT_WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

/** A number rounded to `digits` decimals. */
const rounded = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A working shift's name without its own hours: the model starts a shift at any slot and takes only its length and
 * break, so the template's «09:00–18:00» would contradict the row's start (the page labels its rows the same way).
 * Example: 'Пятидневка 09:00–18:00' → 'Пятидневка'; 'Дневная 08–20' → 'Дневная'; a name of hours only → 'Смена'.
 */
export function shiftName(name: string): string {
  const bare = name
    .replace(/\s*\(?\s*\d{1,2}(?:[:.]\d{2})?\s*[–—-]\s*\d{1,2}(?:[:.]\d{2})?\s*\)?\s*$/u, '')
    .trim();
  return bare || 'Смена';
}

/**
 * The three sheets of a saved schedule:
 * - «Сводка», what the page's header shows: the calc's name, period, typical week and solve time, then per position
 *   its staff-hours, status, the fewest-shifts step, solve time and the shifts started on each weekday («Итого
 *   выходов»);
 * - «Смены»: position, weekday, the shift by its template's name, start and end (times of day), length in hours,
 *   break, count;
 * - «Покрытие»: per slot of the typical week: weekday, time, then demand and cover of each position.
 * Example: one position with one shift → «Смены» has one row; «Покрытие» has 672 rows of 2 + 2 columns.
 */
export function scheduleSheets(calc: Pick<PlanningCalc, 'name' | 'begin' | 'end' | 'result'>): Sheet[] {
  const { result } = calc;
  const summary: Sheet = {
    name: 'Сводка',
    lead: [
      ['Расчёт', calc.name],
      ['Период с', dayCell(calc.begin)],
      ['Период по', dayCell(calc.end)],
      ['Типовая неделя с', dayCell(result.week_start)],
      ['Время расчёта, с', rounded(result.solve_ms / 1000, 2)],
    ],
    headers: [
      'Должность',
      'Человеко-часы',
      'Статус',
      'Меньше разных смен',
      'Время расчёта, с',
      ...SHORT_WEEKDAYS.map((day) => `Выходов: ${day}`),
      'Итого выходов',
    ],
    rows: result.positions.map((position) => {
      const totals = [0, 0, 0, 0, 0, 0, 0];
      for (const shift of position.shifts) totals[shift.weekday] += shift.count;
      return [
        position.name,
        rounded(position.staff_hours, 1),
        statusText(position),
        distinctText(position.distinct_gap),
        rounded(position.solve_ms / 1000, 2),
        ...totals,
        totals.reduce((a, b) => a + b, 0),
      ];
    }),
  };
  const shifts: Sheet = {
    name: 'Смены',
    headers: [
      'Должность',
      'День недели',
      'Смена',
      'Начало',
      'Конец',
      'Длительность, ч',
      'Перерыв, мин',
      'Количество',
    ],
    rows: result.positions.flatMap((position) =>
      position.shifts.map((shift): Cell[] => {
        const start = timeCell(shift.start);
        const startMinutes = Number(shift.start.slice(0, 2)) * 60 + Number(shift.start.slice(3, 5));
        return [
          position.name,
          WEEKDAYS[shift.weekday],
          shiftName(shift.name),
          start,
          timeCell((startMinutes + shift.length_minutes) % 1440),
          rounded(shift.length_minutes / 60, 2),
          shift.break_minutes,
          shift.count,
        ];
      }),
    ),
  };
  const slotsPerDay = 1440 / result.slot_minutes;
  const slots = result.positions[0]?.demand.length ?? 0;
  const cover: Sheet = {
    name: 'Покрытие',
    headers: [
      'День недели',
      'Время',
      ...result.positions.flatMap((p) => [`${p.name}: потребность`, `${p.name}: на смене`]),
    ],
    rows: Array.from({ length: slots }, (_, slot) => [
      WEEKDAYS[Math.floor(slot / slotsPerDay)],
      timeCell((slot % slotsPerDay) * result.slot_minutes),
      ...result.positions.flatMap((p) => [p.demand[slot], p.cover[slot]]),
    ]),
  };
  return [summary, shifts, cover];
}
