import * as schema from '../db/schema/index.ts';
import type { LocalCalendar } from './calendar.ts';
import {
  AIRCRAFT_TYPES,
  AIRLINES,
  AIRPORTS,
  type AirlineFact,
  HOME_IATA,
  REGISTRATION_PREFIX,
} from './facts/geo.ts';
import { DIRECTION, FLIGHT_CLASS, FLIGHT_SCHEDULE, FLIGHT_STATUS, FLIGHT_TYPE } from './facts/lists.ts';
import { tgoKey } from './operations.ts';
import { createRng, mixSeed, type Rng } from './random.ts';
import { iso, MS_PER_DAY, MS_PER_MINUTE, Table } from './table.ts';

/** What the task generator needs to know of a leg. */
export interface Leg {
  id: number;
  direction: number;
  tgoTemplateId: number | null;
  /** Plan, current (calc) and fact times at the home airport, epoch ms; fact is NaN when unknown. */
  plan: number;
  calc: number;
  fact: number;
}

interface Rotation {
  airlineId: number;
  airline: AirlineFact;
  destId: number;
  international: boolean;
  typeId: number;
  category: number;
  seats: number;
  arrNumber: string;
  depNumber: string;
  /** Minutes after local midnight of the arrival. */
  arrMinute: number;
  ground: number;
  schedule: number;
  weekdays: boolean[];
  flightClass: number;
  boards: string[];
}

/** Hourly weights of arrivals at a Russian regional airport: morning and evening waves, a quiet night. */
const HOUR_WEIGHTS = [2, 1, 1, 1, 2, 4, 6, 8, 8, 7, 6, 6, 6, 6, 6, 6, 7, 8, 8, 8, 7, 6, 5, 3];
const HOURS = HOUR_WEIGHTS.map((_, hour) => hour);
const GROUND = [
  [0, 0],
  [100, 160],
  [50, 90],
  [40, 60],
  [35, 50],
];

export interface FlightsInput {
  seed: number;
  scale: number;
  days: number;
  /** The home airport's calendar: flights keep their local times across a daylight-saving change. */
  calendar: LocalCalendar;
  /** The reference instant, epoch ms; its local day is day 0 of the programme. */
  now: number;
  tgoByKey: Map<string, number>;
  standCount: number;
}

/** Season programme of rotations: ~350 × scale legs a day on average. */
function buildRotations(rng: Rng, scale: number): Rotation[] {
  const homeId = AIRPORTS.findIndex((a) => a.iata === HOME_IATA) + 1;
  const counters = new Map<string, number>();
  const fleets = new Map<string, string[]>();
  const rotations: Rotation[] = [];
  let expectedLegs = 0;
  const target = 344 * scale;
  while (expectedLegs < target) {
    const airline = rng.weighted(AIRLINES, (a) => a.weight);
    const airlineId = AIRLINES.indexOf(airline) + 1;
    const destIata = rng.chance(0.5) ? airline.routes[0] : rng.pick(airline.routes);
    const destId = AIRPORTS.findIndex((a) => a.iata === destIata) + 1;
    if (destId === homeId || destId === 0) continue;
    const icao = rng.pick(airline.fleet);
    const typeIndex = AIRCRAFT_TYPES.findIndex((t) => t.icao === icao);
    const type = AIRCRAFT_TYPES[typeIndex];
    const fleetKey = `${airline.iata}:${type.icao}`;
    if (!fleets.has(fleetKey)) {
      const prefix = REGISTRATION_PREFIX[airline.country] ?? 'RA-';
      const size = rng.int(3, 8);
      const boards: string[] = [];
      for (let i = 0; i < size; i += 1) boards.push(`${prefix}${rng.int(10000, 99999)}`);
      fleets.set(fleetKey, boards);
    }
    const next = counters.get(airline.iata) ?? rng.int(60, 400) * 2;
    counters.set(airline.iata, next + 2);
    const daily = rng.chance(0.45);
    const weekdays = Array.from({ length: 7 }, () => daily || rng.chance(0.55));
    const hour = rng.weighted(HOURS, (h) => HOUR_WEIGHTS[h]);
    const overnight = airline.country === 'RU' && rng.chance(0.1);
    const arrMinute = overnight ? rng.int(21 * 12, 23 * 12 + 11) * 5 : hour * 60 + rng.int(0, 11) * 5;
    const [gmin, gmax] = GROUND[type.category];
    const ground = overnight
      ? 24 * 60 - arrMinute + rng.int(5 * 12, 8 * 12) * 5
      : rng.int(gmin / 5, gmax / 5) * 5;
    rotations.push({
      airlineId,
      airline,
      destId,
      international: AIRPORTS[destId - 1].country !== 'RU',
      typeId: typeIndex + 1,
      category: type.category,
      seats: type.seats,
      depNumber: String(next).padStart(3, '0'),
      arrNumber: String(next + 1).padStart(3, '0'),
      arrMinute,
      ground,
      schedule: daily ? FLIGHT_SCHEDULE.daily : FLIGHT_SCHEDULE.seasonal,
      weekdays,
      flightClass: rng.chance(0.03) ? FLIGHT_CLASS.cargo : FLIGHT_CLASS.passenger,
      boards: fleets.get(fleetKey)!,
    });
    expectedLegs += (2 * weekdays.filter(Boolean).length) / 7;
  }
  return rotations;
}

/** Arrival delay in minutes: mostly on time, a tail of long delays. */
function delay(rng: Rng): number {
  const r = rng.next();
  if (r < 0.7) return rng.int(-10, 10);
  if (r < 0.95) return rng.int(10, 40);
  return rng.int(40, 180);
}

/** Legs over the local days [day0 − days, day0 + days] paired into turnarounds; each day draws from its own seeded stream. */
export function buildFlights(input: FlightsInput) {
  const { seed, scale, days, calendar, now, tgoByKey } = input;
  const day0 = calendar.dayOf(now);
  const rotations = buildRotations(createRng(mixSeed(seed, 1)), scale);
  const homeId = AIRPORTS.findIndex((a) => a.iata === HOME_IATA) + 1;
  const flights = new Table(schema.flights);
  const turnarounds = new Table(schema.turnarounds);
  const legs: Leg[] = [];

  const status = (
    plan: number,
    calc: number,
    fact: number,
    direction: number,
    cancelled: boolean,
    request: boolean,
  ) => {
    if (cancelled) return FLIGHT_STATUS.cancelled;
    if (!Number.isNaN(fact)) {
      if (now - fact < MS_PER_DAY)
        return direction === DIRECTION.arrival ? FLIGHT_STATUS.arrived : FLIGHT_STATUS.departed;
      return now - fact < 7 * MS_PER_DAY ? FLIGHT_STATUS.done : FLIGHT_STATUS.closed;
    }
    if (calc - plan >= 30 * MS_PER_MINUTE && plan - now < MS_PER_DAY) return FLIGHT_STATUS.delayed;
    if (request) return FLIGHT_STATUS.agreed;
    return plan - now < 7 * MS_PER_DAY ? FLIGHT_STATUS.confirmed : FLIGHT_STATUS.planned;
  };

  const addLeg = (
    rng: Rng,
    r: Rotation,
    direction: number,
    number: string,
    plan: number,
    calc: number,
    board: string,
    stand: number,
    cancelled: boolean,
  ): number => {
    const block = AIRPORTS_BLOCK[r.destId - 1] * MS_PER_MINUTE;
    const fact =
      !cancelled && calc + 3 * MS_PER_MINUTE < now ? calc + rng.int(-3, 3) * MS_PER_MINUTE : Number.NaN;
    const arrival = direction === DIRECTION.arrival;
    const remotePlan = arrival ? plan - block : plan + block;
    const remoteCalc = arrival ? calc - block : calc + block;
    const remoteFactRaw = arrival ? fact - block : fact + block;
    const remoteFact = remoteFactRaw < now ? remoteFactRaw : Number.NaN;
    const [dep, arr] = arrival ? [remotePlan, plan] : [plan, remotePlan];
    const [cdep, carr] = arrival ? [remoteCalc, calc] : [calc, remoteCalc];
    const [fdep, farr] = arrival ? [remoteFact, fact] : [fact, remoteFact];
    const cargoFlight = r.flightClass === FLIGHT_CLASS.cargo;
    const passengers = cargoFlight ? 0 : Math.round(r.seats * (0.55 + rng.next() * 0.43));
    const cargo =
      cargoFlight || r.category === 1 ? rng.int(2000, 15000) : rng.chance(0.5) ? rng.int(0, 2000) : 0;
    const flightTypeId = r.international ? FLIGHT_TYPE.international : FLIGHT_TYPE.domestic;
    const tgo = tgoByKey.get(tgoKey(direction, flightTypeId, r.category)) ?? null;
    const id = flights.add({
      id: flights.nextId,
      airlineId: r.airlineId,
      flightNumber: number,
      direction,
      flightTypeId,
      flightClassId: r.flightClass,
      flightScheduleId: r.schedule,
      flightStatusId: status(plan, calc, fact, direction, cancelled, r.schedule === FLIGHT_SCHEDULE.request),
      aircraftTypeId: r.typeId,
      boardNumber: board,
      standId: stand,
      departureAirportId: arrival ? r.destId : homeId,
      arrivalAirportId: arrival ? homeId : r.destId,
      planAt: iso(plan),
      planDepartureAt: iso(dep),
      planArrivalAt: iso(arr),
      calcDepartureAt: iso(cdep),
      calcArrivalAt: iso(carr),
      factDepartureAt: Number.isNaN(fdep) ? null : iso(fdep),
      factArrivalAt: Number.isNaN(farr) ? null : iso(farr),
      passengers,
      baggageWeight: (passengers * (8 + rng.next() * 7)).toFixed(1),
      cargoWeight: cargo.toFixed(1),
      mailWeight: rng.int(0, 300).toFixed(1),
      tgoTemplateId: tgo,
      codeShare: codeShareOf(number, r.flightClass),
    });
    if (!cancelled) legs.push({ id, direction, tgoTemplateId: tgo, plan, calc, fact });
    return id;
  };

  for (let d = -days; d <= days; d += 1) {
    const rng = createRng(mixSeed(seed, 1000 + d));
    const day = day0 + d;
    const weekday = calendar.weekday(day);
    const today: Rotation[] = rotations.filter((r) => r.weekdays[weekday]);
    const requests = rng.int(1, 4) * scale;
    for (let i = 0; i < requests; i += 1) {
      const base = rng.pick(rotations);
      today.push({
        ...base,
        schedule: FLIGHT_SCHEDULE.request,
        flightClass: rng.chance(0.3) ? FLIGHT_CLASS.business : FLIGHT_CLASS.passenger,
        arrMinute: rng.int(6 * 12, 20 * 12) * 5,
        ground: rng.int(12, 24) * 5,
        arrNumber: String(9001 + 2 * i),
        depNumber: String(9000 + 2 * i),
      });
    }
    for (const r of today) {
      const plannedArr = calendar.at(day, r.arrMinute);
      const plannedDep = plannedArr + r.ground * MS_PER_MINUTE;
      const arrDelay = delay(rng);
      const calcArr = plannedArr + arrDelay * MS_PER_MINUTE;
      const ownDelay = rng.chance(0.85) ? 0 : rng.int(5, 45);
      const calcDep = Math.max(plannedDep + ownDelay * MS_PER_MINUTE, calcArr + 25 * MS_PER_MINUTE);
      const cancelled = rng.chance(0.01);
      const board = rng.pick(r.boards);
      const stand = r.category === 1 ? rng.int(1, 6) : rng.int(1, input.standCount);
      const single = rng.next();
      const arrId =
        single < 0.97 || single >= 0.985
          ? addLeg(rng, r, DIRECTION.arrival, r.arrNumber, plannedArr, calcArr, board, stand, cancelled)
          : null;
      const depId =
        single < 0.985
          ? addLeg(rng, r, DIRECTION.departure, r.depNumber, plannedDep, calcDep, board, stand, cancelled)
          : null;
      turnarounds.add({
        aid: turnarounds.nextId,
        arrivalFlightId: arrId,
        departureFlightId: depId,
        // The dispatcher confirms the plan of the past, today and tomorrow.
        isConfirmed: !cancelled && plannedArr < now + 2 * MS_PER_DAY,
      });
    }
  }
  return { tables: [flights, turnarounds], legs };
}

const AIRPORTS_BLOCK = AIRPORTS.map((a) => a.block);

/** Partners selling seats on every fourth passenger flight (no draw, so the generated streams stay as they were). */
const CODE_SHARE_PARTNERS = ['S7', 'UT', 'FV', 'DP'];
function codeShareOf(number: string, flightClass: number): string | null {
  const n = Number.parseInt(number, 10);
  if (flightClass !== FLIGHT_CLASS.passenger || !Number.isFinite(n) || n % 4 !== 0) return null;
  return `${CODE_SHARE_PARTNERS[(n / 4) % CODE_SHARE_PARTNERS.length]} ${7000 + (n % 1000)}`;
}
