/**
 * The shift-schedule module's door to the server (spec 7, issue 15): the standard schedule's preview and creation,
 * the working shifts offered, a saved calculation and its .xlsx. Every failure is an `ApiError`; the machines of
 * `src/machines/standardSchedule.ts` and `src/machines/shiftSchedule.ts` invoke these as named actors.
 */
import { workingShiftsSchema } from '../../shared/planning-demand.ts';
import {
  createdCalcSchema,
  planningCalcSchema,
  type StandardScheduleCreate,
  shiftScheduleResultSchema,
} from '../../shared/shift-schedules.ts';
import { api } from '../api/clients.ts';
import { parseApiError } from '../api/errors.ts';
import { fileNameOf } from '../api/files.ts';
import { call } from '../api/request.ts';

type Query = Record<string, string | number | number[]>;

/** The GET query of the inputs: the lists as `name[]`, empty fields left out. */
function standardQuery(input: StandardScheduleCreate): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[`${key}[]`] = value;
    } else if (typeof value === 'number' || typeof value === 'string') query[key] = value;
  }
  return query;
}

/** The schedule the inputs would give, not saved (`GET /planning/standard`). */
export function previewStandardSchedule(input: StandardScheduleCreate, signal?: AbortSignal) {
  return call(api, '/planning/standard', shiftScheduleResultSchema, { query: standardQuery(input), signal });
}

/** Solves and saves the schedule as a calculation; answers its id (`POST /planning/standard/create`). */
export async function createStandardSchedule(input: StandardScheduleCreate, signal?: AbortSignal) {
  return (
    await call(api, '/planning/standard/create', createdCalcSchema, { method: 'POST', body: input, signal })
  ).id;
}

/** The working shifts in force from a day (`planning/working-shift`, begin 'YYYY-MM-DD HH:mm:ss'). */
export function loadWorkingShifts(begin: string, signal?: AbortSignal) {
  return call(api, '/planning/working-shift', workingShiftsSchema, { query: { begin }, signal });
}

/** A saved calculation with its schedule (`GET /planning/calc/{id}`). */
export function loadShiftSchedule(id: number, signal?: AbortSignal) {
  return call(api, `/planning/calc/${id}`, planningCalcSchema, { signal });
}

/** A built spreadsheet and the name the server gave it. */
export interface ScheduleFile {
  blob: Blob;
  name: string;
}

/** The schedule as .xlsx (`GET /planning/calc/{id}/xlsx`), named by the server. */
export async function exportShiftSchedule(id: number, signal?: AbortSignal): Promise<ScheduleFile> {
  try {
    const response = await api.raw<Blob, 'blob'>(`/planning/calc/${id}/xlsx`, {
      responseType: 'blob',
      signal,
    });
    const blob = response._data ?? new Blob([]);
    return {
      blob,
      name: fileNameOf(response.headers.get('content-disposition'), `График сменности ${id}.xlsx`),
    };
  } catch (error) {
    throw parseApiError(error);
  }
}
