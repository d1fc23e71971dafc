import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';
import { coefficientTypes, contractors } from './reference.ts';
import { departments } from './staff.ts';

/**
 * A contractor allocation setting (spec 3 "Allocation"): how tasks go to a contractor's department. The distance
 * range is in metres, both ends null for any distance. Several settings may name one department (different
 * distance ranges with different coefficients).
 */
export const allocations = pgTable(
  'allocations',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    isPrioritySet: boolean('is_priority_set').notNull().default(false),
    isProvideSet: boolean('is_provide_set').notNull().default(false),
    distanceFrom: integer('distance_from'),
    distanceTo: integer('distance_to'),
  },
  (t) => [
    index('allocations_contractor_idx').on(t.contractorId),
    index('allocations_department_idx').on(t.departmentId),
    check(
      'allocations_distance_range',
      sql`(${t.distanceFrom} is null) = (${t.distanceTo} is null) and (${t.distanceFrom} is null or (${t.distanceFrom} >= 0 and ${t.distanceTo} >= ${t.distanceFrom}))`,
    ),
  ],
);

/** A coefficient of an allocation: one value per coefficient type; deleting the allocation deletes its values. */
export const allocationCoefs = pgTable(
  'allocation_coefs',
  {
    allocationId: integer('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    coefTypeId: integer('coef_type_id')
      .notNull()
      .references(() => coefficientTypes.id),
    value: numeric('value', { precision: 10, scale: 4 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.allocationId, t.coefTypeId] }),
    index('allocation_coefs_type_idx').on(t.coefTypeId),
    check('allocation_coefs_value', sql`${t.value} >= 0`),
  ],
);
