/**
 * The service-calculation module's door to the server (copies `../auth/api.ts`): one function per call of spec 7.4
 * and the evaluation beyond it, each answer checked by a shared schema, every failure an `ApiError`. The calc modal
 * machine invokes these as named actors; the grid takes `loadCalcPage`.
 */
import { z } from '../../shared/messages.ts';
import {
  employeePositionSchema,
  fullNamedItemSchema,
  jobIndicatorSchema,
  namedItemSchema,
  resourceItemSchema,
  serviceItemSchema,
} from '../../shared/reference.ts';
import {
  type Calc,
  type CalcCreate,
  type CalcEvaluation,
  type CalcUpdate,
  calcEvaluationSchema,
  calcSchema,
} from '../../shared/tariff-calc.ts';
import { type LoadPage, listQuery, readPagination } from '../../widgets/DataGrid/index.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call, callNoContent, parseAnswer } from '../api/request.ts';

type NamedItem = z.infer<typeof namedItemSchema>;
type FullNamedItem = z.infer<typeof fullNamedItemSchema>;
type ServiceItem = z.infer<typeof serviceItemSchema>;
type EmployeePosition = z.infer<typeof employeePositionSchema>;
type ResourceItem = z.infer<typeof resourceItemSchema>;
type JobIndicator = z.infer<typeof jobIndicatorSchema>;

/** The reference lists the calc modal needs, sent when the screen opens (spec 7.4). */
export interface CalcReferences {
  calcTypes: NamedItem[];
  formats: FullNamedItem[];
  roundings: FullNamedItem[];
  medServices: NamedItem[];
  vipServices: NamedItem[];
  services: ServiceItem[];
  jobs: NamedItem[];
}

/** The options of the chosen jobs: the check block's lists and the jobs' indicators. */
export interface JobOptions {
  positions: EmployeePosition[];
  resourceTypes: NamedItem[];
  resources: ResourceItem[];
  indicators: JobIndicator[];
}

const calcListSchema = z.array(calcSchema);

/** The grid's list call: `GET /tariff/calc` with filters, sort, page and per-page; rows checked by the shared schema. */
export const loadCalcPage: LoadPage<Calc> = async (params, signal) => {
  let response: Awaited<ReturnType<typeof api.raw>>;
  try {
    response = await api.raw('/tariff/calc', { method: 'GET', query: listQuery(params), signal });
  } catch (error) {
    throw parseApiError(error);
  }
  const items = parseAnswer('/tariff/calc', calcListSchema, response._data, response.status);
  return { items, ...readPagination(response.headers, params, items.length) };
};

/** Every reference list of the modal, asked in parallel. */
export async function loadReferences(): Promise<CalcReferences> {
  const [calcTypes, formats, roundings, medServices, vipServices, services, jobs] = await Promise.all([
    call(api, '/tariff/calc-type', z.array(namedItemSchema)),
    call(api, '/tariff/format', z.array(fullNamedItemSchema)),
    call(api, '/tariff/rounding', z.array(fullNamedItemSchema)),
    call(api, '/v2/med-service', z.array(namedItemSchema)),
    call(api, '/v2/vip-service', z.array(namedItemSchema)),
    call(api, '/v2/service', z.array(serviceItemSchema)),
    call(api, '/v2/job', z.array(namedItemSchema)),
  ]);
  return { calcTypes, formats, roundings, medServices, vipServices, services, jobs };
}

const NO_JOB_OPTIONS: JobOptions = { positions: [], resourceTypes: [], resources: [], indicators: [] };

/** Positions, resource types, resources and indicators of the chosen jobs; nothing is asked for no jobs. */
export async function loadJobOptions(jobIds: readonly number[]): Promise<JobOptions> {
  if (jobIds.length === 0) return NO_JOB_OPTIONS;
  const unique = { 'unique_job_id[]': [...jobIds] };
  const [positions, resourceTypes, resources, indicators] = await Promise.all([
    call(api, '/v2/employee-position/job', z.array(employeePositionSchema), { query: unique }),
    call(api, '/v2/resource-type/job', z.array(namedItemSchema), { query: unique }),
    call(api, '/v2/resource/job', z.array(resourceItemSchema), { query: unique }),
    call(api, '/v2/job-indicator', z.array(jobIndicatorSchema), { query: { 'job_id[]': [...jobIds] } }),
  ]);
  return { positions, resourceTypes, resources, indicators };
}

/** One calc with its link lists (edit mode). */
export function getCalc(id: number): Promise<Calc> {
  return call(api, `/tariff/calc/${id}`, calcSchema);
}

/** Creates a calc and answers it (422 with `fields` keyed by the payload paths, 403 without `tariff-calc-create`). */
export function createCalc(body: CalcCreate): Promise<Calc> {
  return call(api, '/tariff/calc', calcSchema, { method: 'POST', body });
}

/** Updates a calc; the id travels in the body, not the path (spec 7.4). */
export function updateCalc(body: CalcUpdate): Promise<Calc> {
  return call(api, '/tariff/calc', calcSchema, { method: 'PATCH', body });
}

/** Deletes a calc; a calc that billing still references answers 409 with a Russian `message`. */
export function deleteCalc(id: number): Promise<void> {
  return callNoContent(api, `/tariff/calc/${id}`, { method: 'DELETE' });
}

/** The saved calc evaluated on one turnaround, with its steps (beyond the spec). */
export function evaluateCalc(id: number, flightAid: number): Promise<CalcEvaluation> {
  return call(api, `/tariff/calc/${id}/evaluate`, calcEvaluationSchema, { query: { flight_aid: flightAid } });
}
