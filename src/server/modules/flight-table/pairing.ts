import { eq, inArray, or } from 'drizzle-orm';
import { FLIGHT_TABLE_MESSAGES as M } from '../../../shared/flight-table.ts';
import type { Db } from '../../db/client.ts';
import { airlines, flights, tariffCalcCharges, tasks, turnarounds } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { notifyAll } from './tx.ts';

/** Pairing rows: dividing a paired row, combining an arrival with a departure, deleting a row. */
export function createPairing(db: Db) {
  return {
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

    /**
     * Deletes the rows' legs with their tasks (and staff), and the rows themselves, in one transaction: when one of the
     * rows is unknown (404) or billed (409: tariff charges refer to it) nothing is deleted.
     */
    async remove(aids: number[], by: number | null) {
      return db.transaction(async (tx) => {
        const rows = await tx.select().from(turnarounds).where(inArray(turnarounds.aid, aids)).for('update');
        if (rows.length !== new Set(aids).size) throw new NotFoundError(M.unknownRow);
        const billed = await tx
          .selectDistinct({ code: airlines.iataCode, number: flights.flightNumber })
          .from(tariffCalcCharges)
          .innerJoin(turnarounds, eq(turnarounds.aid, tariffCalcCharges.aid))
          .innerJoin(
            flights,
            or(eq(flights.id, turnarounds.arrivalFlightId), eq(flights.id, turnarounds.departureFlightId)),
          )
          .innerJoin(airlines, eq(airlines.id, flights.airlineId))
          .where(inArray(tariffCalcCharges.aid, aids))
          .orderBy(airlines.iataCode, flights.flightNumber);
        if (billed.length > 0)
          throw new ConflictError(M.billed(billed.map((f) => `${f.code ?? ''} ${f.number}`.trim())));
        const legIds = rows
          .flatMap((t) => [t.arrivalFlightId, t.departureFlightId])
          .filter((id): id is number => id !== null);
        const gone = legIds.length
          ? await tx.delete(tasks).where(inArray(tasks.flightId, legIds)).returning({ id: tasks.id })
          : [];
        await tx.delete(turnarounds).where(inArray(turnarounds.aid, aids));
        if (legIds.length) await tx.delete(flights).where(inArray(flights.id, legIds));
        await notifyAll(tx, [
          { entity: 'turnaround', ids: aids, by },
          { entity: 'flight', ids: legIds, by },
          { entity: 'task', ids: gone.map((task) => task.id), by },
        ]);
        return { flights: legIds.length, tasks: gone.length };
      });
    },
  };
}
