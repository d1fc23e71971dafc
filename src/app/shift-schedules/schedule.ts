/**
 * The shift schedule page's figures as pure data (issue 15): the optimality text of a position, the summary of its
 * cover against demand, the table by weekday and shift, and the spans of shortage and surplus the chart colours.
 */
import type { SchedulePosition } from '../../shared/shift-schedules.ts';

// The status texts are the server's too (the file's «Сводка»): they live with the schedule's schemas.
export { distinctText, statusText } from '../../shared/shift-schedules.ts';

export const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'] as const;

const hours = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** Seconds of a solve in Russian: `solveText(1530)` is '1,5 с', `solveText(40)` is '0,04 с'. */
export function solveText(ms: number): string {
  const seconds = ms / 1000;
  const digits = seconds < 0.1 ? 2 : 1;
  return `${seconds.toLocaleString('ru-RU', { maximumFractionDigits: digits, minimumFractionDigits: 0 })} с`;
}

/** Staff-hours as text: `hoursText(1234.5)` is '1 234,5 ч'. */
export function hoursText(value: number): string {
  return `${hours.format(value)} ч`.replace(/\u00a0/g, ' ');
}

export interface CoverSummary {
  /** Slots whose cover is below demand, and the largest shortage in people. */
  shortSlots: number;
  maxShort: number;
  /** Slots whose cover is above demand, and the largest surplus. */
  surplusSlots: number;
  maxSurplus: number;
  /** The highest demand and cover of the week (the chart's scale). */
  peak: number;
}

/** How a position's cover meets its demand. Example: demand [1, 2], cover [2, 1] → one short slot, one surplus. */
export function coverSummary(demand: readonly number[], cover: readonly number[]): CoverSummary {
  const summary: CoverSummary = { shortSlots: 0, maxShort: 0, surplusSlots: 0, maxSurplus: 0, peak: 0 };
  const slots = Math.max(demand.length, cover.length);
  for (let slot = 0; slot < slots; slot += 1) {
    const need = demand[slot] ?? 0;
    const have = cover[slot] ?? 0;
    summary.peak = Math.max(summary.peak, need, have);
    if (have < need) {
      summary.shortSlots += 1;
      summary.maxShort = Math.max(summary.maxShort, need - have);
    } else if (have > need) {
      summary.surplusSlots += 1;
      summary.maxSurplus = Math.max(summary.maxSurplus, have - need);
    }
  }
  return summary;
}

/** The chart's spoken summary, for screen readers and tests. */
export function coverSentence(name: string, summary: CoverSummary): string {
  const short =
    summary.shortSlots === 0
      ? 'нехватки нет'
      : `нехватка в ${summary.shortSlots} интервалах, до ${summary.maxShort} чел.`;
  const surplus =
    summary.surplusSlots === 0
      ? 'избытка нет'
      : `избыток в ${summary.surplusSlots} интервалах, до ${summary.maxSurplus} чел.`;
  return `${name}: пик ${summary.peak} чел.; ${short}; ${surplus}`;
}

/** A run of consecutive slots where cover misses demand the same way. */
export interface CoverSpan {
  kind: 'short' | 'surplus';
  /** First slot and the slot after the last. */
  from: number;
  to: number;
}

/** Runs of shortage and surplus. Example: demand [1, 1, 1], cover [0, 0, 2] → short 0–2, surplus 2–3. */
export function coverSpans(demand: readonly number[], cover: readonly number[]): CoverSpan[] {
  const spans: CoverSpan[] = [];
  const slots = Math.max(demand.length, cover.length);
  for (let slot = 0; slot < slots; slot += 1) {
    const need = demand[slot] ?? 0;
    const have = cover[slot] ?? 0;
    const kind = have < need ? 'short' : have > need ? 'surplus' : null;
    const last = spans.at(-1);
    if (kind === null) continue;
    if (last && last.kind === kind && last.to === slot) last.to = slot + 1;
    else spans.push({ kind, from: slot, to: slot + 1 });
  }
  return spans;
}

/** 'HH:mm' a number of minutes after another 'HH:mm', past midnight wrapped: `addMinutes('20:00', 720)` is '08:00'. */
export function addMinutes(start: string, minutes: number): string {
  const [h, m] = start.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * A shift's length as its row's label: `lengthText(480)` is '8 ч', `lengthText(450)` is '7,5 ч'. The model starts a
 * working shift at any slot, taking only its length and break, so a name such as «Утренняя 06:00–14:00» would
 * contradict the row's own start; the name stays in the row's tooltip.
 */
export function lengthText(minutes: number): string {
  return `${hours.format(minutes / 60)} ч`;
}

/** One row of the table: a shift (working shift at a start time) and its staff count per weekday (Monday first). */
export interface ShiftRow {
  key: string;
  /** The working shift the row's length and break come from (its own start time is not used: see `lengthText`). */
  name: string;
  /** The row's label: its paid length, e.g. '8 ч' or '7,5 ч'. */
  label: string;
  start: string;
  end: string;
  lengthMinutes: number;
  breakMinutes: number;
  counts: number[];
  total: number;
}

/**
 * The schedule by weekday and shift: one row per working shift and start time, sorted by start, then name; the
 * counts of each weekday. Example: the same 08:00 shift on Monday (2) and Wednesday (3) → counts [2, 0, 3, 0, 0, 0, 0].
 */
export function shiftRows(shifts: readonly SchedulePosition['shifts'][number][]): ShiftRow[] {
  const rows = new Map<string, ShiftRow>();
  for (const shift of shifts) {
    const key = `${shift.working_shift_id}|${shift.start}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        name: shift.name,
        label: lengthText(shift.length_minutes),
        start: shift.start,
        end: addMinutes(shift.start, shift.length_minutes),
        lengthMinutes: shift.length_minutes,
        breakMinutes: shift.break_minutes,
        counts: [0, 0, 0, 0, 0, 0, 0],
        total: 0,
      };
      rows.set(key, row);
    }
    row.counts[shift.weekday] += shift.count;
    row.total += shift.count;
  }
  return [...rows.values()].sort(
    (a, b) => a.start.localeCompare(b.start) || a.name.localeCompare(b.name, 'ru'),
  );
}

/** Staff starting a shift on each weekday: the table's last row. */
export function weekdayTotals(rows: readonly ShiftRow[]): number[] {
  const totals = [0, 0, 0, 0, 0, 0, 0];
  for (const row of rows) for (let day = 0; day < 7; day += 1) totals[day] += row.counts[day];
  return totals;
}
