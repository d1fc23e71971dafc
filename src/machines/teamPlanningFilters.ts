/**
 * The team board's filter choices (spec 4, 9 "Team planning"): status, department, position, flight type, conflicts only, the
 * period and the scale, kept in localStorage under one key and checked on read; the default period is today 00:00
 * to tomorrow 00:00 in the time zone chosen in the frame.
 */
import type { BoardFilters } from '../app/team-planning/api.ts';
import { z } from '../shared/messages.ts';
import { instantToDay } from '../shared/wallClock.ts';
import { nearestScale } from './staffPlanningFilters.ts';

/** localStorage key of the board's filters. */
export const TEAM_FILTERS_KEY = 'teamPlanning.filters';
/** Spec 9: the team timeline's default scale, minutes per 40 px. */
const TEAM_DEFAULT_SCALE = 15;
/** The scales offered beside the board, minutes per 40 px. */
export const TEAM_SCALES = [5, 10, 15, 30, 60] as const;

/**
 * The preset scale of a wheel zoom (or of an entry saved before the zoom snapped), as staff planning does: the
 * «Масштаб» select shows only presets. Example: 37 min → 30, 2 → 5, 15 → 15.
 */
export function teamScaleOf(minutes: number): number {
  return nearestScale(TEAM_SCALES, minutes) ?? TEAM_DEFAULT_SCALE;
}

const wall = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
const ids = z.array(z.number().int().positive()).max(500);
const filtersSchema = z
  .object({
    begin: wall,
    end: wall,
    statusIds: ids,
    departmentIds: ids,
    positionIds: ids,
    conflict: z.boolean(),
    // Entries saved before the flight-type filter existed read as 'both'.
    flightType: z
      .union([z.literal(1), z.literal(2)])
      .nullable()
      .default(null),
    scale: z.number().positive().max(1440).transform(teamScaleOf),
  })
  .refine((filters) => filters.begin < filters.end);

export interface TeamPlanningFilters extends BoardFilters {
  scale: number;
}

/** What the filters need from storage: localStorage, or a fake in tests. */
type FilterStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The day after a 'YYYY-MM-DD' day. Example: '2026-12-31' → '2027-01-01'. */
function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Spec 9: today 00:00 to tomorrow 00:00 in `zone`, nothing chosen, scale 15. */
export function defaultTeamFilters(now: Date, zone: string): TeamPlanningFilters {
  const today = instantToDay(now, zone);
  return {
    begin: `${today} 00:00:00`,
    end: `${nextDay(today)} 00:00:00`,
    statusIds: [],
    departmentIds: [],
    positionIds: [],
    conflict: false,
    flightType: null,
    scale: TEAM_DEFAULT_SCALE,
  };
}

/** The saved filters when they are valid, else the defaults (a damaged entry is forgotten, not trusted). */
export function readTeamFilters(storage: FilterStorage, now: Date, zone: string): TeamPlanningFilters {
  try {
    const parsed = filtersSchema.safeParse(JSON.parse(storage.getItem(TEAM_FILTERS_KEY) ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: the defaults follow.
  }
  return defaultTeamFilters(now, zone);
}

export function writeTeamFilters(storage: FilterStorage, filters: TeamPlanningFilters): void {
  try {
    storage.setItem(TEAM_FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // A full or blocked storage only loses the choice for the next visit.
  }
}
