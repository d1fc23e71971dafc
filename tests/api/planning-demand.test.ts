import { asc } from 'drizzle-orm';
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
  scales,
  taskEmployees,
  taskPositions,
  tasks,
  workingShifts,
} from '../../src/server/db/schema/index.ts';
import { peakGraphSchema } from '../../src/shared/planning-demand.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

/**
 * A hand-made fixture on an empty database: the reference lists it needs, three flights in June 2030, six tasks.
 * Times are Moscow wall clock (UTC+3, the default zone). 2030-06-03 and 2030-06-10 are Mondays.
 *
 * Position A on 2030-06-03 (flight F1 departure, type 1, schedule 2, status 3; F2 arrival, type 2, schedule 3,
 * status 4): T1 09:00–10:00 ×2, T2 09:30–10:30 ×1, T3 09:45–09:50 ×3 (F1); T4 10:00–11:00 ×1 (F2).
 * Demand of A: 09:00 2 · 09:30 3 · 09:45 6 · 09:50 3 · 10:00 2 (T1 ends as T4 begins) · 10:30 1 · 11:00 0.
 * Position B: T5 10:00–10:30 ×2 (F2). On 2030-06-10, F3 (departure, type 1, schedule 2, status 3): T6 09:00–10:00
 * ×2 of A. Passengers: F1 100 at 10:00, F2 50 at 10:10, F3 30 at 10:00 on the 10th.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
let get: (url: string, headers?: Record<string, string>) => Promise<Awaited<ReturnType<typeof app.inject>>>;
let positionA: number;
let positionB: number;
let task1: number;
let employee1: number;
let shiftName: string;

const moscow = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+03:00`);

beforeAll(async () => {
  app = await createTestApp();
  const auth = bearer(await loginAs(app, 'planner'));
  get = (url, headers = {}) => app.inject({ url: `/api${url}`, headers: { ...auth, ...headers } });
  const db = app.db;
  const named = (names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
  await db.insert(flightTypes).values(named(['Внутренний', 'Международный']));
  await db.insert(flightSchedules).values(named(['Ежедневный', 'Сезонный', 'Заявка']));
  await db.insert(flightStatuses).values(named(['С1', 'С2', 'С3', 'С4', 'С5']));
  await db.insert(flightClasses).values(named(['Пассажирский', 'Грузовой']));
  await db.insert(scales).values([
    { name: '5 минут', periodMinutes: 5 },
    { name: '15 минут', periodMinutes: 15, isDefault: true },
    { name: '1 час', periodMinutes: 60 },
  ]);
  const codes = { nameEn: 'Test', iataCode: 'ZZ', icaoCode: 'ZZZ', countryCode: 'RU' };
  const [airline] = await db
    .insert(airlines)
    .values({ nameRu: 'Тестовые авиалинии', ...codes })
    .returning();
  const [from, to] = await db
    .insert(airports)
    .values([
      { nameRu: 'Дом', ...codes, timeZone: 'Europe/Moscow', city: 'Москва', isHome: true },
      {
        nameRu: 'Казань',
        ...codes,
        iataCode: 'KZN',
        icaoCode: 'UWKD',
        timeZone: 'Europe/Moscow',
        city: 'Казань',
      },
    ])
    .returning();
  const [aircraft] = await db
    .insert(aircraftTypes)
    .values({ name: 'A320', icaoCode: 'A320', category: 2, seats: 180 })
    .returning();
  const flightClass = { id: 1 };
  const [job] = await db
    .insert(jobs)
    .values({ name: 'Погрузка', directionKind: 3, color: '#888888' })
    .returning();
  const [department] = await db.insert(departments).values({ name: 'СОП', fullName: 'Служба' }).returning();
  const [shift] = await db
    .insert(workingShifts)
    .values([
      { name: 'Дневная 08–20', beginTime: '08:00', durationMinutes: 720, breakMinutes: 60 },
      { name: 'Ночная 20–08', beginTime: '20:00', durationMinutes: 720, breakMinutes: 60 },
    ])
    .returning();
  shiftName = shift.name;
  [positionA, positionB] = (
    await db
      .insert(employeePositions)
      .values([
        { name: 'Тестовая должность А', departmentId: department.id },
        { name: 'Тестовая должность Б', departmentId: department.id },
      ])
      .returning()
  ).map((p) => p.id);
  const leg = (
    number: string,
    direction: number,
    type: number,
    schedule: number,
    status: number,
    at: string,
    passengers: number,
  ) => ({
    airlineId: airline.id,
    flightNumber: number,
    direction,
    flightTypeId: type,
    flightClassId: flightClass.id,
    flightScheduleId: schedule,
    flightStatusId: status,
    aircraftTypeId: aircraft.id,
    departureAirportId: from.id,
    arrivalAirportId: to.id,
    planAt: moscow(at),
    planDepartureAt: moscow(at),
    planArrivalAt: moscow(at),
    passengers,
  });
  const [f1, f2, f3] = (
    await db
      .insert(flights)
      .values([
        leg('9901', 1, 1, 2, 3, '2030-06-03 10:00', 100),
        leg('9902', 2, 2, 3, 4, '2030-06-03 10:10', 50),
        leg('9903', 1, 1, 2, 3, '2030-06-10 10:00', 30),
      ])
      .returning()
  ).map((f) => f.id);
  const plan = [
    [f1, '2030-06-03 09:00', '2030-06-03 10:00', positionA, 2],
    [f1, '2030-06-03 09:30', '2030-06-03 10:30', positionA, 1],
    [f1, '2030-06-03 09:45', '2030-06-03 09:50', positionA, 3],
    [f2, '2030-06-03 10:00', '2030-06-03 11:00', positionA, 1],
    [f2, '2030-06-03 10:00', '2030-06-03 10:30', positionB, 2],
    [f3, '2030-06-10 09:00', '2030-06-10 10:00', positionA, 2],
  ] as const;
  const made = await db
    .insert(tasks)
    .values(
      plan.map(([flightId, begin, end]) => ({
        flightId,
        jobId: job.id,
        beginAt: moscow(begin),
        endAt: moscow(end),
        planBeginAt: moscow(begin),
        planEndAt: moscow(end),
      })),
    )
    .returning();
  await db
    .insert(taskPositions)
    .values(
      plan.map(([, , , employeePositionId, count], i) => ({ taskId: made[i].id, employeePositionId, count })),
    );
  task1 = made[0].id;
  const person = (surname: string, positionId: number, workingShiftId: number | null) => ({
    surname,
    firstName: 'Тест',
    name: `${surname} Тест`,
    personnelNumber: `T-${surname}`,
    departmentId: department.id,
    employeePositionId: positionId,
    workingShiftId,
  });
  const people = await db
    .insert(employees)
    .values([person('Аксёнов', positionA, shift.id), person('Борисов', positionB, null)])
    .returning();
  employee1 = people[0].id;
  await db.insert(taskEmployees).values([
    { taskId: task1, employeeId: people[0].id, employeePositionId: positionA },
    { taskId: task1, employeeId: people[1].id, employeePositionId: positionB },
  ]);
});
afterAll(() => app.close());

const DAY = 'begin_datetime=2030-06-03 00:00:00&end_datetime=2030-06-04 00:00:00';
const maxDemand = async (query: string, headers: Record<string, string> = {}) => {
  const res = await get(`/planning/max-demand?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('when asking the max demand of a position', () => {
  it('answers the highest overlap of the tasks and when it holds', async () => {
    expect(await maxDemand(`${DAY}&employee_position_id=${positionA}`)).toEqual({
      max_count: 6,
      begin: '2030-06-03 09:45:00',
      end: '2030-06-03 09:50:00',
      employee_position_id: positionA,
    });
  });

  it('falls to the level that lasts min_time minutes without a break', async () => {
    const at = (minutes: number) => maxDemand(`${DAY}&employee_position_id=${positionA}&min_time=${minutes}`);
    expect(await at(10)).toMatchObject({
      max_count: 3,
      begin: '2030-06-03 09:30:00',
      end: '2030-06-03 10:00:00',
    });
    // T1 ends as T4 begins: level 2 holds unbroken from 09:00 to 10:30.
    expect(await at(31)).toMatchObject({
      max_count: 2,
      begin: '2030-06-03 09:00:00',
      end: '2030-06-03 10:30:00',
    });
    expect(await at(91)).toMatchObject({
      max_count: 1,
      begin: '2030-06-03 09:00:00',
      end: '2030-06-03 11:00:00',
    });
    expect(await at(121)).toEqual({ max_count: 0, begin: null, end: null, employee_position_id: positionA });
  });

  it('counts only the tasks of flights of the chosen type, schedule kind and status', async () => {
    const only = (filter: string) => maxDemand(`${DAY}&employee_position_id=${positionA}&${filter}`);
    expect((await only('flight_type[]=2')).max_count).toBe(1);
    expect((await only('flight_schedule[]=3')).max_count).toBe(1);
    expect(await only('flight_status[]=3&min_time=10')).toMatchObject({
      max_count: 3,
      end: '2030-06-03 10:00:00',
    });
    expect((await only('flight_status[]=5')).max_count).toBe(0);
    expect((await only('flight_type[]=1&flight_type[]=2')).max_count).toBe(6);
  });

  it('counts the position asked and cuts the tasks to the period', async () => {
    expect((await maxDemand(`${DAY}&employee_position_id=${positionB}`)).max_count).toBe(2);
    const cut = await maxDemand(
      `begin_datetime=2030-06-03 09:50:00&end_datetime=2030-06-03 10:00:00&employee_position_id=${positionA}`,
    );
    expect(cut).toMatchObject({ max_count: 3, begin: '2030-06-03 09:50:00', end: '2030-06-03 10:00:00' });
  });

  it('reads and answers times in the Time-Zone of the request', async () => {
    const utc = await maxDemand(
      `begin_datetime=2030-06-03 06:00:00&end_datetime=2030-06-03 07:00:00&employee_position_id=${positionA}`,
      { 'time-zone': 'UTC' },
    );
    expect(utc).toMatchObject({ max_count: 6, begin: '2030-06-03 06:45:00', end: '2030-06-03 06:50:00' });
  });

  it('refuses bad parameters with a 400 on the field', async () => {
    const fields = async (query: string) => {
      const res = await get(`/planning/max-demand?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().fields);
    };
    expect(await fields(DAY)).toEqual(['employee_position_id']);
    expect(await fields(`${DAY}&employee_position_id=999999`)).toEqual(['employee_position_id']);
    expect(await fields(`employee_position_id=${positionA}`)).toEqual(['begin_datetime']);
    expect(
      await fields(
        `begin_datetime=2030-06-04 00:00:00&end_datetime=2030-06-03 00:00:00&employee_position_id=${positionA}`,
      ),
    ).toEqual(['end_datetime']);
    expect(
      await fields(
        `begin_datetime=2030-01-01 00:00:00&end_datetime=2030-06-03 00:00:00&employee_position_id=${positionA}`,
      ),
    ).toEqual(['end_datetime']);
    expect(await fields(`${DAY}&employee_position_id=${positionA}&min_time=-1`)).toEqual(['min_time']);
    expect(await fields(`${DAY}&employee_position_id=${positionA}&flight_type[]=x`)).toEqual([
      'flight_type.0',
    ]);
    expect(await fields(`${DAY}&employee_position_id=${positionA}&flight_status[]=99999`)).toEqual([
      'flight_status',
    ]);
  });
});

describe('when asking the max demand of several positions at once', () => {
  it('answers each position as its own call would, in the order asked, a repeat once', async () => {
    const query = `${DAY}&min_time=10&flight_status[]=3&flight_status[]=4`;
    const res = await get(
      `/planning/max-demand/positions?${query}&employee_position_id[]=${positionB}&employee_position_id[]=${positionA}&employee_position_id[]=${positionB}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      await maxDemand(`${query}&employee_position_id=${positionB}`),
      await maxDemand(`${query}&employee_position_id=${positionA}`),
    ]);
    expect(res.json().data.map((row: { max_count: number }) => row.max_count)).toEqual([2, 3]);
  });

  it('refuses a missing or unknown position and a bad period with a 400 on the field', async () => {
    const fields = async (query: string) => {
      const res = await get(`/planning/max-demand/positions?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().fields);
    };
    expect(await fields(DAY)).toEqual(['employee_position_id']);
    expect(await fields(`${DAY}&employee_position_id[]=${positionA}&employee_position_id[]=999999`)).toEqual([
      'employee_position_id',
    ]);
    expect(await fields(`employee_position_id[]=${positionA}`)).toEqual(['begin_datetime']);
    expect(await fields(`${DAY}&employee_position_id[]=x`)).toEqual(['employee_position_id.0']);
  });
});

describe('when drawing the peak graph', () => {
  const TWO_WEEKS = 'begin_period_date=2030-06-03&end_period_date=2030-06-16&step=15';
  const graph = async (query: string) => {
    const res = await get(`/planning/peak-graph?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    // Sent as JSON text past the zod serializer (http/typedJson.ts): exactly its schema's, no field more.
    expect(peakGraphSchema.parse(res.json())).toEqual(res.json());
    return res.json() as {
      employee_position_id: number;
      name: string;
      points: { datetime: string; count: number; is_peak: number }[];
    }[];
  };
  const point = (points: { datetime: string; count: number; is_peak: number }[], datetime: string) =>
    points.find((p) => p.datetime === datetime);

  it('answers one typical week from Monday per position, the highest demand per slot', async () => {
    const [a, b] = await graph(
      `${TWO_WEEKS}&employee_positions[]=${positionA}&employee_positions[]=${positionB}`,
    );
    expect(a).toMatchObject({ employee_position_id: positionA, name: 'Тестовая должность А' });
    expect(a.points).toHaveLength(7 * 96);
    expect(a.points[0].datetime).toBe('2030-06-03 00:00:00');
    expect(point(a.points, '2030-06-03 09:00:00')?.count).toBe(2);
    expect(point(a.points, '2030-06-03 09:45:00')?.count).toBe(6);
    expect(point(a.points, '2030-06-03 10:00:00')?.count).toBe(2);
    expect(point(a.points, '2030-06-03 11:00:00')?.count).toBe(0);
    expect(point(b.points, '2030-06-03 10:15:00')?.count).toBe(2);
  });

  it('marks as peaks the slots whose highest demand recurs in enough weeks within the deviation', async () => {
    const [a] = await graph(`${TWO_WEEKS}&employee_positions[]=${positionA}&interval_repeat_in_period=2`);
    expect(point(a.points, '2030-06-03 09:00:00')?.is_peak).toBe(1);
    expect(point(a.points, '2030-06-03 09:45:00')?.is_peak).toBe(0);
    expect(point(a.points, '2030-06-03 10:30:00')).toMatchObject({ count: 1, is_peak: 0 });
    const [loose] = await graph(
      `${TWO_WEEKS}&employee_positions[]=${positionA}&interval_repeat_in_period=2&deviation_in_period=70`,
    );
    expect(point(loose.points, '2030-06-03 09:45:00')?.is_peak).toBe(1);
    const [once] = await graph(`${TWO_WEEKS}&employee_positions[]=${positionA}`);
    expect(point(once.points, '2030-06-03 09:45:00')?.is_peak).toBe(1);
    expect(once.points.filter((p) => p.count === 0).every((p) => p.is_peak === 0)).toBe(true);
  });

  it('lays the week out on the wall clock of the Time-Zone of the request', async () => {
    const res = await get(`/planning/peak-graph?${TWO_WEEKS}&employee_positions[]=${positionA}`, {
      'time-zone': 'UTC',
    });
    const [a] = res.json() as { points: { datetime: string; count: number; is_peak: number }[] }[];
    expect(point(a.points, '2030-06-03 06:45:00')?.count).toBe(6);
    expect(point(a.points, '2030-06-03 09:45:00')?.count).toBe(0);
  });

  it('counts only the flights of the flight filters, agreeing with the max demand of the same filters', async () => {
    const base = `${TWO_WEEKS}&employee_positions[]=${positionA}`;
    const highest = (points: { count: number }[]) => Math.max(...points.map((p) => p.count));
    const [requests] = await graph(`${base}&flight_schedule[]=3`);
    // Only F2 (schedule 3): T4 10:00–11:00 ×1; F1's 09:45 peak of 6 is left out.
    expect(point(requests.points, '2030-06-03 09:45:00')?.count).toBe(0);
    expect(point(requests.points, '2030-06-03 10:00:00')?.count).toBe(1);
    const period = 'begin_datetime=2030-06-03 00:00:00&end_datetime=2030-06-17 00:00:00';
    for (const filter of [
      'flight_schedule[]=3',
      'flight_status[]=3',
      'flight_type[]=2',
      'flight_status[]=5',
    ]) {
      const [a] = await graph(`${base}&${filter}`);
      const max = await maxDemand(`${period}&employee_position_id=${positionA}&${filter}`);
      expect(highest(a.points), filter).toBe(max.max_count);
    }
    const res = await get(`/planning/peak-graph?${base}&flight_status[]=99999`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['flight_status']);
  });

  it('answers an empty graph when no position is chosen', async () => {
    expect(await graph('begin_period_date=2030-06-03&end_period_date=2030-06-16')).toEqual([]);
  });

  it('leaves out the days of the first week before the period', async () => {
    const [a] = await graph(
      `begin_period_date=2030-06-05&end_period_date=2030-06-16&step=60&employee_positions[]=${positionA}`,
    );
    expect(a.points).toHaveLength(7 * 24);
    expect(a.points[0].datetime).toBe('2030-06-03 00:00:00');
    // Only Monday the 10th is observed: F3's T6 alone.
    expect(point(a.points, '2030-06-03 09:00:00')?.count).toBe(2);
  });

  it('refuses bad parameters with a 400 on the field', async () => {
    const fields = async (query: string) => {
      const res = await get(`/planning/peak-graph?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields;
    };
    const base = `begin_period_date=2030-06-03&end_period_date=2030-06-16&employee_positions[]=${positionA}`;
    expect(Object.keys(await fields(`${base}&step=7`))).toEqual(['step']);
    expect(Object.keys(await fields(`${base}&step=0`))).toEqual(['step']);
    expect(Object.keys(await fields(`${base}&step=-15`))).toEqual(['step']);
    expect(await fields(`${base}&deviation_in_period=101`)).toEqual({
      deviation_in_period: ['Максимальное значение 100%'],
    });
    expect(await fields(`${base}&interval_repeat_in_period=53`)).toEqual({
      interval_repeat_in_period: ['Максимальное значение 52'],
    });
    expect(Object.keys(await fields(`${base}&interval_repeat_in_period=0`))).toEqual([
      'interval_repeat_in_period',
    ]);
    expect(Object.keys(await fields(`${base}&employee_positions[]=999999`))).toEqual(['employee_positions']);
    expect(
      Object.keys(
        await fields(
          `begin_period_date=2030-06-16&end_period_date=2030-06-03&employee_positions[]=${positionA}`,
        ),
      ),
    ).toEqual(['end_period_date']);
    expect(
      Object.keys(
        await fields(
          `begin_period_date=2030-01-01&end_period_date=2030-06-03&employee_positions[]=${positionA}`,
        ),
      ),
    ).toEqual(['end_period_date']);
    expect(
      Object.keys(
        await fields(
          `begin_period_date=03.06.2030&end_period_date=2030-06-16&employee_positions[]=${positionA}`,
        ),
      ),
    ).toEqual(['begin_period_date']);
  });
});

describe('when counting passengers', () => {
  const DAY_TIMES = 'times[]=2030-06-03 00:00:00&times[]=2030-06-04 00:00:00';
  const count = async (query: string) => {
    const res = await get(`/planning/passenger-count?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      direction_id: number;
      name: string;
      intervals: { datetime: string; count: number }[];
    }[];
  };
  const at = (intervals: { datetime: string; count: number }[], datetime: string) =>
    intervals.find((i) => i.datetime === datetime)?.count;

  it('sums the passengers of flights by direction in the slot of their plan time', async () => {
    const [departures, arrivals] = await count(`${DAY_TIMES}&scale=60`);
    expect(departures).toMatchObject({ direction_id: 1, name: 'Вылет' });
    expect(arrivals).toMatchObject({ direction_id: 2, name: 'Прилёт' });
    expect(departures.intervals).toHaveLength(24);
    expect(departures.intervals[0]).toEqual({ datetime: '2030-06-03 00:00:00', count: 0 });
    expect(at(departures.intervals, '2030-06-03 10:00:00')).toBe(100);
    expect(at(arrivals.intervals, '2030-06-03 10:00:00')).toBe(50);
    expect(departures.intervals.reduce((sum, i) => sum + i.count, 0)).toBe(100);
  });

  it('answers only the chosen directions and slots of the chosen scale', async () => {
    const only = await count(`${DAY_TIMES}&scale=5&direction_id[]=2`);
    expect(only.map((d) => d.direction_id)).toEqual([2]);
    expect(only[0].intervals).toHaveLength(288);
    expect(at(only[0].intervals, '2030-06-03 10:10:00')).toBe(50);
  });

  it('filters flights by schedule kind, status, type and class', async () => {
    const total = async (filter: string) =>
      (await count(`${DAY_TIMES}&scale=60&${filter}`)).map((d) =>
        d.intervals.reduce((s, i) => s + i.count, 0),
      );
    expect(await total('type[]=2')).toEqual([0, 50]);
    expect(await total('flight_schedule_id[]=2')).toEqual([100, 0]);
    expect(await total('status[]=4')).toEqual([0, 50]);
    const classes = (await app.db.select().from(flightClasses).orderBy(asc(flightClasses.id))).map(
      (c) => c.id,
    );
    expect(await total(`class[]=${classes[0]}`)).toEqual([100, 50]);
    expect(await total(`class[]=${classes[1]}`)).toEqual([0, 0]);
  });

  it('refuses bad parameters with a 400 on the field', async () => {
    const fields = async (query: string) => {
      const res = await get(`/planning/passenger-count?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().fields);
    };
    expect(await fields('times[]=2030-06-03 00:00:00')).toEqual(['times']);
    expect(await fields('times[]=2030-06-04 00:00:00&times[]=2030-06-03 00:00:00')).toEqual(['times.1']);
    expect(await fields(`${DAY_TIMES}&direction_id[]=3`)).toEqual(['direction_id.0']);
    expect(await fields(`${DAY_TIMES}&scale=7`)).toEqual(['scale']);
    expect(await fields(`${DAY_TIMES}&class[]=999999`)).toEqual(['class']);
    expect(await fields(`${DAY_TIMES}&type[]=abc`)).toEqual(['type.0']);
  });
});

describe('when listing shifts', () => {
  it('answers the working shifts with start, duration and break', async () => {
    const res = await get('/planning/working-shift?begin=2030-06-03');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0].begin_time).toMatch(/^\d{2}:\d{2}$/);
    expect(list.map((s: { name: string }) => s.name)).toContain(shiftName);
    expect((await get('/planning/shift?type=2')).json()).toEqual(list);
  });

  it('answers the employees of the positions with their working shift', async () => {
    const res = await get(
      `/planning/shift?type=1&employee_position_id[]=${positionA}&employee_position_id[]=${positionB}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        id: employee1,
        fio: 'Аксёнов Тест',
        position_id: positionA,
        shift: shiftName,
      }),
      expect.objectContaining({
        fio: 'Борисов Тест',
        position_id: positionB,
        shift: null,
        working_shift_id: null,
      }),
    ]);
  });

  it('answers 404 for a saved calculation that does not exist', async () => {
    const res = await get('/planning/shift?calc_id=1&type=2');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Расчёт не найден');
  });

  it('refuses an employee list without positions and an unknown type', async () => {
    expect((await get('/planning/shift?type=1')).json().fields).toHaveProperty('employee_position_id');
    expect((await get('/planning/shift?type=3')).statusCode).toBe(400);
    expect((await get('/planning/working-shift?begin=завтра')).statusCode).toBe(400);
  });
});

describe('when asking who works a task', () => {
  it('answers the task, the staff needed against assigned per position, and the assigned employees', async () => {
    const res = await get(`/planning/task-employee-info?task_id=${task1}`);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json();
    expect(info.task).toMatchObject({ id: task1, begin: '2030-06-03 09:00:00', end: '2030-06-03 10:00:00' });
    expect(info.task.flightNumber).toMatch(/^[A-ZА-Я0-9]{2,3} 9901$/);
    expect(info.positions).toEqual([
      { id: positionA, name: 'Тестовая должность А', needed: 2, assigned: 1 },
      { id: positionB, name: 'Тестовая должность Б', needed: 0, assigned: 1 },
    ]);
    expect(info.employees).toEqual([
      {
        id: employee1,
        fio: 'Аксёнов Тест',
        position_id: positionA,
        position: 'Тестовая должность А',
        shift: shiftName,
      },
      expect.objectContaining({ fio: 'Борисов Тест', position_id: positionB, shift: null }),
    ]);
  });

  it('answers 404 for an unknown task and 400 for a malformed id', async () => {
    const missing = await get('/planning/task-employee-info?task_id=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Задача не найдена');
    expect((await get('/planning/task-employee-info?task_id=x')).statusCode).toBe(400);
  });
});

describe('when reading the API documentation', () => {
  it('carries the definitions of demand, max demand and the peak graph', async () => {
    const doc = (await get('/docs/json')).json();
    const description = (path: string) => doc.paths[path].get.description as string;
    expect(description('/api/planning/max-demand')).toContain('min_time');
    expect(description('/api/planning/peak-graph')).toContain('interval_repeat_in_period');
    expect(description('/api/planning/peak-graph')).toContain('task_positions.count');
  });
});

describe('when the query is garbage', () => {
  it('answers 400, never a 500', async () => {
    const day = 'begin_datetime=2030-06-03 00:00:00&end_datetime=2030-06-04 00:00:00';
    const urls = [
      `/planning/max-demand?${day}&employee_position_id=0`,
      `/planning/max-demand?${day}&employee_position_id[]=1`,
      `/planning/max-demand?${day}&employee_position_id=1&min_time=99999999999`,
      `/planning/max-demand?${day}&employee_position_id=1&min_time=1.5`,
      '/planning/max-demand?begin_datetime[a]=1&end_datetime=2030-06-04 00:00:00&employee_position_id=1',
      `/planning/max-demand?${day}&employee_position_id=1&flight_type[a][b]=1`,
      '/planning/peak-graph?begin_period_date=2030-02-30&end_period_date=2030-03-02&employee_positions[]=1',
      '/planning/peak-graph?begin_period_date=2030-06-03&end_period_date=2030-06-04&step=1e3',
      '/planning/peak-graph?begin_period_date=9999-12-31&end_period_date=9999-12-31&employee_positions[]=1',
      '/planning/peak-graph?begin_period_date=2030-06-03&end_period_date=2030-06-04&employee_positions=abc',
      '/planning/peak-graph?begin_period_date=2030-06-03&end_period_date=2030-06-04&deviation_in_period=-5',
      '/planning/passenger-count?times=2030-06-03 00:00:00',
      '/planning/passenger-count?times[]=2030-06-03 00:00:00&times[]=2030-06-04 00:00:00&times[]=2030-06-05 00:00:00',
      '/planning/passenger-count?times[]=a&times[]=b',
      '/planning/passenger-count?times[]=2030-06-03 00:00:00&times[]=2030-06-04 00:00:00&direction_id[]=0',
      '/planning/passenger-count?times[]=2030-06-03 00:00:00&times[]=2030-06-04 00:00:00&scale=0',
      '/planning/shift?type=1.5',
      '/planning/shift?calc_id=-1',
      '/planning/shift?type=1&employee_position_id[]=999999',
      '/planning/task-employee-info?task_id=0',
      '/planning/task-employee-info',
      '/planning/working-shift?begin[]=2030-06-03',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, `${url} → ${res.body}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, url).toBeGreaterThan(0);
    }
  });
});
