/**
 * Standard shift schedule (spec 3, 5, 7, 8; DOMAIN Staff planning): the inputs of `GET /planning/standard` and
 * `POST /planning/standard/create`, the optimiser's answer (`ShiftScheduleResult`) and a saved calculation
 * (`GET /planning/calc/{id}`). Snake_case on the wire; client and server validate with the same schemas.
 */
import { apiDate, apiDateTime, apiTime } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { CALC_NAME_MAX, PLANNING_CALC_MESSAGES } from './planning-calc.ts';
import { oneLineText } from './text.ts';

/** Limits of the standard-schedule fields (spec 5 and 9). */
export const SCHEDULE_LIMITS = {
  interval_repeat_in_period: { min: 1, max: 52, unit: '' },
  deviation_in_period: { min: 0, max: 100, unit: '%' },
  interval_repeat_in_week: { min: 1, max: 7, unit: '' },
  deviation_in_week: { min: 0, max: 100, unit: '%' },
} as const;
export type ScheduleLimitField = keyof typeof SCHEDULE_LIMITS;

/** Slot of the typical week, in minutes. */
export const SCHEDULE_SLOT_MINUTES = 15;
/** Hours of the standard working week: pers_kol = Σ ceil(staff_hours ÷ this) (contract of issue 15). */
export const STANDARD_WEEK_HOURS = 40;
/** The spec 8 message: nothing to cover, or the optimiser gave nothing. */
export const SCHEDULE_EMPTY_MESSAGE = 'Ошибка при расчете графиков сменности';
/** Why, under the form's positions: the alert of spec 8 goes after a few seconds, this stays until the next try. */
export const SCHEDULE_EMPTY_REASON =
  'Нет потребности в персонале по выбранным должностям за период: измените должности, период или фильтры';

/**
 * The message of one standard-schedule field for what the user typed, or null when it is valid: positive whole
 * numbers or empty (deviations also accept 0), above the maximum 'Максимальное значение …' (spec 5).
 */
export function scheduleFieldError(field: ScheduleLimitField, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const { min, max, unit } = SCHEDULE_LIMITS[field];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return min > 0 ? MESSAGES.positiveWhole : MESSAGES.wholeRange(min, max);
  const n = Number(text);
  if (n < min) return min > 0 ? MESSAGES.positiveWhole : MESSAGES.wholeRange(min, max);
  if (n > max) return MESSAGES.maxValue(max, unit);
  return null;
}

/** A limited field: a number, a digit string or empty ('' / null / absent → undefined). */
function limitedField(field: ScheduleLimitField) {
  return z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const message = scheduleFieldError(field, value);
      if (message) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return value === undefined || value === null || value === '' ? undefined : Number(value);
    });
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const wallClock = z
  .string({ error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.wallClockFormat) })
  .regex(WALL_CLOCK, MESSAGES.wallClockFormat);
const ids = z.array(z.number().int().min(1).max(2_147_483_647)).max(1000);

/**
 * The inputs of the standard schedule as sent in the body of
 * `POST /planning/standard/create` (`GET /planning/standard` reads the same names from its query string with
 * `[]` on the lists). Empty limited fields mean 1 repeat and 0 %.
 */
export const standardScheduleParamsSchema = z.object({
  /** 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone; the demand period, at most 93 days. */
  begin: wallClock,
  end: wallClock,
  interval_repeat_in_period: limitedField('interval_repeat_in_period'),
  deviation_in_period: limitedField('deviation_in_period'),
  interval_repeat_in_week: limitedField('interval_repeat_in_week'),
  deviation_in_week: limitedField('deviation_in_week'),
  employee_position_ids: ids.default([]),
  flight_schedule: ids.default([]),
  flight_status: ids.default([]),
  flight_type: ids.default([]),
  working_shift: ids.default([]),
});
export type StandardScheduleParams = z.output<typeof standardScheduleParamsSchema>;

/** Body of `POST /planning/standard/create`: the inputs plus an optional single position and the calc's name. */
export const standardScheduleCreateSchema = standardScheduleParamsSchema.extend({
  /** One more position (the spec's single `employee_position_id`), merged into employee_position_ids. */
  employee_position_id: z.number().int().min(1).max(2_147_483_647).nullish(),
  /** The saved calculation's name; by default 'График сменности <begin date> – <end date>'. */
  name: oneLineText().trim().max(CALC_NAME_MAX, PLANNING_CALC_MESSAGES.nameTooLong).optional(),
});
export type StandardScheduleCreate = z.input<typeof standardScheduleCreateSchema>;

/** One shift of the schedule: `count` staff start working shift `working_shift_id` on `weekday` at `start`. */
const scheduleShiftSchema = z.object({
  working_shift_id: z.number().int(),
  name: z.string(),
  /** 0 = Monday … 6 = Sunday. */
  weekday: z.number().int().min(0).max(6),
  /** 'HH:mm', the start in the typical week; a shift past Sunday 24:00 wraps to Monday. */
  start: apiTime,
  length_minutes: z.number().int(),
  break_minutes: z.number().int(),
  count: z.number().int(),
});
export type ScheduleShift = z.infer<typeof scheduleShiftSchema>;

/** How a position's staff-hours were found. */
const SCHEDULE_STATUSES = ['optimal', 'feasible', 'greedy'] as const;

const schedulePositionSchema = z.object({
  employee_position_id: z.number().int(),
  name: z.string(),
  /** optimal = staff-hours proven minimal; feasible = time limit hit with an incumbent; greedy = fallback cover. */
  status: z.enum(SCHEDULE_STATUSES),
  /** Relative MIP gap of the staff-hours step (0 when optimal, null for greedy). */
  gap: z.number().nullable(),
  /** Gap of the fewest-distinct-shifts step (null when it did not run). */
  distinct_gap: z.number().nullable(),
  /** Milliseconds in the solver thread (both steps), not counting the wait for a free thread. */
  solve_ms: z.number().int(),
  /** 7 × 24 × 60 ÷ slot_minutes values from Monday 00:00: the typical week's demand per slot. */
  demand: z.array(z.number().int()),
  /** Staff on duty per slot from `shifts` (breaks excluded). */
  cover: z.array(z.number().int()),
  /** Paid staff-hours of the week: Σ count × (length − break) ÷ 60. */
  staff_hours: z.number(),
  shifts: z.array(scheduleShiftSchema),
});
export type SchedulePosition = z.infer<typeof schedulePositionSchema>;

const percent = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/**
 * What the user reads about a position's staff-hours step (the page and the file's «Сводка»): 'оптимально', or the gap
 * left when the time limit cut the search, or that only the quick rule of thumb answered. Example: feasible with gap
 * 0.034 → 'разрыв 3,4 %'.
 */
export function statusText(position: Pick<SchedulePosition, 'status' | 'gap'>): string {
  if (position.status === 'optimal') return 'оптимально';
  if (position.status === 'feasible')
    return position.gap === null ? 'допустимое решение' : `разрыв ${percent.format(position.gap * 100)} %`;
  return 'приближённое решение';
}

/**
 * The gap of the fewest-distinct-shifts step, when it ran. Its schedule always covers the demand at the proven
 * staff-hours; the gap only says how far the count of distinct shifts may be from the fewest, so it reads as "not
 * proven", not as a failure: `distinctText(0.25)` is 'не доказано (разрыв 25 %)'.
 */
export function distinctText(gap: number | null): string {
  if (gap === null) return 'не рассчитывалось';
  return gap === 0 ? 'оптимально' : `не доказано (разрыв ${percent.format(gap * 100)} %)`;
}

export const shiftScheduleResultSchema = z.object({
  slot_minutes: z.number().int(),
  /** 'YYYY-MM-DD': the Monday the typical week is drawn on (the Monday of the period's first week). */
  week_start: apiDate,
  positions: z.array(schedulePositionSchema),
  solve_ms: z.number().int(),
});
export type ShiftScheduleResult = z.infer<typeof shiftScheduleResultSchema>;

/** The inputs as stored (validated, empty fields absent): `planning_calcs.params`. */
export const storedParamsSchema = z.object({
  begin: apiDateTime,
  end: apiDateTime,
  interval_repeat_in_period: z.number().int().optional(),
  deviation_in_period: z.number().int().optional(),
  interval_repeat_in_week: z.number().int().optional(),
  deviation_in_week: z.number().int().optional(),
  employee_position_ids: z.array(z.number().int()),
  flight_schedule: z.array(z.number().int()),
  flight_status: z.array(z.number().int()),
  flight_type: z.array(z.number().int()),
  working_shift: z.array(z.number().int()),
});

/** `POST /planning/standard/create` answer. */
export const createdCalcSchema = z.object({ id: z.number().int() });

/** `GET /planning/calc/{id}`: a saved calculation. */
export const planningCalcSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'YYYY-MM-DD': the demand period's first and last day. */
  begin: apiDate,
  end: apiDate,
  /** When it was saved: 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone, as in the calculations list. */
  created_at: apiDateTime,
  params: storedParamsSchema,
  result: shiftScheduleResultSchema,
});
export type PlanningCalc = z.infer<typeof planningCalcSchema>;
