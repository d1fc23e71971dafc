import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  airlines,
  bagRoutes,
  bags,
  employeePositions,
  flights,
  rushBaggageCodes,
  taskPositions,
  tasks,
  workingShifts,
} from '../../src/server/db/schema/index.ts';
import type { FuzzApp, FuzzSeed } from './fuzzRun.ts';
import { vipFieldBody } from './vipFieldBody.ts';

/**
 * Accepted bodies for the write routes whose generated bodies never get past the services' own checks, read from the
 * fuzz fixture's data (see `FuzzFamily.seeds`): the second half of a run mutates them, so a NUL, a lone surrogate or
 * a huge number in any of their fields reaches the service and the database.
 */

/** Forwards of up to three bags, each on a departure of a carrier with a numeric code (`POST /api/baggage/rush`). */
export async function rushSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [rushFlight] = await app.db
    .select({ id: flights.id, airlineId: flights.airlineId, to: flights.arrivalAirportId })
    .from(flights)
    .innerJoin(airlines, eq(airlines.id, flights.airlineId))
    .where(and(eq(flights.direction, 1), sql`${airlines.numericCode} ~ '^[0-9]{3}$'`))
    .orderBy(asc(flights.id))
    .limit(1);
  const [code] = await app.db.select({ id: rushBaggageCodes.id }).from(rushBaggageCodes).limit(1);
  const picked = await app.db
    .select({ id: bags.id, tag: bags.tag, flightId: bags.flightId })
    .from(bags)
    .where(rushFlight ? ne(bags.flightId, rushFlight.id) : undefined)
    .orderBy(asc(bags.id))
    .limit(3);
  if (!rushFlight || !code) return [];
  const seeds: FuzzSeed[] = [];
  for (const bag of picked) {
    const legs = await app.db.select().from(bagRoutes).where(eq(bagRoutes.bagId, bag.id));
    const first = legs[0];
    if (!first) continue;
    seeds.push({
      method: 'POST',
      route: '/api/baggage/rush',
      url: '/api/baggage/rush',
      body: {
        baggageRelations: [{ major_baggage_id: bag.id, tag: bag.tag }],
        rushBaggageInfo: {
          airport_id: first.airportId,
          rush_baggage_code_id: code.id,
          act_number: 'А-15',
          claim_number: 'KZNSU10001',
          comment: 'Снят с рейса',
        },
        rush_flight_id: rushFlight.id,
        emailAddresses: ['lost.found@kzn.example'],
        originBaggageRoute: legs.map((leg) => ({
          aviacompany_id: leg.airlineId,
          airport_id: leg.airportId,
          flight_number: leg.flightNumber,
          number_in_route: leg.numberInRoute,
          date: leg.date,
        })),
        rushBaggageRoute: [
          {
            aviacompany_id: rushFlight.airlineId,
            airport_id: rushFlight.to,
            flight_number: first.flightNumber,
            number_in_route: 1,
            date: first.date,
          },
        ],
      },
    });
  }
  return seeds;
}

/**
 * A standard schedule of a position with tasks in the fixture's day, on two working shifts, and the same with a
 * name (`POST /api/planning/standard/create`).
 */
export async function standardScheduleSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [position] = await app.db
    .select({ id: employeePositions.id, from: sql<string>`min(${tasks.planBeginAt})` })
    .from(taskPositions)
    .innerJoin(employeePositions, eq(employeePositions.id, taskPositions.employeePositionId))
    .innerJoin(tasks, eq(tasks.id, taskPositions.taskId))
    .where(isNotNull(tasks.planBeginAt))
    .groupBy(employeePositions.id)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  const shifts = await app.db.select({ id: workingShifts.id }).from(workingShifts).limit(2);
  if (!position || shifts.length === 0) return [];
  const day = new Date(position.from).toISOString().slice(0, 10);
  const body = {
    begin: `${day} 00:00:00`,
    end: `${day} 23:59:59`,
    employee_position_ids: [position.id],
    working_shift: shifts.map((shift) => shift.id),
  };
  const route = '/api/planning/standard/create';
  return [
    { method: 'POST', route, url: route, body },
    { method: 'POST', route, url: route, body: { ...body, name: 'График для проверки' } },
  ];
}

/** A new VIP field on the demo's reference rows (`POST /api/tariff/vip-field`). */
export async function vipFieldSeeds(): Promise<FuzzSeed[]> {
  const route = '/api/tariff/vip-field';
  return [{ method: 'POST', route, url: route, body: vipFieldBody('fuzz_seed', 'Поле для фаззинга') }];
}
