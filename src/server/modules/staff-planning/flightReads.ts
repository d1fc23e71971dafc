/**
 * The SQL of the flight answer: a window's flights, their tasks and turnarounds, the tasks' links, the other
 * flights' assignments and the reference names, each folded into integer text (see flight.ts for why).
 */
import { type SQL, sql } from 'drizzle-orm';
import { intArray } from '../../db/anyOf.ts';
import type { DbHandle } from '../../db/client.ts';
import { parseInts } from '../../db/parseInts.ts';
import { rawRows } from '../../db/rawRows.ts';
import type { Period } from '../../http/period.ts';
import type { FlightQuery } from './flight.ts';

/** A key range holding more than this many times the rows asked for is read by the ids instead. */
const SPARSE_FACTOR = 4;

export interface FlightRow {
  id: number;
  direction: number;
  airline_id: number;
  flight_number: string;
  flight_type_id: number;
  flight_schedule_id: number;
  flight_status_id: number;
  aircraft_type_id: number;
  departure_airport_id: number;
  arrival_airport_id: number;
  passengers: number;
  tgo_template_id: number | null;
  plan: number;
  aid: number | null;
}

/** `column between lo and hi` when the range is dense, else `column = any(ids)`. */
export function keyCondition(column: SQL, ids: number[]): SQL {
  let lo = Number.POSITIVE_INFINITY;
  let hi = 0;
  for (const id of ids) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  return hi - lo + 1 <= SPARSE_FACTOR * ids.length + 64
    ? sql`${column} between ${lo} and ${hi}`
    : sql`${column} = any(${intArray(ids)})`;
}

/** The reading queries over one database handle. */
export function createFlightReads(db: DbHandle['db']) {
  const rows = <T>(query: SQL): Promise<T[]> => rawRows<T>(db, query);

  /** Flight filters shared by both period types. */
  function flightFilters(query: FlightQuery): SQL[] {
    const list: SQL[] = [];
    if (query.flightSchedule) list.push(sql`f.flight_schedule_id = any(${intArray(query.flightSchedule)})`);
    if (query.flightType) list.push(sql`f.flight_type_id = any(${intArray(query.flightType)})`);
    if (query.flightStatus) list.push(sql`f.flight_status_id = any(${intArray(query.flightStatus)})`);
    if (query.flightClass) list.push(sql`f.flight_class_id = any(${intArray(query.flightClass)})`);
    return list;
  }

  // Raw SQL throughout: text aggregation, key ranges and the range-overlap operator that the GiST index serves are
  // beyond the query builder, and each query is shaped for what the embedded database does fastest (see the top).
  /** The flights of a window that pass the filters, without their turnaround (`aid` null). */
  async function flightsOf(window: Period, last: boolean, query: FlightQuery): Promise<FlightRow[]> {
    const upper = last ? sql`<=` : sql`<`;
    const inWindow =
      query.periodType === 2
        ? sql`f.plan_at >= ${window.begin} and f.plan_at ${upper} ${window.end}`
        : sql`f.id in (select t.flight_id from tasks t where tstzrange(t.plan_begin_at, t.plan_end_at, '[]')
              && tstzrange(${window.begin}, ${window.end}, ${last ? '[]' : '[)'}))`;
    const where = sql.join([inWindow, ...flightFilters(query)], sql` and `);
    // Integers as text, the flight numbers (text) as an array in the same order.
    const [row] = await rows<{ s: string | null; numbers: string[] | null }>(sql`
      select string_agg(f.id || ',' || f.direction || ',' || f.airline_id || ',' || f.flight_type_id || ',' ||
                        f.flight_schedule_id || ',' || f.flight_status_id || ',' || f.aircraft_type_id || ',' ||
                        f.departure_airport_id || ',' || f.arrival_airport_id || ',' || greatest(f.passengers, 0) ||
                        ',' || coalesce(f.tgo_template_id, 0) || ',' || date_part('epoch', f.plan_at)::int8, ';'
                        order by f.id) s,
             array_agg(f.flight_number order by f.id) numbers
      from flights f where ${where}`);
    const ints = parseInts(row.s);
    const numbers = row.numbers ?? [];
    const found: FlightRow[] = [];
    for (let i = 0, k = 0; i < ints.length; i += 12, k++) {
      found.push({
        id: ints[i],
        direction: ints[i + 1],
        airline_id: ints[i + 2],
        flight_type_id: ints[i + 3],
        flight_schedule_id: ints[i + 4],
        flight_status_id: ints[i + 5],
        aircraft_type_id: ints[i + 6],
        departure_airport_id: ints[i + 7],
        arrival_airport_id: ints[i + 8],
        passengers: ints[i + 9],
        tgo_template_id: ints[i + 10] || null,
        plan: ints[i + 11],
        flight_number: numbers[k],
        aid: null,
      });
    }
    return found;
  }

  /**
   * The flights' tasks as their ready digests joined by ';' (see readDigests; kept by the triggers of migration 0019)
   * and the flights' turnarounds (aid, arrival, departure; 0 for none), in one round trip. Folding stored texts is
   * about five times cheaper than formatting the tasks and their three link tables on every read.
   */
  async function digestsOf(flightIds: number[]) {
    const [row] = await rows<{ tasks: string | null; turnarounds: string | null }>(sql`
      select (select string_agg(d.digest, ';') from task_digests d
              where ${keyCondition(sql`d.flight_id`, flightIds)}) tasks,
             (select string_agg(ta.aid || ',' || coalesce(ta.arrival_flight_id, 0) || ',' ||
                                coalesce(ta.departure_flight_id, 0), ';')
              from turnarounds ta
              where ${keyCondition(sql`ta.arrival_flight_id`, flightIds)}
                 or ${keyCondition(sql`ta.departure_flight_id`, flightIds)}) turnarounds`);
    return row;
  }

  /** Assignments (task, employee, begin, end) of tasks overlapping the span outside the flights already read. */
  async function otherAssignments(span: Period, covered: SQL[]): Promise<string | null> {
    const outside = covered.length ? sql`and not (${sql.join(covered, sql` or `)})` : sql``;
    const [row] = await rows<{ s: string | null }>(sql`
      select string_agg(te.task_id || ',' || te.employee_id || ',' || date_part('epoch', t.plan_begin_at)::int8
                        || ',' || date_part('epoch', t.plan_end_at)::int8, ';') s
      from tasks t join task_employees te on te.task_id = t.id
      where tstzrange(t.plan_begin_at, t.plan_end_at, '[]') && tstzrange(${span.begin}, ${span.end}, '[]')
      ${outside}`);
    return row.s;
  }

  /** Names of the reference rows the answer mentions. */
  async function names(flights: FlightRow[]) {
    const airlineIds = new Set<number>();
    const airportIds = new Set<number>();
    const aircraftIds = new Set<number>();
    const tgoIds = new Set<number>();
    for (const f of flights) {
      airlineIds.add(f.airline_id);
      airportIds.add(f.departure_airport_id);
      airportIds.add(f.arrival_airport_id);
      aircraftIds.add(f.aircraft_type_id);
      if (f.tgo_template_id !== null) tgoIds.add(f.tgo_template_id);
    }
    const ids = (set: Set<number>) => [...set];
    const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((row) => [row.id, row]));
    // One round trip: each list as a JSON array of [id, name] pairs.
    const list = (select: SQL) =>
      sql`(select coalesce(json_agg(json_build_array(id, name)), '[]') from (${select}) l)`;
    const [row] = await rows<Record<string, [number, string][]>>(sql`
      select ${list(sql`select id, coalesce(iata_code, icao_code, '') as name from airlines where id = any(${intArray(ids(airlineIds))})`)} airlines,
             ${list(sql`select id, coalesce(iata_code, icao_code, name_ru) as name from airports where id = any(${intArray(ids(airportIds))})`)} airports,
             ${list(sql`select id, name from aircraft_types where id = any(${intArray(ids(aircraftIds))})`)} aircraft,
             ${list(sql`select id, name from tgo_templates where id = any(${intArray(ids(tgoIds))})`)} tgo,
             ${list(sql`select id, name from flight_statuses`)} statuses,
             ${list(sql`select id, name from jobs`)} jobs,
             ${list(sql`select id, name || '|' || department_id as name from employee_positions`)} positions,
             ${list(sql`select id, name from resource_types`)} resource_types`);
    const named = (pairs: [number, string][]) => pairs.map(([id, name]) => ({ id, name, code: name }));
    const airlines = named(row.airlines);
    const airports = named(row.airports);
    const aircraft = named(row.aircraft);
    const tgo = named(row.tgo);
    const statuses = named(row.statuses);
    const jobs = named(row.jobs);
    const positions = row.positions.map(([id, text]) => {
      const cut = text.lastIndexOf('|');
      return { id, name: text.slice(0, cut), department_id: Number(text.slice(cut + 1)) };
    });
    const resourceTypes = named(row.resource_types);
    return {
      airlines: byId(airlines),
      airports: byId(airports),
      aircraft: byId(aircraft),
      tgo: byId(tgo),
      statuses: byId(statuses),
      jobs: byId(jobs),
      positions: byId(positions),
      resourceTypes: byId(resourceTypes),
    };
  }

  return { flightsOf, digestsOf, otherAssignments, names };
}

/** The reference names an answer mentions, by id. */
export type FlightNames = Awaited<ReturnType<ReturnType<typeof createFlightReads>['names']>>;
