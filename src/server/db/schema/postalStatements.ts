import { index, integer, pgTable, primaryKey, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { patternTypes } from './reference.ts';
import { departments, employeePositions } from './staff.ts';

/** A postal-statement pattern of a type (`pattern_types`, seeded with the references): the departments it covers and the positions it leaves out (tables below). */
export const patterns = pgTable(
  'patterns',
  {
    id: serial('id').primaryKey(),
    patternTypeId: integer('pattern_type_id')
      .notNull()
      .references(() => patternTypes.id),
  },
  (t) => [index('patterns_type_idx').on(t.patternTypeId)],
);

/** The departments of a pattern. */
export const patternDepartments = pgTable(
  'pattern_departments',
  {
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.patternId, t.departmentId] }),
    index('pattern_departments_department_idx').on(t.departmentId),
  ],
);

/** Positions of the pattern's departments that the statement leaves out (`patternEmpPosExclusions`). */
export const patternPositionExclusions = pgTable(
  'pattern_position_exclusions',
  {
    id: serial('id').primaryKey(),
    patternId: integer('pattern_id')
      .notNull()
      .references(() => patterns.id, { onDelete: 'cascade' }),
    employeePositionId: integer('employee_position_id')
      .notNull()
      .references(() => employeePositions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('pattern_position_exclusions_uq').on(t.patternId, t.employeePositionId),
    index('pattern_position_exclusions_position_idx').on(t.employeePositionId),
  ],
);
