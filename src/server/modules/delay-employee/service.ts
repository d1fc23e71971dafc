import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import {
  DELAY_EMPLOYEE_MESSAGES,
  type DelayAssign,
  type DelayEmployee,
  EMPLOYEE_PAGE,
} from '../../../shared/delay-employee.ts';
import { flightNumberText } from '../../../shared/flight-table.ts';
import { instantToWallClock, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockVersions, refuseSave, rowVersion } from '../../db/rowVersion.ts';
import {
  airlines,
  delayIataCodes,
  employeePositions,
  employees,
  flightDelays,
  flights,
} from '../../db/schema/index.ts';
import type { FieldErrors } from '../../domain/errors.ts';
import { filterText, searchAny, sortKey } from '../../http/filters.ts';
import type { QueryOf } from '../../http/list.ts';

/** `GET /v2/employee`: a name filter, pages of at most 50 by name. */
export const EMPLOYEE_LIST = {
  filters: { name: filterText },
  sorts: [],
  defaultPerPage: EMPLOYEE_PAGE,
  maxPerPage: EMPLOYEE_PAGE,
} as const;

/** Delays one day may answer: far above a few percent of the busiest demo day's flights. */
const DAY_MAX = 2000;

/** What the service reads: the Drizzle handle and the kind that picks the text collation. */
export type DelayEmployeeDeps = Pick<DbHandle, 'db' | 'kind'>;

/** The ids among `ids` that `employees` holds. */
async function knownEmployees(tx: Db, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx.select({ id: employees.id }).from(employees).where(inArray(employees.id, ids));
  return new Set(rows.map((row) => row.id));
}

/** Delays and the employees answerable for them (delay-employee screen, spec 2, 4, 7). */
export function createDelayEmployeeService({ db, kind }: DelayEmployeeDeps) {
  /** The delays of the flights planned in [begin, next), or of the given delay ids, with wall-clock times in `zone`. */
  async function read(handle: Db, where: ReturnType<typeof and>, zone: string): Promise<DelayEmployee[]> {
    const rows = await handle
      .select({
        id: flightDelays.id,
        flight_id: flights.id,
        airline: airlines.iataCode,
        airlineIcao: airlines.icaoCode,
        number: flights.flightNumber,
        direction: flights.direction,
        planAt: flights.planAt,
        number_code: delayIataCodes.numberCode,
        letter_code: delayIataCodes.letterCode,
        transcript: delayIataCodes.transcript,
        minutes: flightDelays.minutes,
        employeeId: employees.id,
        employeeName: employees.name,
        version: rowVersion(flightDelays),
      })
      .from(flightDelays)
      .innerJoin(flights, eq(flights.id, flightDelays.flightId))
      .innerJoin(airlines, eq(airlines.id, flights.airlineId))
      .innerJoin(delayIataCodes, eq(delayIataCodes.id, flightDelays.delayIataCodeId))
      .leftJoin(employees, eq(employees.id, flightDelays.employeeId))
      .where(where)
      .orderBy(asc(flights.planAt), asc(flights.id), asc(flightDelays.id))
      .limit(DAY_MAX);
    return rows.map((row) => ({
      id: row.id,
      flight_id: row.flight_id,
      flight_number: flightNumberText(row.airline ?? row.airlineIcao, row.number),
      direction: row.direction,
      plan_at: instantToWallClock(row.planAt, zone),
      number_code: row.number_code,
      letter_code: row.letter_code,
      transcript: row.transcript,
      minutes: row.minutes,
      employee:
        row.employeeId === null || row.employeeName === null
          ? null
          : { id: row.employeeId, name: row.employeeName },
      version: row.version,
    }));
  }

  return {
    /** The delays of the flights planned on the day (`YYYY-MM-DD` in the zone), by plan time. */
    async ofDay(day: string, zone: string): Promise<DelayEmployee[]> {
      // Midnight to midnight on the calendar, so a day with a clock change keeps its 23 or 25 hours.
      const begin = wallClockToInstant(`${day} 00:00:00`, zone) as Date;
      const following = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const next = wallClockToInstant(`${following} 00:00:00`, zone) as Date;
      return read(db, and(gte(flights.planAt, begin), lt(flights.planAt, next)), zone);
    },

    /** A page of active employees whose name contains the filter, by name, with their position. */
    async employees(query: QueryOf<typeof EMPLOYEE_LIST>) {
      const where = and(eq(employees.isActive, true), searchAny(query.filters.name, [employees.name]));
      const [{ total }] = await db.select({ total: count() }).from(employees).where(where);
      const rows = await db
        .select({
          id: employees.id,
          name: employees.name,
          positionId: employeePositions.id,
          positionName: employeePositions.name,
        })
        .from(employees)
        .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
        .where(where)
        .orderBy(asc(sortKey(employees.name, kind)), asc(employees.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          employeePosition: { id: row.positionId, name: row.positionName },
        })),
      };
    },

    /**
     * Sets the answerable employee of each delay (null clears it) in one transaction. An unknown delay or employee
     * is a 422 on `items.N.delay_id` / `items.N.employee_id`; a delay written since the version sent (another
     * user's assignment, a change of the delay) a 409 naming it under `items.N.employee_id`; either way nothing is
     * written. Answers the changed delays with their new versions.
     */
    async assign(body: DelayAssign, zone: string): Promise<DelayEmployee[]> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const delayIds = body.items.map((item) => item.delay_id);
        // Locked in id order (two saves over shared delays never deadlock); a delay not answered is gone.
        const delays = await lockVersions(tx, flightDelays, flightDelays.id, delayIds);
        const people = await knownEmployees(
          tx,
          body.items.flatMap((item) => (item.employee_id === null ? [] : [item.employee_id])),
        );
        const fields: FieldErrors = {};
        body.items.forEach((item, index) => {
          if (!delays.has(item.delay_id))
            fields[`items.${index}.delay_id`] = [DELAY_EMPLOYEE_MESSAGES.unknownDelay(item.delay_id)];
          if (item.employee_id !== null && !people.has(item.employee_id))
            fields[`items.${index}.employee_id`] = [
              DELAY_EMPLOYEE_MESSAGES.unknownEmployee(item.employee_id),
            ];
        });
        const stale: FieldErrors = {};
        body.items.forEach((item, index) => {
          const version = delays.get(item.delay_id);
          if (version !== undefined && item.version !== undefined && item.version !== version)
            stale[`items.${index}.employee_id`] = [DELAY_EMPLOYEE_MESSAGES.changed];
        });
        refuseSave(fields, stale);
        for (const item of body.items)
          await tx
            .update(flightDelays)
            .set({ employeeId: item.employee_id })
            .where(eq(flightDelays.id, item.delay_id));
        return read(tx, and(inArray(flightDelays.id, delayIds)), zone);
      });
    },
  };
}
