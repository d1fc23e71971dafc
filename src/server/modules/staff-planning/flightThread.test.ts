/**
 * The flight thread: builds that fail, are dropped or lose their caller free their state there, and a cold month of
 * the demo airport keeps the HTTP thread's own CPU short (the parsing and writing run in the worker).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { longestStretch, threadCpuMs } from '../../../../tests/support/threadStall.ts';
import { planningFlightsSchema } from '../../../shared/staff-planning.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { createPlanningFlightService } from './flight.ts';
import type { FlightShape } from './flightBuild.ts';
import type { FlightRow } from './flightReads.ts';
import { createFlightThread } from './flightThread.ts';

/** One flight of 2026-03-10 10:00 UTC, no turnaround. */
const flight: FlightRow = {
  id: 3,
  direction: 1,
  airline_id: 1,
  flight_number: '100',
  flight_type_id: 1,
  flight_schedule_id: 1,
  flight_status_id: 1,
  aircraft_type_id: 1,
  departure_airport_id: 1,
  arrival_airport_id: 2,
  passengers: 10,
  tgo_template_id: null,
  plan: 1_773_136_800,
  aid: null,
};
const named = (name: string) => new Map([[1, { id: 1, name, code: name }]]);
const shape: FlightShape = {
  timeZone: 'UTC',
  ref: {
    airlines: named('SU'),
    airports: new Map([
      [1, { id: 1, name: 'SVO', code: 'SVO' }],
      [2, { id: 2, name: 'KZN', code: 'KZN' }],
    ]),
    aircraft: named('A320'),
    tgo: new Map(),
    statuses: named('Запланирован'),
    jobs: named('Погрузка'),
    positions: new Map([[4, { id: 4, name: 'Грузчик', department_id: 1 }]]),
    resourceTypes: new Map(),
  },
};
/** Task 7 of flight 3, job 1, 10:00–10:40, two of position 4, employee 9 (a digest, migration 0019). */
const round = { flights: [flight], tasks: '7,3,1,1773136800,1773139200|4,2||9', turnarounds: null };

describe('the flight thread', () => {
  const thread = createFlightThread();
  afterAll(() => thread.close());

  it('builds an answer from rounds posted ahead, moved back as a Buffer', async () => {
    const build = thread.open();
    build.round({ ...round, flights: [{ ...flight }] });
    expect(await build.choose(shape)).toEqual({ begin: 1_773_136_800, end: 1_773_139_200 });
    const json = await build.finish('8,9,1773138000,1773140000');
    const [answer] = planningFlightsSchema.parse(JSON.parse(json.toString()));
    expect(answer).toMatchObject({ id: 3, is_conflict: 1, flightNumber: 'SU 100', route: 'SVO – KZN' });
    expect(answer.tasks).toMatchObject([{ id: 7, name: 'Погрузка', count: 2, taskEmployee: [9] }]);
    expect(json.byteLength).toBe(json.buffer.byteLength);
    expect(await thread.held()).toBe(0);
  });

  it('frees a build dropped half-way and one whose caller went away', async () => {
    const dropped = thread.open();
    dropped.round({ ...round, flights: [{ ...flight }] });
    expect(await thread.held()).toBe(1);
    dropped.close();
    expect(await thread.held()).toBe(0);

    const abandoned = thread.open();
    abandoned.round({ ...round, flights: [{ ...flight }] });
    const controller = new AbortController();
    const choosing = abandoned.choose(shape, controller.signal);
    controller.abort();
    await expect(choosing).rejects.toBeInstanceOf(WorkAbandonedError);
    abandoned.close();
    expect(await thread.held()).toBe(0);
  });

  it('fails a build the worker cannot finish, frees it, and serves the next one', async () => {
    const broken = thread.open();
    await expect(broken.finish(null)).rejects.toThrow(/finished before the answer was written/);
    broken.close();
    expect(await thread.held()).toBe(0);
    const next = thread.open();
    next.round({ ...round, flights: [{ ...flight }] });
    await next.choose(shape);
    expect(JSON.parse((await next.finish(null)).toString())).toHaveLength(1);
  });

  it('warms ahead of the first build, and not once closed', async () => {
    const own = createFlightThread();
    await own.warm();
    const build = own.open();
    build.round({ ...round, flights: [{ ...flight }] });
    await build.choose(shape);
    expect(JSON.parse((await build.finish(null)).toString())).toHaveLength(1);
    await own.close();
    await expect(own.warm()).resolves.toBeUndefined();
    expect(() => own.open()).toThrow(/closed/);
  });

  it('ends its worker on close and starts no build after', async () => {
    const own = createFlightThread();
    const build = own.open();
    build.round({ ...round, flights: [{ ...flight }] });
    const refused = expect(build.choose(shape)).rejects.toThrow(/closed/);
    await own.close();
    await refused;
    expect(() => own.open()).toThrow(/closed/);
    expect(await own.held()).toBe(0);
  });
});

describe('a cold month of the demo airport', () => {
  let dbh: DbHandle;
  let service: ReturnType<typeof createPlanningFlightService>;
  const zone = 'Europe/Moscow';
  /** Flights planned from `first` to `last` (Moscow wall clock); no answer is cached across different ends. */
  const planned = (first: string, last: string) => ({
    period: {
      begin: wallClockToInstant(first, zone) as Date,
      end: wallClockToInstant(last, zone) as Date,
    },
    periodType: 2 as const,
    timeZone: zone,
  });

  beforeAll(async () => {
    dbh = await openTestDb();
    await loadDemoAirport(dbh, { days: 30, referenceDate: '2026-03-10' });
    service = createPlanningFlightService(dbh);
  }, 180_000);
  afterAll(async () => {
    await service?.close();
    await dbh?.close();
  });

  it('holds the HTTP thread for little CPU while ~10,000 flights are parsed and written', async () => {
    // A day first: the code compiled, the thread started and the fixture's garbage collected, as on a running server.
    await service.flightsJson(planned('2026-03-24 00:00:00', '2026-03-24 23:59:59'));
    // The thread's own CPU over the build, and its longest stretch between two ticks of a 5 ms timer
    // (tests/support/threadStall.ts).
    const cpuBefore = threadCpuMs();
    const { answer, longest, longestWall } = await longestStretch(
      () => service.flightsJson(planned('2026-02-25 00:00:00', '2026-03-24 23:59:59')),
      5,
    );
    const bytes = answer.length;
    const cpu = cpuBefore === null ? null : (threadCpuMs() as number) - cpuBefore;
    expect(bytes).toBeGreaterThan(20_000_000);
    // Measured on 2 shared cores (load 3–13): before the flight thread, 430–590 ms of the HTTP thread's CPU, 230–330
    // ms of it in one stretch (the writer); since, 130–410 ms in all (the queries' answers, the flight rows, and
    // collections that the load and the fixture make vary), 20–40 ms at most in a stretch.
    const seen = `${cpu} ms of CPU in all; longest stretch ${longest} ms (${Math.round(longestWall)} ms of wall clock)`;
    expect(longest, seen).toBeLessThan(100);
  }, 120_000);

  it('frees the state of a month whose caller goes away half-way', async () => {
    const controller = new AbortController();
    const building = service.flightsJson(
      planned('2026-02-25 00:00:00', '2026-03-24 23:59:58'),
      controller.signal,
    );
    setTimeout(() => controller.abort(), 150);
    await expect(building).rejects.toBeInstanceOf(WorkAbandonedError);
    // The caller is answered at once (flightCache.ts, shared builds); the build stops at its next step.
    await expect.poll(() => service.flightThread.held()).toBe(0);
  }, 60_000);
});
