import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let get: Awaited<ReturnType<typeof createDemoTestApp>>['get'];

beforeAll(async () => {
  ({ app, get } = await createDemoTestApp('planner', { days: 1, referenceDate: '2026-03-10' }));
});
afterAll(() => app.close());

type Item = { id: number; name: string; department_id?: number };

describe('when opening staff planning', () => {
  it('answers the flight filter lists with the spec defaults', async () => {
    const body = (await get('/planning/flight-params')).json();
    expect(body.flight_schedule).toEqual([
      { id: 1, name: 'Ежедневный' },
      { id: 2, name: 'Сезонный' },
      { id: 3, name: 'Заявка' },
    ]);
    expect(body.flight_status.length).toBeGreaterThanOrEqual(19);
    expect(body.flight_type.map((t: Item) => t.id)).toEqual([1, 2]);
    expect(body.flight_class.length).toBeGreaterThan(0);
    expect(body.default_flight_status).toEqual([3, 4, 7, 8, 11, 14, 15, 16, 19]);
    expect(body.default_flight_schedule).toEqual([2, 3]);
    expect(body.default_flight_period_type).toBe(2);
  });

  it('answers the airport departments without the contractors', async () => {
    const list = (await get('/planning/department')).json();
    expect(list).toHaveLength(12);
    expect(Object.keys(list[0]).sort()).toEqual(['full_name', 'id', 'name']);
  });

  it('answers the scales with exactly one default', async () => {
    const list = (await get('/planning/scale')).json();
    expect(list.map((s: { period: number }) => s.period)).toEqual([5, 10, 15, 30, 60]);
    expect(list.filter((s: { is_default: boolean }) => s.is_default)).toEqual([
      { id: 3, name: '15 минут', period: 15, is_default: true },
    ]);
  });

  it('answers the resource types', async () => {
    const list = (await get('/planning/resource-type')).json();
    expect(list.map((t: Item) => t.name)).toContain('Перронный автобус');
  });

  it('refuses any filter key on these lists', async () => {
    for (const url of [
      '/planning/flight-params',
      '/planning/department',
      '/planning/scale',
      '/planning/resource-type',
    ])
      expect((await get(`${url}?filter[x]=1`)).statusCode).toBe(400);
  });
});

describe('when choosing positions for a period', () => {
  it('answers the positions that tasks need in the period, of the chosen department', async () => {
    const url =
      '/planning/employee-position?plan_begin_time=2026-03-10 00:00:00&plan_end_time=2026-03-10 23:59:59&department_id=1';
    const list = (await get(url)).json() as Item[];
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['Грузчик', 'Техник по встрече ВС']));
    expect(list.every((p) => p.department_id === 1)).toBe(true);
    expect(list.map((p) => p.name)).not.toContain('Бригадир грузчиков');
  });

  it('answers nothing for a period without flights', async () => {
    const url =
      '/planning/employee-position?plan_begin_time=2030-01-01 00:00:00&plan_end_time=2030-01-02 00:00:00';
    expect((await get(url)).json()).toEqual([]);
  });

  it('narrows by flight type, schedule kind and status, and by several departments', async () => {
    const base =
      '/planning/employee-position?plan_begin_time=2026-03-09 00:00:00&plan_end_time=2026-03-11 23:59:59';
    const intl = (await get(`${base}&flight_type[]=2&department_ids[]=7`)).json() as Item[];
    expect(intl.map((p) => p.name)).toContain('Инспектор САБ');
    const cancelledOnly = (await get(`${base}&flight_status[]=2`)).json();
    expect(cancelledOnly).toEqual([]);
    const both = (
      await get(`${base}&department_ids[]=1&department_ids[]=2&flight_schedule_id[]=1`)
    ).json() as Item[];
    expect(new Set(both.map((p) => p.department_id))).toEqual(new Set([1, 2]));
  });

  it('answers every position of the department without a period', async () => {
    const list = (await get('/planning/employee-position?department_id=1')).json() as Item[];
    expect(list.map((p) => p.name)).toContain('Бригадир грузчиков');
  });

  it('reads the period in the Time-Zone of the request', async () => {
    const url =
      '/planning/employee-position?plan_begin_time=2026-03-12 02:30:00&plan_end_time=2026-03-12 02:59:00';
    const moscow = (await get(url)).json();
    const vladivostok = (await get(url, { 'time-zone': 'Asia/Vladivostok' })).json();
    expect(moscow).not.toEqual(vladivostok);
  });

  it('refuses a malformed time on its field', async () => {
    const res = await get(
      '/planning/employee-position?plan_begin_time=yesterday&plan_end_time=2026-03-10 00:00:00',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Ожидается YYYY-MM-DD HH:mm:ss',
      fields: { plan_begin_time: ['Ожидается YYYY-MM-DD HH:mm:ss'] },
    });
  });

  it('takes the period as a pair: one bound alone is a 400 on the missing one', async () => {
    const res = await get('/planning/employee-position?plan_begin_time=2026-03-10 00:00:00');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ plan_end_time: ['Укажите начало и конец периода'] });
  });

  it('refuses flight filters without a period, which would scan every task', async () => {
    const res = await get('/planning/employee-position?flight_status[]=3&department_id=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ plan_begin_time: ['Укажите начало и конец периода'] });
  });

  it('accepts 93 days and refuses a longer or reversed period on the end', async () => {
    const url = (begin: string, end: string) =>
      `/planning/employee-position?plan_begin_time=${begin}&plan_end_time=${end}&department_id=1`;
    // 93 days exactly, across the spring daylight-saving change of a DST zone: measured on the wall clock.
    const ok = await get(url('2026-03-01 00:00:00', '2026-06-02 00:00:00'), { 'time-zone': 'Europe/Berlin' });
    expect(ok.statusCode).toBe(200);
    const long = await get(url('2026-03-01 00:00:00', '2026-06-02 00:00:01'), {
      'time-zone': 'Europe/Berlin',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      message: 'Период не может быть длиннее 93 дней',
      fields: { plan_end_time: ['Период не может быть длиннее 93 дней'] },
    });
    const year = await get(url('2026-01-01 00:00:00', '2026-12-31 23:59:59'));
    expect(year.statusCode).toBe(400);
    const reversed = await get(url('2026-03-10 00:00:00', '2026-03-09 00:00:00'));
    expect(reversed.json().fields).toEqual({ plan_end_time: ['Конец периода раньше начала'] });
  });
});

describe('when choosing jobs', () => {
  it('answers the jobs of the chosen positions', async () => {
    const positions = (await get('/v3/employee-position')).json() as Item[];
    const loader = positions.find((p) => p.name === 'Грузчик')!;
    const jobs = (await get(`/planning/job?employee_position_id[]=${loader.id}`)).json() as Item[];
    expect(jobs.map((j) => j.name).sort()).toEqual(
      ['Выгрузка багажа', 'Выгрузка груза и почты', 'Загрузка багажа', 'Погрузка груза и почты'].sort(),
    );
  });

  it('answers the jobs of a department', async () => {
    const jobs = (await get('/planning/job?department_id=5')).json() as Item[];
    expect(jobs.map((j) => j.name)).toEqual(['Заправка топливом']);
  });
});
