/**
 * Texts of the staff-planning screen read from the worker's typed arrays: row labels, bar hints and ARIA texts, and
 * the folded filters' summary. Nothing here builds a per-bar object; each function reads the arrays for the one bar
 * or row it is asked about.
 */
import dayjs from 'dayjs';
import type { StaffPlanningFilters } from '../../machines/staffPlanningFilters.ts';
import { wallClockText } from '../../shared/wallClock.ts';
import type { PlanningReferenceLists, PlanningSet } from './api.ts';

/**
 * A span of two API stamps: 'DD.MM.YYYY HH:mm – HH:mm' within one day, both in full otherwise.
 * Example: `formatApiSpan('2026-11-23 21:35:00', '2026-11-23 23:25:00')` → '23.11.2026 21:35 – 23:25'.
 */
export function formatApiSpan(begin: string, end: string): string {
  const tail = begin.slice(0, 10) === end.slice(0, 10) ? end.slice(11, 16) : wallClockText(end);
  return `${wallClockText(begin)} – ${tail}`;
}

/** 'DD.MM.YYYY HH:mm' of epoch minutes (spec 9's displayed date). Example: `formatMinute(0)` in UTC → '01.01.1970 00:00'. */
export function formatMinute(minute: number): string {
  return dayjs(minute * 60_000).format('DD.MM.YYYY HH:mm');
}

/**
 * A span of epoch minutes: 'DD.MM.YYYY HH:mm – HH:mm' within one day, both in full otherwise.
 * Example (UTC): `formatMinuteSpan(0, 90)` → '01.01.1970 00:00 – 01:30'.
 */
function formatMinuteSpan(begin: number, end: number): string {
  const sameDay = dayjs(begin * 60_000).isSame(end * 60_000, 'day');
  return `${formatMinute(begin)} – ${sameDay ? formatClock(end) : formatMinute(end)}`;
}

/** 'HH:mm' of epoch minutes, or 'DD.MM HH:mm' when `withDay`. */
function formatClock(minute: number, withDay = false): string {
  return dayjs(minute * 60_000).format(withDay ? 'DD.MM HH:mm' : 'HH:mm');
}

/** The left-column label of a flight row: 'SU1234 · SVO – KZN · A320'. */
export function rowLabelOf(set: PlanningSet, row: number): string {
  const t = set.texts;
  return `${t[set.numberText[row]]} · ${t[set.routeText[row]]} · ${t[set.aircraftText[row]]}`;
}

/** The hover hint of a bar: flight, task, times, staff needed and assigned, positions, resources. */
export function hintOf(set: PlanningSet, bar: number): string {
  const t = set.texts;
  const row = set.rows[bar];
  const lines = [
    `Рейс ${t[set.numberText[row]]} (${set.direction[row] === 1 ? 'вылет' : 'прилёт'}), ${t[set.routeText[row]]}, ${t[set.aircraftText[row]]}`,
    `Задача: ${t[set.nameText[bar]]}`,
    `Время: ${formatMinuteSpan(set.starts[bar], set.ends[bar])}`,
    `Нужно сотрудников: ${set.need[bar]}, назначено: ${set.assigned[bar]}`,
  ];
  const positions = t[set.positionText[bar]];
  const resources = t[set.resourceText[bar]];
  if (positions) lines.push(`Должности: ${positions}`);
  if (resources) lines.push(`Ресурсы: ${resources}`);
  if (set.kind[bar] === 2) lines.push('Конфликт: сотрудник назначен на пересекающиеся задачи');
  else if (set.kind[bar] === 1) lines.push('Не хватает сотрудников');
  return lines.join('\n');
}

/** The ARIA-list text of a bar: task, times and staffing in one line, and ', выбрана' for the selected task. */
export function barLabelOf(set: PlanningSet, bar: number, selected = false): string {
  const t = set.texts;
  const label = `${t[set.numberText[set.rows[bar]]]}: ${t[set.nameText[bar]]}, ${formatClock(set.starts[bar], true)} – ${formatClock(set.ends[bar])}, назначено ${set.assigned[bar]} из ${set.need[bar]}`;
  return selected ? `${label}, выбрана` : label;
}

/** The lists counted in the folded summary, with their words. */
const COUNTED = [
  ['flightType', 'типов рейса'],
  ['flightClass', 'классов рейса'],
  ['positions', 'должностей'],
  ['jobs', 'работ'],
  ['resourceTypes', 'типов ресурсов'],
  ['workingShifts', 'смен'],
] as const;

/**
 * What the folded filters say: the period, the scale, the parameter type, the department and how many of the
 * narrowing lists are chosen. Example: '25.11.2026 00:00 – 25.12.2026 23:59 · 15 минут · сотрудники · должностей: 2'.
 */
export function filtersSummary(
  filters: StaffPlanningFilters,
  reference: Pick<PlanningReferenceLists, 'scales' | 'departments'>,
): string {
  const scale = reference.scales.find((s) => s.period === filters.scale)?.name ?? `${filters.scale} мин`;
  const department = reference.departments.find((d) => d.id === filters.departmentId)?.name;
  return [
    formatApiSpan(filters.range.from, filters.range.to),
    scale,
    filters.parameterType === 2 ? 'ресурсы' : 'сотрудники',
    ...(department ? [department] : []),
    ...COUNTED.filter(([key]) => filters[key].length > 0).map(
      ([key, word]) => `${word}: ${filters[key].length}`,
    ),
  ].join(' · ');
}
