/**
 * Staff planning answers beside the flight timeline (spec 3 and 7, DOMAIN Staff planning): max demand, the peak
 * graph, passenger counts, working shifts, the shift list and the staff of one task. Times are wall clock
 * 'YYYY-MM-DD HH:mm:ss' in the request's Time-Zone. Client and server validate with the same schemas.
 */
import { apiDateTime, apiTime } from './apiFormats.ts';
import { z } from './messages.ts';

/** Limits of the peak-graph and standard-schedule fields (spec 5 and 9). */
export const MAX_REPEAT_IN_PERIOD = 52;
export const MAX_DEVIATION_PERCENT = 100;

/** `GET /planning/max-demand`: the largest staff count of a position that lasts at least `min_time` minutes. */
export const maxDemandSchema = z.object({
  data: z.object({
    max_count: z.number().int(),
    /** When that level is first reached and held (null when there is no demand lasting min_time). */
    begin: apiDateTime.nullable(),
    end: apiDateTime.nullable(),
    employee_position_id: z.number().int(),
  }),
});

/** Max demand of several positions (`/planning/max-demand/positions`), in the order asked. */
export const maxDemandsSchema = z.object({ data: z.array(maxDemandSchema.shape.data) });

/** One slot of the typical week of the peak graph. */
const peakPointSchema = z.object({
  /** Start of the slot, as a date of the period's first week: 'YYYY-MM-DD HH:mm:ss'. */
  datetime: apiDateTime,
  /** The slot's highest demand over the weeks of the period. */
  count: z.number().int(),
  /** 1 when that highest demand recurs (within the deviation) in at least the asked number of weeks. */
  is_peak: z.union([z.literal(0), z.literal(1)]),
});

export const peakGraphSchema = z.array(
  z.object({ employee_position_id: z.number().int(), name: z.string(), points: z.array(peakPointSchema) }),
);
export type PeakGraph = z.infer<typeof peakGraphSchema>;

/** Flight directions of the passenger count: 1 departure, 2 arrival. */
export const DIRECTIONS = [
  { id: 1, name: 'Вылет' },
  { id: 2, name: 'Прилёт' },
] as const;

export const passengerCountSchema = z.array(
  z.object({
    direction_id: z.number().int(),
    name: z.string(),
    intervals: z.array(
      z.object({
        datetime: apiDateTime,
        count: z.number().int(),
      }),
    ),
  }),
);
export type PassengerCount = z.infer<typeof passengerCountSchema>;

/** A working shift: starts at `begin_time` ('HH:mm' local), lasts `duration` minutes with a `break` in minutes. */
const workingShiftSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  begin_time: apiTime,
  duration: z.number().int(),
  break: z.number().int(),
});
export const workingShiftsSchema = z.array(workingShiftSchema);

/** Shift list type of `GET /planning/shift` (spec 3): 1 employees, 2 working shifts. */
export const SHIFT_TYPES = { employees: 1, workingShifts: 2 } as const;

/** An employee with the working shift they are on (`GET /planning/shift?type=1`). */
const shiftEmployeeSchema = z.object({
  id: z.number().int(),
  fio: z.string(),
  position_id: z.number().int(),
  position: z.string(),
  working_shift_id: z.number().int().nullable(),
  shift: z.string().nullable(),
});

export const shiftListSchema = z.union([z.array(shiftEmployeeSchema), workingShiftsSchema]);

/** `GET /planning/task-employee-info`: who is assigned to a task, against the staff it needs. */
export const taskEmployeeInfoSchema = z.object({
  task: z.object({
    id: z.number().int(),
    name: z.string(),
    begin: apiDateTime,
    end: apiDateTime,
    flight_id: z.number().int(),
    flightNumber: z.string(),
  }),
  positions: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      needed: z.number().int(),
      assigned: z.number().int(),
    }),
  ),
  employees: z.array(
    z.object({
      id: z.number().int(),
      fio: z.string(),
      position_id: z.number().int(),
      position: z.string(),
      shift: z.string().nullable(),
    }),
  ),
});
export type TaskEmployeeInfo = z.infer<typeof taskEmployeeInfoSchema>;
