import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_MESSAGES } from '../api/errors.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import { deleteCalc, evaluateCalc, loadCalcPage, loadJobOptions, updateCalc } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const params = { filters: { name_ru: 'Букс', calc_type: '1' }, sort: '-start_job', page: 2, perPage: 5 };

describe('when loading the grid', () => {
  it('sends filters, sort, page and page size and reads the pagination headers', async () => {
    const seen = stubFetch(
      () =>
        new Response('[]', {
          status: 200,
          headers: {
            'content-type': 'application/json',
            'x-pagination-total-count': '7',
            'x-pagination-page-count': '2',
            'x-pagination-current-page': '2',
            'x-pagination-per-page': '5',
          },
        }),
    );
    const page = await loadCalcPage(params, new AbortController().signal);
    expect(page).toEqual({ items: [], totalCount: 7, pageCount: 2, currentPage: 2, perPage: 5 });
    expect(seen[0].path).toBe('/api/tariff/calc');
    expect(seen[0].query).toBe('?filter[name_ru]=Букс&filter[calc_type]=1&sort=-start_job&page=2&per-page=5');
  });

  it('refuses rows the shared schema does not know as a bad answer', async () => {
    stubFetch(() => json(200, [{ id: 1 }]));
    await expect(loadCalcPage(params, new AbortController().signal)).rejects.toMatchObject({
      message: CLIENT_MESSAGES.badAnswer,
    });
  });

  it('turns the server refusal into an ApiError with its message', async () => {
    stubFetch(() => json(400, { message: 'Неизвестная сортировка: x' }));
    const failure = await loadCalcPage(params, new AbortController().signal).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Неизвестная сортировка: x', status: 400 });
  });
});

describe('when loading the options of the chosen jobs', () => {
  it('asks nothing for no jobs', async () => {
    const seen = stubFetch(() => json(200, []));
    await expect(loadJobOptions([])).resolves.toEqual({
      positions: [],
      resourceTypes: [],
      resources: [],
      indicators: [],
    });
    expect(seen).toEqual([]);
  });

  it('sends the jobs as unique_job_id[] and job_id[]', async () => {
    const seen = stubFetch(() => json(200, []));
    await loadJobOptions([3, 5]);
    expect(seen.map((request) => `${request.path}${request.query}`).sort()).toEqual([
      '/api/v2/employee-position/job?unique_job_id[]=3&unique_job_id[]=5',
      '/api/v2/job-indicator?job_id[]=3&job_id[]=5',
      '/api/v2/resource-type/job?unique_job_id[]=3&unique_job_id[]=5',
      '/api/v2/resource/job?unique_job_id[]=3&unique_job_id[]=5',
    ]);
  });
});

describe('when writing', () => {
  it('sends an update with the id in the body, not the path', async () => {
    const seen = stubFetch(() =>
      json(422, { message: 'Проверьте заполнение полей', fields: { calcJob: ['x'] } }),
    );
    const failure = await updateCalc({ id: 7 } as never).catch((error) => error);
    expect(seen[0]).toMatchObject({ method: 'PATCH', path: '/api/tariff/calc', body: { id: 7 } });
    expect(failure).toMatchObject({ status: 422, fields: { calcJob: ['x'] } });
  });

  it('passes a refused delete on with the server message for the popup', async () => {
    stubFetch(() => json(409, { message: 'Расчёт нельзя удалить' }));
    await expect(deleteCalc(7)).rejects.toMatchObject({ message: 'Расчёт нельзя удалить', status: 409 });
  });

  it('evaluates on a turnaround by flight_aid', async () => {
    const seen = stubFetch(() => json(404, { message: 'Разворот не найден' }));
    await expect(evaluateCalc(7, 42)).rejects.toMatchObject({ message: 'Разворот не найден' });
    expect(`${seen[0].path}${seen[0].query}`).toBe('/api/tariff/calc/7/evaluate?flight_aid=42');
  });
});
