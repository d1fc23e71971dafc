import {
  AIRCRAFT_TYPES,
  AIRLINES,
  AIRPORTS,
  type AirlineFact,
  HOME_IATA,
  REGISTRATION_PREFIX,
} from './facts/geo.ts';
import { STATUS } from './facts/lists.ts';
import { tgoKey } from './operations.ts';
import { createRng, mixSeed, type Rng } from './random.ts';
import { DAY, iso, MINUTE, Table } from './table.ts';

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
  /** Moscow midnight of the reference day and the reference instant, epoch ms. */
  day0: number;
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
      schedule: daily ? 1 : 2,
      weekdays,
      flightClass: rng.chance(0.03) ? 2 : 1,
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

/** Legs over [day0 − days, day0 + days] paired into turnarounds; each day draws from its own seeded stream. */
export function buildFlights(input: FlightsInput) {
  const { seed, scale, days, day0, now, tgoByKey } = input;
  const rotations = buildRotations(createRng(mixSeed(seed, 1)), scale);
  const homeId = AIRPORTS.findIndex((a) => a.iata === HOME_IATA) + 1;
  const flights = new Table('flights', [
    'id',
    'airline_id',
    'flight_number',
    'direction',
    'flight_type_id',
    'flight_class_id',
    'flight_schedule_id',
    'flight_status_id',
    'aircraft_type_id',
    'board_number',
    'stand_id',
    'departure_airport_id',
    'arrival_airport_id',
    'plan_at',
    'plan_departure_at',
    'plan_arrival_at',
    'calc_departure_at',
    'calc_arrival_at',
    'fact_departure_at',
    'fact_arrival_at',
    'passengers',
    'baggage_weight',
    'cargo_weight',
    'mail_weight',
    'tgo_template_id',
  ]);
  const turnarounds = new Table('turnarounds', ['aid', 'arrival_flight_id', 'departure_flight_id'], 'aid');
  const legs: Leg[] = [];

  const status = (
    plan: number,
    calc: number,
    fact: number,
    direction: number,
    cancelled: boolean,
    request: boolean,
  ) => {
    if (cancelled) return STATUS.cancelled;
    if (!Number.isNaN(fact)) {
      if (now - fact < DAY) return direction === 2 ? 14 : 11;
      return now - fact < 7 * DAY ? STATUS.done : STATUS.closed;
    }
    if (calc - plan >= 30 * MINUTE && plan - now < DAY) return STATUS.delayed;
    if (request) return STATUS.agreed;
    return plan - now < 7 * DAY ? STATUS.confirmed : STATUS.planned;
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
    const block = AIRPORTS_BLOCK[r.destId - 1] * MINUTE;
    const fact = !cancelled && calc + 3 * MINUTE < now ? calc + rng.int(-3, 3) * MINUTE : Number.NaN;
    const remotePlan = direction === 2 ? plan - block : plan + block;
    const remoteCalc = direction === 2 ? calc - block : calc + block;
    const remoteFactRaw = direction === 2 ? fact - block : fact + block;
    const remoteFact = remoteFactRaw < now ? remoteFactRaw : Number.NaN;
    const [dep, arr] = direction === 1 ? [plan, remotePlan] : [remotePlan, plan];
    const [cdep, carr] = direction === 1 ? [calc, remoteCalc] : [remoteCalc, calc];
    const [fdep, farr] = direction === 1 ? [fact, remoteFact] : [remoteFact, fact];
    const passengers = r.flightClass === 2 ? 0 : Math.round(r.seats * (0.55 + rng.next() * 0.43));
    const cargo =
      r.flightClass === 2 || r.category === 1 ? rng.int(2000, 15000) : rng.chance(0.5) ? rng.int(0, 2000) : 0;
    const tgo = tgoByKey.get(tgoKey(direction, r.international ? 2 : 1, r.category)) ?? null;
    const id = flights.add(
      flights.rows.length + 1,
      r.airlineId,
      number,
      direction,
      r.international ? 2 : 1,
      r.flightClass,
      r.schedule,
      status(plan, calc, fact, direction, cancelled, r.schedule === 3),
      r.typeId,
      board,
      stand,
      direction === 1 ? homeId : r.destId,
      direction === 1 ? r.destId : homeId,
      iso(plan),
      iso(dep),
      iso(arr),
      iso(cdep),
      iso(carr),
      Number.isNaN(fdep) ? null : iso(fdep),
      Number.isNaN(farr) ? null : iso(farr),
      passengers,
      (passengers * (8 + rng.next() * 7)).toFixed(1),
      cargo.toFixed(1),
      rng.int(0, 300).toFixed(1),
      tgo,
    );
    if (!cancelled) legs.push({ id, direction, tgoTemplateId: tgo, plan, calc, fact });
    return id;
  };

  for (let d = -days; d <= days; d += 1) {
    const rng = createRng(mixSeed(seed, 1000 + d));
    const midnight = day0 + d * DAY;
    const weekday = (((Math.floor((midnight + 3 * 3600_000) / DAY) + 3) % 7) + 7) % 7;
    const today: Rotation[] = rotations.filter((r) => r.weekdays[weekday]);
    const requests = rng.int(1, 4) * scale;
    for (let i = 0; i < requests; i += 1) {
      const base = rng.pick(rotations);
      today.push({
        ...base,
        schedule: 3,
        flightClass: rng.chance(0.3) ? 5 : 1,
        arrMinute: rng.int(6 * 12, 20 * 12) * 5,
        ground: rng.int(12, 24) * 5,
        arrNumber: String(9001 + 2 * i),
        depNumber: String(9000 + 2 * i),
      });
    }
    for (const r of today) {
      const plannedArr = midnight + r.arrMinute * MINUTE;
      const plannedDep = plannedArr + r.ground * MINUTE;
      const arrDelay = delay(rng);
      const calcArr = plannedArr + arrDelay * MINUTE;
      const ownDelay = rng.chance(0.85) ? 0 : rng.int(5, 45);
      const calcDep = Math.max(plannedDep + ownDelay * MINUTE, calcArr + 25 * MINUTE);
      const cancelled = rng.chance(0.01);
      const board = rng.pick(r.boards);
      const stand = r.category === 1 ? rng.int(1, 6) : rng.int(1, input.standCount);
      const single = rng.next();
      const arrId =
        single < 0.97 || single >= 0.985
          ? addLeg(rng, r, 2, r.arrNumber, plannedArr, calcArr, board, stand, cancelled)
          : null;
      const depId =
        single < 0.985 ? addLeg(rng, r, 1, r.depNumber, plannedDep, calcDep, board, stand, cancelled) : null;
      turnarounds.add(turnarounds.rows.length + 1, arrId, depId);
    }
  }
  return { tables: [flights, turnarounds], legs };
}

const AIRPORTS_BLOCK = AIRPORTS.map((a) => a.block);
