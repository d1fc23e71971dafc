/**
 * The staff-planning module's door to the server (spec 7): the reference lists, the flights (fetched as raw bytes and
 * handed to the planning worker to parse) and the demand panels. Every failure is an `ApiError`. The machine of
 * `src/machines/staffPlanning.ts` invokes these as named actors.
 */
import { z } from '../../shared/messages.ts';
import {
  departmentSchema,
  employeePositionSchema,
  flightParamsSchema,
  namedItemSchema,
  scaleSchema,
} from '../../shared/reference.ts';
import {
  createPlanningClient,
  type DemandRequest,
  type DemandResult,
  type PlanningClient,
  type PlanningSet,
} from '../../workers/planning.ts';

export type {
  DemandRequest,
  DemandResult,
  DemandSeries,
  ParameterType,
  PlanningSet,
} from '../../workers/planning.ts';

import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { call } from '../api/request.ts';

type Query = Record<string, string | number | (string | number)[]>;

/** The reference lists behind the filters and their defaults. */
export async function loadPlanningReference() {
  const [params, departments, scales, resourceTypes] = await Promise.all([
    call(api, '/planning/flight-params', flightParamsSchema),
    call(api, '/planning/department', z.array(departmentSchema.omit({ contractor_id: true }))),
    call(api, '/planning/scale', z.array(scaleSchema)),
    call(api, '/planning/resource-type', z.array(namedItemSchema)),
  ]);
  return { params, departments, scales, resourceTypes };
}
export type PlanningReferenceLists = Awaited<ReturnType<typeof loadPlanningReference>>;

/** Positions needed in the period (`/planning/employee-position`) and the jobs of the chosen ones (`/planning/job`). */
export async function loadPlanningLists(positionQuery: Query, jobQuery: Query, signal?: AbortSignal) {
  const [positions, jobs] = await Promise.all([
    call(api, '/planning/employee-position', z.array(employeePositionSchema), {
      query: positionQuery,
      signal,
    }),
    call(api, '/planning/job', z.array(namedItemSchema), { query: jobQuery, signal }),
  ]);
  return { positions, jobs };
}
export type PlanningLists = Awaited<ReturnType<typeof loadPlanningLists>>;

/**
 * The raw bytes of `GET /planning/flight` (~70,000 tasks for a month): not parsed here, so the main thread never
 * holds the big answer; the planning worker parses and validates it.
 */
async function fetchPlanningFlights(query: Query, signal?: AbortSignal): Promise<ArrayBuffer> {
  try {
    return await api<ArrayBuffer, 'arrayBuffer'>('/planning/flight', {
      query,
      signal,
      responseType: 'arrayBuffer',
    });
  } catch (error) {
    throw parseApiError(error);
  }
}

let client: PlanningClient | null = null;

/** The planning worker, started on first use and kept for the page's life (it holds the last answer for demand). */
function planning(): PlanningClient {
  client ??= createPlanningClient();
  return client;
}

/** Fetches the flights and has the worker parse them into bars; an aborted request never reaches the worker. */
export async function loadPlanningFlights(query: Query, signal?: AbortSignal): Promise<PlanningSet> {
  const buffer = await fetchPlanningFlights(query, signal);
  signal?.throwIfAborted();
  return planning().load(buffer);
}

/** Demand per slot of the last loaded flights, counted in the worker. */
export function loadPlanningDemand(request: DemandRequest): Promise<DemandResult | null> {
  return planning().demand(request);
}
