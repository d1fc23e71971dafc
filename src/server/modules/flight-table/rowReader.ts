import { eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { flightNumberText, FLIGHT_TABLE_MESSAGES as M } from '../../../shared/flight-table.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { Db } from '../../db/client.ts';
import {
  aircraftTypes,
  airlines,
  airports,
  flightStatuses,
  flights,
  flightTypes,
  tgoTemplates,
  turnarounds,
  workplaces,
} from '../../db/schema/index.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Period } from '../../http/period.ts';
import type { LegData, TurnaroundData } from './rows.ts';
import type { Reader } from './tx.ts';

/** The legs of a turnaround, arrival first. */
export const legsOf = (t: TurnaroundData) =>
  [t.arrival, t.departure].filter((leg): leg is LegData => leg !== null);

/** Reads the flight table's rows: turnarounds with their legs and the names the table shows. */
export function createRowReader(db: Db) {
  const departureAirport = alias(airports, 'departure_airport');
  const arrivalAirport = alias(airports, 'arrival_airport');

  /** What a leg row carries, with the names the table shows. */
  const legColumns = {
    id: flights.id,
    direction: flights.direction,
    airlineIata: airlines.iataCode,
    airlineIcao: airlines.icaoCode,
    number: flights.flightNumber,
    aircraftTypeId: flights.aircraftTypeId,
    aircraftType: aircraftTypes.name,
    board: flights.boardNumber,
    stand: workplaces.name,
    departureAirportId: flights.departureAirportId,
    departureIata: departureAirport.iataCode,
    departureIcao: departureAirport.icaoCode,
    departureCity: departureAirport.city,
    arrivalAirportId: flights.arrivalAirportId,
    arrivalIata: arrivalAirport.iataCode,
    arrivalIcao: arrivalAirport.icaoCode,
    arrivalCity: arrivalAirport.city,
    planAt: flights.planAt,
    calcDepartureAt: flights.calcDepartureAt,
    calcArrivalAt: flights.calcArrivalAt,
    factDepartureAt: flights.factDepartureAt,
    factArrivalAt: flights.factArrivalAt,
    flightTypeId: flights.flightTypeId,
    flightType: flightTypes.name,
    statusId: flights.flightStatusId,
    status: flightStatuses.name,
    tgoId: flights.tgoTemplateId,
    tgo: tgoTemplates.name,
    codeShare: flights.codeShare,
  };

  /** A select of legs joined to their names; the caller adds its source and condition. */
  function withNames<Q extends { innerJoin: unknown }>(query: Q) {
    // biome-ignore lint/suspicious/noExplicitAny: the joins are the same on every source table of `flights`.
    const q = query as any;
    return q
      .innerJoin(airlines, eq(airlines.id, flights.airlineId))
      .innerJoin(aircraftTypes, eq(aircraftTypes.id, flights.aircraftTypeId))
      .innerJoin(departureAirport, eq(departureAirport.id, flights.departureAirportId))
      .innerJoin(arrivalAirport, eq(arrivalAirport.id, flights.arrivalAirportId))
      .innerJoin(flightTypes, eq(flightTypes.id, flights.flightTypeId))
      .innerJoin(flightStatuses, eq(flightStatuses.id, flights.flightStatusId))
      .leftJoin(workplaces, eq(workplaces.id, flights.standId))
      .leftJoin(tgoTemplates, eq(tgoTemplates.id, flights.tgoTemplateId)) as Q;
  }

  type LegRow = {
    [K in keyof typeof legColumns]: (typeof legColumns)[K]['_']['notNull'] extends true
      ? (typeof legColumns)[K]['_']['data']
      : (typeof legColumns)[K]['_']['data'] | null;
  };

  function legOf(r: LegRow): LegData {
    const arrival = r.direction === 2;
    return {
      id: r.id,
      direction: r.direction,
      flight: flightNumberText(r.airlineIata ?? r.airlineIcao, r.number),
      aircraftTypeId: r.aircraftTypeId,
      aircraftType: r.aircraftType,
      board: r.board,
      stand: r.stand,
      departureAirport: r.departureIata ?? r.departureIcao ?? '',
      arrivalAirport: r.arrivalIata ?? r.arrivalIcao ?? '',
      remoteAirportId: arrival ? r.departureAirportId : r.arrivalAirportId,
      remoteCity: arrival ? r.departureCity : r.arrivalCity,
      planAt: r.planAt,
      calcAt: arrival ? r.calcArrivalAt : r.calcDepartureAt,
      factAt: arrival ? r.factArrivalAt : r.factDepartureAt,
      takeoffAt: arrival ? (r.factDepartureAt ?? r.calcDepartureAt) : r.factDepartureAt,
      flightTypeId: r.flightTypeId,
      flightType: r.flightType,
      statusId: r.statusId,
      status: r.status,
      tgoId: r.tgoId,
      tgo: r.tgo,
      codeShare: r.codeShare,
    };
  }

  /** Legs by id, with the names the table shows. */
  async function legsById(reader: Reader, ids: number[]): Promise<Map<number, LegData>> {
    if (ids.length === 0) return new Map();
    const rows: LegRow[] = await withNames(reader.select(legColumns).from(flights)).where(
      anyOf(flights.id, ids),
    );
    return new Map(rows.map((r) => [r.id, legOf(r)]));
  }

  /**
   * A day's rows in two prepared statements (the embedded database spends longer planning a join of this size than
   * running it, and a day must answer within 50 ms): the turnarounds whose legs are planned in [begin, end) — found by
   * the plan-time index, then the unique leg indexes (`= any(array(...))` is an index scan, where `in (subquery) or
   * in (subquery)` scanned every turnaround) — and then their legs by primary key with the names.
   */
  const dayLegs = sql`select ${flights.id} from ${flights} where ${flights.planAt} >= ${sql.placeholder('begin')} and ${flights.planAt} < ${sql.placeholder('end')}`;
  const turnaroundsOfWindow = db
    .select({
      aid: turnarounds.aid,
      arrivalFlightId: turnarounds.arrivalFlightId,
      departureFlightId: turnarounds.departureFlightId,
      isConfirmed: turnarounds.isConfirmed,
    })
    .from(turnarounds)
    .where(
      or(
        sql`${turnarounds.arrivalFlightId} = any(array(${dayLegs}))`,
        sql`${turnarounds.departureFlightId} = any(array(${dayLegs}))`,
      ),
    )
    .prepare('flight_table_window_turnarounds');
  const legsOfIds = withNames(db.select(legColumns).from(flights))
    .where(sql`${flights.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('flight_table_legs');

  /** The turnarounds of the rows found, with their legs. */
  async function withLegs(
    reader: Reader,
    rows: {
      aid: number;
      arrivalFlightId: number | null;
      departureFlightId: number | null;
      isConfirmed: boolean;
    }[],
  ): Promise<TurnaroundData[]> {
    const ids = rows.flatMap((r) => [r.arrivalFlightId, r.departureFlightId]).filter((id) => id !== null);
    const legs = await legsById(reader, ids as number[]);
    return rows
      .map((r) => ({
        aid: r.aid,
        isConfirmed: r.isConfirmed,
        arrival: r.arrivalFlightId === null ? null : (legs.get(r.arrivalFlightId) ?? null),
        departure: r.departureFlightId === null ? null : (legs.get(r.departureFlightId) ?? null),
      }))
      .filter((t) => t.arrival !== null || t.departure !== null);
  }

  const turnaroundColumns = {
    aid: turnarounds.aid,
    arrivalFlightId: turnarounds.arrivalFlightId,
    departureFlightId: turnarounds.departureFlightId,
    isConfirmed: turnarounds.isConfirmed,
  };

  /** The turnarounds with a leg planned in the window. */
  async function turnaroundsIn(window: Period): Promise<TurnaroundData[]> {
    const rows = await turnaroundsOfWindow.execute({ begin: window.begin, end: window.end });
    const ids = rows.flatMap((r) => [r.arrivalFlightId, r.departureFlightId]).filter((id) => id !== null);
    const legs = new Map(((await legsOfIds.execute({ ids })) as LegRow[]).map((r) => [r.id, legOf(r)]));
    return rows
      .map((r) => ({
        aid: r.aid,
        isConfirmed: r.isConfirmed,
        arrival: r.arrivalFlightId === null ? null : (legs.get(r.arrivalFlightId) ?? null),
        departure: r.departureFlightId === null ? null : (legs.get(r.departureFlightId) ?? null),
      }))
      .filter((t) => t.arrival !== null || t.departure !== null);
  }

  /** The turnarounds of the aids (those that exist). */
  async function turnaroundsOf(reader: Reader, aids: number[]): Promise<TurnaroundData[]> {
    if (aids.length === 0) return [];
    const rows = await reader.select(turnaroundColumns).from(turnarounds).where(anyOf(turnarounds.aid, aids));
    return withLegs(reader, rows);
  }

  /** The turnarounds of the aids, every one of them, else a 422 on `aids` (inside a write: under the transaction). */
  async function requireTurnarounds(reader: Reader, aids: number[]): Promise<TurnaroundData[]> {
    const unique = [...new Set(aids)];
    const found = await turnaroundsOf(reader, unique);
    if (found.length !== unique.length) throw new ValidationError({ aids: [M.unknownRow] }, M.unknownRow);
    return found;
  }

  return { turnaroundsIn, turnaroundsOf, requireTurnarounds };
}

export type RowReader = ReturnType<typeof createRowReader>;
