import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
} from 'drizzle-orm/pg-core';
import { turnarounds } from './flights.ts';
import { calcTypes, formats, medServices, roundings, services, vipServices } from './reference.ts';
import { employeePositions, jobIndicators, jobs, resources, resourceTypes } from './staff.ts';

/** Accuracy, coeff, minimum amount and charged quantities: exact decimals, never floats. */
const decimal = (name: string) => numeric(name, { precision: 14, scale: 4 });

/**
 * A service calculation (spec 3.5): how one billable service is counted for a flight. The service (names and 1C
 * mnemocode) is a row of `services`, shared by every calc of that mnemocode; the calc's source is derived from the
 * lists that are filled.
 */
export const tariffCalcs = pgTable(
  'tariff_calcs',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    calcTypeId: integer('calc_type_id')
      .notNull()
      .references(() => calcTypes.id),
    formatId: integer('format_id')
      .notNull()
      .references(() => formats.id),
    roundingId: integer('rounding_id')
      .notNull()
      .references(() => roundings.id),
    accuracy: decimal('accuracy'),
    /** 1 total per flight, 2 fixed quantity. */
    groupType: smallint('group_type'),
    coeff: decimal('coeff'),
    minimumAmount: decimal('minimum_amount'),
    isRoundingFirst: boolean('is_rounding_first').notNull().default(true),
    isAccuracyFirst: boolean('is_accuracy_first').notNull().default(true),
    isUsingPlanTime: boolean('is_using_plan_time').notNull().default(false),
  },
  (t) => [
    check('tariff_calcs_group_type_ck', sql`${t.groupType} in (1, 2)`),
    check('tariff_calcs_amounts_ck', sql`${t.accuracy} >= 0 and ${t.coeff} >= 0 and ${t.minimumAmount} >= 0`),
    index('tariff_calcs_service_idx').on(t.serviceId),
    index('tariff_calcs_type_idx').on(t.calcTypeId),
    index('tariff_calcs_format_idx').on(t.formatId),
  ],
);

const calcId = () =>
  integer('calc_id')
    .notNull()
    .references(() => tariffCalcs.id, { onDelete: 'cascade' });

/** Service map types of a calc: 1 departure, 2 arrival, 3 turnaround. */
export const tariffCalcServiceMapTypes = pgTable(
  'tariff_calc_service_map_types',
  { calcId: calcId(), serviceMapType: smallint('service_map_type').notNull() },
  (t) => [
    primaryKey({ columns: [t.calcId, t.serviceMapType] }),
    check('tariff_calc_service_map_types_ck', sql`${t.serviceMapType} in (1, 2, 3)`),
  ],
);

/** Flight directions a calc counts: 1 departure, 2 arrival. */
export const tariffCalcDirections = pgTable(
  'tariff_calc_directions',
  { calcId: calcId(), direction: smallint('direction').notNull() },
  (t) => [
    primaryKey({ columns: [t.calcId, t.direction] }),
    check('tariff_calc_directions_ck', sql`${t.direction} in (1, 2)`),
  ],
);

export const tariffCalcMedServices = pgTable(
  'tariff_calc_med_services',
  {
    calcId: calcId(),
    medServiceId: integer('med_service_id')
      .notNull()
      .references(() => medServices.id),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.medServiceId] }),
    index('tariff_calc_med_services_idx').on(t.medServiceId),
  ],
);

export const tariffCalcVipServices = pgTable(
  'tariff_calc_vip_services',
  {
    calcId: calcId(),
    vipServiceId: integer('vip_service_id')
      .notNull()
      .references(() => vipServices.id),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.vipServiceId] }),
    index('tariff_calc_vip_services_idx').on(t.vipServiceId),
  ],
);

/**
 * A job entry (`calcJob`), kept in the order sent. Duration: start job + param to end job + param (params 1 start,
 * 2 ending). Operations and Indicators: the counted job in `start_job_id`, with its indicator for Indicators.
 */
export const tariffCalcJobs = pgTable(
  'tariff_calc_jobs',
  {
    id: serial('id').primaryKey(),
    calcId: calcId(),
    sort: integer('sort').notNull(),
    startJobId: integer('start_job_id')
      .notNull()
      .references(() => jobs.id),
    startParam: smallint('start_param'),
    endJobId: integer('end_job_id').references(() => jobs.id),
    endParam: smallint('end_param'),
    jobIndicatorId: integer('job_indicator_id').references(() => jobIndicators.id),
  },
  (t) => [
    check('tariff_calc_jobs_params_ck', sql`${t.startParam} in (1, 2) and ${t.endParam} in (1, 2)`),
    index('tariff_calc_jobs_calc_idx').on(t.calcId, t.sort),
    index('tariff_calc_jobs_start_idx').on(t.startJobId),
    index('tariff_calc_jobs_end_idx').on(t.endJobId),
    index('tariff_calc_jobs_indicator_idx').on(t.jobIndicatorId),
  ],
);

/** The optional check block: employee positions, resource types and resources. */
export const tariffCalcPositions = pgTable(
  'tariff_calc_positions',
  {
    calcId: calcId(),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.employeePositionId] }),
    index('tariff_calc_positions_idx').on(t.employeePositionId),
  ],
);

export const tariffCalcResourceTypes = pgTable(
  'tariff_calc_resource_types',
  {
    calcId: calcId(),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.resourceTypeId] }),
    index('tariff_calc_resource_types_idx').on(t.resourceTypeId),
  ],
);

export const tariffCalcResources = pgTable(
  'tariff_calc_resources',
  {
    calcId: calcId(),
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id),
  },
  (t) => [
    primaryKey({ columns: [t.calcId, t.resourceId] }),
    index('tariff_calc_resources_idx').on(t.resourceId),
  ],
);

/**
 * A billing charge: the quantity a calc gave for a turnaround when it was billed. Charges are what references a
 * calc: a calc with charges cannot be deleted (409), since the bills sent would lose their rule
 * (`on delete restrict`).
 */
export const tariffCalcCharges = pgTable(
  'tariff_calc_charges',
  {
    id: serial('id').primaryKey(),
    calcId: integer('calc_id')
      .notNull()
      .references(() => tariffCalcs.id, { onDelete: 'restrict' }),
    aid: integer('aid')
      .notNull()
      .references(() => turnarounds.aid, { onDelete: 'cascade' }),
    quantity: decimal('quantity').notNull(),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('tariff_calc_charges_calc_idx').on(t.calcId), index('tariff_calc_charges_aid_idx').on(t.aid)],
);
