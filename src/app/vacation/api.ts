/**
 * The vacation planner's door to the server (spec 7): the planner with the sort, the name filter and the unsaved plans
 * as a what-if (`POST /planning/vacation/preview`, the body form of `GET /planning/vacation`), and
 * `PUT /planning/vacation` to save them. Answers checked by the shared schemas; every
 * failure an `ApiError`. The machine of `src/machines/vacationPlanner.ts` invokes these as named actors.
 */

import {
  VACATION_STAFF_LIMIT,
  type VacationAnswer,
  type VacationEmployee,
  type VacationPlanEntry,
  vacationAnswerSchema,
  vacationSavedSchema,
} from '../../shared/planning-calc.ts';
import { readPagination } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call, parseAnswer } from '../api/request.ts';

/** Employees asked for a page: the most the server gives in one answer; the rest are asked page by page. */
const PLANNER_PER_PAGE = 1000;

/** What the planner asks with. */
export interface VacationQuery {
  calcId: number;
  sort: string;
  employee: string;
  /** Unsaved plans: the answer is computed as if they replaced the stored ones. */
  plan: VacationPlanEntry[];
}

/** The planner with every employee of the query. */
export interface VacationLoad {
  answer: VacationAnswer;
  /**
   * Whether the calculation's staff reached the server's limit (the list may be cut); null under a name filter, whose
   * count says nothing of the whole staff.
   */
  staffCapped: boolean | null;
}

/** One page of the planner, asked with the query in the body: unsaved plans soon outgrow a URL. */
async function loadPage(query: VacationQuery, page: number, signal?: AbortSignal) {
  const employee = query.employee.trim();
  let response: Awaited<ReturnType<typeof api.raw>>;
  try {
    response = await api.raw('/planning/vacation/preview', {
      method: 'POST',
      body: {
        calc_id: query.calcId,
        sort: query.sort,
        page,
        'per-page': PLANNER_PER_PAGE,
        ...(employee ? { filter: { employee } } : {}),
        vacation_plan: query.plan,
      },
      signal,
    });
  } catch (error) {
    throw parseApiError(error);
  }
  const answer = parseAnswer('/planning/vacation/preview', vacationAnswerSchema, response._data);
  const paging = readPagination(
    response.headers,
    { page, perPage: PLANNER_PER_PAGE },
    answer.employees.length,
  );
  return { answer, ...paging };
}

/**
 * The planner for the query with all its employees: the first page says how many pages there are (`x-pagination-*`),
 * the others are asked next and their rows appended in order (an employee on two pages, moved by a change between
 * the asks, is kept once).
 */
export async function loadVacation(query: VacationQuery, signal?: AbortSignal): Promise<VacationLoad> {
  const first = await loadPage(query, 1, signal);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, index) =>
      loadPage(query, index + 2, signal),
    ),
  );
  const employees = new Map<number, VacationEmployee>();
  for (const page of [first, ...rest]) {
    for (const row of page.answer.employees) if (!employees.has(row.id)) employees.set(row.id, row);
  }
  return {
    answer: { ...first.answer, employees: [...employees.values()] },
    staffCapped: query.employee.trim() ? null : first.totalCount >= VACATION_STAFF_LIMIT,
  };
}

/** Saves the plans of the listed employees (422 with `fields` by `vacation_plan.n.…`). */
export function saveVacation(input: {
  calcId: number;
  plan: VacationPlanEntry[];
}): Promise<{ saved: number }> {
  return call(api, '/planning/vacation', vacationSavedSchema, {
    method: 'PUT',
    body: { calc_id: input.calcId, vacation_plan: input.plan },
  });
}
