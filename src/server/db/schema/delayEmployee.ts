import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { flights } from './flights.ts';
import { delayIataCodes } from './reference.ts';
import { employees } from './staff.ts';

/**
 * A delay recorded on a flight (delay-employee screen): the IATA code (AHM 730), its minutes and the employee
 * answerable for it, null until someone is assigned.
 */
export const flightDelays = pgTable(
  'flight_delays',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    delayIataCodeId: integer('delay_iata_code_id')
      .notNull()
      .references(() => delayIataCodes.id),
    minutes: integer('minutes').notNull(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('flight_delays_minutes_ck', sql`${t.minutes} > 0`),
    index('flight_delays_flight_idx').on(t.flightId),
    index('flight_delays_employee_idx').on(t.employeeId),
    index('flight_delays_code_idx').on(t.delayIataCodeId),
  ],
);
