/**
 * The flight table's door to the server (spec 7, "Flight table"): one function per call, each answer checked by the
 * shared schemas of `src/shared/flight-table.ts`, every failure an `ApiError`. The grid loads through `loadRaces`;
 * the machine of `src/machines/flightActions.ts` invokes the rest as named actors.
 */

import {
  type CombineResult,
  combineResultSchema,
  type DivideResult,
  deleteResultSchema,
  divideResultSchema,
  type EmployeesResult,
  employeesResultSchema,
  type FlightTableColumn,
  fillFlightsResultSchema,
  RACE_MAX_PER_PAGE,
  type RaceFilterItem,
  type RaceRow,
  raceFilterItemsSchema,
  raceRowsSchema,
  type TgoOption,
  tgoOptionsSchema,
} from '../../shared/flight-table.ts';
import type { LoadPage } from '../../widgets/index.ts';
import { listQuery, readPagination } from '../../widgets/index.ts';
import { api, apiV1 } from '../api/clients.ts';
import { ApiError, parseApiError } from '../api/errors.ts';
import { fileNameOf } from '../api/files.ts';
import { authHeaders, timeZoneHeader } from '../api/headers.ts';
import { call } from '../api/request.ts';

/** The race-filter lists (`GET /v1/race-filter/{list}`). */
export type RaceFilterList = 'directions' | 'types' | 'statuses' | 'combine-types' | 'approved';

/** At most this many rows are shown at once: a month of a busy hub. */
const MAX_ROWS = 100_000;

/**
 * Every row of the period in one grid page: the server answers at most RACE_MAX_PER_PAGE rows a call, so the pages
 * are fetched one after another and joined (the table is one virtualised list, spec: smooth at 50,000 rows).
 */
export const loadRaces: LoadPage<RaceRow> = async (params, signal) => {
  const items: RaceRow[] = [];
  let page = 1;
  let pageCount = 1;
  do {
    const query = listQuery({ ...params, page, perPage: RACE_MAX_PER_PAGE });
    let answer: Awaited<ReturnType<typeof apiV1.raw>>;
    try {
      answer = await apiV1.raw('/race', { query, signal });
    } catch (error) {
      throw parseApiError(error);
    }
    const parsed = raceRowsSchema.safeParse(answer._data);
    if (!parsed.success) throw parseApiError(parsed.error);
    items.push(...parsed.data);
    pageCount = readPagination(
      answer.headers,
      { page, perPage: RACE_MAX_PER_PAGE },
      parsed.data.length,
    ).pageCount;
    page += 1;
  } while (page <= pageCount && items.length < MAX_ROWS);
  return { items, totalCount: items.length, pageCount: 1, currentPage: 1, perPage: params.perPage };
};

/** One race-filter list, e.g. `loadFilterList('statuses')`. */
export function loadFilterList(list: RaceFilterList): Promise<RaceFilterItem[]> {
  return call(apiV1, `/race-filter/${list}`, raceFilterItemsSchema);
}

/** Deletes the rows' flights and tasks, all or none (`GET /v1/race/delete?id[]=`). */
export async function deleteRaces(aids: number[]): Promise<void> {
  await call(apiV1, '/race/delete', deleteResultSchema, { query: { 'id[]': aids } });
}

/** Splits a paired row into its two legs (`GET /race/divide-flight/{aid}`): the two rows' aids. */
export async function divideRace(aid: number): Promise<DivideResult> {
  return call(api, `/race/divide-flight/${aid}`, divideResultSchema);
}

/** Pairs an arrival leg with a departure leg (`GET /race/combine-flight`): the paired row's aid. */
export async function combineRaces(pair: {
  arrivalFlightId: number;
  departureFlightId: number;
}): Promise<CombineResult> {
  return call(api, '/race/combine-flight', combineResultSchema, { query: pair });
}

/** What the employee actions do: set the shift's staff, set the desk staff, or drop the staff of the rows. */
export type EmployeesAction = 'set-employees' | 'set-desk-employees' | 'drop-employees';

/** One employee action on the rows (`POST /race/{action}` with `{aids}`). */
export function changeEmployees(action: EmployeesAction, aids: number[]): Promise<EmployeesResult> {
  return call(api, `/race/${action}`, employeesResultSchema, { method: 'POST', body: { aids } });
}

/** The TGOs valid for every chosen row (`POST /race/get-tgos`, form data `aids[]`). */
export function loadCommonTgos(aids: number[]): Promise<TgoOption[]> {
  const body = new FormData();
  for (const aid of aids) body.append('aids[]', String(aid));
  return call(api, '/race/get-tgos', tgoOptionsSchema, { method: 'POST', body });
}

/** Applies a TGO to the rows (`POST /race/fill-flights`). */
export async function applyTgo(input: { aids: number[]; tgoId: number }): Promise<void> {
  await call(api, '/race/fill-flights', fillFlightsResultSchema, {
    method: 'POST',
    body: { aids: input.aids, tgo_id: input.tgoId },
  });
}

/**
 * What an export asks: the period ('DD.MM.YYYY' days), the rows (all of the period, filtered and sorted as on
 * screen, when none are chosen) and the columns.
 */
export interface ExportRequest {
  from: string;
  to: string;
  aids?: number[];
  columns: FlightTableColumn[];
  /** The list's other filters by key, and its sort, as on screen. */
  filters?: Record<string, string>;
  sort?: string | null;
}

/** A built spreadsheet and the name the server gave it. */
export interface ExportedFile {
  blob: Blob;
  name: string;
}

const API_URL: string = import.meta.env.VITE_API_URL ?? '/api';

/**
 * Builds the .xlsx on the server (`POST /race/index?RaceSearch[date_range]=from - to&RaceSearch[export_to_excel]=1`)
 * and reads it as a stream, telling `onProgress` the bytes received so far (and the total when the server says it).
 */
export async function exportRaces(
  request: ExportRequest,
  onProgress: (received: number, total: number | null) => void,
  signal?: AbortSignal,
): Promise<ExportedFile> {
  const query = new URLSearchParams({
    'RaceSearch[date_range]': `${request.from} - ${request.to}`,
    'RaceSearch[export_to_excel]': '1',
  });
  for (const [key, value] of Object.entries(request.filters ?? {})) {
    if (value !== '' && key !== 'date_from' && key !== 'date_to') query.set(`filter[${key}]`, value);
  }
  if (request.sort) query.set('sort', request.sort);
  let response: Response;
  try {
    response = await fetch(`${API_URL}/race/index?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(), ...timeZoneHeader() },
      body: JSON.stringify({ aids: request.aids, columns: request.columns }),
      signal,
    });
  } catch (error) {
    throw parseApiError(error);
  }
  if (!response.ok) {
    const data = await response.json().catch(() => undefined);
    throw parseApiError(Object.assign(new Error('export'), { status: response.status, data }));
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  const reader = response.body?.getReader();
  if (!reader) throw new ApiError('Файл не получен');
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received, total);
  }
  const fallback = `Суточный план полетов на ${request.from} - ${request.to}.xlsx`;
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    name: fileNameOf(response.headers.get('content-disposition'), fallback),
  };
}
