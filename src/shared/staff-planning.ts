/**
 * Staff planning (spec 3, 7, 9: "/resource-planning"): the answer of `GET /api/planning/flight` — the flights of
 * a period with their ground-handling tasks, the staff each task needs and who is assigned. Times are wall clock
 * 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone. Client and server validate with the same schemas.
 */
import { apiDateTime } from './apiFormats.ts';
import { z } from './messages.ts';

/** A ground-handling task of a flight. */
const planningTaskSchema = z.object({
  id: z.number().int(),
  /** 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone ('Invalid format' otherwise, spec 5). */
  begin: apiDateTime,
  end: apiDateTime,
  /** The job's name. */
  name: z.string(),
  /** Staff needed: the sum of `employee_positions[].count`. */
  count: z.number().int(),
  /** Assigned employee ids. */
  taskEmployee: z.array(z.number().int()),
  /** Resource types the task needs; `id` is the resource type id. */
  resources: z.array(z.object({ id: z.number().int(), resourceTypeName: z.string() })),
  employee_positions: z.array(
    z.object({ id: z.number().int(), employeePositionName: z.string(), count: z.number().int() }),
  ),
});

/** A flight with its tasks. */
const planningFlightSchema = z.object({
  id: z.number().int(),
  aid: z.number().int().nullable(),
  /** 1 departure, 2 arrival. */
  direction: z.number().int(),
  /** Ground-handling window: the first task's begin .. the last task's end (the plan time when no task). */
  begin: apiDateTime,
  end: apiDateTime,
  /** Airline IATA code + number, e.g. 'SU1234'. */
  flightNumber: z.string(),
  flightTypeId: z.number().int(),
  flight_schedule_id: z.number().int(),
  flight_status: z.array(z.string()),
  /** 'SVO – KZN'. */
  route: z.string(),
  aircraft_type: z.string(),
  tgo: z.string().nullable(),
  /** 1 when an employee assigned to one of the flight's tasks has another task overlapping it. */
  is_conflict: z.number().int(),
  passengers: z.number().int(),
  flight_url: z.string(),
  season_flight_url: z.string().nullable(),
  season_flight_request_url: z.string().nullable(),
  tasks: z.array(planningTaskSchema),
});
export type PlanningFlight = z.infer<typeof planningFlightSchema>;

/** The answer of `GET /api/planning/flight`: sorted by begin, then id. */
export const planningFlightsSchema = z.array(planningFlightSchema);
