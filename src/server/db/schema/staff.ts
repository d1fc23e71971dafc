import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
} from 'drizzle-orm/pg-core';
import { contractors } from './reference.ts';

/** A department of the airport, or of a contractor when contractor_id is set. */
export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    fullName: text('full_name').notNull(),
    contractorId: integer('contractor_id').references(() => contractors.id),
  },
  (t) => [index('departments_contractor_idx').on(t.contractorId), index('departments_name_idx').on(t.name)],
);

export const employeePositions = pgTable(
  'employee_positions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [index('employee_positions_department_idx').on(t.departmentId)],
);

export const skills = pgTable('skills', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** A shift pattern: starts at begin_time, lasts duration minutes with a break. */
export const workingShifts = pgTable('working_shifts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  beginTime: time('begin_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  breakMinutes: integer('break_minutes').notNull().default(0),
});

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    surname: text('surname').notNull(),
    firstName: text('first_name').notNull(),
    patronymic: text('patronymic'),
    /** 'Фамилия Имя Отчество', kept for search and sort. */
    name: text('name').notNull(),
    personnelNumber: text('personnel_number').notNull().unique(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id),
    workingShiftId: integer('working_shift_id').references(() => workingShifts.id),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('employees_department_idx').on(t.departmentId),
    index('employees_position_idx').on(t.employeePositionId),
    index('employees_name_idx').on(t.name),
  ],
);

export const employeeSkills = pgTable(
  'employee_skills',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.skillId] }),
    index('employee_skills_skill_idx').on(t.skillId),
  ],
);

/** The timeline slot length of staff planning; exactly one is the default. */
export const scales = pgTable('scales', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  periodMinutes: integer('period_minutes').notNull().unique(),
  isDefault: boolean('is_default').notNull().default(false),
});

export const resourceTypes = pgTable('resource_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  departmentId: integer('department_id').references(() => departments.id),
});

export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id),
    boardNumber: text('board_number'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('resources_type_idx').on(t.resourceTypeId)],
);

export const jobs = pgTable('jobs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en'),
  /** 1 arrival, 2 departure, 3 both: which legs the job is done for. */
  directionKind: smallint('direction_kind').notNull(),
  color: text('color').notNull(),
});

export const jobIndicators = pgTable(
  'job_indicators',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    indicatorName: text('indicator_name').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [index('job_indicators_job_idx').on(t.jobId)],
);

/** Which positions may do a job. */
export const jobPositions = pgTable(
  'job_positions',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.employeePositionId] }),
    index('job_positions_position_idx').on(t.employeePositionId),
  ],
);

/** Which resource types a job uses. */
export const jobResourceTypes = pgTable(
  'job_resource_types',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    resourceTypeId: integer('resource_type_id')
      .notNull()
      .references(() => resourceTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.resourceTypeId] }),
    index('job_resource_types_type_idx').on(t.resourceTypeId),
  ],
);
