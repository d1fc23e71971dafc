import { asc, eq, inArray, or } from 'drizzle-orm';
import { APPROVED_ITEMS, COMBINE_TYPES, type RaceFilterItem } from '../../../shared/flight-table.ts';
import { airports, flightStatuses, flights, flightTypes } from '../../db/schema/index.ts';
import { sortKey } from '../../http/filters.ts';
import { type Period, splitPeriod } from '../../http/period.ts';
import type { RowReader } from './rowReader.ts';
import { type LegData, type RowEntry, rowEntryOf, type TurnaroundData } from './rows.ts';
import type { FlightTableDeps } from './service.ts';

const MS_PER_DAY = 86_400_000;

/** Listing the table: the rows of a period or of chosen aids, and the race-filter lists. */
export function createRowListing(
  { db, kind, heavy }: FlightTableDeps,
  { turnaroundsIn, turnaroundsOf }: RowReader,
) {
  return {
    /**
     * The rows of the period (any leg planned in it), a day at a time through the heavy-work gate; a turnaround
     * spanning midnight is met twice and kept once.
     */
    async entries(period: Period, zone: string, signal?: AbortSignal): Promise<RowEntry[]> {
      const seen = new Set<number>();
      const entries: RowEntry[] = [];
      for (const window of splitPeriod(period, MS_PER_DAY)) {
        const found = await heavy(() => turnaroundsIn(window), signal);
        for (const t of found) {
          if (seen.has(t.aid)) continue;
          seen.add(t.aid);
          entries.push(rowEntryOf(t, zone));
        }
      }
      return entries;
    },

    /**
     * Rows of the aids that lie in the period (a leg planned in it, as `entries` has it), for an export of chosen
     * rows: the others, and aids that do not exist, are left out. A thousand aids at a time through the heavy-work
     * gate, like the period's days.
     */
    async entriesOf(aids: number[], period: Period, zone: string, signal?: AbortSignal): Promise<RowEntry[]> {
      const begin = period.begin.getTime();
      const end = period.end.getTime();
      const inPeriod = (leg: LegData | null) =>
        leg !== null && leg.planAt.getTime() >= begin && leg.planAt.getTime() < end;
      const found: TurnaroundData[] = [];
      for (let start = 0; start < aids.length; start += 1000) {
        const chunk = aids.slice(start, start + 1000);
        const rows = await heavy(() => turnaroundsOf(db, chunk), signal);
        found.push(...rows.filter((t) => inPeriod(t.arrival) || inPeriod(t.departure)));
      }
      return found.map((t) => rowEntryOf(t, zone));
    },

    /** `/race-filter/directions`: the remote airports of flights, by city. */
    async directions(): Promise<RaceFilterItem[]> {
      const origins = db
        .selectDistinct({ id: flights.departureAirportId })
        .from(flights)
        .where(eq(flights.direction, 2));
      const destinations = db
        .selectDistinct({ id: flights.arrivalAirportId })
        .from(flights)
        .where(eq(flights.direction, 1));
      const rows = await db
        .select({ id: airports.id, city: airports.city, iata: airports.iataCode, icao: airports.icaoCode })
        .from(airports)
        .where(or(inArray(airports.id, origins), inArray(airports.id, destinations)))
        .orderBy(asc(sortKey(airports.city, kind)), asc(airports.id));
      return rows.map((r) => ({ id: r.id, name: `${r.city} (${r.iata ?? r.icao ?? r.id})` }));
    },
    /** `/race-filter/types`: flight types. */
    types: (): Promise<RaceFilterItem[]> =>
      db
        .select({ id: flightTypes.id, name: flightTypes.name })
        .from(flightTypes)
        .orderBy(asc(flightTypes.id)),
    /** `/race-filter/statuses`: flight statuses. */
    statuses: (): Promise<RaceFilterItem[]> =>
      db
        .select({ id: flightStatuses.id, name: flightStatuses.name })
        .from(flightStatuses)
        .orderBy(asc(flightStatuses.id)),
    combineTypes: (): RaceFilterItem[] => COMBINE_TYPES.map((item) => ({ ...item })),
    approved: (): RaceFilterItem[] => APPROVED_ITEMS.map((item) => ({ ...item })),
  };
}
