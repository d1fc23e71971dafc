import { z } from './messages.ts';

/** `GET /api/turnaround?date=YYYY-MM-DD`: the turnarounds with a leg on that day, for a searchable select. */
export const turnaroundOptionSchema = z.object({
  /** The turnaround's `aid`. */
  id: z.number(),
  /** 'SU 1234 → SU 1235 · 14:20–15:30 · A320' in the request's time zone. */
  name: z.string(),
});
export type TurnaroundOption = z.infer<typeof turnaroundOptionSchema>;

/** A calendar day as the query sends it. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
