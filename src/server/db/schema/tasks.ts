import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { flights } from './flights.ts';
import { employeePositions, employees, jobs, resources, resourceTypes } from './staff.ts';
import { tgoJobs } from './tgo.ts';

const tz = { withTimezone: true } as const;

/** One job on one flight. begin/end are the current times: fact when known, else plan. */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    tgoJobId: integer('tgo_job_id').references(() => tgoJobs.id, { onDelete: 'set null' }),
    beginAt: timestamp('begin_at', tz).notNull(),
    endAt: timestamp('end_at', tz).notNull(),
    planBeginAt: timestamp('plan_begin_at', tz).notNull(),
    planEndAt: timestamp('plan_end_at', tz).notNull(),
    factBeginAt: timestamp('fact_begin_at', tz),
    factEndAt: timestamp('fact_end_at', tz),
  },
  (t) => [
    index('tasks_flight_idx').on(t.flightId),
    index('tasks_begin_end_idx').on(t.beginAt, t.endAt),
    index('tasks_plan_begin_end_idx').on(t.planBeginAt, t.planEndAt),
    // Period queries ask which tasks overlap a window: a B-tree on (begin, end) scans every earlier task, a GiST
    // index over the range finds just the overlapping ones.
    index('tasks_plan_range_idx').using('gist', sql`tstzrange(${t.planBeginAt}, ${t.planEndAt}, '[]')`),
    index('tasks_job_idx').on(t.jobId),
  ],
);

/** Staff count a task needs per position. */
export const taskPositions = pgTable(
  'task_positions',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.employeePositionId] }),
    index('task_positions_position_idx').on(t.employeePositionId),
  ],
);

/** A resource type a task needs, and the unit given when one is. */
export const taskResources = pgTable(
  'task_resources',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id),
    resourceId: integer('resource_id').references(() => resources.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('task_resources_task_idx').on(t.taskId),
    index('task_resources_type_idx').on(t.resourceTypeId),
    index('task_resources_resource_idx').on(t.resourceId),
  ],
);

/** An employee assigned to a task (`taskEmployee`). */
export const taskEmployees = pgTable(
  'task_employees',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
  },
  (t) => [
    uniqueIndex('task_employees_uq').on(t.taskId, t.employeeId),
    index('task_employees_employee_idx').on(t.employeeId),
  ],
);
