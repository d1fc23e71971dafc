/**
 * The staff-planning module's door to the server (spec 7): the reference lists, the flights (fetched as raw bytes and
 * handed to the planning worker to parse) and the demand panels. Every failure is an `ApiError`. The machine of
 * `src/machines/staffPlanning.ts` invokes these as named actors.
 */
import { z } from '../../shared/messages.ts';
import {
  maxDemandsSchema,
  passengerCountSchema,
  peakGraphSchema,
  taskEmployeeInfoSchema,
  workingShiftsSchema,
} from '../../shared/planning-demand.ts';
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

export type { DemandRequest, DemandResult, PlanningSet } from '../../workers/planning.ts';

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

/**
 * Positions needed in the period (`/planning/employee-position`) and the working shifts from the period's first day
 * (`planning/working-shift`).
 */
export async function loadPlanningPositions(positionQuery: Query, shiftBegin: string, signal?: AbortSignal) {
  const [positions, workingShifts] = await Promise.all([
    call(api, '/planning/employee-position', z.array(employeePositionSchema), {
      query: positionQuery,
      signal,
    }),
    call(api, '/planning/working-shift', workingShiftsSchema, { query: { begin: shiftBegin }, signal }),
  ]);
  return { positions, workingShifts };
}
export type PlanningPositions = Awaited<ReturnType<typeof loadPlanningPositions>>;

/** The jobs of the chosen positions, or of the department's (`/planning/job`). */
export function loadPlanningJobs(jobQuery: Query, signal?: AbortSignal) {
  return call(api, '/planning/job', z.array(namedItemSchema), { query: jobQuery, signal });
}

/** The lists of the filters that depend on other filters. */
export type PlanningLists = PlanningPositions & { jobs: Awaited<ReturnType<typeof loadPlanningJobs>> };

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

/** Starts the planning worker ahead of the first answer, so its start-up overlaps the reference and flight requests. */
export function startPlanningWorker(): void {
  planning();
}

/** Fetches the flights and has the worker parse them into bars; an aborted request never reaches the worker. */
export async function loadPlanningFlights(query: Query, signal?: AbortSignal): Promise<PlanningSet> {
  const started = performance.now();
  const buffer = await fetchPlanningFlights(query, signal);
  signal?.throwIfAborted();
  const fetched = performance.now();
  const set = await planning().load(buffer);
  // Measures for the benchmark and the browser's performance panel: request, then worker parse and arrays.
  performance.measure('staff-planning:fetch', { start: started, end: fetched });
  performance.measure('staff-planning:parse', { start: fetched, end: performance.now() });
  return set;
}

/** Demand per slot of the last loaded flights, counted in the worker. */
export function loadPlanningDemand(request: DemandRequest): Promise<DemandResult | null> {
  return planning().demand(request);
}

/** Who is assigned to a task against the staff it needs (`planning/task-employee-info`). */
export function loadTaskEmployees(taskId: number, signal?: AbortSignal) {
  return call(api, '/planning/task-employee-info', taskEmployeeInfoSchema, {
    query: { task_id: taskId },
    signal,
  });
}

/**
 * The largest demand lasting at least `min_time` minutes of each position of `employee_position_id[]`, in their
 * order, from one read of the period (`/planning/max-demand/positions`; the spec's `/planning/max-demand` asks
 * one position a call).
 */
export async function loadMaxDemands(query: Query, signal?: AbortSignal) {
  return (await call(api, '/planning/max-demand/positions', maxDemandsSchema, { query, signal })).data;
}

/** The peak graph of the chosen positions (`planning/peak-graph`). */
export function loadPeakGraph(query: Query, signal?: AbortSignal) {
  return call(api, '/planning/peak-graph', peakGraphSchema, { query, signal });
}

/** Passengers per slot by direction (`/planning/passenger-count`). */
export function loadPassengerCount(query: Query, signal?: AbortSignal) {
  return call(api, '/planning/passenger-count', passengerCountSchema, { query, signal });
}
