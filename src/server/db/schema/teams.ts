import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { turnarounds } from './flights.ts';
import { aircraftTypes, teamStatuses } from './reference.ts';
import { departments, employeePositions, employees, jobs, resources, resourceTypes } from './staff.ts';

const tz = { withTimezone: true } as const;

/**
 * A team (crew) of one department working from begin to end (DOMAIN "Team planning"). `count` and `real_count` of
 * the answers are computed from its rules and members, never stored.
 */
export const teams = pgTable(
  'teams',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    beginAt: timestamp('begin_at', tz).notNull(),
    endAt: timestamp('end_at', tz).notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    teamStatusId: integer('team_status_id')
      .notNull()
      .references(() => teamStatuses.id),
    /** The template rule a team was made from; templates are not kept by this server (always null so far). */
    templateTeamRuleId: integer('template_team_rule_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('teams_period_ck', sql`${t.endAt} > ${t.beginAt}`),
    index('teams_period_idx').using('gist', sql`tstzrange(${t.beginAt}, ${t.endAt}, '[)')`),
    index('teams_department_idx').on(t.departmentId),
  ],
);

/** How many of a position a team needs (`employeePositionRules`). */
export const teamPositionRules = pgTable(
  'team_position_rules',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
    count: integer('count').notNull(),
  },
  (t) => [
    uniqueIndex('team_position_rules_uq').on(t.teamId, t.employeePositionId),
    check('team_position_rules_count_ck', sql`${t.count} > 0`),
  ],
);

/**
 * What the members of a rule must be allowed to do (`group*Accesses`): one row names exactly one resource, resource
 * type, aircraft type or job, which one of the member's skills must grant (skill accesses).
 */
export const teamRuleAccesses = pgTable(
  'team_rule_accesses',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => teamPositionRules.id, { onDelete: 'cascade' }),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id').references(() => resourceTypes.id, { onDelete: 'cascade' }),
    aircraftTypeId: integer('aircraft_type_id').references(() => aircraftTypes.id, { onDelete: 'cascade' }),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check(
      'team_rule_accesses_one_target_ck',
      sql`num_nonnulls(${t.resourceId}, ${t.resourceTypeId}, ${t.aircraftTypeId}, ${t.jobId}) = 1`,
    ),
    index('team_rule_accesses_rule_idx').on(t.ruleId),
  ],
);

/** A member of a team under one of its rules; one employee once per team. */
export const teamEmployees = pgTable(
  'team_employees',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => teamPositionRules.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    isMainEmployee: boolean('is_main_employee').notNull().default(false),
    templateTeamRuleEmployeeId: integer('template_team_rule_employee_id'),
  },
  (t) => [
    uniqueIndex('team_employees_uq').on(t.teamId, t.employeeId),
    index('team_employees_rule_idx').on(t.ruleId),
    index('team_employees_employee_idx').on(t.employeeId),
  ],
);

/** A turnaround given to a team; a turnaround has at most one team. */
export const teamFlights = pgTable(
  'team_flights',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    aid: integer('aid')
      .notNull()
      .references(() => turnarounds.aid, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('team_flights_aid_uq').on(t.aid), index('team_flights_team_idx').on(t.teamId)],
);
