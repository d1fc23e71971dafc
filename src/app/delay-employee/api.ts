/**
 * The delay-employee module's door to the server (spec 7), copied from `../skill-access/api.ts`: one function per
 * call on the ofetch clients, each answer checked by the shared schemas, every failure an `ApiError`. The machine
 * of `src/machines/delayEmployee.ts` invokes these as named actors.
 */
import {
  type DelayAssign,
  type DelayEmployee,
  delayEmployeeSchema,
  EMPLOYEE_PAGE,
  type EmployeeOption,
  employeeOptionSchema,
} from '../../shared/delay-employee.ts';
import { z } from '../../shared/messages.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

const delaysSchema = z.array(delayEmployeeSchema);

/** The delays of a day's flights (`GET /v2/delay-employee?date=YYYY-MM-DD`, times in the browser's zone). */
export function loadDayDelays(date: string): Promise<DelayEmployee[]> {
  return call(api, '/v2/delay-employee', delaysSchema, { query: { date } });
}

/** The first page of employees whose name holds the text (`GET /v2/employee?filter[name]=…`). */
export function searchEmployees(name: string): Promise<EmployeeOption[]> {
  const query: Record<string, string | number> = { 'per-page': EMPLOYEE_PAGE };
  if (name.trim() !== '') query['filter[name]'] = name.trim();
  return call(api, '/v2/employee', z.array(employeeOptionSchema), { query });
}

/** Saves the changed assignments in one transaction (`PATCH /v2/delay-employees`); answers the changed delays. */
export function saveAssignments(body: DelayAssign): Promise<DelayEmployee[]> {
  return call(api, '/v2/delay-employees', delaysSchema, { method: 'PATCH', body });
}
