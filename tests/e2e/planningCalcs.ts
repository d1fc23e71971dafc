/** Saved calculations for the planning e2e specs, made through the real API as the planner. */
import { type APIRequestContext, expect } from '@playwright/test';
import { moscowDay } from './clock.ts';

/** A planner's bearer header, signed in through the API. */
export async function plannerAuth(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth/login', { data: { login: 'planner', password: 'planner' } });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).token}`, 'time-zone': 'Europe/Moscow' };
}

/**
 * Saves a standard schedule through the real API (`POST /planning/standard/create`) for the first position with
 * tasks in the next month and every working shift; answers its id.
 */
export async function createCalc(request: APIRequestContext, name: string): Promise<number> {
  const headers = await plannerAuth(request);
  const begin = `${moscowDay()} 00:00:00`;
  const end = `${moscowDay(30)} 23:59:59`;
  const positions = await request.get('/api/planning/employee-position', {
    headers,
    params: { plan_begin_time: begin, plan_end_time: end },
  });
  const shifts = await request.get('/api/planning/working-shift', { headers });
  const [position] = (await positions.json()) as { id: number }[];
  const created = await request.post('/api/planning/standard/create', {
    headers,
    data: {
      name,
      begin,
      end,
      employee_position_ids: [position.id],
      working_shift: ((await shifts.json()) as { id: number }[]).map((shift) => shift.id),
    },
    timeout: 60_000,
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()).id;
}
