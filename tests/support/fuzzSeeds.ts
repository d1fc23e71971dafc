import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import {
  airlines,
  bagRoutes,
  bags,
  employeePositions,
  flights,
  jobs,
  rushBaggageCodes,
  taskPositions,
  tasks,
  workingShifts,
} from '../../src/server/db/schema/index.ts';
import type { FuzzApp, FuzzAuth, FuzzSeed } from './fuzzRun.ts';
import { TARIFF_CALC_JOBS, tariffCalcBody } from './tariffCalcBody.ts';
import { vipFieldBody } from './vipFieldBody.ts';

/**
 * Accepted bodies for the write routes whose generated bodies never get past the services' own checks, read from the
 * fuzz fixture's data (see `FuzzFamily.seeds`): the second half of a run mutates them, so a NUL, a lone surrogate or
 * a huge number in any of their fields reaches the service and the database.
 */

/**
 * Moves the ids a table hands out past those the fuzzer draws (mostly 1..40): a row a seed creates is then not
 * deleted or changed by the random cases before its own mutations run. Sequences are no rows: nothing to undo.
 */
export async function idsPastDrawn(app: FuzzApp, table: string): Promise<void> {
  await app.db.execute(
    sql.raw(
      `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1000000, (select coalesce(max(id), 0) from ${table})))`,
    ),
  );
}

/** Sends what a seed needs first (the row it changes) and answers the JSON; a refusal stops the family. */
export async function madeFirst<T>(
  app: FuzzApp,
  auth: FuzzAuth,
  request: { method: 'POST' | 'PUT'; url: string; body: unknown },
): Promise<T> {
  const res = await app.inject({
    method: request.method,
    url: request.url,
    headers: { ...auth },
    payload: request.body as object,
  });
  if (res.statusCode !== 200)
    throw new Error(
      `a seed's setup was refused: ${request.method} ${request.url} → ${res.statusCode} ${res.body}`,
    );
  return res.json() as T;
}

/** The value, or an error naming what the fixture lacks (a seed that quietly vanished would leave a route unseeded). */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`fuzz seeds: no ${what} in the fixture`);
  return value;
}

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
 * A standard schedule of the position with the fewest tasks in the fixture's day (it still has demand, and the real
 * solver runs on every accepted case: the busiest position took ~0.35 s a solve, 34 s a run; this one ~40 ms), on two
 * working shifts, and the same with a name (`POST /api/planning/standard/create`).
 */
export async function standardScheduleSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [position] = await app.db
    .select({ id: employeePositions.id, from: sql<string>`min(${tasks.planBeginAt})` })
    .from(taskPositions)
    .innerJoin(employeePositions, eq(employeePositions.id, taskPositions.employeePositionId))
    .innerJoin(tasks, eq(tasks.id, taskPositions.taskId))
    .where(isNotNull(tasks.planBeginAt))
    .groupBy(employeePositions.id)
    .orderBy(sql`count(*)`)
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

/** A new VIP field on the demo's reference rows, and a change of one (`POST` and `PATCH /api/tariff/vip-field`). */
export async function vipFieldSeeds(app: FuzzApp, auth: FuzzAuth): Promise<FuzzSeed[]> {
  const route = '/api/tariff/vip-field';
  await idsPastDrawn(app, 'vip_fields');
  const field = await madeFirst<{ id: number }>(app, auth, {
    method: 'POST',
    url: route,
    body: vipFieldBody('fuzz_changed', 'Поле, которое меняет фаззинг'),
  });
  return [
    { method: 'POST', route, url: route, body: vipFieldBody('fuzz_seed', 'Поле для фаззинга') },
    {
      method: 'PATCH',
      route,
      url: route,
      body: { ...vipFieldBody('fuzz_changed', 'Поле, изменённое фаззингом'), id: field.id },
    },
  ];
}

/** A duration calc of two demo jobs, new and as a change of a saved one (`POST` and `PATCH /api/tariff/calc`). */
export async function tariffCalcSeeds(app: FuzzApp, auth: FuzzAuth): Promise<FuzzSeed[]> {
  const found = await app.db
    .select({ id: jobs.id, name: jobs.name })
    .from(jobs)
    .where(inArray(jobs.name, Object.values(TARIFF_CALC_JOBS)));
  const job = (name: string) => need(found.find((row) => row.name === name)?.id, `job «${name}»`);
  const body = tariffCalcBody({ steps: job(TARIFF_CALC_JOBS.steps), bus: job(TARIFF_CALC_JOBS.bus) });
  const route = '/api/tariff/calc';
  await idsPastDrawn(app, 'tariff_calcs');
  const saved = await madeFirst<{ id: number }>(app, auth, {
    method: 'POST',
    url: route,
    body: { ...body, service: { ...body.service, id_1c: 'FUZZ-CHANGED' } },
  });
  return [
    { method: 'POST', route, url: route, body },
    {
      method: 'PATCH',
      route,
      url: route,
      body: {
        ...body,
        id: saved.id,
        service: { name_ru: 'Трап изменённый', name_en: null, id_1c: 'FUZZ-CHANGED' },
      },
    },
  ];
}
