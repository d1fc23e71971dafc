/**
 * The vacation planner's door to the server (spec 7): the planner with the sort, the name filter and the unsaved plans
 * as a what-if (`POST /planning/vacation/preview`, the body form of `GET /planning/vacation`), and
 * `PUT /planning/vacation` to save them. Answers checked by the shared schemas; every
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

/** The planner for the query, asked with the query in the body: unsaved plans soon outgrow a URL. */
export function loadVacation(query: VacationQuery, signal?: AbortSignal): Promise<VacationAnswer> {
  const employee = query.employee.trim();
  return call(api, '/planning/vacation/preview', vacationAnswerSchema, {
    method: 'POST',
    body: {
      calc_id: query.calcId,
      sort: query.sort,
      'per-page': PLANNER_PER_PAGE,
      ...(employee ? { filter: { employee } } : {}),
      vacation_plan: query.plan,
    },
    signal,
  });
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
