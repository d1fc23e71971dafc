/**
 * The allocation module's door to the server (spec 7 "Allocation"), copied from `../auth/api.ts`: one function per
 * call on the ofetch clients, each answer checked by the shared schemas of `src/shared/allocation.ts`, every failure
 * an `ApiError`. The machine of `src/machines/allocationModal.ts` invokes these as named actors.
 */
import {
  type Allocation,
  type AllocationInput,
  allocationSchema,
  coefTypeSchema,
  contractorSchema,
  type NamedItem,
} from '../../shared/allocation.ts';
import { z } from '../../shared/messages.ts';
import { departmentSchema } from '../../shared/reference.ts';
import { createLoadPage, type LoadPage } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call, callNoContent } from '../api/request.ts';

const PATH = '/v2/allocation';

const listSchema = z.array(allocationSchema);
const rawPage = createLoadPage<Allocation>(api, PATH, { pickItems: (body) => listSchema.parse(body) });

/** The grid's list call (`GET /v2/allocation`, per-page and page); rows checked, failures as ApiError. */
export const loadAllocationPage: LoadPage<Allocation> = async (params, signal) => {
  try {
    return await rawPage(params, signal);
  } catch (error) {
    throw parseApiError(error);
  }
};

/** One allocation with its contractor, department and coefficients. */
export function getAllocation(id: number): Promise<Allocation> {
  return call(api, `${PATH}/${id}`, allocationSchema);
}

/** Creates an allocation; the answer is the stored one (422 with `fields` keyed by the payload paths). */
export function createAllocation(payload: AllocationInput): Promise<Allocation> {
  return call(api, PATH, allocationSchema, { method: 'POST', body: payload });
}

/** Updates an allocation: the id in the path and in the body (spec 7). */
export function updateAllocation(id: number, payload: AllocationInput): Promise<Allocation> {
  return call(api, `${PATH}/${id}`, allocationSchema, { method: 'PATCH', body: { ...payload, id } });
}

/** Deletes an allocation (204). */
export function deleteAllocation(id: number): Promise<void> {
  return callNoContent(api, `${PATH}/${id}`, { method: 'DELETE' });
}

/** The choices of the modal: contractors and coefficient types. */
export interface AllocationReferences {
  contractors: NamedItem[];
  coefTypes: NamedItem[];
}

/** Contractors (`GET /v2/contractor`) and coefficient types (`GET /v2/coef-type`), asked when the screen opens. */
export async function loadAllocationReferences(): Promise<AllocationReferences> {
  const [contractors, coefTypes] = await Promise.all([
    call(api, '/v2/contractor', z.array(contractorSchema)),
    call(api, '/v2/coef-type', z.array(coefTypeSchema)),
  ]);
  return { contractors, coefTypes };
}

const departmentListSchema = z
  .array(departmentSchema)
  .transform((items) => items.map(({ id, name }) => ({ id, name })));

/** The departments of one contractor (`GET /v2/department?filter[contractor_id]=`), in Russian order. */
export function loadContractorDepartments(contractorId: number): Promise<NamedItem[]> {
  return call(api, '/v2/department', departmentListSchema, {
    query: { 'filter[contractor_id]': contractorId, sort: 'name' },
  });
}
