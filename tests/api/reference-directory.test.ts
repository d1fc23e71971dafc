import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoTestApp } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let get: Awaited<ReturnType<typeof createDemoTestApp>>['get'];

beforeAll(async () => {
  ({ app, get } = await createDemoTestApp('viewer', { days: 1, referenceDate: '2026-03-10' }));
});
afterAll(() => app.close());

const codes = (body: { iata_code: string | null }[]) => body.map((a) => a.iata_code);

describe('when searching airports', () => {
  it('finds an airport by Russian name, city or code, with all its codes and zone', async () => {
    const byName = (await get(`/airport?filter[name]=${encodeURIComponent('казань')}`)).json();
    expect(byName).toEqual([
      {
        id: 1,
        name: 'Казань',
        name_ru: 'Казань',
        name_en: 'Kazan',
        iata_code: 'KZN',
        icao_code: 'UWKD',
        sirena_code: 'КЗН',
        time_zone: 'Europe/Moscow',
        city: 'Казань',
      },
    ]);
    expect(codes((await get('/airport?filter[name]=uuee')).json())).toEqual(['SVO']);
    expect(
      codes((await get(`/airport?filter[name]=${encodeURIComponent('Москва')}&sort=iata_code`)).json()),
    ).toEqual(['DME', 'SVO', 'VKO']);
  });

  it('pages with the x-pagination headers', async () => {
    const res = await get('/airport?per-page=10&page=2&sort=id');
    expect(res.json()).toHaveLength(10);
    expect(res.json()[0].id).toBe(11);
    expect(res.headers['x-pagination-current-page']).toBe('2');
    expect(res.headers['x-pagination-per-page']).toBe('10');
    expect(Number(res.headers['x-pagination-total-count'])).toBeGreaterThan(50);
    expect(res.headers['x-pagination-page-count']).toBe(
      String(Math.ceil(Number(res.headers['x-pagination-total-count']) / 10)),
    );
  });

  it('refuses an unknown filter, an unknown sort and a bad page', async () => {
    expect((await get('/airport?filter[country]=RU')).statusCode).toBe(400);
    expect((await get('/airport?sort=country')).statusCode).toBe(400);
    expect((await get('/airport?page=0')).statusCode).toBe(400);
  });
});

describe('when listing airlines for the baggage-register settings', () => {
  it('searches the codes and names through filter[or][][field][like]', async () => {
    const url =
      '/aviacompany?filter[or][][iata_code][like]=su&filter[or][][icao_code][like]=su&filter[or][][name_ru][like]=su&filter[is_deleted]=0&sort=iata_code';
    const list = (await get(url)).json();
    expect(codes(list)).toContain('SU');
    for (const a of list) expect(`${a.iata_code} ${a.icao_code} ${a.name_ru}`.toLowerCase()).toContain('su');
  });

  it('answers the full airline with its 3-digit code, without the baggage-register unless expanded', async () => {
    const res = await get(`/aviacompany?filter[name]=${encodeURIComponent('S7')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        name: 'S7 Airlines',
        name_ru: 'S7 Airlines',
        name_en: 'S7 Airlines',
        iata_code: 'S7',
        icao_code: 'SBI',
        sirena_code: 'С7',
        code: 'S7',
        numeric_code: '421',
        is_deleted: false,
      },
    ]);
  });

  it('refuses the baggage-register settings to a user without a rule to read them', async () => {
    const res = await get('/aviacompany?expand=aviacompanyBaggageRegister&filter[name]=SBI');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Недостаточно прав для этого действия' });
  });

  it('filters deleted airlines in and out', async () => {
    const deleted = (await get('/aviacompany?filter[is_deleted]=1')).json();
    expect(codes(deleted)).toEqual(['UN']);
    const active = (await get('/aviacompany?filter[is_deleted]=0&per-page=100')).json();
    expect(codes(active)).not.toContain('UN');
  });

  it('pages and sorts by the spec keys', async () => {
    const res = await get('/aviacompany?per-page=5&sort=-iata_code');
    expect(res.json()).toHaveLength(5);
    const list = codes(res.json()) as string[];
    expect(list).toEqual([...list].sort().reverse());
    expect(Number(res.headers['x-pagination-total-count'])).toBeGreaterThanOrEqual(30);
  });

  it('refuses an unknown or-field, an unknown operator and an unknown filter', async () => {
    expect((await get('/aviacompany?filter[or][][country][like]=RU')).statusCode).toBe(400);
    expect((await get('/aviacompany?filter[or][][iata_code][gt]=A')).statusCode).toBe(400);
    expect((await get('/aviacompany?filter[is_deleted]=maybe')).statusCode).toBe(400);
    const res = await get('/aviacompany?filter[country]=RU');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Неизвестный фильтр: country');
  });
});
