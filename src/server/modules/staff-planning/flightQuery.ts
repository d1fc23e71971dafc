/**
 * The query of `GET /api/planning/flight` (contract 1 of issue 10): its zod schema, and the checks that need the
 * database (ids that the reference lists hold, a scale that exists). Every refusal is a 400 naming the parameter.
 */
import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { MESSAGES, z } from '../../../shared/messages.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  departments,
  employeePositions,
  flightClasses,
  flightSchedules,
  flightStatuses,
  flightTypes,
  jobs,
  resourceTypes,
  scales,
} from '../../db/schema/index.ts';
import { BadRequestError } from '../../http/errors.ts';
import { plainQuery } from '../../http/list.ts';
import { type Period, readPeriod } from '../../http/period.ts';
import { queryArray, queryId, queryIds, queryText } from '../../http/query.ts';
import type { FlightPeriodType, FlightQuery } from './flight.ts';
import { PLANNING_MAX_DAYS } from './service.ts';

/** Minutes of a scale slot from the query: digits, then checked against the scales. */
const queryMinutes = z
  .string()
  .refine((text) => /^\d{1,4}$/.test(text) && Number(text) >= 1, MESSAGES.notAScale)
  .transform(Number);

/** The querystring schema of the route. */
export const flightQuerySchema = plainQuery({
  times: queryArray(queryText).optional(),
  flight_schedule_id: queryIds.optional(),
  flight_type: queryIds.optional(),
  flight_status: queryIds.optional(),
  flight_class: queryIds.optional(),
  employee_position: queryIds.optional(),
  resource_type_id: queryIds.optional(),
  job: queryIds.optional(),
  department_id: queryId.optional(),
  flight_period_type: z.enum(['1', '2']).optional(),
  scale: queryMinutes.optional(),
});
type RawFlightQuery = z.infer<typeof flightQuerySchema>;

function refuse(field: string, message: string): never {
  throw new BadRequestError(message, { [field]: [message] });
}

/** The period of `times[]=begin&times[]=end`: both required, in order, at most PLANNING_MAX_DAYS long. */
function readTimes(times: string[] | undefined, zone: string): Period {
  if (times?.length !== 2) refuse('times', MESSAGES.timesPair);
  try {
    const period = readPeriod(
      { begin: times[0], end: times[1] },
      { begin: 'begin', end: 'end', maxDays: PLANNING_MAX_DAYS },
      zone,
    );
    if (!period) refuse('times', MESSAGES.timesPair);
    return period;
  } catch (error) {
    // readPeriod names its own keys; the client knows the parameter as `times`.
    if (error instanceof BadRequestError) refuse('times', error.message);
    throw error;
  }
}

/** The tables that the id parameters must name rows of. */
const ID_LISTS: Record<
  string,
  { table: PgTable; id: PgColumn; pick: (q: RawFlightQuery) => number[] | undefined }
> = {
  flight_schedule_id: { table: flightSchedules, id: flightSchedules.id, pick: (q) => q.flight_schedule_id },
  flight_type: { table: flightTypes, id: flightTypes.id, pick: (q) => q.flight_type },
  flight_status: { table: flightStatuses, id: flightStatuses.id, pick: (q) => q.flight_status },
  flight_class: { table: flightClasses, id: flightClasses.id, pick: (q) => q.flight_class },
  employee_position: { table: employeePositions, id: employeePositions.id, pick: (q) => q.employee_position },
  resource_type_id: { table: resourceTypes, id: resourceTypes.id, pick: (q) => q.resource_type_id },
  job: { table: jobs, id: jobs.id, pick: (q) => q.job },
  department_id: {
    table: departments,
    id: departments.id,
    pick: (q) => (q.department_id === undefined ? undefined : [q.department_id]),
  },
};

/**
 * Reads the route's query into the service's filters: the period in the request's zone, the ids checked against
 * the reference lists and the scale against the scales; anything else is a 400 naming the parameter.
 * Example: `times[]=2026-03-01 00:00:00&times[]=2026-03-31 23:59:59&job[]=999999` → 400 `{fields: {job: ['Не найдены: 999999']}}`.
 */
export async function readFlightQuery(
  { db }: Pick<DbHandle, 'db'>,
  query: RawFlightQuery,
  zone: string,
): Promise<FlightQuery> {
  const period = readTimes(query.times, zone);
  const fields: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(ID_LISTS)) {
    const ids = list.pick(query);
    if (!ids?.length) continue;
    const found = await db.select({ id: list.id }).from(list.table).where(inArray(list.id, ids));
    const known = new Set(found.map((row) => row.id as number));
    const missing = [...new Set(ids)].filter((id) => !known.has(id));
    if (missing.length) fields[field] = [MESSAGES.unknownIds(missing)];
  }
  if (query.scale !== undefined) {
    const [scale] = await db
      .select({ id: scales.id })
      .from(scales)
      .where(inArray(scales.periodMinutes, [query.scale]));
    if (!scale) fields.scale = [MESSAGES.notAScale];
  }
  const first = Object.values(fields)[0];
  if (first) throw new BadRequestError(first[0], fields);
  const nonEmpty = (ids: number[] | undefined) => (ids?.length ? ids : undefined);
  return {
    period,
    periodType: Number(query.flight_period_type ?? 2) as FlightPeriodType,
    flightSchedule: nonEmpty(query.flight_schedule_id),
    flightType: nonEmpty(query.flight_type),
    flightStatus: nonEmpty(query.flight_status),
    flightClass: nonEmpty(query.flight_class),
    positions: nonEmpty(query.employee_position),
    resourceTypes: nonEmpty(query.resource_type_id),
    jobs: nonEmpty(query.job),
    departmentId: query.department_id,
    timeZone: zone,
  };
}
