/** The delay-employee service without HTTP, on a one-day demo airport (its recorded delays). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { flightDelays, flights } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ValidationError } from '../../domain/errors.ts';
import { createDelayEmployeeService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createDelayEmployeeService>;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createDelayEmployeeService(dbh);
});
afterAll(() => dbh.close());

/** The earliest delay of the demo, with its flight's plan instant. */
async function firstDelay() {
  const [row] = await dbh.db
    .select({ id: flightDelays.id, planAt: flights.planAt })
    .from(flightDelays)
    .innerJoin(flights, eq(flights.id, flightDelays.flightId))
    .orderBy(flights.planAt)
    .limit(1);
  return row;
}

describe('the delays of a day', () => {
  it('counts a delay on the calendar day of its plan time in the asked zone, not the day before or after', async () => {
    const delay = await firstDelay();
    for (const zone of ['Europe/Moscow', 'Asia/Vladivostok', 'America/New_York']) {
      const wall = instantToWallClock(delay.planAt, zone);
      const day = wall.slice(0, 10);
      const list = await service.ofDay(day, zone);
      expect(list.find((row) => row.id === delay.id)?.plan_at, zone).toBe(wall);
      const before = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(
        (await service.ofDay(before, zone)).some((row) => row.id === delay.id),
        zone,
      ).toBe(false);
    }
  });

  it('lists the delays by plan time', async () => {
    const list = await service.ofDay('2026-03-09', 'Europe/Moscow');
    expect(list.length).toBeGreaterThan(0);
    const times = list.map((row) => row.plan_at);
    expect(times).toEqual([...times].sort());
  });
});

describe('assigning', () => {
  it('writes nothing when one item of several is unknown', async () => {
    const delay = await firstDelay();
    const [before] = await dbh.db
      .select({ employee: flightDelays.employeeId })
      .from(flightDelays)
      .where(eq(flightDelays.id, delay.id));
    const [{ id: employee }] = (await service.employees({ filters: {}, sort: null, page: 1, perPage: 1 }))
      .items;
    const other = employee === before.employee ? null : employee;
    await expect(
      service.assign(
        {
          items: [
            { delay_id: delay.id, employee_id: other },
            { delay_id: 999_999, employee_id: null },
          ],
        },
        'UTC',
      ),
    ).rejects.toBeInstanceOf(ValidationError);
    const [after] = await dbh.db
      .select({ employee: flightDelays.employeeId })
      .from(flightDelays)
      .where(eq(flightDelays.id, delay.id));
    expect(after.employee).toBe(before.employee);
  });
});
