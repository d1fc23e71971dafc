/**
 * The postal statements module's door to the server (spec 7), copied from `../skill-access/api.ts`: one function
 * per call on the ofetch clients, each answer checked by the shared schemas, every failure an `ApiError`. The
 * machine of `src/machines/postalStatements.ts` invokes these as named actors.
 */
import { z } from '../../shared/messages.ts';
import {
  type Pattern,
  type PatternSave,
  type PatternType,
  patternSchema,
  patternTypeSchema,
} from '../../shared/postal-statements.ts';
import { departmentSchema, employeePositionSchema } from '../../shared/reference.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

const patternsSchema = z.array(patternSchema);

/** A department or a position to pick: `{id, name}` (positions with their department). */
export interface PatternChoice {
  id: number;
  name: string;
  department_id?: number;
}

/** What the screen opens with: the stored patterns, the pattern types and the departments. */
export interface PatternScreenData {
  patterns: Pattern[];
  types: PatternType[];
  departments: PatternChoice[];
}

/** Patterns (`GET /v2/pattern`), types (`GET /v2/pattern-type`) and departments (`GET /v2/department`) together. */
export async function loadPatternScreen(): Promise<PatternScreenData> {
  const [patterns, types, departments] = await Promise.all([
    call(api, '/v2/pattern', patternsSchema),
    call(api, '/v2/pattern-type', z.array(patternTypeSchema)),
    call(api, '/v2/department', z.array(departmentSchema), { query: { sort: 'name' } }),
  ]);
  return { patterns, types, departments: departments.map(({ id, name }) => ({ id, name })) };
}

/** The positions of the departments (`GET /v3/employee-position?filter[department_ids][]=…`); none for none. */
export async function loadDepartmentPositions(departmentIds: readonly number[]): Promise<PatternChoice[]> {
  if (departmentIds.length === 0) return [];
  return call(api, '/v3/employee-position', z.array(employeePositionSchema), {
    query: { 'filter[department_ids][]': [...departmentIds] },
  });
}

/** Replaces the whole set of patterns in one transaction (`POST /v2/pattern`); answers the stored set. */
export function savePatterns(body: PatternSave): Promise<Pattern[]> {
  return call(api, '/v2/pattern', patternsSchema, { method: 'POST', body });
}
