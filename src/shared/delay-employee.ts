/**
 * Delay-employee (spec 2, 4, 7, 8: "/delay-employee"): the delays recorded on a day's flights with the employee
 * answerable for each, the employees to choose from, and the body of `PATCH /v2/delay-employees`. The spec shows
 * neither the record nor the body; both are defined here. Client and server validate with the same schemas.
 */
import { apiDateTime } from './apiFormats.ts';
import { z } from './messages.ts';
import { idSchema } from './reference.ts';
import { editVersionField, rowVersionSchema } from './rowVersion.ts';

/** Assignments one save may carry: more than any day's delays. */
const ITEMS_MAX = 1000;

/** Employees one page of `GET /v2/employee` answers at most, and by default. */
export const EMPLOYEE_PAGE = 50;

/** Russian texts of the screen beyond the shared catalogue. */
export const DELAY_EMPLOYEE_MESSAGES = {
  saved: 'Изменения успешно сохранены',
  empty: 'Нечего сохранять',
  tooMany: `Не больше ${ITEMS_MAX} задержек за раз`,
  duplicate: 'Эта задержка уже есть в запросе',
  unknownDelay: (id: number) => `Нет задержки с id ${id}: обновите страницу`,
  unknownEmployee: (id: number) => `Нет сотрудника с id ${id}`,
  changed: 'Задержку уже изменил другой пользователь: обновите страницу',
} as const;

const id = z.number().int();

/**
 * One delay of `GET /v2/delay-employee`: the flight (number with the airline code, direction 1 departure or
 * 2 arrival, plan time at the home airport as 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone), the IATA code
 * (numeric and alpha) with its transcript, the minutes, the answerable employee or null, and the delay row's
 * version, which an assignment of the delay sends back.
 */
export const delayEmployeeSchema = z.object({
  id,
  flight_id: id,
  flight_number: z.string(),
  direction: z.number().int(),
  plan_at: apiDateTime,
  number_code: z.string(),
  letter_code: z.string().nullable(),
  transcript: z.string(),
  minutes: z.number().int(),
  employee: z.object({ id, name: z.string() }).nullable(),
  version: rowVersionSchema,
});
export type DelayEmployee = z.infer<typeof delayEmployeeSchema>;

/** An employee to assign (`GET /v2/employee`): spec 3 "Employee for change". */
export const employeeOptionSchema = z.object({
  id,
  name: z.string(),
  employeePosition: z.object({ id, name: z.string() }),
});
export type EmployeeOption = z.infer<typeof employeeOptionSchema>;

/**
 * One assignment: the delay, the answerable employee or null to clear it, and the delay's version as read (when
 * sent, an assignment over another user's change of the delay is refused with a 409).
 */
const assignmentSchema = z.object({
  delay_id: idSchema,
  employee_id: idSchema.nullable(),
  ...editVersionField,
});

/**
 * `PATCH /v2/delay-employees`: the changed assignments, each delay once, at least one.
 * Example: `{items: [{delay_id: 12, employee_id: 40, version: '1543'}, {delay_id: 13, employee_id: null}]}`.
 */
export const delayAssignSchema = z
  .object({ items: z.array(assignmentSchema).max(ITEMS_MAX, DELAY_EMPLOYEE_MESSAGES.tooMany) })
  .superRefine((body, ctx) => {
    if (body.items.length === 0)
      ctx.addIssue({ code: 'custom', message: DELAY_EMPLOYEE_MESSAGES.empty, path: ['items'] });
    const seen = new Set<number>();
    body.items.forEach((item, index) => {
      if (seen.has(item.delay_id))
        ctx.addIssue({
          code: 'custom',
          message: DELAY_EMPLOYEE_MESSAGES.duplicate,
          path: ['items', index, 'delay_id'],
        });
      seen.add(item.delay_id);
    });
  });
export type DelayAssign = z.infer<typeof delayAssignSchema>;
