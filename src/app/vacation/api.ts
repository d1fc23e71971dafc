/**
 * The vacation planner's door to the server (spec 7): `GET /planning/vacation` with the sort, the name filter and the
 * unsaved plans as a what-if, and `PUT /planning/vacation` to save them. Answers checked by the shared schemas; every
 * failure an `ApiError`. The machine of `src/machines/vacationPlanner.ts` invokes these as named actors.
 */
import {
  type VacationAnswer,
  type VacationPlanEntry,
  vacationAnswerSchema,
  vacationSavedSchema,
} from '../../shared/planning-calc.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

/** Employees one answer carries: the planner scrolls them all instead of paging. */
const PLANNER_PER_PAGE = 1000;

/** What the planner asks with. */
export interface VacationQuery {
  calcId: number;
  sort: string;
  employee: string;
  /** Unsaved plans: the answer is computed as if they replaced the stored ones. */
  plan: VacationPlanEntry[];
}

/**
 * The query of a planner call. Example: one plan → `{calc_id: 5, sort: '-vacation_left', 'per-page': 1000,
 * 'vacation_plan[0][employee_id]': 7, 'vacation_plan[0][dates][]': ['2026-03-09']}`.
 */
function vacationQuery(query: VacationQuery): Record<string, string | number | string[]> {
  const params: Record<string, string | number | string[]> = {
    calc_id: query.calcId,
    sort: query.sort,
    'per-page': PLANNER_PER_PAGE,
  };
  if (query.employee.trim() !== '') params['filter[employee]'] = query.employee.trim();
  query.plan.forEach((entry, index) => {
    params[`vacation_plan[${index}][employee_id]`] = entry.employee_id;
    if (entry.dates.length > 0) params[`vacation_plan[${index}][dates][]`] = entry.dates;
  });
  return params;
}

/** The planner for the query. */
export function loadVacation(query: VacationQuery, signal?: AbortSignal): Promise<VacationAnswer> {
  return call(api, '/planning/vacation', vacationAnswerSchema, { query: vacationQuery(query), signal });
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
