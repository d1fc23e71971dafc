import { and, asc, eq, gte, inArray, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { instantToWallClock, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { aircraftTypes, airlines, flights, turnarounds } from '../../db/schema/index.ts';

/** Longest list the select gets: a busy day of the demo airport has about 180 turnarounds. */
const MAX_OPTIONS = 1000;

interface Leg {
  code: string | null;
  number: string;
  planAt: Date;
  aircraft: string | null;
}

/**
 * One line for a turnaround. Example: arrival SU 1234 at 14:20 and departure SU 1235 at 15:30 on an A320 →
 * 'SU 1234 → SU 1235 · 14:20–15:30 · A320'.
 */
export function turnaroundTitle(arrival: Leg | null, departure: Leg | null, zone: string): string {
  const flight = (leg: Leg) => `${leg.code ?? ''} ${leg.number}`.trim();
  const time = (leg: Leg) => instantToWallClock(leg.planAt, zone).slice(11, 16);
  const legs = [arrival, departure].filter((leg): leg is Leg => leg !== null);
  const numbers = legs.map(flight).join(' → ');
  const times = legs.map(time).join('–');
  const aircraft = legs.find((leg) => leg.aircraft)?.aircraft;
  return [numbers, times, aircraft].filter(Boolean).join(' · ');
}

/** The service's view of the database. */
export type TurnaroundDeps = Pick<DbHandle, 'db'>;

/** Turnarounds to pick from: the evaluation panels of the tariff screens choose one by day. */
export function createTurnaroundService({ db }: TurnaroundDeps) {
  const arrival = alias(flights, 'arrival');
  const departure = alias(flights, 'departure');
  const arrivalAirline = alias(airlines, 'arrival_airline');
  const departureAirline = alias(airlines, 'departure_airline');
  const arrivalAircraft = alias(aircraftTypes, 'arrival_aircraft');
  const departureAircraft = alias(aircraftTypes, 'departure_aircraft');

  return {
    /** The turnarounds with a leg planned on the day (`YYYY-MM-DD` in the zone), in the order of their first leg. */
    async ofDay(day: string, zone: string) {
      // Midnight to midnight on the calendar, so a day with a clock change keeps its 23 or 25 hours.
      const begin = wallClockToInstant(`${day} 00:00:00`, zone) as Date;
      const following = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const next = wallClockToInstant(`${following} 00:00:00`, zone) as Date;
      const onDay = db
        .select({ id: flights.id })
        .from(flights)
        .where(and(gte(flights.planAt, begin), lt(flights.planAt, next)));
      const rows = await db
        .select({
          aid: turnarounds.aid,
          arrival: {
            code: arrivalAirline.iataCode,
            number: arrival.flightNumber,
            planAt: arrival.planAt,
            aircraft: arrivalAircraft.name,
          },
          departure: {
            code: departureAirline.iataCode,
            number: departure.flightNumber,
            planAt: departure.planAt,
            aircraft: departureAircraft.name,
          },
        })
        .from(turnarounds)
        .leftJoin(arrival, eq(arrival.id, turnarounds.arrivalFlightId))
        .leftJoin(departure, eq(departure.id, turnarounds.departureFlightId))
        .leftJoin(arrivalAirline, eq(arrivalAirline.id, arrival.airlineId))
        .leftJoin(departureAirline, eq(departureAirline.id, departure.airlineId))
        .leftJoin(arrivalAircraft, eq(arrivalAircraft.id, arrival.aircraftTypeId))
        .leftJoin(departureAircraft, eq(departureAircraft.id, departure.aircraftTypeId))
        .where(or(inArray(turnarounds.arrivalFlightId, onDay), inArray(turnarounds.departureFlightId, onDay)))
        .orderBy(asc(arrival.planAt), asc(departure.planAt), asc(turnarounds.aid))
        .limit(MAX_OPTIONS);
      const leg = (value: { number: string | null; planAt: Date | null } & Omit<Leg, 'number' | 'planAt'>) =>
        value.number && value.planAt ? { ...value, number: value.number, planAt: value.planAt } : null;
      return rows.map((row) => ({
        id: row.aid,
        name: turnaroundTitle(leg(row.arrival), leg(row.departure), zone),
      }));
    },
  };
}
