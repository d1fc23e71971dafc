import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  VACATION_STAFF_LIMIT,
  type VacationAnswer,
  type VacationEmployee,
} from '../../shared/planning-calc.ts';
import { type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import { loadVacation } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const staff = (count: number): VacationEmployee[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Сотрудник ${index + 1}`,
    position: 'Грузчик',
    planDates: [],
    vacation_left: 20,
  }));

/** The preview as the server pages it: at most `serverPerPage` a page whatever is asked, and the four headers. */
function serve(rows: VacationEmployee[], serverPerPage = 1000): SeenRequest[] {
  return stubFetch((request) => {
    const body = request.body as { page?: number; 'per-page'?: number };
    const page = body.page ?? 1;
    const perPage = Math.min(body['per-page'] ?? 50, serverPerPage);
    const answer: VacationAnswer = {
      calc: { id: 5, name: 'Март', begin: '2026-03-09', end: '2026-03-10' },
      total_left: 20,
      employees: rows.slice((page - 1) * perPage, page * perPage),
      employeeProfit: [],
    };
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'x-pagination-total-count': String(rows.length),
        'x-pagination-page-count': String(Math.max(1, Math.ceil(rows.length / perPage))),
        'x-pagination-current-page': String(page),
        'x-pagination-per-page': String(perPage),
      },
    });
  });
}

const query = { calcId: 5, sort: 'fio', employee: '', plan: [{ employee_id: 2, dates: ['2026-03-09'] }] };

describe('when loading the planner', () => {
  it('asks the pages after the first and shows every employee of the calculation, in order', async () => {
    const seen = serve(staff(2345));
    const { answer, staffCapped } = await loadVacation(query);
    expect(answer.employees).toHaveLength(2345);
    expect(answer.employees.map((row) => row.id)).toEqual(staff(2345).map((row) => row.id));
    expect(staffCapped).toBe(false);
    expect(seen.map((request) => (request.body as { page: number }).page)).toEqual([1, 2, 3]);
    for (const request of seen)
      expect(request.body).toMatchObject({ calc_id: 5, sort: 'fio', vacation_plan: query.plan });
  });

  it('follows the page count of the headers when the server gives fewer rows a page than asked', async () => {
    const seen = serve(staff(120), 50);
    const { answer } = await loadVacation(query);
    expect(answer.employees).toHaveLength(120);
    expect(seen).toHaveLength(3);
  });

  it('asks once when one page holds everybody', async () => {
    const seen = serve(staff(3));
    expect((await loadVacation(query)).answer.employees).toHaveLength(3);
    expect(seen).toHaveLength(1);
  });

  it('says the staff may be cut when the whole list reaches the server limit, and cannot tell under a filter', async () => {
    serve(staff(VACATION_STAFF_LIMIT));
    const whole = await loadVacation(query);
    expect(whole.answer.employees).toHaveLength(VACATION_STAFF_LIMIT);
    expect(whole.staffCapped).toBe(true);
    expect((await loadVacation({ ...query, employee: 'Сотр' })).staffCapped).toBeNull();
  });
});
