/** Reading bags and flights into their wire shapes; every query here takes the database or the caller's transaction. */
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { flightNumberText } from '../../../shared/flight-table.ts';
import type { Baggage, BaggageRoute, BagStatus, FlightSearchItem } from '../../../shared/rush-baggage.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { Db } from '../../db/client.ts';
import {
  airlines,
  airports,
  bagRoutes,
  bags,
  flights,
  minorBags,
  rushRoutes,
  rushTags,
} from '../../db/schema/index.ts';

/** Most bags one flight answers: far above any aircraft's hold, so the answer stays bounded. */
export const READ_LIMIT = 2000;

/** The database or a transaction on it. */
export type Reader = Pick<Db, 'select'>;

/** Kind of a stored rush route: 1 the route the bag had, 2 the route it is forwarded on. */
export const ROUTE_KIND = { origin: 1, rush: 2 } as const;

const depAirport = alias(airports, 'dep_airport');
const arrAirport = alias(airports, 'arr_airport');

/** The columns of a flight item. */
const flightColumns = {
  id: flights.id,
  flightNumber: flights.flightNumber,
  airlineId: flights.airlineId,
  direction: flights.direction,
  planDepartureAt: flights.planDepartureAt,
  calcDepartureAt: flights.calcDepartureAt,
  factDepartureAt: flights.factDepartureAt,
  planArrivalAt: flights.planArrivalAt,
  airlineName: airlines.nameRu,
  airlineIata: airlines.iataCode,
  airlineIcao: airlines.icaoCode,
  depId: depAirport.id,
  depName: depAirport.nameRu,
  depIata: depAirport.iataCode,
  arrId: arrAirport.id,
  arrName: arrAirport.nameRu,
  arrIata: arrAirport.iataCode,
};

/** A select of flight items with their airline and airports, for the caller to filter, order and page. */
export function selectFlights(db: Reader) {
  return db
    .select(flightColumns)
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airlineId))
    .innerJoin(depAirport, eq(depAirport.id, flights.departureAirportId))
    .innerJoin(arrAirport, eq(arrAirport.id, flights.arrivalAirportId));
}

/** The same joins, counted. */
export function countFlights(db: Reader, where: SQL | undefined) {
  return db
    .select({ total: sql<number>`count(*)::int` })
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airlineId))
    .where(where);
}

type FlightRow = Awaited<ReturnType<ReturnType<typeof selectFlights>['execute']>>[number];

const wall = (at: Date | null, zone: string) => (at ? instantToWallClock(at, zone) : null);

/** A flight row on the wire, times in the caller's zone. Example: SU 1234 → `flight_number_symbol: 'SU 1234'`. */
export function flightItem(row: FlightRow, zone: string): FlightSearchItem {
  const code = row.airlineIata ?? row.airlineIcao;
  return {
    id: row.id,
    flight_number: row.flightNumber,
    aviacompany_id: row.airlineId,
    flight_number_symbol: flightNumberText(code, row.flightNumber),
    direction_id: row.direction === 2 ? 2 : 1,
    plan_departure_datetime: instantToWallClock(row.planDepartureAt, zone),
    calc_departure_datetime: wall(row.calcDepartureAt, zone),
    fact_departure_datetime: wall(row.factDepartureAt, zone),
    plan_arrival_datetime: instantToWallClock(row.planArrivalAt, zone),
    departure_airport: { id: row.depId, name: row.depName, iata_code: row.depIata },
    arrival_airport: { id: row.arrId, name: row.arrName, iata_code: row.arrIata },
    aviacompany: { id: row.airlineId, name: row.airlineName, code },
  };
}

/** Legs in route order. */
const byLeg = (a: BaggageRoute, b: BaggageRoute) => a.number_in_route - b.number_in_route;

/**
 * The bags of these ids on the wire, in the order of `ids`: each with the route it travels now (its latest rush's
 * rush route, else the route it was checked on), its latest rush tag and its minor pieces with theirs.
 */
export async function readBags(db: Reader, ids: readonly number[]): Promise<Baggage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(bags)
    .where(inArray(bags.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return describeBags(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** Groups `items` by `key`. Example: legs by bag id. */
function groupBy<T>(items: readonly T[], key: (item: T) => number | null): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Bag rows on the wire, in their order (see `readBags`): four queries for any number of bags. */
export async function describeBags(
  db: Reader,
  rows: readonly (typeof bags.$inferSelect)[],
): Promise<Baggage[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const minors = await db
    .select({ id: minorBags.id, major: minorBags.majorBagId, tag: minorBags.tag })
    .from(minorBags)
    .where(inArray(minorBags.majorBagId, ids))
    .orderBy(asc(minorBags.id));
  const minorIds = minors.map((m) => m.id);
  const pieceOf = or(
    inArray(rushTags.bagId, ids),
    minorIds.length ? inArray(rushTags.minorBagId, minorIds) : undefined,
  );
  const tags = await db
    .select({
      id: rushTags.id,
      bag: rushTags.bagId,
      minor: rushTags.minorBagId,
      tag: rushTags.tag,
      rush: rushTags.rushId,
    })
    .from(rushTags)
    .where(pieceOf)
    .orderBy(desc(rushTags.id));
  const majorOfMinor = new Map(minors.map((m) => [m.id, m.major]));
  const newTag = new Map<string, { tag: string; id: number }>();
  const latestRush = new Map<number, number>();
  for (const t of tags) {
    const key = t.bag !== null ? `b${t.bag}` : `m${t.minor}`;
    if (!newTag.has(key)) newTag.set(key, { tag: t.tag, id: t.id });
    const bag = t.bag ?? majorOfMinor.get(t.minor ?? 0);
    if (bag !== undefined && t.rush !== null) latestRush.set(bag, Math.max(latestRush.get(bag) ?? 0, t.rush));
  }
  const rushIds = [...new Set(latestRush.values())];
  const rushLegs = rushIds.length
    ? await db
        .select()
        .from(rushRoutes)
        .where(and(inArray(rushRoutes.rushId, rushIds), eq(rushRoutes.kind, ROUTE_KIND.rush)))
    : [];
  const checkedLegs = await db.select().from(bagRoutes).where(inArray(bagRoutes.bagId, ids));
  const leg = (r: (typeof checkedLegs)[number] | (typeof rushLegs)[number]): BaggageRoute => ({
    id: r.id,
    aviacompany_id: r.airlineId,
    airport_id: r.airportId,
    flight_number: r.flightNumber,
    number_in_route: r.numberInRoute,
    date: r.date,
  });
  const legsOfBag = groupBy(checkedLegs, (r) => r.bagId);
  const legsOfRush = groupBy(rushLegs, (r) => r.rushId);
  const minorsOf = groupBy(minors, (m) => m.major);
  return rows.map((row) => {
    const rush = latestRush.get(row.id);
    const legs = rush === undefined ? legsOfBag.get(row.id) : legsOfRush.get(rush);
    return {
      id: row.id,
      name: row.passengerName,
      tag: row.tag,
      flight_id: row.flightId,
      aviacompany_id: row.airlineId,
      status: row.status as BagStatus,
      baggageRoute: (legs ?? []).map(leg).sort(byLeg),
      new_tag: newTag.get(`b${row.id}`)?.tag ?? null,
      new_tag_id: newTag.get(`b${row.id}`)?.id ?? null,
      minorBaggage: (minorsOf.get(row.id) ?? []).map((m) => ({
        id: m.id,
        tag: m.tag,
        new_tag: newTag.get(`m${m.id}`)?.tag ?? null,
        new_tag_id: newTag.get(`m${m.id}`)?.id ?? null,
      })),
    };
  });
}
