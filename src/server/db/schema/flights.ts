import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  aircraftTypes,
  airlines,
  airports,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flightTypes,
  workplaces,
} from './reference.ts';
import { tgoTemplates } from './tgo.ts';

const tz = { withTimezone: true } as const;

/** One leg seen from the home airport: direction 1 departure, 2 arrival. */
export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id),
    /** Digits (and an optional letter suffix) without the airline code: '1234'. */
    flightNumber: text('flight_number').notNull(),
    direction: smallint('direction').notNull(),
    flightTypeId: integer('flight_type_id')
      .notNull()
      .references(() => flightTypes.id),
    flightClassId: integer('flight_class_id')
      .notNull()
      .references(() => flightClasses.id),
    flightScheduleId: integer('flight_schedule_id')
      .notNull()
      .references(() => flightSchedules.id),
    flightStatusId: integer('flight_status_id')
      .notNull()
      .references(() => flightStatuses.id),
    aircraftTypeId: integer('aircraft_type_id')
      .notNull()
      .references(() => aircraftTypes.id),
    boardNumber: text('board_number'),
    standId: integer('stand_id').references(() => workplaces.id),
    departureAirportId: integer('departure_airport_id')
      .notNull()
      .references(() => airports.id),
    arrivalAirportId: integer('arrival_airport_id')
      .notNull()
      .references(() => airports.id),
    /** The plan time at the home airport: on-block of an arrival, off-block of a departure. */
    planAt: timestamp('plan_at', tz).notNull(),
    planDepartureAt: timestamp('plan_departure_at', tz).notNull(),
    planArrivalAt: timestamp('plan_arrival_at', tz).notNull(),
    calcDepartureAt: timestamp('calc_departure_at', tz),
    calcArrivalAt: timestamp('calc_arrival_at', tz),
    factDepartureAt: timestamp('fact_departure_at', tz),
    factArrivalAt: timestamp('fact_arrival_at', tz),
    passengers: integer('passengers').notNull().default(0),
    baggageWeight: numeric('baggage_weight', { precision: 10, scale: 1 }),
    cargoWeight: numeric('cargo_weight', { precision: 10, scale: 1 }),
    mailWeight: numeric('mail_weight', { precision: 10, scale: 1 }),
    tgoTemplateId: integer('tgo_template_id').references(() => tgoTemplates.id, { onDelete: 'set null' }),
    /** The marketing numbers sold on this leg by other airlines ('S7 4123, UT 1234'): the flight table's code-share. */
    codeShare: text('code_share'),
  },
  (t) => [
    check('flights_direction_ck', sql`${t.direction} in (1, 2)`),
    uniqueIndex('flights_leg_uq').on(t.airlineId, t.flightNumber, t.direction, t.planAt),
    index('flights_plan_at_idx').on(t.planAt),
    index('flights_direction_plan_at_idx').on(t.direction, t.planAt),
    index('flights_status_idx').on(t.flightStatusId),
    index('flights_type_idx').on(t.flightTypeId),
    index('flights_schedule_idx').on(t.flightScheduleId),
    index('flights_airline_idx').on(t.airlineId, t.planAt),
    index('flights_dep_airport_idx').on(t.departureAirportId),
    index('flights_arr_airport_idx').on(t.arrivalAirportId),
    index('flights_tgo_idx').on(t.tgoTemplateId),
  ],
);

/** A turnaround (`aid`): an arrival and the departure of the same aircraft; a single-leg row has one. */
export const turnarounds = pgTable(
  'turnarounds',
  {
    aid: serial('aid').primaryKey(),
    arrivalFlightId: integer('arrival_flight_id').references(() => flights.id, { onDelete: 'set null' }),
    departureFlightId: integer('departure_flight_id').references(() => flights.id, { onDelete: 'set null' }),
    /** The dispatcher has confirmed the turnaround's plan (the flight table's «Подтверждён»). */
    isConfirmed: boolean('is_confirmed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('turnarounds_arrival_uq').on(t.arrivalFlightId),
    uniqueIndex('turnarounds_departure_uq').on(t.departureFlightId),
  ],
);
