import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { aircraftTypes } from './reference.ts';
import { jobs, resources, resourceTypes, skills } from './staff.ts';

/**
 * What a skill grants (spec 3, DOMAIN Team planning): one row links a skill to exactly one job, resource type,
 * resource or aircraft type. One table, so team planning reads every access of a skill in one query.
 */
export const skillAccesses = pgTable(
  'skill_accesses',
  {
    id: serial('id').primaryKey(),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id').references(() => resourceTypes.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'cascade' }),
    aircraftTypeId: integer('aircraft_type_id').references(() => aircraftTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'skill_accesses_one_target_check',
      sql`num_nonnulls(${t.jobId}, ${t.resourceTypeId}, ${t.resourceId}, ${t.aircraftTypeId}) = 1`,
    ),
    index('skill_accesses_skill_idx').on(t.skillId),
    uniqueIndex('skill_accesses_job_uq').on(t.jobId, t.skillId).where(sql`${t.jobId} is not null`),
    uniqueIndex('skill_accesses_resource_type_uq')
      .on(t.resourceTypeId, t.skillId)
      .where(sql`${t.resourceTypeId} is not null`),
    uniqueIndex('skill_accesses_resource_uq')
      .on(t.resourceId, t.skillId)
      .where(sql`${t.resourceId} is not null`),
    uniqueIndex('skill_accesses_aircraft_type_uq')
      .on(t.aircraftTypeId, t.skillId)
      .where(sql`${t.aircraftTypeId} is not null`),
  ],
);
