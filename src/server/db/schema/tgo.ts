import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { aircraftTypes, flightTypes } from './reference.ts';
import { employeePositions, jobs, resourceTypes } from './staff.ts';

/** A technological schedule of ground handling for one direction (1 departure, 2 arrival) and flight type. */
export const tgoTemplates = pgTable(
  'tgo_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    direction: smallint('direction').notNull(),
    flightTypeId: integer('flight_type_id')
      .notNull()
      .references(() => flightTypes.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('tgo_templates_match_idx').on(t.direction, t.flightTypeId)],
);

/** The aircraft types a TGO is valid for. */
export const tgoAircraftTypes = pgTable(
  'tgo_aircraft_types',
  {
    tgoTemplateId: integer('tgo_template_id')
      .notNull()
      .references(() => tgoTemplates.id, { onDelete: 'cascade' }),
    aircraftTypeId: integer('aircraft_type_id')
      .notNull()
      .references(() => aircraftTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.tgoTemplateId, t.aircraftTypeId] }),
    index('tgo_aircraft_types_type_idx').on(t.aircraftTypeId),
  ],
);

/** One job of a TGO: starts offset minutes from on-block (arrival) or off-block (departure). */
export const tgoJobs = pgTable(
  'tgo_jobs',
  {
    id: serial('id').primaryKey(),
    tgoTemplateId: integer('tgo_template_id')
      .notNull()
      .references(() => tgoTemplates.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    offsetMinutes: integer('offset_minutes').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('tgo_jobs_uq').on(t.tgoTemplateId, t.jobId), index('tgo_jobs_job_idx').on(t.jobId)],
);

export const tgoJobPositions = pgTable(
  'tgo_job_positions',
  {
    tgoJobId: integer('tgo_job_id')
      .notNull()
      .references(() => tgoJobs.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tgoJobId, t.employeePositionId] })],
);

export const tgoJobResourceTypes = pgTable(
  'tgo_job_resource_types',
  {
    tgoJobId: integer('tgo_job_id')
      .notNull()
      .references(() => tgoJobs.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tgoJobId, t.resourceTypeId] })],
);
