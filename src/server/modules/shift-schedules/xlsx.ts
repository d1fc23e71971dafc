import type { ShiftScheduleResult } from '../../../shared/shift-schedules.ts';
import type { Sheet } from '../../files/xlsx.ts';

const WEEKDAYS = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The two sheets of a saved schedule: «Смены» (position, weekday, start, shift, length, break, count) and
 * «Покрытие» (per slot of the typical week: weekday, time, then demand and cover of each position).
 * Example: one position with one shift → «Смены» has one row; «Покрытие» has 672 rows of 2 + 2 columns.
 */
export function scheduleSheets(result: ShiftScheduleResult): Sheet[] {
  const shifts: Sheet = {
    name: 'Смены',
    headers: [
      'Должность',
      'День недели',
      'Начало',
      'Смена',
      'Длительность, мин',
      'Перерыв, мин',
      'Сотрудников',
    ],
    rows: result.positions.flatMap((position) =>
      position.shifts.map((shift) => [
        position.name,
        WEEKDAYS[shift.weekday],
        shift.start,
        shift.name,
        shift.length_minutes,
        shift.break_minutes,
        shift.count,
      ]),
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
    rows: Array.from({ length: slots }, (_, slot) => {
      const minute = (slot % slotsPerDay) * result.slot_minutes;
      return [
        WEEKDAYS[Math.floor(slot / slotsPerDay)],
        `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
        ...result.positions.flatMap((p) => [p.demand[slot], p.cover[slot]]),
      ];
    }),
  };
  return [shifts, cover];
}
