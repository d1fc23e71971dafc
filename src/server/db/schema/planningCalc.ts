import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ShiftScheduleResult } from '../../../shared/shift-schedules.ts';
import { users } from './access.ts';

/**
 * A saved shift-schedule calculation (spec 5, «Стандартный график сменности»): the validated inputs of the standard
 * schedule (params), the demand period they were drawn from (begin, end) and the optimiser's answer (result, a
 * `ShiftScheduleResult` of src/shared/shift-schedules.ts, typed so: only `POST /planning/standard/create` writes it,
 * from the optimiser's typed answer, so readers take it as it is instead of walking its 60,000 numbers with the
 * schema again). Vacation plans and coefficients hang off it.
 */
export const planningCalcs = pgTable(
  'planning_calcs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    begin: date('begin', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    params: jsonb('params').notNull(),
    result: jsonb('result').$type<ShiftScheduleResult>().notNull(),
    solveMs: integer('solve_ms').notNull(),
  },
  (t) => [index('planning_calcs_created_at_idx').on(t.createdAt)],
);
