import { createHash } from 'node:crypto';
import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantToWallClock, wallClockToInstant } from '../../shared/wallClock.ts';
import * as schema from '../db/schema/index.ts';
import { LocalCalendar } from './calendar.ts';
import { DIRECTION, FLIGHT_SCHEDULE, FLIGHT_STATUS } from './facts/lists.ts';
import { buildFlights } from './flights.ts';
import { type DemoData, generateDemoAirport, HOME_ZONE } from './generate.ts';
import { isOnDuty } from './staff.ts';
import type { Cell, Row } from './table.ts';

const REFERENCE = '2026-03-10';
const HOUR = 3_600_000;
/** An instant from a wall clock at the home airport. */
const local = (text: string) => wallClockToInstant(text, HOME_ZONE)!.getTime();

function hashOf(data: DemoData): string {
  const hash = createHash('sha256');
  for (const table of data.tables) {
    hash.update(table.name);
    for (const row of table.rows) hash.update(JSON.stringify(table.columns.map((c) => row[c.key])));
  }
  return hash.digest('hex');
}

/** The rows of a schema table in generated data. */
function rowsOf<T extends PgTable>(data: DemoData, table: T): Row<T>[] {
  const found = data.tables.find((t) => t.name === getTableName(table));
  if (!found) throw new Error(`no table ${getTableName(table)}`);
  return found.rows as Row<T>[];
}

const ms = (cell: Cell) => Date.parse(cell as string);

/** Every invariant a planner would expect of the demo data; throws on the first broken one. */
function checkInvariants(data: DemoData) {
  const flights = new Map(rowsOf(data, schema.flights).map((f) => [f.id as number, f]));
  const seenLegs = new Set<number>();
  for (const t of rowsOf(data, schema.turnarounds)) {
    for (const leg of [t.arrivalFlightId, t.departureFlightId]) {
      if (leg === null) continue;
      expect(seenLegs.has(leg as number)).toBe(false);
      seenLegs.add(leg as number);
    }
    expect(t.arrivalFlightId !== null || t.departureFlightId !== null).toBe(true);
    if (t.arrivalFlightId === null || t.departureFlightId === null) continue;
    const arr = flights.get(t.arrivalFlightId as number)!;
    const dep = flights.get(t.departureFlightId as number)!;
    expect(arr.direction).toBe(2);
    expect(dep.direction).toBe(1);
    expect(dep.boardNumber).toBe(arr.boardNumber);
    expect(ms(dep.planDepartureAt)).toBeGreaterThan(ms(arr.planArrivalAt));
    expect(ms(dep.calcDepartureAt)).toBeGreaterThan(ms(arr.calcArrivalAt));
    if (dep.factDepartureAt !== null) {
      expect(arr.factArrivalAt).not.toBeNull();
      expect(ms(dep.factDepartureAt)).toBeGreaterThan(ms(arr.factArrivalAt));
    }
  }
  expect(seenLegs.size).toBe(flights.size);
  for (const f of flights.values()) {
    expect(ms(f.planArrivalAt)).toBeGreaterThan(ms(f.planDepartureAt));
    expect(f.planAt).toBe(f.direction === 1 ? f.planDepartureAt : f.planArrivalAt);
  }

  const positions = new Map(rowsOf(data, schema.employeePositions).map((p) => [p.id as number, p]));
  const departments = new Set(rowsOf(data, schema.departments).map((d) => d.id as number));
  const tasks = new Map(rowsOf(data, schema.tasks).map((t) => [t.id as number, t]));
  for (const task of tasks.values()) {
    const flight = flights.get(task.flightId as number)!;
    expect(flight.flightStatusId).not.toBe(FLIGHT_STATUS.cancelled);
    const plan = ms(flight.planAt);
    expect(ms(task.planBeginAt)).toBeGreaterThanOrEqual(plan - 4 * HOUR);
    expect(ms(task.planEndAt)).toBeLessThanOrEqual(plan + 4 * HOUR);
    expect(ms(task.planEndAt)).toBeGreaterThan(ms(task.planBeginAt));
    expect(ms(task.endAt)).toBeGreaterThan(ms(task.beginAt));
  }
  const staffed = new Set<number>();
  for (const tp of rowsOf(data, schema.taskPositions)) {
    expect(positions.has(tp.employeePositionId as number)).toBe(true);
    expect(tasks.has(tp.taskId as number)).toBe(true);
    expect(tp.count as number).toBeGreaterThan(0);
    staffed.add(tp.taskId as number);
  }
  expect(staffed.size).toBe(tasks.size);

  const employees = new Map(rowsOf(data, schema.employees).map((e) => [e.id as number, e]));
  for (const e of employees.values()) {
    expect(departments.has(e.departmentId as number)).toBe(true);
    expect(positions.get(e.employeePositionId as number)?.departmentId).toBe(e.departmentId);
    expect((e.name as string).split(' ')).toHaveLength(3);
  }
  const busy = new Map<number, [number, number][]>();
  for (const te of rowsOf(data, schema.taskEmployees)) {
    const employee = employees.get(te.employeeId as number)!;
    expect(employee.employeePositionId).toBe(te.employeePositionId);
    const task = tasks.get(te.taskId as number)!;
    const list = busy.get(employee.id as number) ?? [];
    list.push([ms(task.beginAt), ms(task.endAt)]);
    busy.set(employee.id as number, list);
  }
  for (const list of busy.values()) {
    list.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < list.length; i += 1) expect(list[i][0]).toBeGreaterThanOrEqual(list[i - 1][1]);
  }
}

describe('when generating the demo airport', () => {
  it('gives the same data for the same seed and different data for another seed', () => {
    const a = hashOf(generateDemoAirport({ seed: 42, days: 1, referenceDate: REFERENCE }));
    const b = hashOf(generateDemoAirport({ seed: 42, days: 1, referenceDate: REFERENCE }));
    const c = hashOf(generateDemoAirport({ seed: 43, days: 1, referenceDate: REFERENCE }));
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('keeps every planner invariant for the default seed', () => {
    checkInvariants(generateDemoAirport({ days: 3, referenceDate: REFERENCE }));
  });

  it('keeps every planner invariant for any seed and reference moment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: Date.parse('2025-01-01'), max: Date.parse('2027-12-31') }),
        (seed, at) => checkInvariants(generateDemoAirport({ seed, days: 1, referenceDate: new Date(at) })),
      ),
      { numRuns: 8 },
    );
  });

  it('makes about 350 legs a day, half of them arrivals, and about 1,500 employees', () => {
    const data = generateDemoAirport({ days: 7, referenceDate: REFERENCE });
    const flights = rowsOf(data, schema.flights);
    const perDay = flights.length / 15;
    expect(perDay).toBeGreaterThan(300);
    expect(perDay).toBeLessThan(400);
    const arrivals = flights.filter((f) => f.direction === 2).length;
    expect(Math.abs(arrivals / flights.length - 0.5)).toBeLessThan(0.03);
    expect(rowsOf(data, schema.employees).length).toBeGreaterThan(1400);
    expect(rowsOf(data, schema.tasks).length / flights.length).toBeGreaterThan(5);
    expect(rowsOf(data, schema.airlines).length).toBeGreaterThanOrEqual(30);
  });

  it('multiplies flights and staff by the scale', () => {
    const one = generateDemoAirport({ days: 2, referenceDate: REFERENCE });
    const two = generateDemoAirport({ days: 2, referenceDate: REFERENCE, scale: 2 });
    const ratio = (table: PgTable) => rowsOf(two, table).length / rowsOf(one, table).length;
    expect(ratio(schema.flights)).toBeGreaterThan(1.8);
    expect(ratio(schema.flights)).toBeLessThan(2.2);
    expect(ratio(schema.employees)).toBeGreaterThan(1.9);
  });

  it('has facts only before the reference moment and plans after it', () => {
    const data = generateDemoAirport({ days: 2, referenceDate: REFERENCE });
    const now = local(`${REFERENCE} 12:00:00`);
    for (const f of rowsOf(data, schema.flights)) {
      if (f.factDepartureAt !== null) expect(ms(f.factDepartureAt)).toBeLessThan(now);
      if (f.factArrivalAt !== null) expect(ms(f.factArrivalAt)).toBeLessThan(now);
      if (ms(f.planAt) > now + 4 * HOUR) expect(f.flightStatusId).not.toBe(FLIGHT_STATUS.done);
    }
  });

  it('uses the real codes of the home airport and of Aeroflot', () => {
    const data = generateDemoAirport({ days: 0, referenceDate: REFERENCE });
    const home = rowsOf(data, schema.airports).find((a) => a.isHome === true)!;
    expect([home.iataCode, home.icaoCode, home.timeZone]).toEqual(['KZN', 'UWKD', 'Europe/Moscow']);
    const su = rowsOf(data, schema.airlines).find((a) => a.iataCode === 'SU')!;
    expect([su.icaoCode, su.numericCode]).toEqual(['AFL', '555']);
    expect(rowsOf(data, schema.hallAccessTypes).some((t) => t.id === 7)).toBe(true);
    expect(rowsOf(data, schema.roundings)[0]).toMatchObject({ id: 1, nameFull: 'Без округления' });
    expect(rowsOf(data, schema.calcTypes).map((t) => t.name)).toEqual([
      'Продолжительность',
      'Операции',
      'Показатели',
    ]);
  });
});

describe('when checking a duty roster', () => {
  const dayShift = { begin: 8 * 60, duration: 720, cycle: 4, workDays: 2, offset: 0 };
  const nightShift = { ...dayShift, begin: 20 * 60 };
  const calendar = new LocalCalendar(HOME_ZONE);
  /** The roster offset that makes a local day the first working day of a cycle of four. */
  const firstWorkingDay = (on: LocalCalendar, day: string, zone: string) =>
    (4 - (on.dayOf(wallClockToInstant(day, zone)!.getTime()) % 4)) % 4;
  const offset = firstWorkingDay(calendar, '2026-03-10', HOME_ZONE);

  it('covers a task inside the shift on a working day and not on a day off', () => {
    const roster = { ...dayShift, offset };
    const onDuty = (from: string, to: string) => isOnDuty(roster, local(from), local(to), calendar);
    expect(onDuty('2026-03-10 09:00', '2026-03-10 10:00')).toBe(true);
    expect(onDuty('2026-03-10 19:30', '2026-03-10 20:30')).toBe(false);
    expect(onDuty('2026-03-12 09:00', '2026-03-12 10:00')).toBe(false);
  });

  it('covers the morning after a night shift that began on a working day', () => {
    const roster = { ...nightShift, offset };
    expect(isOnDuty(roster, local('2026-03-11 05:00'), local('2026-03-11 06:00'), calendar)).toBe(true);
  });

  it('starts a shift at its local hour on the day after the clocks go forward', () => {
    const zone = 'Europe/Berlin';
    const berlin = new LocalCalendar(zone);
    const roster = { ...dayShift, offset: firstWorkingDay(berlin, '2026-03-29', zone) };
    const at = (text: string) => wallClockToInstant(text, zone)!.getTime();
    expect(isOnDuty(roster, at('2026-03-30 08:00'), at('2026-03-30 09:00'), berlin)).toBe(true);
    expect(isOnDuty(roster, at('2026-03-30 07:30'), at('2026-03-30 08:30'), berlin)).toBe(false);
    expect(isOnDuty(roster, at('2026-03-29 08:00'), at('2026-03-29 09:00'), berlin)).toBe(true);
  });
});

describe('when the home airport changes its clocks', () => {
  const zone = 'Europe/Berlin';
  const calendar = new LocalCalendar(zone);
  const { tables } = buildFlights({
    seed: 1,
    scale: 1,
    days: 1,
    calendar,
    now: wallClockToInstant('2026-03-29 12:00:00', zone)!.getTime(),
    tgoByKey: new Map(),
    standCount: 32,
  });
  const flights = tables[0].rows as Row<typeof schema.flights>[];
  const daily = flights.filter(
    (f) => f.flightScheduleId === FLIGHT_SCHEDULE.daily && f.direction === DIRECTION.arrival,
  );
  const byNumber = new Map<string, typeof daily>();
  for (const f of daily) {
    const key = `${f.airlineId}-${f.flightNumber}`;
    byNumber.set(key, [...(byNumber.get(key) ?? []), f]);
  }

  it('keeps a daily arrival at its local time of day on either side of the change', () => {
    let compared = 0;
    for (const legs of byNumber.values()) {
      const times = legs.map((f) => instantToWallClock(ms(f.planAt), zone).slice(11));
      if (legs.length < 3 || times.some((t) => t.startsWith('02:') || t.startsWith('03:'))) continue;
      expect(new Set(times).size).toBe(1);
      expect(ms(legs[2].planAt) - ms(legs[0].planAt)).toBe(47 * HOUR);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('moves an arrival planned in the skipped hour on to the same minute after 03:00', () => {
    const day = calendar.dayOf(wallClockToInstant('2026-03-29', zone)!.getTime());
    expect(instantToWallClock(calendar.at(day, 2 * 60 + 35), zone)).toBe('2026-03-29 03:35:00');
  });
});
