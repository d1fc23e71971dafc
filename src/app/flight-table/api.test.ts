import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RaceRow } from '../../shared/flight-table.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import { exportRaces, loadRaces } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const row = (aid: number): RaceRow => ({
  aid,
  arrival_flight_id: aid * 10,
  departure_flight_id: null,
  flight: `SU ${aid}`,
  aircraft_type: 'A320',
  date: '01.06.2026',
  board: 'RA-73001',
  stand: '12',
  plan: '10:00',
  calculated: '',
  fact: '',
  departure_airport: 'LED',
  arrival_airport: 'SVO',
  code_share: '',
  takeoff: '',
  direction: 'Санкт-Петербург',
  type: 'Внутренний',
  status: 'План',
  link: 'Только прилёт',
  tgo: '',
  arrival_model: 'A320',
  confirmed: false,
});

describe('loading the rows of a period', () => {
  it('joins every page of the list into one grid page, passing filters and sort', async () => {
    const seen = stubFetch((request) => {
      const page = Number(new URLSearchParams(request.query).get('page'));
      const answer = json(200, page === 1 ? [row(1), row(2)] : [row(3)]);
      answer.headers.set('x-pagination-page-count', '2');
      answer.headers.set('x-pagination-total-count', '3');
      return answer;
    });
    const result = await loadRaces(
      { filters: { date_from: '2026-06-01', status: '1' }, sort: '-plan', page: 1, perPage: 100_000 },
      new AbortController().signal,
    );
    expect(result.items.map((item) => item.aid)).toEqual([1, 2, 3]);
    expect(result.totalCount).toBe(3);
    expect(result.pageCount).toBe(1);
    expect(seen.map((request) => request.path)).toEqual(['/api/v1/race', '/api/v1/race']);
    expect(seen[1].query).toContain('filter[date_from]=2026-06-01');
    expect(seen[1].query).toContain('filter[status]=1');
    expect(seen[1].query).toContain('sort=-plan');
    expect(seen[1].query).toContain('page=2');
    expect(seen[1].query).toContain('per-page=2000');
  });

  it('refuses an answer that is not rows', async () => {
    stubFetch(() => json(200, [{ aid: 'x' }]));
    await expect(
      loadRaces({ filters: {}, sort: null, page: 1, perPage: 10 }, new AbortController().signal),
    ).rejects.toThrow('неожиданном формате');
  });
});

describe('exporting the table', () => {
  it('asks for the period, the shown filters, sort and columns, and reports progress while the file arrives', async () => {
    const name = 'Суточный план полетов на 01.06.2026 - 02.06.2026.xlsx';
    const seen = stubFetch(
      () =>
        new Response(new Uint8Array([1, 2, 3, 4]), {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-length': '4',
            'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
          },
        }),
    );
    const progress: [number, number | null][] = [];
    const file = await exportRaces(
      {
        from: '01.06.2026',
        to: '02.06.2026',
        columns: ['flight', 'tgo'],
        filters: { date_from: '2026-06-01', status: '1', flight: '' },
        sort: '-plan',
      },
      (received, total) => progress.push([received, total]),
    );
    expect(seen[0].method).toBe('POST');
    expect(seen[0].path).toBe('/api/race/index');
    expect(seen[0].query).toContain('RaceSearch[date_range]=01.06.2026+-+02.06.2026');
    expect(seen[0].query).toContain('RaceSearch[export_to_excel]=1');
    expect(seen[0].query).toContain('filter[status]=1');
    expect(seen[0].query).not.toContain('filter[date_from]');
    expect(seen[0].query).not.toContain('filter[flight]');
    expect(seen[0].query).toContain('sort=-plan');
    expect(seen[0].body).toEqual({ columns: ['flight', 'tgo'] });
    expect(progress.at(0)).toEqual([0, 4]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(file.name).toBe(name);
    expect(file.blob.size).toBe(4);
  });

  it('rejects with the server message when the file cannot be built', async () => {
    stubFetch(() => json(422, { message: 'Ожидается ДД.ММ.ГГГГ - ДД.ММ.ГГГГ', fields: {} }));
    await expect(exportRaces({ from: 'x', to: 'y', columns: ['flight'] }, () => undefined)).rejects.toThrow(
      'Ожидается ДД.ММ.ГГГГ - ДД.ММ.ГГГГ',
    );
  });
});
