import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail: one row per written row of every business table, written by the statement triggers of the
 * migration `audit_triggers` in the same transaction as the write (a rolled-back write leaves none). `user_id` is the
 * writing user (transaction setting `gow.actor`), null for the system (demo load, migrations, CLI, background
 * jobs); no foreign key, so a user's removal keeps their trail. `change`: the new row (insert), the old row
 * (delete), or only the changed columns as `{column: [old, new]}` (update); secrets (`password…`, `…token…`) read
 * '***'. Read by `GET /api/audit` (src/server/modules/audit).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    action: text('action', { enum: ['insert', 'update', 'delete'] }).notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    change: jsonb('change').notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_user_at_idx').on(t.userId, t.at),
    index('audit_log_entity_at_idx').on(t.entity, t.at),
    index('audit_log_entity_id_idx').on(t.entity, t.entityId),
  ],
);

/**
 * Tables the audit triggers leave alone: derived or technical rows that are no one's change (task digests,
 * sessions, failed logins, the mail outbox, print jobs, rush tag counters, demo loads, the trail itself).
 * `audit_attach_all()` (run after every migration) gives every other public table the triggers.
 */
export const auditSkip = pgTable('audit_skip', {
  entity: text('entity').primaryKey(),
});
