import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tasks } from './tasks.ts';

/**
 * A task's row of the staff-planning answer kept ready as text: 'id,flight,job,begin,end|position,count,…|resource
 * type,…|employee,…' (plan times in epoch seconds). Written only by the statement triggers and functions of its
 * migration (on tasks, task_positions, task_resources, task_employees) and by `rebuild_task_digests()` after a bulk
 * load; read by `GET /planning/flight` (src/server/modules/staff-planning/flightReads.ts).
 */
export const taskDigests = pgTable(
  'task_digests',
  {
    taskId: integer('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    flightId: integer('flight_id').notNull(),
    digest: text('digest').notNull(),
  },
  (t) => [index('task_digests_flight_idx').on(t.flightId)],
);
