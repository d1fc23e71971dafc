/**
 * The saved-calculations door to the server (spec 7): the paged list (`POST /planning/calc`, page, per-page and filter
 * in the body, sort in the query), rename and delete. Answers are checked by `src/shared/planning-calc.ts`; every
 * failure is an `ApiError`. The machine of `src/machines/calcHistory.ts` invokes rename and delete as named actors.
 */

import { z } from '../../shared/messages.ts';
import {
  type CalcItem,
  type CalcRenamed,
  calcItemSchema,
  calcRenamedSchema,
  type calcUpdateBodySchema,
} from '../../shared/planning-calc.ts';
import type { LoadPage } from '../../widgets/DataGrid/index.ts';
import { readPagination } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call, callNoContent } from '../api/request.ts';

const listSchema = z.array(calcItemSchema);

/** The grid's list call: filters and paging go in the body, the sort in the query; rows checked. */
export const loadCalcPage: LoadPage<CalcItem> = async (params, signal) => {
  try {
    const filter = Object.fromEntries(Object.entries(params.filters).filter(([, value]) => value !== ''));
    const response = await api.raw('/planning/calc', {
      method: 'POST',
      query: params.sort ? { sort: params.sort } : {},
      body: { page: params.page, 'per-page': params.perPage, filter },
      signal,
    });
    const items = listSchema.parse(response._data);
    return { items, ...readPagination(response.headers, params, items.length) };
  } catch (error) {
    throw parseApiError(error);
  }
};

/**
 * Renames a calculation, sending back the version of the row listed (422 with `fields.name`; 409 when the row was
 * renamed since).
 */
export function renameCalc(input: { id: number; name: string; version: string }): Promise<CalcRenamed> {
  const body: z.input<typeof calcUpdateBodySchema> = {
    calc_id: input.id,
    name: input.name,
    version: input.version,
  };
  return call(api, '/planning/calc/update', calcRenamedSchema, { method: 'PUT', body });
}

/** Deletes a calculation with its vacation plan (204). */
export function deleteCalc(id: number): Promise<void> {
  return callNoContent(api, '/planning/calc/delete', { method: 'DELETE', body: { calc_id: id } });
}
