import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per demo-airport load: start-up loads the demo only when this table is empty. */
export const demoLoads = pgTable('demo_loads', {
  id: serial('id').primaryKey(),
  seed: integer('seed').notNull(),
  scale: numeric('scale').notNull(),
  days: integer('days').notNull(),
  referenceAt: timestamp('reference_at', { withTimezone: true }).notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  summary: text('summary').notNull(),
});
