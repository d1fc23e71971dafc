import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aircraftTypes,
  airlines,
  airports,
  departments,
  employeePositions,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flights,
  flightTypes,
  jobs,
  planningCalcs,
  taskPositions,
  tasks,
  workingShifts,
} from '../../src/server/db/schema/index.ts';
import {
  planningCalcSchema,
  shiftScheduleResultSchema,
  statusText,
} from '../../src/shared/shift-schedules.ts';
import { instantToWallClock } from '../../src/shared/wallClock.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

/**
 * A hand-made fixture (Moscow wall clock; 2030-06-03 and 2030-06-10 are Mondays): position A needs 1 person on
 * Monday 2030-06-03 08:00–20:00 and 2 on Monday 2030-06-10 08:00–20:00; position B needs nobody. Working shifts
 * without breaks: «Дневная» 08:00 12 h and «Утренняя» 06:00 8 h, so the cheapest cover of 2 people for 12 hours is
 * 24 staff-hours, and the fewest distinct shifts is one: 2 × «Дневная» on Monday at 08:00.
 */
let app: Awaited<ReturnType<typeof createTestApp>>;
let planner: Record<string, string>;
let viewer: Record<string, string>;
let positionA: number;
let positionB: number;
let day: number;
let morning: number;
let breakShift: number;

const moscow = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+03:00`);
const PERIOD = 'begin=2030-06-03 00:00:00&end=2030-06-16 23:59:59';

function preview(query: string, headers = planner) {
  return app.inject({ url: `/api/planning/standard?${encodeURI(query)}`, headers });
}

function create(body: Record<string, unknown>, headers = planner) {
  return app.inject({ method: 'POST', url: '/api/planning/standard/create', headers, payload: body });
}

const baseBody = () => ({
  begin: '2030-06-03 00:00:00',
  end: '2030-06-16 23:59:59',
  employee_position_ids: [positionA],
  working_shift: [day, morning],
});

beforeAll(async () => {
  app = await createTestApp();
  planner = bearer(await loginAs(app, 'planner'));
  viewer = bearer(await loginAs(app, 'viewer'));
  const db = app.db;
  const named = (names: string[]) => names.map((name, i) => ({ id: i + 1, name }));
  await db.insert(flightTypes).values(named(['Внутренний', 'Международный']));
  await db.insert(flightSchedules).values(named(['Ежедневный', 'Сезонный', 'Заявка']));
  await db.insert(flightStatuses).values(named(['С1', 'С2', 'С3']));
  await db.insert(flightClasses).values(named(['Пассажирский']));
  const codes = { nameEn: 'Test', iataCode: 'ZZ', icaoCode: 'ZZZ', countryCode: 'RU' };
  const [airline] = await db
    .insert(airlines)
    .values({ nameRu: 'Тест', ...codes })
    .returning();
  const [home] = await db
    .insert(airports)
    .values({ nameRu: 'Дом', ...codes, timeZone: 'Europe/Moscow', city: 'Москва', isHome: true })
    .returning();
  const [aircraft] = await db
    .insert(aircraftTypes)
    .values({ name: 'A320', icaoCode: 'A320', category: 2, seats: 180 })
    .returning();
  const [job] = await db
    .insert(jobs)
    .values({ name: 'Погрузка', directionKind: 3, color: '#888888' })
    .returning();
  const [department] = await db.insert(departments).values({ name: 'СОП', fullName: 'Служба' }).returning();
  [day, morning, breakShift] = (
    await db
      .insert(workingShifts)
      .values([
        { name: 'Дневная 08–20', beginTime: '08:00', durationMinutes: 720, breakMinutes: 0 },
        { name: 'Утренняя 06–14', beginTime: '06:00', durationMinutes: 480, breakMinutes: 0 },
        { name: 'С перерывом', beginTime: '09:00', durationMinutes: 540, breakMinutes: 60 },
      ])
      .returning()
  ).map((s) => s.id);
  [positionA, positionB] = (
    await db
      .insert(employeePositions)
      .values([
        { name: 'Должность А', departmentId: department.id },
        { name: 'Должность Б', departmentId: department.id },
      ])
      .returning()
  ).map((p) => p.id);
  const leg = (number: string, at: string) => ({
    airlineId: airline.id,
    flightNumber: number,
    direction: 1,
    flightTypeId: 1,
    flightClassId: 1,
    flightScheduleId: 2,
    flightStatusId: 1,
    aircraftTypeId: aircraft.id,
    departureAirportId: home.id,
    arrivalAirportId: home.id,
    planAt: moscow(at),
    planDepartureAt: moscow(at),
    planArrivalAt: moscow(at),
    passengers: 10,
  });
  const [f1, f2] = (
    await db
      .insert(flights)
      .values([leg('9901', '2030-06-03 20:00'), leg('9902', '2030-06-10 20:00')])
      .returning()
  ).map((f) => f.id);
  const plan = [
    [f1, '2030-06-03 08:00', '2030-06-03 20:00', 1],
    [f2, '2030-06-10 08:00', '2030-06-10 20:00', 2],
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
    .values(plan.map(([, , , count], i) => ({ taskId: made[i].id, employeePositionId: positionA, count })));
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Slot of Monday hh:mm in the typical week of 15-minute slots. */
const monday = (hour: number) => hour * 4;

describe('previewing a standard schedule', () => {
  it('covers the highest Monday demand of the period at the fewest staff-hours, proven optimal', async () => {
    const res = await preview(
      `${PERIOD}&employee_position_ids[]=${positionA}&working_shift[]=${day}&working_shift[]=${morning}`,
    );
    expect(res.statusCode).toBe(200);
    // Sent as JSON text past the zod serializer (http/typedJson.ts): the answer is still exactly its schema's, no
    // field more (parsing drops unknown ones) and none malformed.
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const result = shiftScheduleResultSchema.parse(res.json());
    expect(result).toEqual(res.json());
    expect(result.slot_minutes).toBe(15);
    expect(result.week_start).toBe('2030-06-03');
    const [a] = result.positions;
    expect(a.employee_position_id).toBe(positionA);
    expect(a.demand).toHaveLength(672);
    expect(a.demand[monday(8)]).toBe(2);
    expect(a.demand[monday(20)]).toBe(0);
    expect(a.demand[monday(7.75)]).toBe(0);
    expect(a.status).toBe('optimal');
    expect(a.gap).toBe(0);
    expect(a.staff_hours).toBe(24);
    expect(a.cover.every((c, slot) => c >= a.demand[slot])).toBe(true);
    expect(a.shifts).toEqual([
      {
        working_shift_id: day,
        name: 'Дневная 08–20',
        weekday: 0,
        start: '08:00',
        length_minutes: 720,
        break_minutes: 0,
        count: 2,
      },
    ]);
  }, 60_000);

  it('keeps the level that recurs in the asked number of weeks', async () => {
    const res = await preview(
      `${PERIOD}&interval_repeat_in_period=2&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    expect(res.statusCode).toBe(200);
    const [a] = shiftScheduleResultSchema.parse(res.json()).positions;
    expect(a.demand[monday(8)]).toBe(1);
    expect(a.staff_hours).toBe(12);
  }, 60_000);

  it('takes the higher week when the deviation lets the lower one count as a repeat', async () => {
    const res = await preview(
      `${PERIOD}&interval_repeat_in_period=2&deviation_in_period=50&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    const [a] = shiftScheduleResultSchema.parse(res.json()).positions;
    expect(a.demand[monday(8)]).toBe(2);
  }, 60_000);

  it('leaves the break of a shift uncovered, so cover never counts a person on break', async () => {
    const res = await preview(`${PERIOD}&employee_position_ids[]=${positionA}&working_shift[]=${breakShift}`);
    const [a] = shiftScheduleResultSchema.parse(res.json()).positions;
    expect(a.cover.every((c, slot) => c >= a.demand[slot])).toBe(true);
    const onDuty = a.shifts.reduce((sum, s) => sum + s.count * (s.length_minutes - s.break_minutes), 0);
    expect(a.cover.reduce((sum, c) => sum + c * 15, 0)).toBe(onDuty);
    expect(a.staff_hours).toBe(onDuty / 60);
  }, 60_000);

  it('answers the spec error when no chosen position has demand', async () => {
    const res = await preview(`${PERIOD}&employee_position_ids[]=${positionB}&working_shift[]=${day}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Ошибка при расчете графиков сменности');
  });

  it.each([
    ['interval_repeat_in_period', '53', 'Максимальное значение 52'],
    ['deviation_in_period', '101', 'Максимальное значение 100%'],
    ['interval_repeat_in_week', '8', 'Максимальное значение 7'],
    ['deviation_in_week', '101', 'Максимальное значение 100%'],
    ['interval_repeat_in_period', '0', 'Ожидается целое число больше 0'],
    ['interval_repeat_in_week', '2.5', 'Ожидается целое число больше 0'],
  ])('refuses %s=%s with 422 and the spec message on the field', async (field, value, message) => {
    const res = await preview(
      `${PERIOD}&${field}=${value}&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[field]).toEqual([message]);
  });

  it('accepts empty limited fields as 1 repeat and 0 %', async () => {
    const res = await preview(
      `${PERIOD}&interval_repeat_in_period=&deviation_in_week=&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    expect(res.statusCode).toBe(200);
  }, 60_000);

  it('requires positions, takes every working shift when none is named, and names unknown ids', async () => {
    const missing = await preview(PERIOD);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().fields)).toEqual(['employee_position_ids']);
    const named = await preview(
      `${PERIOD}&employee_position_ids[]=${positionA}&working_shift[]=${day}&working_shift[]=${morning}`,
    );
    const all = await preview(`${PERIOD}&employee_position_ids[]=${positionA}`);
    expect(all.statusCode).toBe(200);
    const shiftsOf = (res: typeof all) => shiftScheduleResultSchema.parse(res.json()).positions[0].shifts;
    expect(shiftsOf(all)).toEqual(shiftsOf(named));
    const saved = await create({ ...baseBody(), working_shift: [] });
    expect(saved.statusCode).toBe(422);
    expect(saved.json().fields).toEqual({ working_shift: ['Поле обязательно для заполнения'] });
    const unknown = await preview(`${PERIOD}&employee_position_ids[]=999999&working_shift[]=${day}`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields.employee_position_ids).toEqual(['Не найдены: 999999']);
  });

  it('refuses a reversed period and one longer than 93 days', async () => {
    const reversed = await preview(
      `begin=2030-06-16 00:00:00&end=2030-06-03 00:00:00&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().fields.end).toEqual(['Конец периода раньше начала']);
    const long = await preview(
      `begin=2030-01-01 00:00:00&end=2030-06-03 00:00:00&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
    );
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.end[0]).toContain('93');
  });

  it('is forbidden without strategic-planning-index', async () => {
    const res = await preview(
      `${PERIOD}&employee_position_ids[]=${positionA}&working_shift[]=${day}`,
      viewer,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('creating and reading a saved schedule', () => {
  it('stores the schedule and answers it by id with its inputs', async () => {
    const res = await create({ ...baseBody(), employee_position_ids: [], employee_position_id: positionA });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(id).toBeGreaterThan(0);
    const saved = await app.inject({ url: `/api/planning/calc/${id}`, headers: planner });
    expect(saved.statusCode).toBe(200);
    const calc = saved.json();
    expect(planningCalcSchema.parse(calc)).toEqual(calc);
    expect(calc.name).toBe('График сменности 03.06.2030 – 16.06.2030');
    expect(calc.begin).toBe('2030-06-03');
    expect(calc.end).toBe('2030-06-16');
    expect(calc.params.employee_position_ids).toEqual([positionA]);
    expect(calc.result.positions[0].staff_hours).toBe(24);
    // Saved at an instant; answered, as every datetime, on the wall clock of the request's zone (spec 9).
    const [row] = await app.db.select().from(planningCalcs).where(eq(planningCalcs.id, id));
    const far = await app.inject({
      url: `/api/planning/calc/${id}`,
      headers: { ...planner, 'time-zone': 'Asia/Vladivostok' },
    });
    expect(far.json().created_at).toBe(instantToWallClock(row.createdAt, 'Asia/Vladivostok'));
    expect(far.json().created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  }, 60_000);

  it('exports the saved schedule as .xlsx with shifts and cover sheets', async () => {
    const { id } = (await create({ ...baseBody(), name: 'Июнь' })).json();
    const res = await app.inject({ url: `/api/planning/calc/${id}/xlsx`, headers: planner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('График сменности Июнь.xlsx'));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Сводка', 'Смены', 'Покрытие']);
    // A shift by its template's name without the template's hours; start and end are Excel times of day.
    const shifts = book.getWorksheet('Смены') as ExcelJS.Worksheet;
    expect((shifts.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Должность',
      'День недели',
      'Смена',
      'Начало',
      'Конец',
      'Длительность, ч',
      'Перерыв, мин',
      'Количество',
    ]);
    expect(shifts.getRow(2).values).toEqual([
      undefined,
      'Должность А',
      'Понедельник',
      'Дневная',
      new Date('1899-12-30T08:00:00Z'),
      new Date('1899-12-30T20:00:00Z'),
      12,
      0,
      2,
    ]);
    for (const column of [4, 5]) {
      expect(shifts.getRow(2).getCell(column).type).toBe(ExcelJS.ValueType.Date);
      expect(shifts.getRow(2).getCell(column).numFmt).toBe('hh:mm');
    }
    const cover = book.getWorksheet('Покрытие') as ExcelJS.Worksheet;
    expect(cover.rowCount).toBe(673);
    expect(cover.getRow(8).getCell(2).value).toEqual(new Date('1899-12-30T01:30:00Z'));
    expect(cover.getRow(8).getCell(2).numFmt).toBe('hh:mm');
    // «Сводка»: the page's header, then a row per position with the shifts started on each weekday.
    const calc = planningCalcSchema.parse(
      (await app.inject({ url: `/api/planning/calc/${id}`, headers: planner })).json(),
    );
    const summary = book.getWorksheet('Сводка') as ExcelJS.Worksheet;
    expect(summary.getRow(1).values).toEqual([undefined, 'Расчёт', 'Июнь']);
    expect(summary.getRow(2).values).toEqual([undefined, 'Период с', new Date(`${calc.begin}T00:00:00Z`)]);
    expect(summary.getRow(3).values).toEqual([undefined, 'Период по', new Date(`${calc.end}T00:00:00Z`)]);
    expect(summary.getRow(2).getCell(2).numFmt).toBe('dd.mm.yyyy');
    expect(summary.getRow(4).values).toEqual([
      undefined,
      'Типовая неделя с',
      new Date(`${calc.result.week_start}T00:00:00Z`),
    ]);
    expect(summary.getRow(5).getCell(1).value).toBe('Время расчёта, с');
    expect(typeof summary.getRow(5).getCell(2).value).toBe('number');
    expect(summary.getRow(7).getCell(1).value).toBe('Должность');
    expect(summary.getRow(7).getCell(13).value).toBe('Итого выходов');
    const [position] = calc.result.positions;
    const row = summary.getRow(8);
    expect(row.getCell(1).value).toBe(position.name);
    expect(row.getCell(2).value).toBe(Math.round(position.staff_hours * 10) / 10);
    expect(row.getCell(3).value).toBe(statusText(position));
    const monday = position.shifts.filter((s) => s.weekday === 0).reduce((sum, s) => sum + s.count, 0);
    expect(row.getCell(6).value).toBe(monday);
    expect(row.getCell(13).value).toBe(position.shifts.reduce((sum, s) => sum + s.count, 0));
    // Every sheet prints landscape, one page wide, its header row on each page.
    for (const sheet of book.worksheets) {
      expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToWidth: 1, fitToHeight: 0 });
      expect(sheet.pageSetup.printTitlesRow).toBe(sheet.name === 'Сводка' ? '7:7' : '1:1');
    }
  }, 60_000);

  it('names the file with «_» for what a file name may not hold', async () => {
    const { id } = (await create({ ...baseBody(), name: 'Июнь/июль: "А"?' })).json();
    const res = await app.inject({ url: `/api/planning/calc/${id}/xlsx`, headers: planner });
    expect(res.statusCode).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1])).toBe(
      'График сменности Июнь_июль_ _А__.xlsx',
    );
  }, 60_000);

  it('does not repeat «График сменности» in the file name of a calc with the default name', async () => {
    const { id } = (await create(baseBody())).json();
    const res = await app.inject({ url: `/api/planning/calc/${id}/xlsx`, headers: planner });
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent('График сменности 03.06.2030 – 16.06.2030.xlsx'),
    );
  }, 60_000);

  it.each([
    ['interval_repeat_in_period', 53, 'Максимальное значение 52'],
    ['deviation_in_period', 101, 'Максимальное значение 100%'],
    ['interval_repeat_in_week', 8, 'Максимальное значение 7'],
    ['deviation_in_week', 150, 'Максимальное значение 100%'],
    ['interval_repeat_in_period', -1, 'Ожидается целое число больше 0'],
    ['name', 'График\u0000', 'Недопустимые управляющие символы'],
    ['name', 'Г'.repeat(256), 'Название не длиннее 255 символов'],
  ])('refuses %s=%s in the body with 422 on the field and writes nothing', async (field, value, message) => {
    const before = await app.db.$count(planningCalcs);
    const res = await create({ ...baseBody(), [field]: value });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields[field]).toEqual([message]);
    expect(await app.db.$count(planningCalcs)).toBe(before);
  });

  it('creates over real HTTP, where the request closes once its body is read', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/planning/standard/create`, {
      method: 'POST',
      headers: { ...planner, 'content-type': 'application/json' },
      body: JSON.stringify(baseBody()),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBeGreaterThan(0);
  }, 60_000);

  it("lists the working shifts the saved schedule uses, and its positions' staff", async () => {
    const { id } = (await create(baseBody())).json();
    const used = await app.inject({ url: `/api/planning/shift?calc_id=${id}&type=2`, headers: planner });
    expect(used.statusCode).toBe(200);
    expect(used.json().map((s: { id: number }) => s.id)).toEqual([day]);
    const staff = await app.inject({ url: `/api/planning/shift?calc_id=${id}&type=1`, headers: planner });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()).toEqual([]);
  }, 60_000);

  it('answers 404 for an unknown calculation', async () => {
    const res = await app.inject({ url: '/api/planning/calc/999999', headers: planner });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Расчёт не найден');
  });

  it('is forbidden to a user without the planning rules', async () => {
    expect((await create(baseBody(), viewer)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/planning/calc/1', headers: viewer })).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/planning/calc/1/xlsx', headers: viewer })).statusCode).toBe(403);
  });
});
