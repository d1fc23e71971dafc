import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, serial, unique } from 'drizzle-orm/pg-core';
import { workplaces } from './reference.ts';

/**
 * The distance in metres from one workplace to another (spec 3). Directed: a one-way apron road makes the way back
 * longer, so A→B and B→A are two entries. Numeric, never float (two decimals kept).
 */
export const workplaceDistances = pgTable(
  'workplace_distances',
  {
    id: serial('id').primaryKey(),
    workplaceFromId: integer('workplace_from_id')
      .notNull()
      .references(() => workplaces.id, { onDelete: 'cascade' }),
    workplaceToId: integer('workplace_to_id')
      .notNull()
      .references(() => workplaces.id, { onDelete: 'cascade' }),
    distance: numeric('distance', { precision: 10, scale: 2 }).notNull(),
  },
  (t) => [
    unique('workplace_distances_pair_key').on(t.workplaceFromId, t.workplaceToId),
    index('workplace_distances_to_idx').on(t.workplaceToId),
    check('workplace_distances_distance_check', sql`${t.distance} >= 0`),
    check('workplace_distances_pair_check', sql`${t.workplaceFromId} <> ${t.workplaceToId}`),
  ],
);
