/**
 * The filters of staff planning (spec 2, 4, 9: "/resource-planning") as pure data: their defaults, what is kept in
 * sessionStorage (one key, checked on read), and the query of `GET /planning/flight` they make.
 */
import dayjs from 'dayjs';
import { z } from '../shared/messages.ts';
import {
  DEFAULT_PLANNING_SCHEDULES,
  DEFAULT_PLANNING_STATUSES,
  type flightParamsSchema,
  type scaleSchema,
} from '../shared/reference.ts';
import { instantToDay } from '../shared/wallClock.ts';

/** sessionStorage key of the screen's filters, selection, scale, parameter type, dates and max demands. */
export const STAFF_PLANNING_STORAGE_KEY = 'staffPlanning';

const ids = z.array(z.number().int());
const stamp = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

const staffPlanningFiltersSchema = z.object({
  flightSchedule: ids,
  flightStatus: ids,
  flightType: ids,
  flightClass: ids,
  /** One department or all (null): the flight call takes a single `department_id`. */
  departmentId: z.number().int().nullable(),
  positions: ids,
  jobs: ids,
  resourceTypes: ids,
  workingShifts: ids,
  /** 1 by ground handling, 2 by planned flight times. */
  periodType: z.number().int(),
  /** The chosen scale's `period` in minutes. */
  scale: z.number().int().positive(),
  /** 1 employee positions, 2 resource types. */
  parameterType: z.union([z.literal(1), z.literal(2)]),
  /** 'YYYY-MM-DD HH:mm' wall clock in the user's time zone. */
  range: z.object({ from: stamp, to: stamp }),
});
export type StaffPlanningFilters = z.infer<typeof staffPlanningFiltersSchema>;

/** A max-demand answer kept with the filters. */
const maxDemandRowSchema = z.object({
  employee_position_id: z.number().int(),
  max_count: z.number(),
  begin: z.string().nullable(),
  end: z.string().nullable(),
});
export type MaxDemandRow = z.infer<typeof maxDemandRowSchema>;

const staffPlanningStoredSchema = z.object({
  filters: staffPlanningFiltersSchema,
  /** Id of the task last chosen on the timeline. */
  selection: z.number().int().nullable(),
  maxDemand: z.object({ minTime: z.number().int().min(0), rows: z.array(maxDemandRowSchema) }),
});
export type StaffPlanningStored = z.infer<typeof staffPlanningStoredSchema>;

/** What the filters need from storage: sessionStorage, or a fake in tests. */
export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The reference lists the defaults come from. */
export interface PlanningReference {
  params: z.infer<typeof flightParamsSchema>;
  scales: z.infer<typeof scaleSchema>[];
}

/** Minutes of the scale used when the server has none flagged is_default (and none at all). */
const FALLBACK_SCALE = 60;

/**
 * The spec's defaults: schedule kinds and statuses from flight-params (season and requests; 3, 4, 7, 8, 11, 14, 15,
 * 16, 19), period type 2, the is_default scale, today 00:00 to a month ahead 23:59 (today in `zone`, the one chosen
 * in the frame), every other list empty (all). Example: on 2026-03-10 the range is { from: '2026-03-10 00:00',
 * to: '2026-04-10 23:59' }.
 */
export function defaultFilters(reference: PlanningReference, now: Date, zone: string): StaffPlanningFilters {
  const { params, scales } = reference;
  const today = dayjs(instantToDay(now, zone));
  const scale = scales.find((s) => s.is_default) ?? scales[0];
  return {
    flightSchedule: params.default_flight_schedule.length
      ? [...params.default_flight_schedule]
      : [...DEFAULT_PLANNING_SCHEDULES],
    flightStatus: params.default_flight_status.length
      ? [...params.default_flight_status]
      : [...DEFAULT_PLANNING_STATUSES],
    flightType: [],
    flightClass: [],
    departmentId: null,
    positions: [],
    jobs: [],
    resourceTypes: [],
    workingShifts: [],
    periodType: params.default_flight_period_type || 2,
    scale: scale?.period ?? FALLBACK_SCALE,
    parameterType: 1,
    range: {
      from: today.format('YYYY-MM-DD HH:mm'),
      to: today.add(1, 'month').format('YYYY-MM-DD [23:59]'),
    },
  };
}

/** The stored state, or null when there is none or it fails the schema (then the defaults apply). */
export function readStored(storage: StorageLike): StaffPlanningStored | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(STAFF_PLANNING_STORAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
  const parsed = staffPlanningStoredSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function writeStored(storage: StorageLike, stored: StaffPlanningStored): void {
  try {
    storage.setItem(STAFF_PLANNING_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // A full or disabled storage only loses the persistence, never the screen.
  }
}

/** Filter keys whose change asks the server for other flights. */
const FLIGHT_KEYS = [
  'flightSchedule',
  'flightStatus',
  'flightType',
  'flightClass',
  'departmentId',
  'positions',
  'jobs',
  'resourceTypes',
  'periodType',
  'range',
] as const satisfies readonly (keyof StaffPlanningFilters)[];

/** Filter keys whose change changes the position (and working-shift) lists. */
const POSITION_KEYS = [
  'flightSchedule',
  'flightStatus',
  'flightType',
  'departmentId',
  'range',
] as const satisfies readonly (keyof StaffPlanningFilters)[];

/** Filter keys whose change changes the job list. */
const JOB_KEYS = ['departmentId', 'positions'] as const satisfies readonly (keyof StaffPlanningFilters)[];

/** Filter keys that only change how the loaded answer is counted. */
const DEMAND_KEYS = ['scale', 'parameterType', 'positions', 'resourceTypes'] as const;

const touches = (patch: Partial<StaffPlanningFilters>, keys: readonly string[]) =>
  Object.keys(patch).some((key) => keys.includes(key));

/**
 * The preset scale closest to a wheel zoom's scale, compared by ratio (a zoom is a factor).
 * Example: presets [5, 15, 30, 60], zoom 20 min → 15 (20/15 < 30/20); zoom 22 → 30.
 */
export function nearestScale(presets: readonly number[], minutes: number): number | undefined {
  let best: number | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const preset of presets) {
    const distance = Math.abs(Math.log(minutes / preset));
    if (distance < bestDistance) {
      best = preset;
      bestDistance = distance;
    }
  }
  return best;
}

/** What a filter change asks for. Example: `{ scale: 15 }` → only the demand. */
export function reloadsOf(patch: Partial<StaffPlanningFilters>): {
  flights: boolean;
  positions: boolean;
  jobs: boolean;
  demand: boolean;
} {
  return {
    flights: touches(patch, FLIGHT_KEYS),
    positions: touches(patch, POSITION_KEYS),
    jobs: touches(patch, JOB_KEYS),
    demand: touches(patch, DEMAND_KEYS),
  };
}

type Query = Record<string, string | number | (string | number)[]>;

/** Adds `key[]` when the list is not empty (empty = all, nothing sent). */
function addList(query: Query, key: string, list: readonly number[]) {
  if (list.length > 0) query[`${key}[]`] = [...list];
}

/**
 * Epoch minutes of a filter stamp read in the browser's zone, the unit of the planning worker's bars.
 * Example: with the browser in UTC, `stampMinutes('1970-01-02 00:30')` → 1470.
 */
export function stampMinutes(stamp: string): number {
  const [date, time] = stamp.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(year, month - 1, day, hour, minute).getTime() / 60_000;
}

/** 'YYYY-MM-DD HH:mm' → the API's 'YYYY-MM-DD HH:mm:ss'. */
export const apiStamp = (stamp: string) => `${stamp}:00`;

/** The query of `GET /planning/flight` (spec 7; contract 1 of issue 10). */
export function flightQuery(filters: StaffPlanningFilters): Query {
  const query: Query = {
    'times[]': [apiStamp(filters.range.from), apiStamp(filters.range.to)],
    flight_period_type: filters.periodType,
    scale: filters.scale,
  };
  addList(query, 'flight_schedule_id', filters.flightSchedule);
  addList(query, 'flight_type', filters.flightType);
  addList(query, 'flight_status', filters.flightStatus);
  addList(query, 'flight_class', filters.flightClass);
  addList(query, 'employee_position', filters.positions);
  addList(query, 'resource_type_id', filters.resourceTypes);
  addList(query, 'job', filters.jobs);
  if (filters.departmentId !== null) query.department_id = filters.departmentId;
  return query;
}

/** The query of `GET /planning/employee-position` for the chosen period, kinds and department. */
export function positionQuery(filters: StaffPlanningFilters): Query {
  const query: Query = {
    plan_begin_time: apiStamp(filters.range.from),
    plan_end_time: apiStamp(filters.range.to),
  };
  addList(query, 'flight_schedule_id', filters.flightSchedule);
  addList(query, 'flight_type', filters.flightType);
  addList(query, 'flight_status', filters.flightStatus);
  if (filters.departmentId !== null) query.department_id = filters.departmentId;
  return query;
}

/** The query of `GET /planning/job`: the chosen positions, else the department's. */
export function jobQuery(filters: StaffPlanningFilters): Query {
  const query: Query = {};
  addList(query, 'employee_position_id', filters.positions);
  if (filters.departmentId !== null) query.department_id = filters.departmentId;
  return query;
}
