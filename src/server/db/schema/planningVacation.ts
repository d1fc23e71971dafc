import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { planningCalcs } from './planningCalc.ts';
import { employees } from './staff.ts';

/**
 * One planned vacation day of one employee in a saved calculation's vacation planner (`/planning-vacation/{id}`):
 * a row per day, so a day is planned at most once and the day count is the vacation days taken. The plans belong to
 * the calculation and go with it.
 */
export const planningVacationDays = pgTable(
  'planning_vacation_days',
  {
    calcId: integer('calc_id')
      .notNull()
      .references(() => planningCalcs.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.employeeId, t.day] }),
    index('planning_vacation_days_employee_idx').on(t.employeeId),
  ],
);
