/**
 * Russian, 24-hour labels of the staff-planning charts (uPlot): x-axis ticks and the legend's time value. The x
 * values are epoch seconds of the browser's local wall clock, as uPlot's time scale reads them.
 *
 * Two kinds of x axis:
 * - 'time': real dates (demand over the period, passengers): 'DD.MM' per day, 'HH:mm' within a day;
 * - 'week': a typical week (the peak graph, whose points carry the dates of the period's first week only as a
 *   carrier of weekday and time): weekday names 'Пн' … 'Вс' instead of dates.
 */
import dayjs from 'dayjs';
import { WEEKDAYS_RU } from '../../shared/dates.ts';

export type ChartAxisKind = 'time' | 'week';

const DAY_SECONDS = 86_400;

/** 'Пн' … 'Вс' of a local date. Example: `weekdayOf(new Date(2026, 10, 23))` (a Monday) → 'Пн'. */
export function weekdayOf(date: Date): string {
  return WEEKDAYS_RU[(date.getDay() + 6) % 7];
}

/** The weekday of an API wall-clock stamp 'YYYY-MM-DD…'. Example: `stampWeekday('2026-11-27 08:15:00')` → 'Пт'. */
export function stampWeekday(stamp: string): string {
  const [year, month, day] = stamp.slice(0, 10).split('-').map(Number);
  return weekdayOf(new Date(year, month - 1, day));
}

/** The day part of a tick: 'DD.MM' of real dates, the weekday of a typical week. */
function dayPart(seconds: number, kind: ChartAxisKind): string {
  const date = new Date(seconds * 1000);
  return kind === 'week' ? weekdayOf(date) : dayjs(date).format('DD.MM');
}

/**
 * Labels of the x-axis ticks `splits` (epoch seconds) at a tick step of `increment` seconds: steps of a day or more
 * show the day only ('DD.MM' or 'Пн'); shorter steps show 'HH:mm', with the day on a second line at midnight and at
 * the first tick, so every stretch of hours says which day it is.
 * Example (week): splits at Mon 00:00, Mon 12:00, Tue 00:00, increment 12 h → ['00:00\nПн', '12:00', '00:00\nВт'].
 */
export function axisLabels(splits: number[], increment: number, kind: ChartAxisKind): string[] {
  return splits.map((seconds, i) => {
    if (increment >= DAY_SECONDS) return dayPart(seconds, kind);
    const date = dayjs(seconds * 1000);
    const clock = date.format('HH:mm');
    const midnight = date.hour() === 0 && date.minute() === 0;
    return midnight || i === 0 ? `${clock}\n${dayPart(seconds, kind)}` : clock;
  });
}

/**
 * The legend's «Время» value of the hovered point: 'DD.MM.YYYY HH:mm' of real dates, 'Пн HH:mm' of a typical week,
 * '—' when no point is hovered.
 */
export function legendTime(seconds: number | null | undefined, kind: ChartAxisKind): string {
  if (seconds === null || seconds === undefined || Number.isNaN(seconds)) return '—';
  const date = dayjs(seconds * 1000);
  return kind === 'week'
    ? `${weekdayOf(date.toDate())} ${date.format('HH:mm')}`
    : date.format('DD.MM.YYYY HH:mm');
}

/** The legend value of a series: the count, '—' when no point is hovered. */
export function legendCount(value: number | null | undefined): string {
  return value === null || value === undefined || Number.isNaN(value) ? '—' : String(value);
}
