import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let get: Awaited<ReturnType<typeof createDemoTestApp>>['get'];

beforeAll(async () => {
  ({ app, get } = await createDemoTestApp('viewer', { days: 1, referenceDate: '2026-03-10' }));
});
afterAll(() => app.close());

const NAMED = [
  '/v2/service-hall',
  '/v2/passenger-category',
  '/v2/travel-class',
  '/v2/flight-class',
  '/v2/flight-type',
  '/v2/vip-hall-access-type',
  '/v2/loyalty-card-type',
  '/v2/vip-hall-card-bank-type',
  '/v2/pay-type',
  '/v2/med-service',
  '/tariff/calc-type',
  '/v2/job',
];

describe('when reading the {id, name} reference lists', () => {
  it.each(NAMED)('%s answers a non-empty array of {id, name} to any signed-in user', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.length).toBeGreaterThan(0);
    for (const item of body) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
  });

  it.each(NAMED)('%s refuses a request without a session', async (url) => {
    expect((await app.inject({ url: `/api${url}` })).statusCode).toBe(401);
  });

  it.each(NAMED)('%s refuses an unknown filter key with 400', async (url) => {
    const res = await get(`${url}?filter[colour]=red`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Неизвестный фильтр: colour',
      fields: { 'filter.colour': ['Неизвестный фильтр: colour'] },
    });
  });

  it('searches by name, case-insensitively', async () => {
    const res = await get(`/v2/job?filter[name]=${encodeURIComponent('БАГАЖ')}`);
    const names = res.json().map((j: { name: string }) => j.name);
    expect(names).toEqual(expect.arrayContaining(['Выгрузка багажа', 'Загрузка багажа', 'Выдача багажа']));
    expect(names.every((n: string) => n.toLowerCase().includes('багаж'))).toBe(true);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    expect((await get('/v2/job?filter[name]=%25')).json()).toEqual([]);
  });

  it('answers the spec enumerations with their ids', async () => {
    expect((await get('/tariff/calc-type')).json()).toEqual([
      { id: 1, name: 'Продолжительность' },
      { id: 2, name: 'Операции' },
      { id: 3, name: 'Показатели' },
    ]);
    expect((await get('/v2/flight-type')).json()).toEqual([
      { id: 1, name: 'Внутренний' },
      { id: 2, name: 'Международный' },
    ]);
    const access = (await get('/v2/vip-hall-access-type')).json();
    expect(access.find((a: { id: number }) => a.id === 7)).toBeDefined();
  });

  it('sorts by name on request and refuses an unknown sort', async () => {
    const names = (await get('/v2/pay-type?sort=-name')).json().map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'ru')));
    expect((await get('/v2/pay-type?sort=colour')).statusCode).toBe(400);
  });
});

describe('when reading the tariff references', () => {
  it('answers formats and roundings with their full names, rounding 1 being no rounding', async () => {
    const roundings = (await get('/tariff/rounding')).json();
    expect(roundings[0]).toEqual({ id: 1, name: 'Нет', name_full: 'Без округления' });
    const formats = (await get('/tariff/format')).json();
    expect(formats[0]).toMatchObject({ id: 1, name_full: 'Минуты' });
  });

  it('answers services with name_ru, name_en and id_1c, searched by any of them', async () => {
    const all = (await get('/v2/service')).json();
    expect(all[0]).toEqual({
      id: 1,
      name_ru: expect.any(String),
      name_en: expect.any(String),
      id_1c: 'TRAP',
    });
    const found = (await get('/v2/service?filter[name]=towing')).json();
    expect(found.map((s: { id_1c: string }) => s.id_1c)).toEqual(['TOW']);
  });

  it('answers the airlines in operation for selects', async () => {
    const list = (await get('/v2/aviacompany')).json();
    expect(list.length).toBeGreaterThanOrEqual(30);
    expect(list.find((a: { iata_code: string }) => a.iata_code === 'SU')).toMatchObject({
      name: 'Аэрофлот',
      icao_code: 'AFL',
    });
    expect(list.find((a: { iata_code: string }) => a.iata_code === 'UN')).toBeUndefined();
  });

  it('answers positions, resource types and resources of the chosen jobs', async () => {
    const jobs = (await get('/v2/job')).json() as { id: number; name: string }[];
    const unloading = jobs.find((j) => j.name === 'Выгрузка багажа')!.id;
    const fuelling = jobs.find((j) => j.name === 'Заправка топливом')!.id;
    const query = `unique_job_id[]=${unloading}&unique_job_id[]=${fuelling}`;
    const positions = (await get(`/v2/employee-position/job?${query}`))
      .json()
      .map((p: { name: string }) => p.name);
    expect(positions.sort()).toEqual(
      ['Водитель багажного тягача', 'Водитель топливозаправщика', 'Грузчик', 'Заправщик ГСМ'].sort(),
    );
    const types = (await get(`/v2/resource-type/job?${query}`)).json().map((t: { name: string }) => t.name);
    expect(types.sort()).toEqual(['Багажный тягач', 'Ленточный транспортёр', 'Топливозаправщик'].sort());
    const resources = (await get(`/v2/resource/job?unique_job_id[]=${fuelling}`)).json();
    expect(resources.length).toBeGreaterThan(5);
    expect(resources.every((r: { name: string }) => r.name.startsWith('ТЗ №'))).toBe(true);
    expect((await get('/v2/employee-position/job')).json()).toEqual([]);
    expect((await get('/v2/resource/job?unique_job_id[]=x')).statusCode).toBe(400);
  });

  it('answers the indicators of the chosen jobs, or all of them', async () => {
    const all = (await get('/v2/job-indicator')).json();
    expect(all.length).toBeGreaterThan(5);
    const jobId = all[0].job_id;
    const some = (await get(`/v2/job-indicator?job_id[]=${jobId}`)).json();
    expect(some.length).toBeGreaterThan(0);
    expect(some.every((i: { job_id: number }) => i.job_id === jobId)).toBe(true);
    expect(Object.keys(some[0]).sort()).toEqual(['id', 'indicator_name', 'job_id']);
  });
});

describe('when reading departments and positions', () => {
  it('answers departments with full names, searched by name and by contractor', async () => {
    const all = (await get('/v2/department')).json();
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all[0]).toEqual({
      id: 1,
      name: 'СНО',
      full_name: 'Служба наземного обслуживания',
      contractor_id: null,
    });
    const found = (await get(`/v2/department?filter[name]=${encodeURIComponent('пассажирских')}`)).json();
    expect(found.map((d: { name: string }) => d.name)).toEqual(['СПП']);
    const contractor = (await get('/v2/department?filter[contractor_id]=1')).json();
    expect(contractor).toHaveLength(1);
    expect(contractor[0].contractor_id).toBe(1);
  });

  it('answers positions, optionally of some departments', async () => {
    const all = (await get('/v3/employee-position')).json();
    expect(all.length).toBeGreaterThanOrEqual(40);
    const some = (
      await get('/v3/employee-position?filter[department_ids][]=1&filter[department_ids][]=2')
    ).json();
    expect(some.length).toBeGreaterThan(5);
    expect(some.every((p: { department_id: number }) => [1, 2].includes(p.department_id))).toBe(true);
    expect((await get('/v3/employee-position?filter[department_ids][]=abc')).statusCode).toBe(400);
    expect((await get('/v3/employee-position?filter[department]=1')).statusCode).toBe(400);
  });
});
