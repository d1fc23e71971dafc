/** The door to `GET /api/turnaround`: the turnarounds of a day to choose from (copies `src/app/auth/api.ts`). */
import { z } from '../../shared/messages.ts';
import { type TurnaroundOption, turnaroundOptionSchema } from '../../shared/turnaround.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

/** The turnarounds with a leg on the day ('YYYY-MM-DD' in the user's time zone), by their first leg. */
export function turnaroundsOfDay(day: string): Promise<TurnaroundOption[]> {
  return call(api, '/turnaround', z.array(turnaroundOptionSchema), { query: { date: day } });
}
