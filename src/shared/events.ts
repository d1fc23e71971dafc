/**
 * The live feed (`GET /api/events`, server-sent events, DOMAIN "Live feed"): each write that changes flights,
 * turnarounds, tasks, task staff, teams or team-flight links sends one notice, `event: change` with the JSON below as
 * `data`. Clients refresh what they show; they never take data from the notice. Comment lines (`: ping`) keep the
 * connection alive every ~20 s; `event: ready` is sent once the stream is open.
 */
import { z } from './messages.ts';

const LIVE_ENTITIES = ['flight', 'turnaround', 'task', 'task_employee', 'team', 'team_flight'] as const;
export type LiveEntity = (typeof LIVE_ENTITIES)[number];

/** The PostgreSQL NOTIFY channel the notices travel on between processes. */
export const LIVE_CHANNEL = 'gow_events';

/** One change notice: what changed (ids, at most a few thousand), and the user who made it (null: the system). */
export const liveNoticeSchema = z.object({
  entity: z.enum(LIVE_ENTITIES),
  ids: z.array(z.number().int()),
  by: z.number().int().nullable(),
});
export type LiveNotice = z.infer<typeof liveNoticeSchema>;
