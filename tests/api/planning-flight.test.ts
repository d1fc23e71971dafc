import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aircraftTypes,
  airlines,
  airports,
  departments,
  employeePositions,
  employees,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flights,
  flightTypes,
  jobs,
  resourceTypes,
  scales,
  taskEmployees,
  taskPositions,
  taskResources,
  tasks,
  tgoTemplates,
  turnarounds,
} from '../../src/server/db/schema/index.ts';
import { notifyChange } from '../../src/server/events/notify.ts';
import { createPlanningFlightService } from '../../src/server/modules/staff-planning/flight.ts';
import { flightCacheKey } from '../../src/server/modules/staff-planning/flightCache.ts';
import { type PlanningFlight, planningFlightsSchema } from '../../src/shared/staff-planning.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

/**
 * A hand-made airport day, 2030-06-03, in Moscow wall clock (UTC+3, the default zone).
 *
 * - F1 departure SU100 (type 1, schedule 2, status 1, class 1), plan 10:00, TGO 'ТГО вылет':
 *   T1 Погрузка 09:00–09:40 needs P1 ×2 (department D1) and P3 ×1 (D2), a Тягач; E1 and E2 assigned.
 *   T2 Уборка 09:30–09:50 needs P2 ×1 (D1); E1 assigned — E1 is double-booked with T1.
 * - F2 arrival SU101 (type 2, schedule 3, status 2, class 2), plan 08:00, one turnaround with F1:
 *   T3 Погрузка 07:50–08:30 needs P3 ×1, a Трап; E2 assigned — and E2 also holds T5 of F4 (08:00–08:20).
 * - F3 departure (type 1, schedule 1, status 3), plan 2030-06-02 23:30: T4 Уборка 23:20–00:20 crosses into the day.
 * - F4 departure, plan 2030-06-05 12:00 (outside the day), yet its T5 Уборка runs 2030-06-03 08:00–08:20 (E2).
 * - F5 departure, plan 15:00, no tasks.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
let auth: Record<string, string>;
const id = {} as Record<
  'f1' | 'f2' | 'f3' | 'f4' | 'f5' | 't1' | 't2' | 't3' | 'p1' | 'p2' | 'p3' | 'd1' | 'd2' | 'j1' | 'j2',
  number
> &
  Record<'r1' | 'r2' | 'e1' | 'e2' | 'aid', number>;

const moscow = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+03:00`);
const DAY = 'times[]=2030-06-03 00:00:00&times[]=2030-06-03 23:59:59';

async function get(query: string, headers: Record<string, string> = {}) {
  return app.inject({ url: `/api/planning/flight?${encodeURI(query)}`, headers: { ...auth, ...headers } });
}

async function flightsOf(query: string, headers: Record<string, string> = {}): Promise<PlanningFlight[]> {
  const res = await get(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return planningFlightsSchema.parse(res.json());
}

const byId = (list: PlanningFlight[], flightId: number) => list.find((f) => f.id === flightId);

beforeAll(async () => {
  app = await createTestApp({
    // A stand-in for the live feed: a stream answered as text/event-stream must never be compressed.
    configure: (server) =>
      server.get('/api/test-event-stream', { config: { access: 'public' } }, async (_request, reply) =>
        reply.type('text/event-stream').send(Readable.from([`data: ${'x'.repeat(4000)}\n\n`])),
      ),
  });
  auth = bearer(await loginAs(app, 'planner'));
  const db = app.db;
  const named = (names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
  await db.insert(flightTypes).values(named(['Внутренний', 'Международный']));
  await db.insert(flightSchedules).values(named(['Ежедневный', 'Сезонный', 'Заявка']));
  await db.insert(flightStatuses).values(named(['Запланирован', 'Прибыл', 'Вылетел']));
  await db.insert(flightClasses).values(named(['Пассажирский', 'Грузовой']));
  await db.insert(scales).values([
    { name: '15 минут', periodMinutes: 15, isDefault: true },
    { name: '1 час', periodMinutes: 60 },
  ]);
  const codes = { nameEn: 'Test', countryCode: 'RU' };
  const [airline] = await db
    .insert(airlines)
    .values({ nameRu: 'Аэрофлот', iataCode: 'SU', icaoCode: 'AFL', ...codes })
    .returning();
  const [home, kazan] = await db
    .insert(airports)
    .values([
      {
        nameRu: 'Шереметьево',
        iataCode: 'SVO',
        icaoCode: 'UUEE',
        timeZone: 'Europe/Moscow',
        city: 'Москва',
        isHome: true,
        ...codes,
      },
      {
        nameRu: 'Казань',
        iataCode: 'KZN',
        icaoCode: 'UWKD',
        timeZone: 'Europe/Moscow',
        city: 'Казань',
        ...codes,
      },
    ])
    .returning();
  const [aircraft] = await db
    .insert(aircraftTypes)
    .values({ name: 'Airbus A320', icaoCode: 'A320', category: 2, seats: 180 })
    .returning();
  const [tgo] = await db
    .insert(tgoTemplates)
    .values({ name: 'ТГО вылет', direction: 1, flightTypeId: 1 })
    .returning();
  [id.d1, id.d2] = (
    await db
      .insert(departments)
      .values([
        { name: 'СОП', fullName: 'Служба обслуживания пассажиров' },
        { name: 'СПТ', fullName: 'Служба перронной техники' },
      ])
      .returning()
  ).map((d) => d.id);
  [id.p1, id.p2, id.p3] = (
    await db
      .insert(employeePositions)
      .values([
        { name: 'Грузчик', departmentId: id.d1 },
        { name: 'Уборщик', departmentId: id.d1 },
        { name: 'Водитель', departmentId: id.d2 },
      ])
      .returning()
  ).map((p) => p.id);
  [id.j1, id.j2] = (
    await db
      .insert(jobs)
      .values([
        { name: 'Погрузка', directionKind: 3, color: '#888888' },
        { name: 'Уборка', directionKind: 3, color: '#888888' },
      ])
      .returning()
  ).map((j) => j.id);
  [id.r1, id.r2] = (
    await db
      .insert(resourceTypes)
      .values([{ name: 'Тягач' }, { name: 'Трап' }])
      .returning()
  ).map((r) => r.id);
  [id.e1, id.e2] = (
    await db
      .insert(employees)
      .values([
        {
          surname: 'Иванов',
          firstName: 'Иван',
          name: 'Иванов Иван',
          personnelNumber: 'T1',
          departmentId: id.d1,
          employeePositionId: id.p1,
        },
        {
          surname: 'Петров',
          firstName: 'Пётр',
          name: 'Петров Пётр',
          personnelNumber: 'T2',
          departmentId: id.d2,
          employeePositionId: id.p3,
        },
      ])
      .returning()
  ).map((e) => e.id);
  const leg = (
    number: string,
    direction: number,
    type: number,
    schedule: number,
    status: number,
    flightClass: number,
    at: string,
  ) => ({
    airlineId: airline.id,
    flightNumber: number,
    direction,
    flightTypeId: type,
    flightClassId: flightClass,
    flightScheduleId: schedule,
    flightStatusId: status,
    aircraftTypeId: aircraft.id,
    departureAirportId: direction === 1 ? home.id : kazan.id,
    arrivalAirportId: direction === 1 ? kazan.id : home.id,
    planAt: moscow(at),
    planDepartureAt: moscow(at),
    planArrivalAt: moscow(at),
    passengers: 120,
  });
  [id.f1, id.f2, id.f3, id.f4, id.f5] = (
    await db
      .insert(flights)
      .values([
        { ...leg('100', 1, 1, 2, 1, 1, '2030-06-03 10:00'), tgoTemplateId: tgo.id },
        leg('101', 2, 2, 3, 2, 2, '2030-06-03 08:00'),
        leg('102', 1, 1, 1, 3, 1, '2030-06-02 23:30'),
        leg('103', 1, 1, 1, 3, 1, '2030-06-05 12:00'),
        leg('104', 1, 1, 2, 1, 1, '2030-06-03 15:00'),
      ])
      .returning()
  ).map((f) => f.id);
  [{ aid: id.aid }] = await db
    .insert(turnarounds)
    .values({ arrivalFlightId: id.f2, departureFlightId: id.f1 })
    .returning();
  const task = (flightId: number, jobId: number, begin: string, end: string) => ({
    flightId,
    jobId,
    beginAt: moscow(begin),
    endAt: moscow(end),
    planBeginAt: moscow(begin),
    planEndAt: moscow(end),
  });
  const [t1, t2, t3, t4, t5] = (
    await db
      .insert(tasks)
      .values([
        task(id.f1, id.j1, '2030-06-03 09:00', '2030-06-03 09:40'),
        task(id.f1, id.j2, '2030-06-03 09:30', '2030-06-03 09:50'),
        task(id.f2, id.j1, '2030-06-03 07:50', '2030-06-03 08:30'),
        task(id.f3, id.j2, '2030-06-02 23:20', '2030-06-03 00:20'),
        task(id.f4, id.j2, '2030-06-03 08:00', '2030-06-03 08:20'),
      ])
      .returning()
  ).map((t) => t.id);
  Object.assign(id, { t1, t2, t3 });
  await db.insert(taskPositions).values([
    { taskId: t1, employeePositionId: id.p1, count: 2 },
    { taskId: t1, employeePositionId: id.p3, count: 1 },
    { taskId: t2, employeePositionId: id.p2, count: 1 },
    { taskId: t3, employeePositionId: id.p3, count: 1 },
    { taskId: t4, employeePositionId: id.p2, count: 1 },
    { taskId: t5, employeePositionId: id.p2, count: 1 },
  ]);
  await db.insert(taskResources).values([
    { taskId: t1, resourceTypeId: id.r1 },
    { taskId: t3, resourceTypeId: id.r2 },
  ]);
  await db.insert(taskEmployees).values([
    { taskId: t1, employeeId: id.e1, employeePositionId: id.p1 },
    { taskId: t1, employeeId: id.e2, employeePositionId: id.p3 },
    { taskId: t2, employeeId: id.e1, employeePositionId: id.p2 },
    { taskId: t3, employeeId: id.e2, employeePositionId: id.p3 },
    { taskId: t5, employeeId: id.e2, employeePositionId: id.p2 },
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/planning/flight', () => {
  it('answers the flights planned in the period, sorted by the begin of their ground handling, with every field', async () => {
    const list = await flightsOf(DAY);
    expect(list.map((f) => f.id)).toEqual([id.f2, id.f1, id.f5]);
    const f1 = byId(list, id.f1);
    expect(f1).toMatchObject({
      aid: id.aid,
      direction: 1,
      begin: '2030-06-03 09:00:00',
      end: '2030-06-03 09:50:00',
      flightNumber: 'SU 100',
      flightTypeId: 1,
      flight_schedule_id: 2,
      flight_status: ['Запланирован'],
      route: 'SVO – KZN',
      aircraft_type: 'Airbus A320',
      tgo: 'ТГО вылет',
      passengers: 120,
      flight_url: `/flight/view/${id.f1}`,
      season_flight_url: `/season-flight/view/${id.f1}`,
      season_flight_request_url: null,
    });
    expect(f1?.tasks).toEqual([
      {
        id: id.t1,
        begin: '2030-06-03 09:00:00',
        end: '2030-06-03 09:40:00',
        name: 'Погрузка',
        count: 3,
        taskEmployee: [id.e1, id.e2].sort((a, b) => a - b),
        resources: [{ id: id.r1, resourceTypeName: 'Тягач' }],
        employee_positions: [
          { id: id.p1, employeePositionName: 'Грузчик', count: 2 },
          { id: id.p3, employeePositionName: 'Водитель', count: 1 },
        ],
      },
      {
        id: id.t2,
        begin: '2030-06-03 09:30:00',
        end: '2030-06-03 09:50:00',
        name: 'Уборка',
        count: 1,
        taskEmployee: [id.e1],
        resources: [],
        employee_positions: [{ id: id.p2, employeePositionName: 'Уборщик', count: 1 }],
      },
    ]);
    expect(byId(list, id.f2)).toMatchObject({
      aid: id.aid,
      direction: 2,
      route: 'KZN – SVO',
      tgo: null,
      season_flight_url: null,
      season_flight_request_url: `/season-flight-request/view/${id.f2}`,
    });
  });

  it('gives a flight without tasks its plan time as begin and end', async () => {
    const f5 = byId(await flightsOf(DAY), id.f5);
    expect(f5).toMatchObject({
      begin: '2030-06-03 15:00:00',
      end: '2030-06-03 15:00:00',
      tasks: [],
      is_conflict: 0,
    });
  });

  it('writes every time in the zone of the Time-Zone header', async () => {
    // Vladivostok is UTC+10, seven hours ahead of Moscow; the period is read in that zone too.
    const list = await flightsOf('times[]=2030-06-03 07:00:00&times[]=2030-06-04 06:59:59', {
      'time-zone': 'Asia/Vladivostok',
    });
    const f1 = byId(list, id.f1);
    expect(f1?.begin).toBe('2030-06-03 16:00:00');
    expect(f1?.tasks[0]).toMatchObject({ begin: '2030-06-03 16:00:00', end: '2030-06-03 16:40:00' });
  });

  it('flags a flight whose employee is double-booked, even by a task of a flight outside the answer', async () => {
    const list = await flightsOf(DAY);
    expect(byId(list, id.f1)?.is_conflict).toBe(1); // E1 on T1 and T2
    expect(byId(list, id.f2)?.is_conflict).toBe(1); // E2 on T3 and on F4's T5
    expect(byId(list, id.f5)?.is_conflict).toBe(0);
  });

  it('does not flag an employee whose tasks do not overlap', async () => {
    // Without T5 (F4) E2 holds T1 09:00–09:40 and T3 07:50–08:30 only.
    // Writes announce themselves (the answers are cached until a notice), as the app's writes do.
    const [t5] = await app.db.select().from(tasks).where(eq(tasks.flightId, id.f4));
    await app.db.transaction(async (tx) => {
      await tx
        .delete(taskEmployees)
        .where(and(eq(taskEmployees.employeeId, id.e2), eq(taskEmployees.taskId, t5.id)));
      await notifyChange(tx, { entity: 'task_employee', ids: [t5.id], by: null });
    });
    try {
      await expect.poll(async () => byId(await flightsOf(DAY), id.f2)?.is_conflict).toBe(0);
    } finally {
      await app.db.transaction(async (tx) => {
        await tx
          .insert(taskEmployees)
          .values({ taskId: t5.id, employeeId: id.e2, employeePositionId: id.p2 });
        await notifyChange(tx, { entity: 'task_employee', ids: [t5.id], by: null });
      });
    }
  });

  it('answers flights whose tasks nobody holds yet, unflagged', async () => {
    const list = await flightsOf('times[]=2030-06-02 23:00:00&times[]=2030-06-02 23:59:59');
    expect(list.map((f) => [f.id, f.is_conflict, f.tasks[0]?.taskEmployee])).toEqual([[id.f3, 0, []]]);
  });

  it('filters by schedule kind, flight type, status and class', async () => {
    const ids = async (query: string) => (await flightsOf(`${DAY}&${query}`)).map((f) => f.id);
    expect(await ids('flight_schedule_id[]=3')).toEqual([id.f2]);
    expect(await ids('flight_schedule_id[]=2&flight_schedule_id[]=3')).toEqual([id.f2, id.f1, id.f5]);
    expect(await ids('flight_type[]=2')).toEqual([id.f2]);
    expect(await ids('flight_status[]=1')).toEqual([id.f1, id.f5]);
    expect(await ids('flight_class[]=2')).toEqual([id.f2]);
    expect(await ids('flight_status[]=3')).toEqual([]);
  });

  it('keeps only the tasks needing a chosen position, listing only those positions', async () => {
    const list = await flightsOf(`${DAY}&employee_position[]=${id.p1}`);
    expect(list.map((f) => f.id)).toEqual([id.f1]);
    expect(list[0].tasks).toHaveLength(1);
    expect(list[0].tasks[0]).toMatchObject({
      id: id.t1,
      count: 2,
      employee_positions: [{ id: id.p1, employeePositionName: 'Грузчик', count: 2 }],
    });
  });

  it('keeps only the tasks needing a position of the department', async () => {
    const list = await flightsOf(`${DAY}&department_id=${id.d2}`);
    expect(list.map((f) => f.id)).toEqual([id.f2, id.f1]);
    expect(byId(list, id.f1)?.tasks.map((t) => t.id)).toEqual([id.t1]);
    expect(byId(list, id.f1)?.tasks[0]).toMatchObject({
      count: 1,
      employee_positions: [{ id: id.p3, employeePositionName: 'Водитель', count: 1 }],
    });
  });

  it('keeps only the tasks needing a chosen resource type, or of a chosen job', async () => {
    const byResource = await flightsOf(`${DAY}&resource_type_id[]=${id.r2}`);
    expect(byResource.map((f) => [f.id, f.tasks.map((t) => t.id)])).toEqual([[id.f2, [id.t3]]]);
    const byJob = await flightsOf(`${DAY}&job[]=${id.j2}`);
    expect(byJob.map((f) => [f.id, f.tasks.map((t) => t.id)])).toEqual([[id.f1, [id.t2]]]);
  });

  it('with flight_period_type=1 answers the flights whose ground handling overlaps the period', async () => {
    const list = await flightsOf(`${DAY}&flight_period_type=1`);
    // F3 planned the day before but handled past midnight, F4 planned two days later but handled this morning; F5
    // has no ground handling at all.
    expect(list.map((f) => f.id)).toEqual([id.f3, id.f2, id.f4, id.f1]);
    expect(byId(list, id.f3)).toMatchObject({ begin: '2030-06-02 23:20:00', end: '2030-06-03 00:20:00' });
  });

  it('accepts an existing scale and refuses another', async () => {
    expect((await get(`${DAY}&scale=60`)).statusCode).toBe(200);
    const res = await get(`${DAY}&scale=7`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['scale']);
  });

  it.each([
    ['no period', '', 'times'],
    ['one bound', 'times[]=2030-06-03 00:00:00', 'times'],
    ['a malformed time', 'times[]=2030-06-03&times[]=03.06.2030', 'times'],
    ['an end before the begin', 'times[]=2030-06-03 10:00:00&times[]=2030-06-03 09:00:00', 'times'],
    ['a period over 93 days', 'times[]=2030-01-01 00:00:00&times[]=2030-04-05 00:00:00', 'times'],
    ['an unknown schedule kind', `${DAY}&flight_schedule_id[]=9`, 'flight_schedule_id'],
    ['an unknown flight type', `${DAY}&flight_type[]=9`, 'flight_type'],
    ['an unknown status', `${DAY}&flight_status[]=99`, 'flight_status'],
    ['an unknown class', `${DAY}&flight_class[]=99`, 'flight_class'],
    ['an unknown position', `${DAY}&employee_position[]=999999`, 'employee_position'],
    ['an unknown resource type', `${DAY}&resource_type_id[]=999999`, 'resource_type_id'],
    ['an unknown job', `${DAY}&job[]=999999`, 'job'],
    ['an unknown department', `${DAY}&department_id=999999`, 'department_id'],
    ['a non-numeric list', `${DAY}&job[]=abc`, 'job'],
    ['an unknown period type', `${DAY}&flight_period_type=3`, 'flight_period_type'],
  ])('refuses %s with 400 naming the parameter', async (_case, query, field) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(400);
    const fields = Object.keys(res.json().fields ?? {});
    expect(fields.some((name) => name === field || name.startsWith(`${field}.`))).toBe(true);
  });

  it('is refused to a user without strategic-planning-index', async () => {
    const viewer = bearer(await loginAs(app, 'viewer'));
    const res = await app.inject({ url: `/api/planning/flight?${encodeURI(DAY)}`, headers: viewer });
    expect(res.statusCode).toBe(403);
  });
});

describe('compression', () => {
  it.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ])('answers %s when asked, decompressing to the same JSON', async (encoding, decode) => {
    const plain = await get(DAY);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await get(DAY, { 'accept-encoding': encoding });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers alone', async () => {
    const res = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses an event stream', async () => {
    const res = await app.inject({
      url: '/api/test-event-stream',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.startsWith('data: xxx')).toBe(true);
  });
});

describe('the answer cache', () => {
  /** The same day as DAY, to the second before its end: a key no other test has stored. */
  const FRESH = 'times[]=2030-06-03 00:00:00&times[]=2030-06-03 23:59:58';

  it('serves a second identical call from the cache, not from the tables', async () => {
    const first = await get(FRESH);
    expect(first.statusCode).toBe(200);
    // A write that sends no notice: the cache cannot know of it, so the answer held is served as it was.
    await app.db
      .update(tasks)
      .set({ planEndAt: moscow('2030-06-03 09:45') })
      .where(eq(tasks.id, id.t1));
    try {
      const second = await get(FRESH);
      expect(second.body).toBe(first.body);
      const fromTables = await get(`${FRESH}&flight_class[]=1&flight_class[]=2`);
      expect(byId(planningFlightsSchema.parse(fromTables.json()), id.f1)?.tasks[0].end).toBe(
        '2030-06-03 09:45:00',
      );
    } finally {
      await app.db.transaction(async (tx) => {
        await tx
          .update(tasks)
          .set({ planEndAt: moscow('2030-06-03 09:40') })
          .where(eq(tasks.id, id.t1));
        await notifyChange(tx, { entity: 'task', ids: [id.t1], by: null });
      });
    }
  });

  it('drops every answer on a notice sent from a transaction, so the next call reads the change', async () => {
    const before = planningFlightsSchema.parse((await get(FRESH)).json());
    expect(byId(before, id.f5)?.passengers).not.toBe(77);
    await app.db.transaction(async (tx) => {
      await tx.update(flights).set({ passengers: 77 }).where(eq(flights.id, id.f5));
      await tx.execute(sql`select pg_notify('gow_events', '{"entity":"flight","ids":[],"by":null}')`);
    });
    await expect
      .poll(async () => byId(planningFlightsSchema.parse((await get(FRESH)).json()), id.f5)?.passengers)
      .toBe(77);
  });

  it('keeps within its bound in bytes, dropping the least recently used answer', async () => {
    const zone = 'Europe/Moscow';
    const day = (end: string) => ({
      period: { begin: moscow('2030-06-03 00:00'), end: new Date(`2030-06-03T${end}+03:00`) },
      periodType: 2 as const,
      timeZone: zone,
    });
    const probe = createPlanningFlightService(app.dbh);
    const size = (await probe.flightsJson(day('23:59:59'))).length;
    const service = createPlanningFlightService(app.dbh, { maxBytes: size + size / 2 });
    const cache = service.flightCache;
    await service.flightsJson(day('23:59:59'));
    expect(cache?.size).toBe(1);
    await service.flightsJson(day('23:59:57'));
    expect(cache?.size).toBe(1);
    expect(cache?.bytes).toBeLessThanOrEqual(size + size / 2);
    expect(cache?.get(flightCacheKey(day('23:59:59')))).toBeUndefined();
    expect(cache?.get(flightCacheKey(day('23:59:57')))).toBeDefined();
    await Promise.all([probe.close(), service.close()]);
  });

  it('reflects employees dropped through POST /api/race/drop-employees on the next call', async () => {
    const before = planningFlightsSchema.parse((await get(FRESH)).json());
    expect(byId(before, id.f1)?.is_conflict).toBe(1);
    expect(byId(before, id.f1)?.tasks.some((task) => task.taskEmployee.length > 0)).toBe(true);
    const admin = bearer(await loginAs(app, 'admin'));
    const dropped = await app.inject({
      method: 'POST',
      url: '/api/race/drop-employees',
      headers: admin,
      payload: { aids: [id.aid] },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    await expect
      .poll(async () => {
        const f1 = byId(planningFlightsSchema.parse((await get(FRESH)).json()), id.f1);
        return [f1?.is_conflict, f1?.tasks.flatMap((task) => task.taskEmployee)];
      })
      .toEqual([0, []]);
  });
});
