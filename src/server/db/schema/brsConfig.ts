import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import {
  BRS_BOUNDS,
  PRIORITY_HANDLING,
  type PriorityHandling,
  RUSH_HANDLING,
  type RushHandling,
} from '../../../shared/brs-config.ts';
import { airlines } from './reference.ts';

/** `value between min and max` for a bounded setting, so the database keeps the bounds of the shared schema too. */
function within(column: string, key: keyof typeof BRS_BOUNDS) {
  const { min, max } = BRS_BOUNDS[key];
  return check(`aviacompany_baggage_registers_${column}_ck`, sql.raw(`${column} between ${min} and ${max}`));
}

/** `value in (...)` for a handling chosen from a fixed list. */
function oneOf(column: string, options: Record<string, string>) {
  const list = Object.keys(options)
    .map((key) => `'${key}'`)
    .join(', ');
  return check(`aviacompany_baggage_registers_${column}_ck`, sql.raw(`${column} in (${list})`));
}

/**
 * The baggage reconciliation system's settings of one airline (`src/shared/brs-config.ts` documents each): at most
 * one row per airline, deleted with it.
 */
export const aviacompanyBaggageRegisters = pgTable(
  'aviacompany_baggage_registers',
  {
    id: serial('id').primaryKey(),
    airlineId: integer('aviacompany_id')
      .notNull()
      .unique('aviacompany_baggage_registers_airline_uq')
      .references(() => airlines.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull(),
    bsmExchange: boolean('bsm_exchange').notNull(),
    bpmExchange: boolean('bpm_exchange').notNull(),
    maxBagWeightKg: smallint('max_bag_weight_kg').notNull(),
    maxBagPieces: smallint('max_bag_pieces').notNull(),
    loadingCloseMinutes: smallint('loading_close_minutes').notNull(),
    priorityTagHandling: text('priority_tag_handling').$type<PriorityHandling>().notNull(),
    rushTagHandling: text('rush_tag_handling').$type<RushHandling>().notNull(),
  },
  () => [
    within('max_bag_weight_kg', 'max_bag_weight_kg'),
    within('max_bag_pieces', 'max_bag_pieces'),
    within('loading_close_minutes', 'loading_close_minutes'),
    oneOf('priority_tag_handling', PRIORITY_HANDLING),
    oneOf('rush_tag_handling', RUSH_HANDLING),
  ],
);
