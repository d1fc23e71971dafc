import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  airlines,
  delayIataCodes,
  departments,
  employees,
  flightDelays,
  flights,
  pectabLayouts,
  printers,
  printTemplates,
  rushTags,
  turnarounds,
  workplaceDistances,
} from '../../src/server/db/schema/index.ts';
import { issueTags } from '../../src/server/modules/rush-baggage/tags.ts';
import { FLIGHT_TABLE_COLUMN_KEYS } from '../../src/shared/flight-table.ts';
import { PRINT_TYPE } from '../../src/shared/printing.ts';
import { allocationBody } from './allocationBody.ts';
import type { FuzzApp, FuzzAuth, FuzzSeed } from './fuzzRun.ts';
import { idsPastDrawn, madeFirst, need } from './fuzzSeeds.ts';

const seed = (method: string, route: string, body: unknown, url = route): FuzzSeed => ({
  method,
  route,
  url,
  body,
});

/** An allocation of the first department with a contractor, new and as a change of a saved one. */
export async function allocationSeeds(app: FuzzApp, auth: FuzzAuth): Promise<FuzzSeed[]> {
  const [department] = await app.db
    .select({ id: departments.id, contractorId: departments.contractorId })
    .from(departments)
    .where(isNotNull(departments.contractorId))
    .orderBy(departments.id)
    .limit(1);
  const body = allocationBody({
    id: need(department?.id, 'department of a contractor'),
    contractorId: need(department?.contractorId, 'contractor'),
  });
  await idsPastDrawn(app, 'allocations');
  const saved = await madeFirst<{ id: number }>(app, auth, {
    method: 'POST',
    url: '/api/v2/allocation',
    body,
  });
  return [
    seed('POST', '/api/v2/allocation', body),
    seed(
      'PATCH',
      '/api/v2/allocation/:id',
      { ...body, is_provide_set: true },
      `/api/v2/allocation/${saved.id}`,
    ),
  ];
}

/**
 * Two delays of a departure (the fixture's day has none recorded: the seeds record them), one given an answerable
 * employee and one cleared.
 */
export async function delayEmployeeSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [departure] = await app.db
    .select({ id: flights.id })
    .from(flights)
    .where(eq(flights.direction, 1))
    .orderBy(asc(flights.id))
    .limit(1);
  const [code] = await app.db.select({ id: delayIataCodes.id }).from(delayIataCodes).limit(1);
  const [employee] = await app.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.isActive, true))
    .limit(1);
  const flightId = need(departure?.id, 'departure');
  const delayIataCodeId = need(code?.id, 'IATA delay code');
  await idsPastDrawn(app, 'flight_delays');
  const delays = await app.db
    .insert(flightDelays)
    .values([
      { flightId, delayIataCodeId, minutes: 35 },
      { flightId, delayIataCodeId, minutes: 20 },
    ])
    .returning({ id: flightDelays.id });
  return [
    seed('PATCH', '/api/v2/delay-employees', {
      items: [
        { delay_id: delays[0].id, employee_id: need(employee?.id, 'active employee') },
        { delay_id: delays[1].id, employee_id: null },
      ],
    }),
  ];
}

/** The last stored distance (past the ids the fuzzer draws to delete) with a new length. */
export async function workplaceDistanceSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [entry] = await app.db
    .select()
    .from(workplaceDistances)
    .orderBy(desc(workplaceDistances.id))
    .limit(1);
  const stored = need(entry, 'workplace distance');
  return [
    seed('PATCH', '/api/v2/workplace-distance', {
      update: [
        {
          id: stored.id,
          workplace_from_id: stored.workplaceFromId,
          workplace_to_id: stored.workplaceToId,
          distance: 123.5,
        },
      ],
    }),
  ];
}

/** The one operational setting there is, set to 90 minutes. */
export async function configSeeds(): Promise<FuzzSeed[]> {
  const key = 'time-show-unfinished-tasks';
  return [seed('PATCH', '/api/v2/config/:key', { value: 90 }, `/api/v2/config/${key}`)];
}

/**
 * A turnaround with both legs: a TGO the flight table offers for it applied, and the day's export of its row with
 * three columns.
 */
export async function flightTableSeeds(app: FuzzApp, auth: FuzzAuth): Promise<FuzzSeed[]> {
  const [pair] = await app.db
    .select({ aid: turnarounds.aid })
    .from(turnarounds)
    .where(and(isNotNull(turnarounds.arrivalFlightId), isNotNull(turnarounds.departureFlightId)))
    .orderBy(desc(turnarounds.aid))
    .limit(1);
  const aid = need(pair?.aid, 'turnaround with both legs');
  const [tgo] = await madeFirst<{ id: number }[]>(app, auth, {
    method: 'POST',
    url: '/api/race/get-tgos',
    body: { aids: [aid] },
  });
  const range = encodeURIComponent('10.03.2026 - 10.03.2026');
  return [
    seed('POST', '/api/race/fill-flights', { aids: [aid], tgo_id: need(tgo?.id, 'TGO of the turnaround') }),
    seed(
      'POST',
      '/api/race/index',
      { aids: [aid], columns: FLIGHT_TABLE_COLUMN_KEYS.slice(0, 3) },
      `/api/race/index?RaceSearch[date_range]=${range}&RaceSearch[export_to_excel]=1`,
    ),
  ];
}

/** Rush tags (two issued when the fixture has none) printed to the spool printer with a PDF bag-tag template. */
export async function printingSeeds(app: FuzzApp): Promise<FuzzSeed[]> {
  const [spool] = await app.db
    .select({ id: printers.id })
    .from(printers)
    .where(and(isNull(printers.address), eq(printers.isActive, true)))
    .limit(1);
  const [template] = await app.db
    .select({ id: printTemplates.id })
    .from(printTemplates)
    .leftJoin(pectabLayouts, eq(pectabLayouts.templateId, printTemplates.id))
    // A template without a layout prints PDF, as the spool does.
    .where(
      and(
        eq(printTemplates.printTypeId, PRINT_TYPE.bagTag),
        sql`coalesce(${pectabLayouts.language}, 'pdf') = 'pdf'`,
      ),
    )
    .orderBy(printTemplates.id)
    .limit(1);
  let tags = await app.db.select({ id: rushTags.id }).from(rushTags).orderBy(rushTags.id).limit(2);
  if (tags.length === 0) {
    const [airline] = await app.db
      .select({ id: airlines.id })
      .from(airlines)
      .where(sql`${airlines.numericCode} ~ '^[0-9]{3}$'`)
      .limit(1);
    const airlineId = need(airline?.id, 'carrier with a numeric code');
    tags = await app.db.transaction((tx) =>
      issueTags(tx, { airlineId, links: [{}, {}], userId: null, field: 'aviacompany_id' }),
    );
  }
  return [
    seed('POST', '/api/v1/printer/print-btp', {
      printer_id: need(spool?.id, 'active spool printer'),
      pectab_id: need(template?.id, 'PDF bag-tag template'),
      tag_ids: tags.map((tag) => tag.id),
      copies: 2,
    }),
  ];
}
