import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LiveNotice } from '../../../shared/events.ts';
import {
  APPROVED_ITEMS,
  COMBINE_TYPES,
  type EmployeesResult,
  FLIGHT_TABLE_MESSAGES as M,
  type RaceFilterItem,
  type TgoOption,
} from '../../../shared/flight-table.ts';
import { instantToDay, wallClockToInstant } from '../../../shared/wallClock.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import {
  aircraftTypes,
  airlines,
  airports,
  employees,
  flightStatuses,
  flights,
  flightTypes,
  jobs,
  taskEmployees,
  taskPositions,
  taskResources,
  tasks,
  tgoAircraftTypes,
  tgoJobPositions,
  tgoJobResourceTypes,
  tgoJobs,
  tgoTemplates,
  turnarounds,
  workingShifts,
  workplaces,
} from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { type Interval, planTaskInterval } from '../../domain/tgoTasks.ts';
import { notifyChange } from '../../events/notify.ts';
import { type Period, splitPeriod } from '../../http/period.ts';
import { type LegData, type RowEntry, rowEntryOf, type TurnaroundData } from './rows.ts';

/** The service's view of the database. */
export type FlightTableDeps = Pick<DbHandle, 'db' | 'heavy'>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/**
 * Desk jobs (check-in counters, boarding gates): what «set desk employees» staffs. Chosen by the job's name, the
 * only thing a job says about where it is done.
 */
const DESK_JOB = /регистрац|стойк|выход на посадку/i;

/** A TGO that a leg may take: same direction and flight type, active, and its aircraft type listed (or none listed). */
interface TgoCandidate {
  id: number;
  name: string;
  direction: number;
  flightTypeId: number;
  aircraftTypeIds: Set<number>;
}

function validFor(tgo: TgoCandidate, leg: Pick<LegData, 'direction' | 'flightTypeId' | 'aircraftTypeId'>) {
  return (
    tgo.direction === leg.direction &&
    tgo.flightTypeId === leg.flightTypeId &&
    (tgo.aircraftTypeIds.size === 0 || tgo.aircraftTypeIds.has(leg.aircraftTypeId))
  );
}

const legsOf = (t: TurnaroundData) => [t.arrival, t.departure].filter((leg): leg is LegData => leg !== null);

/** The plan window of a turnaround: from the arrival's on-block to the departure's off-block (open where a leg is missing). */
function windowOf(t: TurnaroundData, pick: (leg: LegData) => Date): Interval {
  return {
    begin: t.arrival ? pick(t.arrival).getTime() : Number.NEGATIVE_INFINITY,
    end: t.departure ? pick(t.departure).getTime() : Number.POSITIVE_INFINITY,
  };
}

/** The flight table (spec 7, Flight table): rows of a period, race-filter lists and the row actions. */
export function createFlightTableService({ db, heavy }: FlightTableDeps) {
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
      flight: `${r.airlineIata ?? r.airlineIcao ?? ''} ${r.number}`.trim(),
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
      inArray(flights.id, ids),
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
    const rows = await reader
      .select(turnaroundColumns)
      .from(turnarounds)
      .where(inArray(turnarounds.aid, aids));
    return withLegs(reader, rows);
  }

  /** The turnarounds of the aids, every one of them, else a 422 on `aids` (inside a write: under the transaction). */
  async function requireTurnarounds(reader: Reader, aids: number[]): Promise<TurnaroundData[]> {
    const unique = [...new Set(aids)];
    const found = await turnaroundsOf(reader, unique);
    if (found.length !== unique.length) throw new ValidationError({ aids: [M.unknownRow] }, M.unknownRow);
    return found;
  }

  async function tgoCandidates(reader: Reader, ids?: number[]): Promise<TgoCandidate[]> {
    const templates = await reader
      .select({
        id: tgoTemplates.id,
        name: tgoTemplates.name,
        direction: tgoTemplates.direction,
        flightTypeId: tgoTemplates.flightTypeId,
      })
      .from(tgoTemplates)
      .where(and(eq(tgoTemplates.isActive, true), ids ? inArray(tgoTemplates.id, ids) : undefined))
      .orderBy(asc(tgoTemplates.name), asc(tgoTemplates.id));
    if (templates.length === 0) return [];
    const types = await reader
      .select()
      .from(tgoAircraftTypes)
      .where(
        inArray(
          tgoAircraftTypes.tgoTemplateId,
          templates.map((t) => t.id),
        ),
      );
    return templates.map((t) => ({
      ...t,
      aircraftTypeIds: new Set(types.filter((x) => x.tgoTemplateId === t.id).map((x) => x.aircraftTypeId)),
    }));
  }

  const option = (tgo: TgoCandidate, current: boolean): TgoOption => ({
    id: tgo.id,
    name: tgo.name,
    direction: tgo.direction,
    current,
  });

  /** The time zone of the home airport (shift patterns are laid on its clock); the fallback when there is none. */
  async function homeZone(reader: Reader, fallback: string): Promise<string> {
    const [home] = await reader
      .select({ zone: airports.timeZone })
      .from(airports)
      .where(eq(airports.isHome, true))
      .limit(1);
    return home?.zone ?? fallback;
  }

  /** Tasks of the turnarounds' legs with their needs, current staff and job names. */
  async function tasksOfLegs(tx: Tx, legIds: number[]) {
    if (legIds.length === 0) return [];
    const rows = await tx
      .select({ id: tasks.id, beginAt: tasks.beginAt, endAt: tasks.endAt, job: jobs.name })
      .from(tasks)
      .innerJoin(jobs, eq(jobs.id, tasks.jobId))
      .where(inArray(tasks.flightId, legIds))
      .orderBy(asc(tasks.beginAt), asc(tasks.id));
    return rows;
  }

  async function notifyAll(tx: Tx, notices: LiveNotice[]) {
    for (const notice of notices) await notifyChange(tx, notice);
  }

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

    /** Rows of the aids (any period), for an export of chosen rows. */
    async entriesOf(aids: number[], zone: string): Promise<RowEntry[]> {
      const found: TurnaroundData[] = [];
      for (let start = 0; start < aids.length; start += 1000)
        found.push(...(await turnaroundsOf(db, aids.slice(start, start + 1000))));
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
        .orderBy(asc(airports.city), asc(airports.id));
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

    /** The TGOs valid for a leg of the row; `current` when a leg uses it now. */
    async fetchTgo(aid: number): Promise<TgoOption[]> {
      const [t] = await turnaroundsOf(db, [aid]);
      if (!t) throw new NotFoundError(M.unknownRow);
      const candidates = await tgoCandidates(db);
      const legs = legsOf(t);
      return candidates
        .filter((tgo) => legs.some((leg) => validFor(tgo, leg)))
        .map((tgo) =>
          option(
            tgo,
            legs.some((leg) => leg.tgoId === tgo.id),
          ),
        );
    },

    /** The TGOs valid for a leg of EVERY row; `current` when every row uses it. Empty: none in common. */
    async commonTgos(aids: number[]): Promise<TgoOption[]> {
      const rows = await requireTurnarounds(db, aids);
      const candidates = await tgoCandidates(db);
      return candidates
        .filter((tgo) => rows.every((t) => legsOf(t).some((leg) => validFor(tgo, leg))))
        .map((tgo) =>
          option(
            tgo,
            rows.every((t) => legsOf(t).some((leg) => leg.tgoId === tgo.id)),
          ),
        );
    },

    /**
     * Applies the TGO to the legs of the rows it is valid for, in one transaction: their tasks (with staff and
     * resources) are deleted and made again from the TGO's jobs, inside the turnaround's window (from the arrival's
     * on-block to the departure's off-block); the legs take the TGO. A row with no leg it fits refuses the whole
     * call (422 on aids), and nothing is written.
     */
    async fillFlights(aids: number[], tgoId: number, by: number | null) {
      return db.transaction(async (tx) => {
        const [tgo] = await tgoCandidates(tx, [tgoId]);
        if (!tgo) throw new ValidationError({ tgo_id: [M.tgoNotValid] }, M.tgoNotValid);
        const jobsOfTgo = await tx
          .select({
            id: tgoJobs.id,
            jobId: tgoJobs.jobId,
            offset: tgoJobs.offsetMinutes,
            duration: tgoJobs.durationMinutes,
          })
          .from(tgoJobs)
          .where(eq(tgoJobs.tgoTemplateId, tgoId))
          .orderBy(asc(tgoJobs.sort), asc(tgoJobs.id));
        const jobIds = jobsOfTgo.map((job) => job.id);
        const positions = jobIds.length
          ? await tx.select().from(tgoJobPositions).where(inArray(tgoJobPositions.tgoJobId, jobIds))
          : [];
        const resourceNeeds = jobIds.length
          ? await tx.select().from(tgoJobResourceTypes).where(inArray(tgoJobResourceTypes.tgoJobId, jobIds))
          : [];
        const rows = await requireTurnarounds(tx, aids);
        const byAid = new Map(rows.map((t) => [t.aid, t]));
        const legIds: number[] = [];
        const taskIds: number[] = [];
        for (const aid of [...new Set(aids)]) {
          const t = byAid.get(aid) as TurnaroundData;
          const legs = legsOf(t).filter((leg) => validFor(tgo, leg));
          if (legs.length === 0)
            throw new ValidationError(
              {
                aids: [
                  `${M.tgoNotValid}: ${legsOf(t)
                    .map((l) => l.flight)
                    .join(' / ')}`,
                ],
              },
              M.tgoNotValid,
            );
          const planWindow = windowOf(t, (leg) => leg.planAt);
          const currentWindow = windowOf(t, (leg) => leg.calcAt ?? leg.planAt);
          for (const leg of legs) {
            await tx.delete(tasks).where(eq(tasks.flightId, leg.id));
            await tx.update(flights).set({ tgoTemplateId: tgo.id }).where(eq(flights.id, leg.id));
            legIds.push(leg.id);
            if (jobsOfTgo.length === 0) continue;
            const values = jobsOfTgo.map((job) => {
              const plan = planTaskInterval(leg.planAt.getTime(), job, planWindow);
              const current = planTaskInterval((leg.calcAt ?? leg.planAt).getTime(), job, currentWindow);
              return {
                flightId: leg.id,
                jobId: job.jobId,
                tgoJobId: job.id,
                beginAt: new Date(current.begin),
                endAt: new Date(current.end),
                planBeginAt: new Date(plan.begin),
                planEndAt: new Date(plan.end),
              };
            });
            const inserted = await tx
              .insert(tasks)
              .values(values)
              .returning({ id: tasks.id, tgoJobId: tasks.tgoJobId });
            const positionRows = inserted.flatMap((task) =>
              positions
                .filter((p) => p.tgoJobId === task.tgoJobId)
                .map((p) => ({ taskId: task.id, employeePositionId: p.employeePositionId, count: p.count })),
            );
            if (positionRows.length) await tx.insert(taskPositions).values(positionRows);
            const resourceRows = inserted.flatMap((task) =>
              resourceNeeds
                .filter((r) => r.tgoJobId === task.tgoJobId)
                .flatMap((r) =>
                  Array.from({ length: r.count }, () => ({
                    taskId: task.id,
                    resourceTypeId: r.resourceTypeId,
                  })),
                ),
            );
            if (resourceRows.length) await tx.insert(taskResources).values(resourceRows);
            taskIds.push(...inserted.map((task) => task.id));
          }
        }
        await notifyAll(tx, [
          { entity: 'flight', ids: legIds, by },
          { entity: 'task', ids: taskIds, by },
        ]);
        return { flights: legIds.length, tasks: taskIds.length };
      });
    },

    /** Divides a paired row: the arrival keeps the aid, the departure gets a new single-leg turnaround. */
    async divide(aid: number, by: number | null) {
      return db.transaction(async (tx) => {
        const [t] = await tx.select().from(turnarounds).where(eq(turnarounds.aid, aid)).for('update');
        if (!t) throw new NotFoundError(M.unknownRow);
        if (t.arrivalFlightId === null || t.departureFlightId === null)
          throw new ValidationError({ aid: [M.notPaired] }, M.notPaired);
        await tx.update(turnarounds).set({ departureFlightId: null }).where(eq(turnarounds.aid, aid));
        const [created] = await tx
          .insert(turnarounds)
          .values({ departureFlightId: t.departureFlightId, isConfirmed: t.isConfirmed })
          .returning({ aid: turnarounds.aid });
        await notifyAll(tx, [{ entity: 'turnaround', ids: [aid, created.aid], by }]);
        return { arrival_aid: aid, departure_aid: created.aid };
      });
    },

    /**
     * Pairs an arrival with a departure of the same aircraft: the arrival's row takes the departure, the
     * departure's single-leg row goes. Refusals (422, `message` and `fields`): unknown leg, the same direction, not
     * an arrival then a departure, another board, departure before arrival, a leg already paired.
     */
    async combine(arrivalFlightId: number, departureFlightId: number, by: number | null) {
      return db.transaction(async (tx) => {
        const refuse = (field: 'arrivalFlightId' | 'departureFlightId', message: string): never => {
          throw new ValidationError({ [field]: [message] }, message);
        };
        const legs = await tx
          .select({
            id: flights.id,
            direction: flights.direction,
            board: flights.boardNumber,
            planAt: flights.planAt,
          })
          .from(flights)
          .where(inArray(flights.id, [arrivalFlightId, departureFlightId]))
          .for('update');
        const arrival = legs.find((leg) => leg.id === arrivalFlightId);
        const departure = legs.find((leg) => leg.id === departureFlightId);
        if (!arrival) return refuse('arrivalFlightId', M.unknownFlight);
        if (!departure || arrivalFlightId === departureFlightId)
          return refuse('departureFlightId', M.unknownFlight);
        if (arrival.direction === departure.direction) return refuse('departureFlightId', M.sameDirection);
        if (arrival.direction !== 2) return refuse('arrivalFlightId', M.notArrival);
        const board = (text: string | null) => text?.trim().toUpperCase() || null;
        if (board(arrival.board) && board(departure.board) && board(arrival.board) !== board(departure.board))
          return refuse('departureFlightId', M.otherBoard);
        if (departure.planAt.getTime() < arrival.planAt.getTime())
          return refuse('departureFlightId', M.departureBeforeArrival);
        const owners = await tx
          .select()
          .from(turnarounds)
          .where(
            or(
              eq(turnarounds.arrivalFlightId, arrivalFlightId),
              eq(turnarounds.departureFlightId, departureFlightId),
            ),
          )
          .for('update');
        const ofArrival = owners.find((t) => t.arrivalFlightId === arrivalFlightId);
        const ofDeparture = owners.find((t) => t.departureFlightId === departureFlightId);
        if (ofArrival?.departureFlightId != null) return refuse('arrivalFlightId', M.alreadyPaired);
        if (ofDeparture?.arrivalFlightId != null) return refuse('departureFlightId', M.alreadyPaired);
        const changed: number[] = [];
        if (ofDeparture) {
          await tx.delete(turnarounds).where(eq(turnarounds.aid, ofDeparture.aid));
          changed.push(ofDeparture.aid);
        }
        let aid: number;
        if (ofArrival) {
          aid = ofArrival.aid;
          await tx.update(turnarounds).set({ departureFlightId }).where(eq(turnarounds.aid, aid));
        } else {
          [{ aid }] = await tx
            .insert(turnarounds)
            .values({ arrivalFlightId, departureFlightId })
            .returning({ aid: turnarounds.aid });
        }
        changed.push(aid);
        await notifyAll(tx, [{ entity: 'turnaround', ids: changed, by }]);
        return { aid };
      });
    },

    /** Deletes the row's legs with their tasks (and staff), and the row itself, in one transaction. */
    async remove(aid: number, by: number | null) {
      return db.transaction(async (tx) => {
        const [t] = await tx.select().from(turnarounds).where(eq(turnarounds.aid, aid)).for('update');
        if (!t) throw new NotFoundError(M.unknownRow);
        const legIds = [t.arrivalFlightId, t.departureFlightId].filter((id): id is number => id !== null);
        const gone = legIds.length
          ? await tx.delete(tasks).where(inArray(tasks.flightId, legIds)).returning({ id: tasks.id })
          : [];
        await tx.delete(turnarounds).where(eq(turnarounds.aid, aid));
        if (legIds.length) await tx.delete(flights).where(inArray(flights.id, legIds));
        await notifyAll(tx, [
          { entity: 'turnaround', ids: [aid], by },
          { entity: 'flight', ids: legIds, by },
          { entity: 'task', ids: gone.map((task) => task.id), by },
        ]);
        return { flights: legIds.length, tasks: gone.length };
      });
    },

    /**
     * Staffs the rows' tasks (only desk jobs when `deskOnly`): for each task in start order and each position it
     * needs more people for, the active employees of that position whose working shift covers the whole task (on the
     * home airport's clock), who have no task overlapping it, fewest tasks of the period first (then by id). One
     * transaction; answers the tasks looked at, the assignments added and the staff still missing.
     */
    async setEmployees(
      aids: number[],
      deskOnly: boolean,
      zone: string,
      by: number | null,
    ): Promise<EmployeesResult> {
      return db.transaction(async (tx) => {
        const rows = await requireTurnarounds(tx, aids);
        const legIds = rows.flatMap((t) => legsOf(t).map((leg) => leg.id));
        const all = await tasksOfLegs(tx, legIds);
        const chosen = deskOnly ? all.filter((task) => DESK_JOB.test(task.job)) : all;
        if (chosen.length === 0) return { tasks: 0, assignments: 0, missing: 0 };
        const taskIds = chosen.map((task) => task.id);
        const needs = await tx.select().from(taskPositions).where(inArray(taskPositions.taskId, taskIds));
        const staffed = await tx
          .select({
            taskId: taskEmployees.taskId,
            employeeId: taskEmployees.employeeId,
            positionId: taskEmployees.employeePositionId,
          })
          .from(taskEmployees)
          .where(inArray(taskEmployees.taskId, taskIds));
        const positionIds = [...new Set(needs.map((need) => need.employeePositionId))];
        const people = positionIds.length
          ? await tx
              .select({
                id: employees.id,
                positionId: employees.employeePositionId,
                shiftBegin: workingShifts.beginTime,
                shiftMinutes: workingShifts.durationMinutes,
              })
              .from(employees)
              .innerJoin(workingShifts, eq(workingShifts.id, employees.workingShiftId))
              .where(and(eq(employees.isActive, true), inArray(employees.employeePositionId, positionIds)))
              .orderBy(asc(employees.id))
          : [];
        const from = Math.min(...chosen.map((task) => task.beginAt.getTime()));
        const to = Math.max(...chosen.map((task) => task.endAt.getTime()));
        // Everyone's tasks around the period: overlaps are refused, and the fewest-tasks order counts them.
        const busyRows = people.length
          ? await tx
              .select({ employeeId: taskEmployees.employeeId, beginAt: tasks.beginAt, endAt: tasks.endAt })
              .from(taskEmployees)
              .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
              .where(
                and(
                  inArray(
                    taskEmployees.employeeId,
                    people.map((p) => p.id),
                  ),
                  lt(tasks.beginAt, new Date(to + MS_PER_DAY)),
                  gte(tasks.endAt, new Date(from - MS_PER_DAY)),
                ),
              )
          : [];
        const busy = new Map<number, Interval[]>();
        for (const row of busyRows) {
          const list = busy.get(row.employeeId) ?? [];
          list.push({ begin: row.beginAt.getTime(), end: row.endAt.getTime() });
          busy.set(row.employeeId, list);
        }
        const clock = await homeZone(tx, zone);
        const onShift = (shiftBegin: string, minutes: number, begin: number, end: number) => {
          const day = Date.parse(`${instantToDay(begin, clock)}T00:00:00Z`);
          for (const offset of [-MS_PER_DAY, 0]) {
            const date = new Date(day + offset).toISOString().slice(0, 10);
            const start = wallClockToInstant(`${date} ${shiftBegin.slice(0, 8)}`, clock)?.getTime();
            if (start !== undefined && begin >= start && end <= start + minutes * MS_PER_MINUTE) return true;
          }
          return false;
        };
        const added: { taskId: number; employeeId: number; employeePositionId: number }[] = [];
        let missing = 0;
        for (const task of chosen) {
          const begin = task.beginAt.getTime();
          const end = task.endAt.getTime();
          const onTask = new Set(staffed.filter((s) => s.taskId === task.id).map((s) => s.employeeId));
          for (const need of needs.filter((n) => n.taskId === task.id)) {
            let lacking =
              need.count -
              staffed.filter((s) => s.taskId === task.id && s.positionId === need.employeePositionId).length;
            if (lacking <= 0) continue;
            const free = people
              .filter(
                (p) =>
                  p.positionId === need.employeePositionId &&
                  !onTask.has(p.id) &&
                  onShift(p.shiftBegin, p.shiftMinutes, begin, end) &&
                  !(busy.get(p.id) ?? []).some((b) => b.begin < end && begin < b.end),
              )
              .sort((a, b) => (busy.get(a.id)?.length ?? 0) - (busy.get(b.id)?.length ?? 0) || a.id - b.id);
            for (const person of free) {
              if (lacking <= 0) break;
              added.push({
                taskId: task.id,
                employeeId: person.id,
                employeePositionId: need.employeePositionId,
              });
              onTask.add(person.id);
              busy.set(person.id, [...(busy.get(person.id) ?? []), { begin, end }]);
              lacking -= 1;
            }
            missing += lacking;
          }
        }
        if (added.length) await tx.insert(taskEmployees).values(added);
        await notifyAll(tx, [{ entity: 'task_employee', ids: [...new Set(added.map((a) => a.taskId))], by }]);
        return { tasks: chosen.length, assignments: added.length, missing };
      });
    },

    /** Removes every assignment of the rows' tasks in one transaction; `missing` is then the staff their tasks need. */
    async dropEmployees(aids: number[], by: number | null): Promise<EmployeesResult> {
      return db.transaction(async (tx) => {
        const rows = await requireTurnarounds(tx, aids);
        const legIds = rows.flatMap((t) => legsOf(t).map((leg) => leg.id));
        const all = await tasksOfLegs(tx, legIds);
        if (all.length === 0) return { tasks: 0, assignments: 0, missing: 0 };
        const taskIds = all.map((task) => task.id);
        const gone = await tx
          .delete(taskEmployees)
          .where(inArray(taskEmployees.taskId, taskIds))
          .returning({ taskId: taskEmployees.taskId });
        const [{ needed }] = await tx
          .select({ needed: sql<number>`coalesce(sum(${taskPositions.count}), 0)::int` })
          .from(taskPositions)
          .where(inArray(taskPositions.taskId, taskIds));
        await notifyAll(tx, [{ entity: 'task_employee', ids: [...new Set(gone.map((g) => g.taskId))], by }]);
        return { tasks: all.length, assignments: gone.length, missing: needed };
      });
    },
  };
}
