import { MESSAGES, z } from './messages.ts';

const id = z.number().int();

/** The largest id: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/** An id sent by a client (body or parsed query): a whole number within the id columns' range, else 422/400. */
export const idSchema = z
  .number()
  .int(MESSAGES.idRange)
  .min(1, MESSAGES.idRange)
  .max(MAX_ID, MESSAGES.idRange);

/** `{id, name}`: service halls, passenger categories, travel classes, flight classes and types, … */
export const namedItemSchema = z.object({ id, name: z.string() });

/** Formats and roundings: `{id, name, name_full}`. */
export const fullNamedItemSchema = namedItemSchema.extend({ name_full: z.string() });

/** A billable service: `{id, name_ru, name_en, id_1c}`. */
export const serviceItemSchema = z.object({
  id,
  name_ru: z.string(),
  name_en: z.string().nullable(),
  id_1c: z.string(),
});

/** An airline in a select (`/v2/aviacompany`). */
export const aviacompanyItemSchema = namedItemSchema.extend({
  name_ru: z.string(),
  name_en: z.string(),
  iata_code: z.string().nullable(),
  icao_code: z.string().nullable(),
});

const codes = {
  name_ru: z.string(),
  name_en: z.string(),
  iata_code: z.string().nullable(),
  icao_code: z.string().nullable(),
  sirena_code: z.string().nullable(),
};

/** An airport of `/airport`. */
export const airportSchema = z.object({
  id,
  name: z.string(),
  ...codes,
  time_zone: z.string(),
  city: z.string(),
});

/** An airline of `/aviacompany`; `code` is the IATA code (or ICAO when none), `numeric_code` the bag-tag carrier code. */
export const airlineSchema = z.object({
  id,
  name: z.string(),
  ...codes,
  code: z.string().nullable(),
  numeric_code: z.string().nullable(),
  is_deleted: z.boolean(),
  /** Present with `expand=aviacompanyBaggageRegister`; null until the airline has settings. */
  aviacompanyBaggageRegister: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const departmentSchema = z.object({
  id,
  name: z.string(),
  full_name: z.string(),
  contractor_id: id.nullable(),
});

export const employeePositionSchema = z.object({ id, name: z.string(), department_id: id });

export const resourceItemSchema = z.object({ id, name: z.string(), resource_type_id: id });

export const jobIndicatorSchema = z.object({ id, job_id: id, indicator_name: z.string() });

/** A timeline scale: slot length in minutes. */
export const scaleSchema = z.object({
  id,
  name: z.string(),
  period: z.number().int(),
  is_default: z.boolean(),
});

/** The filter lists of staff planning (`/planning/flight-params`) with the spec's defaults. */
export const flightParamsSchema = z.object({
  flight_schedule: z.array(namedItemSchema),
  flight_status: z.array(namedItemSchema),
  flight_type: z.array(namedItemSchema),
  flight_class: z.array(namedItemSchema),
  flight_period_type: z.array(namedItemSchema),
  default_flight_schedule: z.array(id),
  default_flight_status: z.array(id),
  default_flight_period_type: id,
});

/** Request statuses selected by default in staff planning (spec section 9). */
export const DEFAULT_PLANNING_STATUSES: readonly number[] = [3, 4, 7, 8, 11, 14, 15, 16, 19];
/** Schedule kinds selected by default: season and requests. */
export const DEFAULT_PLANNING_SCHEDULES: readonly number[] = [2, 3];

/**
 * Aircraft categories (`aircraft_types.category`), which pick the TGO template, as the demo TGO names write them:
 * 1 wide body, 2 narrow body, 3 regional jet, 4 turboprop.
 */
export const AIRCRAFT_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'широкофюзеляжные ВС',
  2: 'узкофюзеляжные ВС',
  3: 'региональные ВС',
  4: 'турбовинтовые ВС',
};
