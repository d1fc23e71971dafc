import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type DistanceDelete,
  type DistanceEntry,
  type DistanceNew,
  type DistanceUpdate,
  pairKey,
  WORKPLACE_MESSAGES,
  type Workplace,
} from '../../../shared/workplace.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { refuseSave, rowVersion } from '../../db/rowVersion.ts';
import { workplaceDistances, workplaces } from '../../db/schema/index.ts';
import { ConflictError, type FieldErrors, ValidationError } from '../../domain/errors.ts';

/** What the service reads: only the Drizzle handle. */
export type WorkplaceDeps = Pick<DbHandle, 'db'>;

const entryColumns = {
  id: workplaceDistances.id,
  workplace_from_id: workplaceDistances.workplaceFromId,
  workplace_to_id: workplaceDistances.workplaceToId,
  distance: workplaceDistances.distance,
  version: rowVersion(workplaceDistances),
};

/** A stored row as the wire has it: numeric comes from the driver as text. */
function entryOf(row: {
  id: number;
  workplace_from_id: number;
  workplace_to_id: number;
  distance: string;
  version: string;
}) {
  return { ...row, distance: Number(row.distance) } satisfies DistanceEntry;
}

/** Adds a message under a payload path. */
function addField(fields: FieldErrors, path: string, message: string) {
  fields[path] = [...(fields[path] ?? []), message];
}

/** Workplaces and the distances between them (spec 2, 4, 7): reads, and writes each in one transaction. */
export function createWorkplaceService({ db }: WorkplaceDeps) {
  /** Unknown workplaces of the entries, as 422 fields under `<list>.N.workplace_*_id`. */
  async function checkWorkplaces(tx: Db, list: string, entries: readonly DistanceNew[], fields: FieldErrors) {
    const ids = [...new Set(entries.flatMap((e) => [e.workplace_from_id, e.workplace_to_id]))];
    if (ids.length === 0) return;
    const found = await tx.select({ id: workplaces.id }).from(workplaces).where(inArray(workplaces.id, ids));
    const known = new Set(found.map((row) => row.id));
    entries.forEach((entry, index) => {
      for (const key of ['workplace_from_id', 'workplace_to_id'] as const)
        if (!known.has(entry[key]))
          addField(fields, `${list}.${index}.${key}`, WORKPLACE_MESSAGES.unknownWorkplace(entry[key]));
    });
  }

  /**
   * Locks the changed entries for the rest of the transaction, in one statement for the whole list (in id order, so
   * two saves over shared entries take their locks alike and never deadlock), and checks them: each must exist with
   * the pair the screen showed, else the screen is stale (422 on the id, into `fields`); each `version` sent must be
   * the stored one, else another user changed the entry since it was read (answers these entries under
   * `update.N.distance`, for a 409). A save waiting for another's lock reads the version that one wrote.
   */
  async function lockUpdates(tx: Db, entries: readonly DistanceUpdate[], fields: FieldErrors) {
    const stale: FieldErrors = {};
    if (entries.length === 0) return stale;
    const stored = await tx
      .select(entryColumns)
      .from(workplaceDistances)
      .where(
        anyOf(
          workplaceDistances.id,
          entries.map((entry) => entry.id),
        ),
      )
      .orderBy(asc(workplaceDistances.id))
      .for('update');
    const byId = new Map(stored.map((row) => [row.id, row]));
    entries.forEach((entry, index) => {
      const row = byId.get(entry.id);
      if (!row || pairKey(row) !== pairKey(entry))
        addField(fields, `update.${index}.id`, WORKPLACE_MESSAGES.unknownEntry(entry.id));
      else if (entry.version !== undefined && entry.version !== row.version)
        addField(stale, `update.${index}.distance`, WORKPLACE_MESSAGES.changed);
    });
    return stale;
  }

  /** New pairs that already have an entry: another user saved them since the screen loaded (409). */
  async function checkFresh(tx: Db, entries: readonly DistanceNew[]) {
    if (entries.length === 0) return;
    const stored = await tx
      .select({
        workplace_from_id: entryColumns.workplace_from_id,
        workplace_to_id: entryColumns.workplace_to_id,
      })
      .from(workplaceDistances)
      .where(
        and(
          inArray(workplaceDistances.workplaceFromId, [...new Set(entries.map((e) => e.workplace_from_id))]),
          inArray(workplaceDistances.workplaceToId, [...new Set(entries.map((e) => e.workplace_to_id))]),
        ),
      );
    const taken = new Set(stored.map(pairKey));
    const fields: FieldErrors = {};
    entries.forEach((entry, index) => {
      if (taken.has(pairKey(entry))) addField(fields, `create.${index}.distance`, WORKPLACE_MESSAGES.exists);
    });
    if (Object.keys(fields).length > 0) throw new ConflictError(WORKPLACE_MESSAGES.exists, fields);
  }

  async function writeUpdates(tx: Db, entries: readonly DistanceUpdate[]): Promise<DistanceEntry[]> {
    const out: DistanceEntry[] = [];
    for (const entry of entries) {
      const [row] = await tx
        .update(workplaceDistances)
        .set({ distance: String(entry.distance) })
        .where(eq(workplaceDistances.id, entry.id))
        .returning(entryColumns);
      out.push(entryOf(row));
    }
    return out;
  }

  async function writeCreates(tx: Db, entries: readonly DistanceNew[]): Promise<DistanceEntry[]> {
    if (entries.length === 0) return [];
    const rows = await tx
      .insert(workplaceDistances)
      .values(
        entries.map((entry) => ({
          workplaceFromId: entry.workplace_from_id,
          workplaceToId: entry.workplace_to_id,
          distance: String(entry.distance),
        })),
      )
      .returning(entryColumns);
    return rows.map(entryOf);
  }

  return {
    /** The workplaces of the ids, or all of them for an empty list; by kind, then in the airport's own order. */
    async workplaces(ids: readonly number[]): Promise<Workplace[]> {
      return db
        .select({ id: workplaces.id, name: workplaces.name, kind: workplaces.kind })
        .from(workplaces)
        .where(ids.length > 0 ? inArray(workplaces.id, [...ids]) : undefined)
        .orderBy(asc(workplaces.kind), asc(workplaces.id));
    },

    /** The entries from any of `fromIds` to any of `toIds` (either left out: no limit on that side). */
    async distances(fromIds?: readonly number[], toIds?: readonly number[]): Promise<DistanceEntry[]> {
      const rows = await db
        .select(entryColumns)
        .from(workplaceDistances)
        .where(
          and(
            fromIds ? inArray(workplaceDistances.workplaceFromId, [...fromIds]) : undefined,
            toIds ? inArray(workplaceDistances.workplaceToId, [...toIds]) : undefined,
          ),
        )
        .orderBy(asc(workplaceDistances.workplaceFromId), asc(workplaceDistances.workplaceToId));
      return rows.map(entryOf);
    },

    /**
     * The screen's save: new entries and changed ones in one transaction. Unknown workplaces or entries are a 422;
     * a changed entry another user wrote since the version sent, or a new pair another user saved meanwhile, a 409;
     * either way nothing is written. Answers the written entries with their new versions.
     */
    async save(input: { create: DistanceNew[]; update: DistanceUpdate[] }): Promise<DistanceEntry[]> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const fields: FieldErrors = {};
        await checkWorkplaces(tx, 'create', input.create, fields);
        refuseSave(fields, await lockUpdates(tx, input.update, fields));
        await checkFresh(tx, input.create);
        return [...(await writeCreates(tx, input.create)), ...(await writeUpdates(tx, input.update))];
      });
    },

    /**
     * Changes stored entries in one transaction; an unknown or moved entry is a 422, one written since the version
     * sent a 409, and nothing is written. Answers the entries with their new versions.
     */
    async update(entries: DistanceUpdate[]): Promise<DistanceEntry[]> {
      return db.transaction(async (tx) => {
        const fields: FieldErrors = {};
        refuseSave(fields, await lockUpdates(tx, entries, fields));
        return writeUpdates(tx, entries);
      });
    },

    /** Removes entries in one transaction; any unknown id is a 422 on `ids` and nothing is removed. */
    async remove({ ids }: DistanceDelete): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(workplaceDistances)
          .where(inArray(workplaceDistances.id, ids))
          .returning({ id: workplaceDistances.id });
        const gone = new Set(deleted.map((row) => row.id));
        const missing = ids.filter((id) => !gone.has(id));
        // Throwing inside the transaction rolls the deletions of the known ids back.
        if (missing.length > 0)
          throw new ValidationError({ ids: missing.map((id) => WORKPLACE_MESSAGES.unknownEntry(id)) });
      });
    },
  };
}

export type WorkplaceService = ReturnType<typeof createWorkplaceService>;
