/** The turnaround list without HTTP, on a small demo airport (two days around 2026-03-10). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { createTurnaroundService, turnaroundTitle } from './service.ts';

let dbh: DbHandle;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 2, referenceDate: '2026-03-10' });
});
afterAll(() => dbh.close());

describe('when titling a turnaround', () => {
  const leg = (number: string, iso: string) => ({
    code: 'SU',
    number,
    planAt: new Date(iso),
    aircraft: 'Airbus A320',
  });

  it('names both legs, their local plan times and the aircraft', () => {
    expect(
      turnaroundTitle(
        leg('1234', '2026-03-10T11:20:00Z'),
        leg('1235', '2026-03-10T12:30:00Z'),
        'Europe/Moscow',
      ),
    ).toBe('SU 1234 → SU 1235 · 14:20–15:30 · Airbus A320');
  });

  it('names a single leg alone', () => {
    expect(turnaroundTitle(null, leg('1235', '2026-03-10T12:30:00Z'), 'Asia/Vladivostok')).toBe(
      'SU 1235 · 22:30 · Airbus A320',
    );
  });
});

describe('when listing the turnarounds of a day', () => {
  it('answers every turnaround with a leg planned on that local day, and only those', async () => {
    const service = createTurnaroundService(dbh);
    const list = await service.ofDay('2026-03-10', 'Europe/Moscow');
    const expected = await dbh.query<{ aid: number }>(
      `select distinct t.aid from turnarounds t join flights f on f.id in (t.arrival_flight_id, t.departure_flight_id)
       where f.plan_at >= '2026-03-09T21:00:00Z' and f.plan_at < '2026-03-10T21:00:00Z'`,
    );
    expect(list.length).toBeGreaterThan(100);
    expect(list.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      expected.map((row) => row.aid).sort((a, b) => a - b),
    );
    expect(list[0].name).toMatch(/^[A-Z0-9]{2} \d+/);
  });

  it('answers nothing for a day without flights', async () => {
    expect(await createTurnaroundService(dbh).ofDay('2030-01-01', 'Europe/Moscow')).toEqual([]);
  });
});
