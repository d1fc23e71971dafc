/**
 * Saved calculations, their coefficients and the vacation planner (spec 2, 3, 7; DOMAIN.md "Staff planning"): the
 * wire shapes of `POST /planning/calc`, `PUT /planning/calc/update`, `DELETE /planning/calc/delete`,
 * `GET /planning/coeff`, `GET /planning/vacation` and `PUT /planning/vacation`, and the rules a vacation plan keeps.
 * Client and server validate with the same schemas.
 */
import { apiDate, apiDateTime, isApiDate } from './apiFormats.ts';
import { MESSAGES, z } from './messages.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';
import { oneLineText, safeText } from './text.ts';

/** The longest calculation name. */
export const CALC_NAME_MAX = 255;

/**
 * Most employees one vacation planner reads (the first by name): the positions of a calculation, never the whole staff
 * list. The screen says so when an unfiltered answer's total reaches it.
 */
export const VACATION_STAFF_LIMIT = 5000;
/** Rows of the calculations list a page (spec 9). */
export const CALC_PER_PAGE = 20;
/** Vacation days an employee may plan in a calculation unless the server is configured otherwise (spec 9 totalLeft). */
export const VACATION_DAYS_DEFAULT = 20;
/** The largest absence coefficient, in percent, and the most extra employees the coefficient panel adds. */
const ABSENCE_COEFF_MAX = 100;
export const ADD_EMP_MAX = 10_000;

/** Russian texts of the module beyond the shared catalogue. */
export const PLANNING_CALC_MESSAGES = {
  nameRequired: 'Введите название расчёта',
  nameTooLong: `Название не длиннее ${CALC_NAME_MAX} символов`,
  dayFormat: MESSAGES.dateFormat,
  dayOutside: (begin: string, end: string) => `Дата вне периода расчёта ${begin} — ${end}`,
  tooManyDays: (left: number) => `Отпуск не может быть длиннее ${left} дн.`,
  unknownEmployee: 'Сотрудник не относится к должностям расчёта',
  duplicateEmployee: 'Сотрудник указан дважды',
  duplicateDay: 'Дата указана дважды',
  absenceCoeff: `Ожидается число от 0 до ${ABSENCE_COEFF_MAX}, не больше 2 знаков после запятой`,
  addEmpCount: `Ожидается целое число от 0 до ${ADD_EMP_MAX}`,
} as const;

/** A calendar day of a request, refused in the catalogue's words ('Ожидается YYYY-MM-DD'). */
export const daySchema = z.string().refine(isApiDate, PLANNING_CALC_MESSAGES.dayFormat);

/** A calculation's name: trimmed, 1…255 characters, one line, no control characters. */
export const calcNameSchema = oneLineText()
  .trim()
  .min(1, PLANNING_CALC_MESSAGES.nameRequired)
  .max(CALC_NAME_MAX, PLANNING_CALC_MESSAGES.nameTooLong);

/**
 * A row of the calculations list. `created_at` is the wall clock of the request's zone; begin and end are the days of
 * the demand period; positions are the names of the positions the schedule was built for; `version` (beyond the
 * spec) is the row's, which the inline rename sends back (rowVersion.ts).
 */
export const calcItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: apiDateTime,
  begin: apiDate,
  end: apiDate,
  author: z.string().nullable(),
  positions: z.array(z.string()),
  version: rowVersionSchema,
});
export type CalcItem = z.infer<typeof calcItemSchema>;

/** The sorts of the calculations list; the default is `-created_at` (newest first). */
export const CALC_SORTS = ['name', 'created_at'] as const;

/** The filters of the calculations list (body `filter` or query `filter[…]`): name contains, created from/to (days). */
const calcFilterSchema = z
  .object({
    name: safeText().trim().max(CALC_NAME_MAX, PLANNING_CALC_MESSAGES.nameTooLong).optional(),
    created_from: daySchema.optional(),
    created_to: daySchema.optional(),
  })
  .strict();
export type CalcFilter = z.infer<typeof calcFilterSchema>;

const pageNumber = z.coerce
  .number()
  .int(MESSAGES.positiveWhole)
  .min(1, MESSAGES.positiveWhole)
  .max(1_000_000);

/** `POST /planning/calc` body (spec 7): page, per-page and filter; all optional (the query may carry page and sort). */
export const calcListBodySchema = z
  .object({
    page: pageNumber.optional(),
    'per-page': pageNumber.optional(),
    filter: calcFilterSchema.optional(),
  })
  .strict()
  .default({});

/**
 * `PUT /planning/calc/update` body: the calculation and its new name; `version`, the row's as listed (a rename over
 * another one made since is a 409).
 */
export const calcUpdateBodySchema = z.object({
  calc_id: idSchema,
  name: calcNameSchema,
  ...editVersionField,
});

/** `PUT /planning/calc/update` answer: the calculation's new name and its new version. */
export const calcRenamedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  version: rowVersionSchema,
});
export type CalcRenamed = z.infer<typeof calcRenamedSchema>;

/** `DELETE /planning/calc/delete` body. */
export const calcDeleteBodySchema = z.object({ calc_id: idSchema });

/** `GET /planning/coeff` answer: the figures of spec 3 and the inputs they were computed with. */
export const coeffSchema = z.object({
  calc_id: z.number().int(),
  absence_coeff: z.number(),
  add_emp_count: z.number().int(),
  plan_total: z.number(),
  calc_plan_total: z.number(),
  effect_coeff: z.number().nullable(),
  pers_kol: z.number().int(),
  required_emp: z.number().int(),
  emp_fact_total: z.number().int(),
  emp_dif: z.number().int(),
});
export type Coeff = z.infer<typeof coeffSchema>;

/** True for an absence coefficient the panel accepts: 0…100 with at most two decimals. Example: 12.5 → true. */
export function isAbsenceCoeff(value: number): boolean {
  return (
    Number.isFinite(value) &&
    value >= 0 &&
    value <= ABSENCE_COEFF_MAX &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}

/** The vacation sorts of spec 3 (without the minus); default `-vacation_left`. */
export const VACATION_SORTS = ['fio', 'vacation_left'] as const;
export const VACATION_DEFAULT_SORT = '-vacation_left';

/** One employee's plan: the days of his vacation in the calculation's period (replaces what was planned before). */
const vacationPlanEntrySchema = z.object({
  employee_id: idSchema,
  dates: z.array(daySchema).max(400),
});
export type VacationPlanEntry = z.infer<typeof vacationPlanEntrySchema>;

/** `PUT /planning/vacation` body: the plans of the listed employees replace theirs; the others stay. */
export const vacationSaveBodySchema = z.object({
  calc_id: idSchema,
  vacation_plan: z.array(vacationPlanEntrySchema).max(5000),
});
export type VacationSaveBody = z.infer<typeof vacationSaveBodySchema>;

/**
 * `POST /planning/vacation/preview` body: the query of `GET /planning/vacation` as JSON, for what-ifs too long for a
 * URL (a 20-day plan is about 1 KB of query; the request line and headers may not pass 16 KB).
 */
export const vacationPreviewBodySchema = z
  .object({
    calc_id: idSchema,
    sort: z.enum(['fio', '-fio', 'vacation_left', '-vacation_left']).optional(),
    page: pageNumber.optional(),
    'per-page': pageNumber.optional(),
    filter: z
      .object({ employee: safeText().trim().max(200).optional() })
      .strict()
      .optional(),
    vacation_plan: z.array(vacationPlanEntrySchema).max(5000).default([]),
  })
  .strict();

/** An employee row of the planner. */
const vacationEmployeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  planDates: z.array(apiDate),
  vacation_left: z.number().int(),
});
export type VacationEmployee = z.infer<typeof vacationEmployeeSchema>;

/** A day of the planner: staff available (not on vacation), staff the schedule requires, and the difference. */
const vacationProfitSchema = z.object({
  date: apiDate,
  available: z.number().int(),
  required: z.number().int(),
  profit: z.number().int(),
});
export type VacationProfit = z.infer<typeof vacationProfitSchema>;

/** `GET /planning/vacation` answer (spec 3 "Vacation": employees, employeeProfit by date, calc). */
export const vacationAnswerSchema = z.object({
  calc: z.object({ id: z.number().int(), name: z.string(), begin: apiDate, end: apiDate }),
  total_left: z.number().int(),
  employees: z.array(vacationEmployeeSchema),
  employeeProfit: z.array(vacationProfitSchema),
});
export type VacationAnswer = z.infer<typeof vacationAnswerSchema>;

/** `PUT /planning/vacation` answer: how many employees' plans were written. */
export const vacationSavedSchema = z.object({ saved: z.number().int() });

/** Field errors keyed by payload path (`vacation_plan.0.dates`). */
export type PlanFieldErrors = Record<string, string[]>;

/** What a plan is checked against: the period, the allowance, and who may be planned. */
export interface PlanLimits {
  begin: string;
  end: string;
  totalLeft: number;
  isKnownEmployee: (id: number) => boolean;
}

/**
 * The refusals of a vacation plan by payload path, empty when it may be applied: a day outside the period, a day
 * twice, more days than the allowance, an employee not of the calculation's positions or listed twice.
 * Example: a 21-day plan with the default allowance → `{'vacation_plan.0.dates': ['Отпуск не может быть длиннее 20 дн.']}`.
 */
export function checkVacationPlan(plan: readonly VacationPlanEntry[], limits: PlanLimits): PlanFieldErrors {
  const fields: PlanFieldErrors = {};
  const seen = new Set<number>();
  plan.forEach((entry, index) => {
    const at = `vacation_plan.${index}`;
    if (!limits.isKnownEmployee(entry.employee_id))
      fields[`${at}.employee_id`] = [PLANNING_CALC_MESSAGES.unknownEmployee];
    else if (seen.has(entry.employee_id))
      fields[`${at}.employee_id`] = [PLANNING_CALC_MESSAGES.duplicateEmployee];
    seen.add(entry.employee_id);
    const messages = new Set<string>();
    if (entry.dates.some((day) => day < limits.begin || day > limits.end))
      messages.add(PLANNING_CALC_MESSAGES.dayOutside(limits.begin, limits.end));
    if (new Set(entry.dates).size !== entry.dates.length) messages.add(PLANNING_CALC_MESSAGES.duplicateDay);
    if (entry.dates.length > limits.totalLeft)
      messages.add(PLANNING_CALC_MESSAGES.tooManyDays(limits.totalLeft));
    if (messages.size > 0) fields[`${at}.dates`] = [...messages];
  });
  return fields;
}

/** The days from begin to end, both included. Example: `daysBetween('2026-03-30', '2026-04-01')` → 3 days. */
export function daysBetween(begin: string, end: string): string[] {
  const days: string[] = [];
  const last = Date.parse(`${end}T00:00:00Z`);
  for (let at = Date.parse(`${begin}T00:00:00Z`); at <= last; at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** The weekday of a day, Monday 0 … Sunday 6 (the result's `weekday`). Example: `weekdayOf('2026-03-09')` → 0. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}
