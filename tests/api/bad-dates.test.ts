/**
 * Days and datetimes at the ends of the four-digit years (security probe, session 19): real calendar days whose
 * instant the database cannot hold (`0000-01-01`, `0001-01-01 00:00:00` in Moscow is year 0 in UTC; the day after
 * `9999-12-31` is year 10000) answered 500 on fifteen routes. Now 400, and no 5xx for any of them in any zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 0, scale: 0.05, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  admin = bearer(await loginAs(app, 'admin'));
});
afterAll(() => app.close());

const DAYS = ['0000-01-01', '0001-01-01', '9999-12-31'];
const STAMPS = ['0000-01-01 00:00:00', '0001-01-01 00:00:00', '9999-12-31 23:59:59'];
const ZONES = ['Europe/Moscow', 'Pacific/Kiritimati', 'Pacific/Niue'];

/** Calls with a day (D) or a datetime period (B, E) in the query, or in the body. */
const CALLS: { url: string; body?: (day: string) => object }[] = [
  { url: '/api/turnaround?date=D' },
  { url: '/api/v2/delay-employee?date=D' },
  { url: '/api/flights?filter[date]=D' },
  { url: '/api/team-planning/time-calendar?date=D' },
  { url: '/api/planning/calc', body: (day) => ({ filter: { created_from: day, created_to: '2026-03-10' } }) },
  { url: '/api/team-planning/v1/team?begin_datetime=B&end_datetime=E' },
  { url: '/api/team-planning/v1.1/employee?begin_datetime=B&end_datetime=E' },
  { url: '/api/team-planning/check-employee-accessible?employee_id=1&begin_datetime=B&end_datetime=E' },
  { url: '/api/team-planning/v1/teams-with-flights?filter[begin_datetime]=B&filter[end_datetime]=E' },
  {
    url: '/api/team-planning/v1/download-teams-with-flights?filter[begin_datetime]=B&filter[end_datetime]=E',
  },
  { url: '/api/planning/passenger-count?times[]=B&times[]=E' },
  { url: '/api/planning/max-demand?begin_datetime=B&end_datetime=E&employee_position_id=1' },
  { url: '/api/planning/max-demand/positions?begin_datetime=B&end_datetime=E&employee_position_id=1' },
];

describe('days at the ends of the four-digit years', () => {
  it('are refused with 400 in Russian, never a 5xx, in any zone', async () => {
    const failures: string[] = [];
    for (const call of CALLS)
      for (const zone of ZONES)
        for (const [i, day] of DAYS.entries()) {
          const stamp = encodeURIComponent(STAMPS[i]);
          const url = call.url.replace('=D', `=${day}`).replace('=B', `=${stamp}`).replace('=E', `=${stamp}`);
          const res = await app.inject({
            method: call.body ? 'POST' : 'GET',
            url,
            headers: { ...admin, 'time-zone': zone },
            ...(call.body ? { payload: call.body(day) } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url} ${zone} ${res.body}`);
          else if (res.statusCode === 400) expect(res.json().message).toMatch(/[а-я]/);
        }
    expect(failures).toEqual([]);
  });

  it('names the field: a wall clock’s years are bounded before the database is asked', async () => {
    const res = await app.inject({ url: '/api/turnaround?date=0000-01-01', headers: admin });
    expect(res.statusCode).toBe(400);
    // The wall clock's years are bounded (1000–9998), so the parser names the field.
    expect(Object.keys(res.json().fields ?? {})).toEqual(['date']);
  });
});
