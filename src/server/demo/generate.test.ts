import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DemoData, generateDemoAirport } from './generate.ts';
import { isOnDuty } from './staff.ts';
import type { Cell } from './table.ts';

const REFERENCE = '2026-03-10';

function hashOf(data: DemoData): string {
  const hash = createHash('sha256');
  for (const table of data.tables) {
    hash.update(table.name);
    for (const row of table.rows) hash.update(JSON.stringify(row));
  }
  return hash.digest('hex');
}

/** The rows of a table as objects keyed by column. */
function rowsOf(data: DemoData, name: string): Record<string, Cell>[] {
  const table = data.tables.find((t) => t.name === name);
  if (!table) throw new Error(`no table ${name}`);
  return table.rows.map((row) => Object.fromEntries(table.columns.map((c, i) => [c, row[i]])));
}

const ms = (cell: Cell) => Date.parse(cell as string);

/** Every invariant a planner would expect of the demo data; throws on the first broken one. */
function checkInvariants(data: DemoData) {
  const flights = new Map(rowsOf(data, 'flights').map((f) => [f.id as number, f]));
  const seenLegs = new Set<number>();
  for (const t of rowsOf(data, 'turnarounds')) {
    for (const leg of [t.arrival_flight_id, t.departure_flight_id]) {
      if (leg === null) continue;
      expect(seenLegs.has(leg as number)).toBe(false);
      seenLegs.add(leg as number);
    }
    expect(t.arrival_flight_id !== null || t.departure_flight_id !== null).toBe(true);
    if (t.arrival_flight_id === null || t.departure_flight_id === null) continue;
    const arr = flights.get(t.arrival_flight_id as number)!;
    const dep = flights.get(t.departure_flight_id as number)!;
    expect(arr.direction).toBe(2);
    expect(dep.direction).toBe(1);
    expect(dep.board_number).toBe(arr.board_number);
    expect(ms(dep.plan_departure_at)).toBeGreaterThan(ms(arr.plan_arrival_at));
    expect(ms(dep.calc_departure_at)).toBeGreaterThan(ms(arr.calc_arrival_at));
    if (dep.fact_departure_at !== null) {
      expect(arr.fact_arrival_at).not.toBeNull();
      expect(ms(dep.fact_departure_at)).toBeGreaterThan(ms(arr.fact_arrival_at));
    }
  }
  expect(seenLegs.size).toBe(flights.size);
  for (const f of flights.values()) {
    expect(ms(f.plan_arrival_at)).toBeGreaterThan(ms(f.plan_departure_at));
    expect(f.plan_at).toBe(f.direction === 1 ? f.plan_departure_at : f.plan_arrival_at);
  }

  const positions = new Map(rowsOf(data, 'employee_positions').map((p) => [p.id as number, p]));
  const departments = new Set(rowsOf(data, 'departments').map((d) => d.id as number));
  const tasks = new Map(rowsOf(data, 'tasks').map((t) => [t.id as number, t]));
  for (const task of tasks.values()) {
    const flight = flights.get(task.flight_id as number)!;
    expect(flight.flight_status_id).not.toBe(2);
    const plan = ms(flight.plan_at);
    expect(ms(task.plan_begin_at)).toBeGreaterThanOrEqual(plan - 4 * 3600_000);
    expect(ms(task.plan_end_at)).toBeLessThanOrEqual(plan + 4 * 3600_000);
    expect(ms(task.plan_end_at)).toBeGreaterThan(ms(task.plan_begin_at));
    expect(ms(task.end_at)).toBeGreaterThan(ms(task.begin_at));
  }
  const staffed = new Set<number>();
  for (const tp of rowsOf(data, 'task_positions')) {
    expect(positions.has(tp.employee_position_id as number)).toBe(true);
    expect(tasks.has(tp.task_id as number)).toBe(true);
    expect(tp.count as number).toBeGreaterThan(0);
    staffed.add(tp.task_id as number);
  }
  expect(staffed.size).toBe(tasks.size);

  const employees = new Map(rowsOf(data, 'employees').map((e) => [e.id as number, e]));
  for (const e of employees.values()) {
    expect(departments.has(e.department_id as number)).toBe(true);
    expect(positions.get(e.employee_position_id as number)?.department_id).toBe(e.department_id);
    expect((e.name as string).split(' ')).toHaveLength(3);
  }
  const busy = new Map<number, [number, number][]>();
  for (const te of rowsOf(data, 'task_employees')) {
    const employee = employees.get(te.employee_id as number)!;
    expect(employee.employee_position_id).toBe(te.employee_position_id);
    const task = tasks.get(te.task_id as number)!;
    const list = busy.get(employee.id as number) ?? [];
    list.push([ms(task.begin_at), ms(task.end_at)]);
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
    const flights = rowsOf(data, 'flights');
    const perDay = flights.length / 15;
    expect(perDay).toBeGreaterThan(300);
    expect(perDay).toBeLessThan(400);
    const arrivals = flights.filter((f) => f.direction === 2).length;
    expect(Math.abs(arrivals / flights.length - 0.5)).toBeLessThan(0.03);
    expect(rowsOf(data, 'employees').length).toBeGreaterThan(1400);
    expect(rowsOf(data, 'tasks').length / flights.length).toBeGreaterThan(5);
    expect(rowsOf(data, 'airlines').length).toBeGreaterThanOrEqual(30);
  });

  it('multiplies flights and staff by the scale', () => {
    const one = generateDemoAirport({ days: 2, referenceDate: REFERENCE });
    const two = generateDemoAirport({ days: 2, referenceDate: REFERENCE, scale: 2 });
    const ratio = (name: string) => rowsOf(two, name).length / rowsOf(one, name).length;
    expect(ratio('flights')).toBeGreaterThan(1.8);
    expect(ratio('flights')).toBeLessThan(2.2);
    expect(ratio('employees')).toBeGreaterThan(1.9);
  });

  it('has facts only before the reference moment and plans after it', () => {
    const data = generateDemoAirport({ days: 2, referenceDate: REFERENCE });
    const now = Date.parse(`${REFERENCE}T12:00:00+03:00`);
    for (const f of rowsOf(data, 'flights')) {
      if (f.fact_departure_at !== null) expect(ms(f.fact_departure_at)).toBeLessThan(now);
      if (f.fact_arrival_at !== null) expect(ms(f.fact_arrival_at)).toBeLessThan(now);
      if (ms(f.plan_at) > now + 4 * 3600_000) expect(f.flight_status_id).not.toBe(16);
    }
  });

  it('uses the real codes of the home airport and of Aeroflot', () => {
    const data = generateDemoAirport({ days: 0, referenceDate: REFERENCE });
    const home = rowsOf(data, 'airports').find((a) => a.is_home === true)!;
    expect([home.iata_code, home.icao_code, home.time_zone]).toEqual(['KZN', 'UWKD', 'Europe/Moscow']);
    const su = rowsOf(data, 'airlines').find((a) => a.iata_code === 'SU')!;
    expect([su.icao_code, su.numeric_code]).toEqual(['AFL', '555']);
    expect(rowsOf(data, 'hall_access_types').some((t) => t.id === 7)).toBe(true);
    expect(rowsOf(data, 'roundings')[0]).toMatchObject({ id: 1, name_full: 'Без округления' });
    expect(rowsOf(data, 'calc_types').map((t) => t.name)).toEqual([
      'Продолжительность',
      'Операции',
      'Показатели',
    ]);
  });
});

describe('when checking a duty roster', () => {
  const dayShift = { begin: 8 * 60, duration: 720, cycle: 4, workDays: 2, offset: 0 };
  const nightShift = { ...dayShift, begin: 20 * 60 };
  const at = (text: string) => Date.parse(`${text}+03:00`);
  const workingDay = at('2026-03-10T00:00:00');
  const dayNumber = Math.floor((workingDay + 3 * 3600_000) / 86_400_000);
  const offset = (4 - (dayNumber % 4)) % 4;

  it('covers a task inside the shift on a working day and not on a day off', () => {
    const roster = { ...dayShift, offset };
    expect(isOnDuty(roster, at('2026-03-10T09:00:00'), at('2026-03-10T10:00:00'))).toBe(true);
    expect(isOnDuty(roster, at('2026-03-10T19:30:00'), at('2026-03-10T20:30:00'))).toBe(false);
    expect(isOnDuty(roster, at('2026-03-12T09:00:00'), at('2026-03-12T10:00:00'))).toBe(false);
  });

  it('covers the morning after a night shift that began on a working day', () => {
    const roster = { ...nightShift, offset };
    expect(isOnDuty(roster, at('2026-03-11T05:00:00'), at('2026-03-11T06:00:00'))).toBe(true);
  });
});
