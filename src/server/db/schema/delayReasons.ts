import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operational settings kept as key and value (`PATCH /v2/config/{key}`). The known keys and the shape of each value
 * live in `src/shared/delay-reasons.ts` (`CONFIG_SCHEMAS`); an unknown key is never written. The delay classifiers
 * themselves are reference tables (`delay_iata_codes`, `delay_rrp_codes` in `reference.ts`).
 */
export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
