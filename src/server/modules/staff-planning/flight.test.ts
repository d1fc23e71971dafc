/**
 * The flight answer of staff planning without HTTP: the sweep and the time formatter against plain references, and
 * the whole answer on a small demo airport (two days around 2026-03-10) against a brute-force reading of the tables.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { planningFlightsSchema } from '../../../shared/staff-planning.ts';
import { instantToWallClock, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { WorkAbandonedError } from '../../db/gate.ts';
import { flights, taskEmployees, taskPositions, tasks } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { createPlanningFlightService } from './flight.ts';
import { sweepEmployee } from './flightConflicts.ts';
import { IdIndex } from './flightTasks.ts';
import { wallClock, wallClockFormatter } from './flightWallClock.ts';

describe('sweepEmployee', () => {
  it('marks exactly the intervals that overlap another one', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 60 }));
    fc.assert(
      fc.property(fc.array(interval, { maxLength: 40 }), (list) => {
        const begins = list.map(([begin]) => begin);
        const ends = list.map(([begin, length]) => begin + length);
        const conflict = new Uint8Array(list.length);
        sweepEmployee(
          list.map((_, i) => i),
          begins,
          ends,
          conflict,
        );
        // Half-open [begin, end): an empty interval (a task of no length) overlaps nothing.
        const overlap = (i: number, j: number) =>
          begins[i] < ends[i] && begins[j] < ends[j] && begins[i] < ends[j] && begins[j] < ends[i];
        const brute = list.map((_, i) => (list.some((__, j) => j !== i && overlap(i, j)) ? 1 : 0));
        expect([...conflict]).toEqual(brute);
      }),
    );
  });
});

describe('IdIndex', () => {
  it('answers what a Map answers, for dense ids and for ids spread over billions', () => {
    const id = fc.oneof(
      fc.integer({ min: 100_000, max: 101_000 }),
      fc.integer({ min: 1, max: 2_147_483_647 }),
    );
    fc.assert(
      fc.property(fc.array(id, { maxLength: 300 }), fc.array(id, { maxLength: 50 }), (stored, asked) => {
        const index = new IdIndex();
        const reference = new Map<number, number>();
        stored.forEach((value, i) => {
          if (reference.has(value)) return;
          index.set(value, i);
          reference.set(value, i);
        });
        for (const value of [...stored, ...asked]) expect(index.get(value)).toBe(reference.get(value) ?? -1);
      }),
    );
  });
});

describe('wallClockFormatter', () => {
  it.each(['Europe/Moscow', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    'writes every instant as instantToWallClock does, daylight-saving days included (%s)',
    (zone) => {
      const format = wallClockFormatter(zone);
      // Around both changes of 2026 in either hemisphere, every 5 minutes, plus odd seconds.
      const starts = [
        Date.UTC(2026, 2, 27),
        Date.UTC(2026, 3, 3),
        Date.UTC(2026, 9, 2),
        Date.UTC(2026, 9, 23),
      ];
      for (const start of starts) {
        for (let ms = start; ms < start + 4 * 86_400_000; ms += 300_000 + 7_000) {
          const seconds = Math.floor(ms / 1000);
          expect(format(seconds)).toBe(instantToWallClock(seconds * 1000, zone));
        }
      }
    },
  );
});

describe('wallClock', () => {
  it.each(['Europe/Moscow', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham'])(
    'writes the bytes of the formatter as a JSON string, in order and out of order, DST days included (%s)',
    (zone) => {
      const format = wallClockFormatter(zone);
      // A fresh writer per order, so that neither reuses the other's remembered day.
      const inOrder = wallClock(zone);
      const shuffled = wallClock(zone);
      const buf = Buffer.alloc(64);
      const seconds: number[] = [];
      for (const start of [
        Date.UTC(2026, 2, 27),
        Date.UTC(2026, 3, 3),
        Date.UTC(2026, 8, 25),
        Date.UTC(2026, 9, 23),
      ])
        for (let ms = start; ms < start + 3 * 86_400_000; ms += 600_000 + 13_000)
          seconds.push(Math.floor(ms / 1000));
      const check = (clock: ReturnType<typeof wallClock>, s: number) => {
        const written = clock.write(buf, 3, s);
        expect(clock.length(s)).toBe(written);
        expect(buf.toString('latin1', 3, 3 + written)).toBe(JSON.stringify(format(s)));
      };
      for (const s of seconds) check(inOrder, s);
      fc.assert(
        fc.property(fc.constantFrom(...seconds), (s) => check(shuffled, s)),
        { numRuns: 500 },
      );
    },
  );

  it('writes years of other than four digits as the formatter does', () => {
    const clock = wallClock('UTC');
    const buf = Buffer.alloc(64);
    for (const s of [-62_198_755_200, 253_402_300_800, 0, 1_700_000_000]) {
      const written = clock.write(buf, 0, s);
      expect(clock.length(s)).toBe(written);
      expect(buf.toString('latin1', 0, written)).toBe(JSON.stringify(wallClockFormatter('UTC')(s)));
    }
  });
});

describe('flightsJson on a demo airport', () => {
  let dbh: DbHandle;
  let service: ReturnType<typeof createPlanningFlightService>;
  const zone = 'Europe/Moscow';
  const period = {
    begin: wallClockToInstant('2026-03-09 00:00:00', zone) as Date,
    end: wallClockToInstant('2026-03-11 23:59:59', zone) as Date,
  };

  beforeAll(async () => {
    dbh = await openTestDb();
    await loadDemoAirport(dbh, { days: 2, referenceDate: '2026-03-10' });
    service = createPlanningFlightService(dbh);
  });
  afterAll(async () => {
    await service?.close();
    await dbh?.close();
  });

  it('answers what a brute-force reading of the tables gives: flights, tasks, staff, employees and conflicts', async () => {
    const answer = planningFlightsSchema.parse(
      JSON.parse((await service.flightsJson({ period, periodType: 2, timeZone: zone })).toString('utf8')),
    );
    const db = dbh.db;
    const allFlights = await db.select().from(flights);
    const allTasks = await db.select().from(tasks);
    const allPositions = await db.select().from(taskPositions);
    const allEmployees = await db.select().from(taskEmployees);
    const inPeriod = allFlights.filter((f) => f.planAt >= period.begin && f.planAt <= period.end);
    expect(inPeriod.length).toBeGreaterThan(100);
    expect(answer.map((f) => f.id).sort((a, b) => a - b)).toEqual(
      inPeriod.map((f) => f.id).sort((a, b) => a - b),
    );

    const taskById = new Map(allTasks.map((t) => [t.id, t]));
    const assignmentsOfTask = new Map<number, number[]>();
    const tasksOfEmployee = new Map<number, (typeof allTasks)[number][]>();
    for (const e of allEmployees) {
      assignmentsOfTask.set(e.taskId, [...(assignmentsOfTask.get(e.taskId) ?? []), e.employeeId]);
      const task = taskById.get(e.taskId);
      if (task) tasksOfEmployee.set(e.employeeId, [...(tasksOfEmployee.get(e.employeeId) ?? []), task]);
    }
    const overlaps = (a: (typeof allTasks)[number], b: (typeof allTasks)[number]) =>
      a.planBeginAt < b.planEndAt && b.planBeginAt < a.planEndAt;
    const positionsOfTask = new Map<number, (typeof allPositions)[number][]>();
    for (const p of allPositions)
      positionsOfTask.set(p.taskId, [...(positionsOfTask.get(p.taskId) ?? []), p]);
    const tasksOfFlight = new Map<number, (typeof allTasks)[number][]>();
    for (const t of allTasks) tasksOfFlight.set(t.flightId, [...(tasksOfFlight.get(t.flightId) ?? []), t]);
    let conflicts = 0;
    for (const flight of answer) {
      const own = tasksOfFlight.get(flight.id) ?? [];
      expect(flight.tasks.map((t) => t.id).sort((a, b) => a - b)).toEqual(
        own.map((t) => t.id).sort((a, b) => a - b),
      );
      for (const task of flight.tasks) {
        const needs = positionsOfTask.get(task.id) ?? [];
        expect(task.count).toBe(needs.reduce((sum, p) => sum + p.count, 0));
        const assigned = [...(assignmentsOfTask.get(task.id) ?? [])];
        expect([...task.taskEmployee].sort((a, b) => a - b)).toEqual(assigned.sort((a, b) => a - b));
        expect(task.begin).toBe(instantToWallClock(taskById.get(task.id)?.planBeginAt as Date, zone));
      }
      const doubleBooked = own.some((task) =>
        (assignmentsOfTask.get(task.id) ?? []).some((employee) =>
          (tasksOfEmployee.get(employee) ?? []).some(
            (other) => other.id !== task.id && overlaps(task, other),
          ),
        ),
      );
      expect(flight.is_conflict, `flight ${flight.id}`).toBe(doubleBooked ? 1 : 0);
      if (doubleBooked) conflicts++;
    }
    // The demo airport double-books some staff: the check above compared both answers.
    expect(conflicts).toBeGreaterThan(0);
    const begins = answer.map((f) => `${f.begin} ${String(f.id).padStart(10, '0')}`);
    expect(begins).toEqual([...begins].sort());
  });

  it('reads scattered flights by their ids, with the same answer as a dense read', async () => {
    const all = planningFlightsSchema.parse(
      JSON.parse((await service.flightsJson({ period, periodType: 2, timeZone: zone })).toString()),
    );
    // The rarest status: its flights are scattered over the period's ids, far too thin for an id range.
    const rows = await dbh.db.select({ id: flights.id, status: flights.flightStatusId }).from(flights);
    const inAnswer = new Set(all.map((f) => f.id));
    const counts = new Map<number, number[]>();
    for (const row of rows.filter((r) => inAnswer.has(r.id)))
      counts.set(row.status, [...(counts.get(row.status) ?? []), row.id]);
    const [status, ids] = [...counts.entries()].sort((x, y) => x[1].length - y[1].length)[0];
    expect(Math.max(...ids) - Math.min(...ids)).toBeGreaterThan(4 * ids.length + 64);
    const answer = planningFlightsSchema.parse(
      JSON.parse(
        (
          await service.flightsJson({ period, periodType: 2, timeZone: zone, flightStatus: [status] })
        ).toString(),
      ),
    );
    expect(answer).toEqual(all.filter((f) => ids.includes(f.id)));
  });

  it('stops when the caller has gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      service.flightsJson({ period, periodType: 2, timeZone: zone }, controller.signal),
    ).rejects.toBeInstanceOf(WorkAbandonedError);
  });
});
