import { and, asc, eq, inArray } from 'drizzle-orm';
import { FLIGHT_TABLE_MESSAGES as M, type TgoOption } from '../../../shared/flight-table.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  flights,
  taskPositions,
  taskResources,
  tasks,
  tgoAircraftTypes,
  tgoJobPositions,
  tgoJobResourceTypes,
  tgoJobs,
  tgoTemplates,
} from '../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { type Interval, planTaskInterval } from '../../domain/tgoTasks.ts';
import { sortKey } from '../../http/filters.ts';
import { legsOf, type RowReader } from './rowReader.ts';
import type { LegData, TurnaroundData } from './rows.ts';
import { notifyAll, type Reader } from './tx.ts';

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

/** The plan window of a turnaround: from the arrival's on-block to the departure's off-block (open where a leg is missing). */
function windowOf(t: TurnaroundData, pick: (leg: LegData) => Date): Interval {
  return {
    begin: t.arrival ? pick(t.arrival).getTime() : Number.NEGATIVE_INFINITY,
    end: t.departure ? pick(t.departure).getTime() : Number.POSITIVE_INFINITY,
  };
}

/** TGO application: the TGOs a row may take, and applying one (its tasks made again). */
export function createTgoApplication(
  { db, kind }: Pick<DbHandle, 'db' | 'kind'>,
  { turnaroundsOf, requireTurnarounds }: RowReader,
) {
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
      .orderBy(asc(sortKey(tgoTemplates.name, kind)), asc(tgoTemplates.id));
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

  return {
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
  };
}
