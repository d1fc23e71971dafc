/**
 * A fast yes/no check of the `GET /planning/flight` answer against its contract (`planningFlightsSchema` of
 * src/shared/staff-planning.ts): the same rules, walked in place with no copy and no issue objects. A month of a big
 * hub is ~290,000 tasks (120 MB of JSON); zod's parse copies every object and took 1.5 s of the worker's 4–5 s there.
 * Never looser than the schema: whatever it accepts the schema accepts too, so the worker builds straight from the
 * JSON when it answers true, and asks zod (for the issues to log, or a last word) only when it answers false.
 */
import { isApiDateTime } from '../shared/apiFormats.ts';
import type { PlanningFlight } from '../shared/staff-planning.ts';

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** `z.number().int()`: a safe integer. */
const isInt = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value);
const isString = (value: unknown): boolean => typeof value === 'string';
const isDateTime = (value: unknown): boolean => typeof value === 'string' && isApiDateTime(value);
const isNullableString = (value: unknown): boolean => value === null || typeof value === 'string';

function everyOf(value: unknown, test: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i += 1) if (!test(value[i])) return false;
  return true;
}

const isResource = (value: unknown): boolean =>
  isObject(value) && isInt(value.id) && isString(value.resourceTypeName);

const isPositionNeed = (value: unknown): boolean =>
  isObject(value) && isInt(value.id) && isString(value.employeePositionName) && isInt(value.count);

function isTask(value: unknown): boolean {
  return (
    isObject(value) &&
    isInt(value.id) &&
    isDateTime(value.begin) &&
    isDateTime(value.end) &&
    isString(value.name) &&
    isInt(value.count) &&
    everyOf(value.taskEmployee, isInt) &&
    everyOf(value.resources, isResource) &&
    everyOf(value.employee_positions, isPositionNeed)
  );
}

function isFlight(value: unknown): boolean {
  return (
    isObject(value) &&
    isInt(value.id) &&
    (value.aid === null || isInt(value.aid)) &&
    isInt(value.direction) &&
    isDateTime(value.begin) &&
    isDateTime(value.end) &&
    isString(value.flightNumber) &&
    isInt(value.flightTypeId) &&
    isInt(value.flight_schedule_id) &&
    everyOf(value.flight_status, isString) &&
    isString(value.route) &&
    isString(value.aircraft_type) &&
    isNullableString(value.tgo) &&
    isInt(value.is_conflict) &&
    isInt(value.passengers) &&
    isString(value.flight_url) &&
    isNullableString(value.season_flight_url) &&
    isNullableString(value.season_flight_request_url) &&
    everyOf(value.tasks, isTask)
  );
}

/**
 * True when the parsed JSON is a valid answer (then it can be read as the flights as they are; keys outside the
 * contract are left unread). Example: `isPlanningAnswer([])` → true; `isPlanningAnswer([{ id: 1 }])` → false.
 */
export function isPlanningAnswer(json: unknown): json is PlanningFlight[] {
  return everyOf(json, isFlight);
}
