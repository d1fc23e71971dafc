/** Delay-employee over HTTP (spec 7): each call, its rules (403), bad input (400/422, nothing written). */
import { count, countDistinct } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { flightDelays, flights } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  DELAY_EMPLOYEE_MESSAGES,
  type DelayEmployee,
  delayEmployeeSchema,
  type EmployeeOption,
} from '../../src/shared/delay-employee.ts';
import { MESSAGES, z } from '../../src/shared/messages.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
/** The demo's reference day is 2026-03-10 at noon, Moscow time: the day before has flown. */
const DAY = '2026-03-09';
const ZONE = { 'time-zone': 'Europe/Moscow' };

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'planner', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  tokens.index = bearer(await loginHolding(app, 'only-delay-employee-index', ['delay-employee-index']));
  tokens.update = bearer(await loginHolding(app, 'only-delay-employee-update', ['delay-employee-update']));
});
afterAll(() => app.close());

const call = (method: 'GET' | 'PATCH', url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: { ...tokens[as], ...ZONE }, payload });
/** Every delay's employee, by delay id: what a refused call must leave as it was. */
async function assignments() {
  const rows = await db.db
    .select({ id: flightDelays.id, employee: flightDelays.employeeId })
    .from(flightDelays);
  return new Map(rows.map((row) => [row.id, row.employee]));
}
const dayDelays = async (as = 'admin') =>
  (await call('GET', `/v2/delay-employee?date=${DAY}`, as)).json() as DelayEmployee[];

describe('GET /v2/delay-employee', () => {
  it('answers the delays of the day with flight, IATA code, minutes and times in the Time-Zone', async () => {
    const res = await call('GET', `/v2/delay-employee?date=${DAY}`, 'index');
    expect(res.statusCode).toBe(200);
    const list = res.json() as DelayEmployee[];
    expect(list.length).toBeGreaterThan(0);
    for (const row of list) {
      expect(row.plan_at.startsWith(DAY)).toBe(true);
      expect(row.number_code).toMatch(/^\d{2}$/);
      expect(row.minutes).toBeGreaterThan(0);
      expect(row.flight_number).toMatch(/^[A-Z0-9]{2,3} \d+/);
    }
    const utc = (
      await app.inject({
        url: `/api/v2/delay-employee?date=${DAY}`,
        headers: { ...tokens.admin, 'time-zone': 'UTC' },
      })
    ).json() as DelayEmployee[];
    const same = utc.find((row) => row.id === list[0].id);
    if (same) expect(same.plan_at).not.toBe(list[0].plan_at);
  });

  it('stores a few percent of the demo flights as delayed, each with a seeded IATA code', async () => {
    const [{ delayed }] = await db.db
      .select({ delayed: countDistinct(flightDelays.flightId) })
      .from(flightDelays);
    const [{ all }] = await db.db.select({ all: count() }).from(flights);
    expect(delayed / all).toBeGreaterThan(0.005);
    expect(delayed / all).toBeLessThan(0.1);
    const codes = (await dayDelays()).map((row) => row.number_code);
    expect(codes.every((code) => code >= '11' && code <= '99')).toBe(true);
  });

  it('refuses a malformed date (400)', async () => {
    for (const date of ['2026-13-01', '09.03.2026', ''])
      expect((await call('GET', `/v2/delay-employee?date=${date}`)).statusCode).toBe(400);
    expect((await call('GET', '/v2/delay-employee')).statusCode).toBe(400);
  });

  it('refuses a user without delay-employee-index (403)', async () => {
    for (const as of ['viewer', 'update']) {
      expect((await call('GET', `/v2/delay-employee?date=${DAY}`, as)).statusCode).toBe(403);
      expect((await call('GET', '/v2/employee', as)).statusCode).toBe(403);
    }
  });
});

describe('GET /v2/employee', () => {
  it('answers a bounded page of employees whose name holds the filter, with their position', async () => {
    const all = await call('GET', '/v2/employee?per-page=500', 'planner');
    expect(all.statusCode).toBe(200);
    const page = all.json() as EmployeeOption[];
    expect(page).toHaveLength(50);
    expect(Number(all.headers['x-pagination-total-count'])).toBeGreaterThan(50);
    const needle = page[0].name.split(' ')[0];
    const found = (await call('GET', `/v2/employee?filter[name]=${encodeURIComponent(needle)}`)).json();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e: EmployeeOption) => e.name.includes(needle) && e.employeePosition.name)).toBe(true);
  });

  it('refuses an unknown filter (400)', async () => {
    expect((await call('GET', '/v2/employee?filter[age]=3')).statusCode).toBe(400);
  });
});

describe('PATCH /v2/delay-employees', () => {
  it('assigns and clears answerable employees in one call and answers the changed delays', async () => {
    const [first, second] = await dayDelays();
    const [employee] = (await call('GET', '/v2/employee')).json() as EmployeeOption[];
    const res = await call('PATCH', '/v2/delay-employees', 'planner', {
      items: [
        { delay_id: first.id, employee_id: employee.id },
        { delay_id: second.id, employee_id: null },
      ],
    });
    expect(res.statusCode).toBe(200);
    const answered = res.json() as DelayEmployee[];
    expect(answered.map((row) => [row.id, row.employee?.id ?? null])).toEqual([
      [first.id, employee.id],
      [second.id, null],
    ]);
    const again = await dayDelays();
    expect(again.find((row) => row.id === first.id)?.employee).toEqual({
      id: employee.id,
      name: employee.name,
    });
    expect(again.find((row) => row.id === second.id)?.employee).toBeNull();
  });

  it('refuses an assignment of a delay written since it was read (409) and writes nothing', async () => {
    const [, , a, b] = await dayDelays();
    const [one, two] = (await call('GET', '/v2/employee')).json() as EmployeeOption[];
    expect(a.version).toMatch(/^\d+$/);
    // The first user saves with the version read: accepted, and the answer carries the new one.
    const first = await call('PATCH', '/v2/delay-employees', 'planner', {
      items: [{ delay_id: a.id, employee_id: one.id, version: a.version }],
    });
    expect(first.statusCode).toBe(200);
    const [saved] = z.array(delayEmployeeSchema).parse(first.json());
    expect(saved).toEqual({ ...a, employee: { id: one.id, name: one.name }, version: expect.any(String) });
    expect(saved.version).not.toBe(a.version);
    // The second user read the old version of one of their delays: refused, nothing of theirs written.
    const before = await assignments();
    const stale = await call('PATCH', '/v2/delay-employees', 'planner', {
      items: [
        { delay_id: b.id, employee_id: two.id, version: b.version },
        { delay_id: a.id, employee_id: two.id, version: a.version },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: MESSAGES.staleEdit,
      fields: { 'items.1.employee_id': [DELAY_EMPLOYEE_MESSAGES.changed] },
    });
    expect(await assignments()).toEqual(before);
    const day = await dayDelays();
    expect(day.find((row) => row.id === a.id)).toEqual(saved);
    expect(day.find((row) => row.id === b.id)).toEqual(b);
    // Two saves of one version sent together: exactly one is accepted.
    const both = await Promise.all(
      [one, two].map((employee) =>
        call('PATCH', '/v2/delay-employees', 'planner', {
          items: [{ delay_id: a.id, employee_id: employee.id, version: saved.version }],
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the delay is not checked; a malformed one is a 422 on its path.
    const unchecked = await call('PATCH', '/v2/delay-employees', 'planner', {
      items: [{ delay_id: a.id, employee_id: null }],
    });
    expect(unchecked.statusCode).toBe(200);
    const malformed = await call('PATCH', '/v2/delay-employees', 'planner', {
      items: [{ delay_id: b.id, employee_id: null, version: '12a' }],
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ 'items.0.version': [MESSAGES.rowVersionFormat] });
    expect((await dayDelays()).find((row) => row.id === b.id)).toEqual(b);
  });

  it('refuses a user without delay-employee-update (403) and writes nothing', async () => {
    const before = await assignments();
    const [delay] = await dayDelays();
    for (const as of ['viewer', 'index']) {
      const res = await call('PATCH', '/v2/delay-employees', as, {
        items: [{ delay_id: delay.id, employee_id: null }],
      });
      expect(res.statusCode).toBe(403);
    }
    expect(await assignments()).toEqual(before);
  });

  it('refuses unknown delays and employees with fields by path (422) and writes nothing', async () => {
    const [delay] = await dayDelays();
    const [employee] = (await call('GET', '/v2/employee')).json() as EmployeeOption[];
    const before = await assignments();
    const res = await call('PATCH', '/v2/delay-employees', 'update', {
      items: [
        { delay_id: delay.id, employee_id: employee.id },
        { delay_id: 999_999, employee_id: employee.id },
        { delay_id: delay.id + 1, employee_id: 999_998 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      'items.1.delay_id': [DELAY_EMPLOYEE_MESSAGES.unknownDelay(999_999)],
      'items.2.employee_id': [DELAY_EMPLOYEE_MESSAGES.unknownEmployee(999_998)],
    });
    expect(await assignments()).toEqual(before);
  });

  it('refuses a malformed body (422): no items, a delay twice, a bad id', async () => {
    const before = await assignments();
    const empty = await call('PATCH', '/v2/delay-employees', 'admin', { items: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields).toEqual({ items: [DELAY_EMPLOYEE_MESSAGES.empty] });
    const twice = await call('PATCH', '/v2/delay-employees', 'admin', {
      items: [
        { delay_id: 1, employee_id: null },
        { delay_id: 1, employee_id: null },
      ],
    });
    expect(twice.json().fields).toEqual({ 'items.1.delay_id': [DELAY_EMPLOYEE_MESSAGES.duplicate] });
    const bad = await call('PATCH', '/v2/delay-employees', 'admin', {
      items: [{ delay_id: 1, employee_id: -4 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(['items.0.employee_id']);
    expect(await assignments()).toEqual(before);
  });
});
