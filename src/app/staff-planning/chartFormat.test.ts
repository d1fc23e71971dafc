import { describe, expect, it } from 'vitest';
import { axisLabels, legendCount, legendTime, stampWeekday, weekdayOf } from './chartFormat.ts';

/** Epoch seconds of a local wall-clock time, as the charts' x values are. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 1000;
const HOUR = 3600;
const DAY = 86_400;

describe('the weekday names of the charts (week from Monday)', () => {
  it('names Monday to Sunday in Russian', () => {
    // 2026-11-23 is a Monday.
    const week = Array.from({ length: 7 }, (_, i) => weekdayOf(new Date(2026, 10, 23 + i)));
    expect(week).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  });

  it('reads the weekday of an API stamp on the local calendar', () => {
    expect(stampWeekday('2026-11-27 08:15:00')).toBe('Пт');
    expect(stampWeekday('2026-11-29 23:45:00')).toBe('Вс');
  });
});

describe('x-axis labels of real dates', () => {
  it('shows DD.MM for steps of a day or more, never US dates', () => {
    const splits = [at(2026, 11, 23), at(2026, 11, 24), at(2026, 12, 1)];
    expect(axisLabels(splits, DAY, 'time')).toEqual(['23.11', '24.11', '01.12']);
  });

  it('shows 24-hour HH:mm within a day, the date under the first tick and under midnight', () => {
    const splits = [at(2026, 11, 23, 16), at(2026, 11, 23, 20), at(2026, 11, 24), at(2026, 11, 24, 8)];
    expect(axisLabels(splits, 4 * HOUR, 'time')).toEqual(['16:00\n23.11', '20:00', '00:00\n24.11', '08:00']);
  });
});

describe('x-axis labels of a typical week', () => {
  it('shows weekday names instead of dates', () => {
    const splits = Array.from({ length: 7 }, (_, i) => at(2026, 11, 23 + i));
    expect(axisLabels(splits, DAY, 'week')).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  });

  it('shows the weekday under the hours at midnight', () => {
    const splits = [at(2026, 11, 27, 12), at(2026, 11, 28), at(2026, 11, 28, 12)];
    expect(axisLabels(splits, 12 * HOUR, 'week')).toEqual(['12:00\nПт', '00:00\nСб', '12:00']);
  });
});

describe('the legend values', () => {
  it('shows the hovered time as DD.MM.YYYY HH:mm, or weekday and time of a typical week', () => {
    expect(legendTime(at(2026, 11, 23, 21, 35), 'time')).toBe('23.11.2026 21:35');
    expect(legendTime(at(2026, 11, 27, 8, 15), 'week')).toBe('Пт 08:15');
  });

  it('shows a dash instead of uPlot\u2019s "--" when nothing is hovered', () => {
    expect(legendTime(null, 'time')).toBe('—');
    expect(legendTime(Number.NaN, 'week')).toBe('—');
    expect(legendCount(null)).toBe('—');
    expect(legendCount(34)).toBe('34');
  });
});
