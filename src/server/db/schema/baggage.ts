import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { flights } from './flights.ts';
import { airlines, airports, rushBaggageCodes } from './reference.ts';

const tz = { withTimezone: true } as const;

/**
 * A checked (major) bag of a flight: the passenger, the 10-digit tag, the carrier and its status. Deleting a flight
 * deletes its bags, so the flight table's delete never trips over them.
 */
export const bags = pgTable(
  'bags',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id),
    passengerName: text('passenger_name').notNull(),
    tag: text('tag').notNull(),
    /** checked, loaded, mishandled (left behind: a rush is due), rushed (forwarded under a new tag). */
    status: text('status').notNull(),
  },
  (t) => [
    check('bags_status_ck', sql`${t.status} in ('checked', 'loaded', 'mishandled', 'rushed')`),
    check('bags_tag_ck', sql`${t.tag} ~ '^[0-9]{10}$'`),
    index('bags_flight_idx').on(t.flightId),
    index('bags_tag_idx').on(t.tag),
  ],
);

/** The route a bag was checked on, leg by leg; `airport_id` is where the leg flies to. */
export const bagRoutes = pgTable(
  'bag_routes',
  {
    id: serial('id').primaryKey(),
    bagId: integer('bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    flightNumber: text('flight_number').notNull(),
    numberInRoute: smallint('number_in_route').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('bag_routes_leg_uq').on(t.bagId, t.numberInRoute)],
);

/** A minor (secondary) piece checked under a major bag, with its own tag. */
export const minorBags = pgTable(
  'minor_bags',
  {
    id: serial('id').primaryKey(),
    majorBagId: integer('major_bag_id')
      .notNull()
      .references(() => bags.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (t) => [
    check('minor_bags_tag_ck', sql`${t.tag} ~ '^[0-9]{10}$'`),
    index('minor_bags_major_idx').on(t.majorBagId),
  ],
);

/** A rush: bags forwarded together on one flight, why (code, act, claim, comment) and who was told. */
export const rushes = pgTable(
  'rushes',
  {
    id: serial('id').primaryKey(),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    rushBaggageCodeId: integer('rush_baggage_code_id')
      .notNull()
      .references(() => rushBaggageCodes.id),
    actNumber: text('act_number').notNull(),
    claimNumber: text('claim_number').notNull(),
    comment: text('comment').notNull(),
    rushFlightId: integer('rush_flight_id').references(() => flights.id, { onDelete: 'set null' }),
    emails: text('emails').array().notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('rushes_flight_idx').on(t.rushFlightId)],
);

/** The routes a rush stores: kind 1 the original route, 2 the rush route. */
export const rushRoutes = pgTable(
  'rush_routes',
  {
    id: serial('id').primaryKey(),
    rushId: integer('rush_id')
      .notNull()
      .references(() => rushes.id, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id),
    airportId: integer('airport_id')
      .notNull()
      .references(() => airports.id),
    flightNumber: text('flight_number').notNull(),
    numberInRoute: smallint('number_in_route').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    check('rush_routes_kind_ck', sql`${t.kind} in (1, 2)`),
    uniqueIndex('rush_routes_leg_uq').on(t.rushId, t.kind, t.numberInRoute),
  ],
);

/**
 * A rush tag (IATA Res. 740): '2' + the carrier's 3-digit code + a 6-digit serial, unique for ever. It is issued
 * alone (`POST /rush-baggage`) or for a piece of a rush: then it names the bag or the minor piece and the rush.
 */
export const rushTags = pgTable(
  'rush_tags',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull(),
    airlineId: integer('airline_id')
      .notNull()
      .references(() => airlines.id),
    serial: integer('serial').notNull(),
    bagId: integer('bag_id').references(() => bags.id, { onDelete: 'set null' }),
    minorBagId: integer('minor_bag_id').references(() => minorBags.id, { onDelete: 'set null' }),
    rushId: integer('rush_id').references(() => rushes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('rush_tags_tag_uq').on(t.tag),
    check('rush_tags_tag_ck', sql`${t.tag} ~ '^2[0-9]{9}$'`),
    check('rush_tags_serial_ck', sql`${t.serial} between 1 and 999999`),
    index('rush_tags_bag_idx').on(t.bagId),
    index('rush_tags_minor_idx').on(t.minorBagId),
    // The spare tags a carrier was given in the last day (the daily cap of POST /rush-baggage).
    index('rush_tags_airline_at_idx').on(t.airlineId, t.createdAt),
  ],
);

/**
 * The last rush-tag serial issued per carrier numeric code: bumped with `insert … on conflict do update … returning`
 * inside the issuing transaction, so the row lock orders concurrent issuers in every process.
 */
export const rushTagCounters = pgTable(
  'rush_tag_counters',
  {
    carrierCode: text('carrier_code').primaryKey(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [check('rush_tag_counters_code_ck', sql`${t.carrierCode} ~ '^[0-9]{3}$'`)],
);

/** E-mails waiting for, or done with, delivery: queued, sent or failed (after the last attempt). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    sentAt: timestamp('sent_at', tz),
    /** When a queued mail may be tried next (a failed attempt puts it back with a delay). */
    nextAttemptAt: timestamp('next_attempt_at', tz).notNull().defaultNow(),
    rushId: integer('rush_id').references(() => rushes.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('mail_outbox_status_ck', sql`${t.status} in ('queued', 'sent', 'failed')`),
    index('mail_outbox_queue_idx').on(t.status, t.nextAttemptAt),
  ],
);
