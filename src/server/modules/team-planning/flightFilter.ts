/**
 * The flight filters of team planning (spec 7, `filter[...]`): what they hold, which turnarounds pass them, the
 * positions they name (directly or through departments), and the team filter they imply for the team views.
 */
import { inArray } from 'drizzle-orm';
import { employeePositions } from '../../db/schema/index.ts';
import type { Pair } from './pairs.ts';
import type { TeamFilter } from './teamRead.ts';
import type { Reader } from './tx.ts';

/** The flight filters of spec 7 (`filter[...]`). */
export interface FlightFilter {
  period: { begin: Date; end: Date };
  flightType?: number;
  /** 1: only turnarounds with a fact time on a leg; 0: only those without. */
  flightFact?: 0 | 1;
  aids?: number[];
  departmentIds?: number[];
  positionIds?: number[];
  teamIds?: number[];
  /** Team name part (flights-outside-team, teams-with-flights). */
  name?: string;
  conflict?: boolean;
}

/**
 * Whether the pair passes the flight filters (type, fact, aids, positions of its tasks). Example: `flightFact` 1 and
 * no leg with a fact time → false.
 */
export function pairPasses(pair: Pair, filter: FlightFilter, positionIds: Set<number> | undefined): boolean {
  const legs = [pair.arrival, pair.departure].filter((l) => l !== null);
  if (filter.flightType !== undefined && !legs.some((l) => l.flightTypeId === filter.flightType))
    return false;
  if (filter.flightFact !== undefined) {
    const fact = legs.some((l) => l.factArrivalAt !== null || l.factDepartureAt !== null);
    if (fact !== (filter.flightFact === 1)) return false;
  }
  if (filter.aids?.length && (pair.aid === null || !filter.aids.includes(pair.aid))) return false;
  if (positionIds && !pair.tasks.some((t) => t.needs.some((n) => positionIds.has(n.positionId))))
    return false;
  return true;
}

/** Positions named by emp_pos_id[] and the positions of department_id[], undefined when neither is given. */
export async function positionsOfFilter(
  reader: Reader,
  filter: FlightFilter,
): Promise<Set<number> | undefined> {
  if (!filter.positionIds?.length && !filter.departmentIds?.length) return undefined;
  const ids = new Set(filter.positionIds ?? []);
  if (filter.departmentIds?.length) {
    const rows = await reader
      .select({ id: employeePositions.id })
      .from(employeePositions)
      .where(inArray(employeePositions.departmentId, filter.departmentIds));
    for (const row of rows) ids.add(row.id);
  }
  return ids;
}

/**
 * The team filter of the flight views (scope applied by readTeams). Example: `teamIds` [] → no `ids`, so every team
 * of the other filters.
 */
export function teamFilterOf(filter: FlightFilter): TeamFilter {
  return {
    period: filter.period,
    departmentIds: filter.departmentIds,
    positionIds: filter.positionIds,
    ids: filter.teamIds?.length ? filter.teamIds : undefined,
    name: filter.name,
  };
}
