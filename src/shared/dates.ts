import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';

dayjs.extend(customParseFormat);
dayjs.locale('ru');

/** Internal stamp of a picker value (spec 9). */
const STAMP_FORMAT = 'YYYY-MM-DD HH:mm';
/** Day key used by calendar cells and filters sent to the server. */
const DAY_FORMAT = 'YYYY-MM-DD';
const DISPLAY_DATE_FORMAT = 'DD.MM.YYYY';
const DISPLAY_DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';
const MONTH_HEADER_FORMAT = 'MMMM YYYY';
/** Weekday labels, the week starting on Monday (spec 1, 9). */
export const WEEKDAYS_RU: readonly string[] = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
/** The longest period any screen offers and any query reads, in days (spec 7: planning, flight table, audit). */
export const MAX_PERIOD_DAYS = 93;
/** The year view is a 3x3 grid of years (spec 4.1). */
export const YEAR_GRID_SIZE = 9;

/** A picker value: 'YYYY-MM-DD HH:mm' or nothing. */
export type Stamp = string | null;

/** Pending range of a range picker. */
export interface RangeTemp {
  fromTemp: Stamp;
  toTemp: Stamp;
}

/** One day cell of a calendar month (spec 3.2) plus what the view colours. */
export interface CalendarCell {
  timestamp: number;
  day: string;
  label: number;
  isEmpty: boolean;
  isSelected: boolean;
  isFrom: boolean;
  isTo: boolean;
  isHighlight: boolean;
  isBlocked: boolean;
  isWeekend: boolean;
  isToday: boolean;
}

/** What a month's cells are computed from. */
export interface CellSelection {
  mode: 'single' | 'range';
  dateTemp: Stamp;
  fromTemp: Stamp;
  toTemp: Stamp;
  hover: string | null;
  limitDays: number | null;
  today: string;
}

function parseStamp(value: string): Dayjs {
  return dayjs(value, value.length > 10 ? STAMP_FORMAT : DAY_FORMAT);
}

/** The day part of a stamp: `dayOf('2024-03-05 12:30')` is '2024-03-05'. */
export function dayOf(stamp: string): string {
  return stamp.slice(0, 10);
}

/** Start of a day as a stamp: `startOfDay('2024-03-05')` is '2024-03-05 00:00'. */
function startOfDay(day: string): string {
  return `${dayOf(day)} 00:00`;
}

/** End of a day as a range picker sets it: `endOfDay('2024-03-05')` is '2024-03-05 23:59'. */
function endOfDay(day: string): string {
  return `${dayOf(day)} 23:59`;
}

/** Today as a day key in local time: `todayKey(new Date(2024, 2, 5))` is '2024-03-05'. */
export function todayKey(now: Date = new Date()): string {
  return dayjs(now).format(DAY_FORMAT);
}

/** The range picker default, today 00:00 to 23:59: `defaultRange('2024-03-05').to` is '2024-03-05 23:59'. */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: startOfDay(today), to: endOfDay(today) };
}

/** Whole days between two days: `daysBetween('2024-03-01', '2024-03-05')` is 4. */
function daysBetween(a: string, b: string): number {
  return parseStamp(dayOf(b)).diff(parseStamp(dayOf(a)), 'day');
}

/**
 * One click of the range rule (spec 4.1): first click starts at 00:00, a later day ends at 23:59,
 * an earlier day becomes the start and the old start's day the end, a third click restarts.
 * `pickRangeDay({ fromTemp: '2024-03-10 00:00', toTemp: null }, '2024-03-04').toTemp` is '2024-03-10 23:59'.
 */
export function pickRangeDay(range: RangeTemp, day: string): RangeTemp {
  if (range.fromTemp === null || range.toTemp !== null) return { fromTemp: startOfDay(day), toTemp: null };
  if (dayOf(day) < dayOf(range.fromTemp))
    return { fromTemp: startOfDay(day), toTemp: endOfDay(range.fromTemp) };
  return { fromTemp: range.fromTemp, toTemp: endOfDay(day) };
}

/** Whether the limit blocks a day (spec 5): `isBeyondLimit('2024-03-10', '2024-03-01 00:00', null, 7)` is true. */
export function isBeyondLimit(
  day: string,
  fromTemp: Stamp,
  toTemp: Stamp,
  limitDays: number | null,
): boolean {
  if (limitDays === null || fromTemp === null || toTemp !== null) return false;
  return Math.abs(daysBetween(fromTemp, day)) > limitDays;
}

/** The first day of the month shown after moving by N months: `shiftMonth('2024-01-15', -2)` is '2023-11-01'. */
export function shiftMonth(month: string, months: number): string {
  return parseStamp(dayOf(month)).startOf('month').add(months, 'month').format(DAY_FORMAT);
}

/** The years of the 3x3 year view, starting 4 before the shown year: `yearGrid(2024)[0]` is 2020. */
export function yearGrid(year: number): number[] {
  return Array.from({ length: YEAR_GRID_SIZE }, (_, index) => year - 4 + index);
}

/** The month header in Russian: `monthTitle('2024-03-01')` is 'март 2024'. */
export function monthTitle(month: string): string {
  return parseStamp(dayOf(month)).format(MONTH_HEADER_FORMAT);
}

function isHighlighted(day: string, selection: CellSelection): boolean {
  if (selection.mode !== 'range' || selection.fromTemp === null) return false;
  const from = dayOf(selection.fromTemp);
  const end = selection.toTemp ?? selection.hover;
  if (end === null) return false;
  const [low, high] = from <= dayOf(end) ? [from, dayOf(end)] : [dayOf(end), from];
  return day > low && day < high;
}

/** The cells of a month, Monday first, padded with empty cells to whole weeks: 35 or 42 cells for March 2024. */
export function monthCells(month: string, selection: CellSelection): CalendarCell[] {
  const first = parseStamp(dayOf(month)).startOf('month');
  const lead = (first.day() + 6) % 7;
  const days = first.daysInMonth();
  const total = Math.ceil((lead + days) / 7) * 7;
  const cells: CalendarCell[] = [];
  for (let index = 0; index < total; index += 1) {
    const date = first.add(index - lead, 'day');
    const day = date.format(DAY_FORMAT);
    const isEmpty = index < lead || index >= lead + days;
    const isFrom =
      !isEmpty &&
      selection.mode === 'range' &&
      selection.fromTemp !== null &&
      dayOf(selection.fromTemp) === day;
    const isTo =
      !isEmpty && selection.mode === 'range' && selection.toTemp !== null && dayOf(selection.toTemp) === day;
    const isDate =
      !isEmpty &&
      selection.mode === 'single' &&
      selection.dateTemp !== null &&
      dayOf(selection.dateTemp) === day;
    cells.push({
      timestamp: date.valueOf(),
      day,
      label: date.date(),
      isEmpty,
      isSelected: isFrom || isTo || isDate,
      isFrom,
      isTo,
      isHighlight: !isEmpty && isHighlighted(day, selection),
      isBlocked:
        !isEmpty && selection.mode === 'range'
          ? isBeyondLimit(day, selection.fromTemp, selection.toTemp, selection.limitDays)
          : false,
      isWeekend: date.day() === 0 || date.day() === 6,
      isToday: day === selection.today,
    });
  }
  return cells;
}

/**
 * Validates one typed time part (spec 5). Range pickers refuse out-of-range input (null = keep the old text);
 * the single picker keeps the last two characters and resets an out-of-range value to '00'.
 * `acceptTimePart('057', 23, 'single')` is '00'; `acceptTimePart('24', 23, 'range')` is null.
 */
export function acceptTimePart(raw: string, max: number, mode: 'single' | 'range'): string | null {
  const digits = raw.replace(/\D/g, '');
  if (mode === 'single') {
    const kept = digits.slice(-2);
    if (kept === '') return '';
    return Number(kept) > max ? '00' : kept;
  }
  if (digits !== raw || digits.length > 2) return null;
  if (digits === '') return '';
  return Number(digits) <= max ? digits : null;
}

/** Puts an hour or a minute into a stamp: `withTimePart('2024-03-05 00:00', 'hour', '7')` is '2024-03-05 07:00'. */
export function withTimePart(stamp: string, unit: 'hour' | 'minute', value: string): string {
  const hour = unit === 'hour' ? value.padStart(2, '0') : stamp.slice(11, 13);
  const minute = unit === 'minute' ? value.padStart(2, '0') : stamp.slice(14, 16);
  return `${dayOf(stamp)} ${hour}:${minute}`;
}

/** A stamp as shown to the user: `formatStamp('2024-03-05 07:30', true)` is '05.03.2024 07:30'. */
export function formatStamp(stamp: Stamp, withTime: boolean): string {
  if (stamp === null) return '';
  return parseStamp(stamp).format(withTime ? DISPLAY_DATETIME_FORMAT : DISPLAY_DATE_FORMAT);
}

/** A range as shown to the user: `formatRange('2024-03-05 00:00', '2024-03-07 23:59', false)` is '05.03.2024 - 07.03.2024'. */
export function formatRange(from: Stamp, to: Stamp, withTime: boolean): string {
  if (from === null || to === null) return '';
  return `${formatStamp(from, withTime)} - ${formatStamp(to, withTime)}`;
}

/** A date as a grid filter sends it: `toFilterDate('2024-03-05 07:30')` is '2024-03-05'. */
export function toFilterDate(value: string | Date): string {
  return typeof value === 'string' ? dayOf(value) : dayjs(value).format(DAY_FORMAT);
}

/** A day as a screen reader hears it: `dayLabel('2024-03-05')` is '5 марта 2024'. */
export function dayLabel(day: string): string {
  return parseStamp(dayOf(day)).format('D MMMM YYYY');
}
