import { count, eq } from 'drizzle-orm';
import { CALC_MESSAGES, type Calc, type CalcCreate, type CalcUpdate } from '../../../shared/tariff-calc.ts';
import type { DbHandle } from '../../db/client.ts';
import { lockRow } from '../../db/rowVersion.ts';
import { tariffCalcCharges, tariffCalcs } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import type { QueryOf } from '../../http/list.ts';
import { createEvaluation } from './evaluation.ts';
import { type CALC_LIST, listPage } from './list.ts';
import { getCalc, shape } from './read.ts';
import { calcColumns, checkLinks, deleteLinks, writeLinks } from './write.ts';

/** The service's view of the database: the Drizzle handle and the kind that picks the text collation. */
export type TariffCalcDeps = Pick<DbHandle, 'db' | 'kind'>;

/** Service calculations: list, read, create, update and delete with their link lists, and evaluation on a flight. */
export function createTariffCalcService({ db, kind }: TariffCalcDeps) {
  return {
    /** A page of calcs filtered and sorted by the grid's keys, with the total for the pagination headers. */
    async list(query: QueryOf<typeof CALC_LIST>): Promise<{ items: Calc[]; total: number }> {
      const { ids, total } = await listPage({ db, kind }, query);
      return { items: await shape(db, ids), total };
    },

    /** One calc; 404 for an unknown id. */
    get: (calcId: number) => getCalc(db, calcId),

    /** Creates a calc with every link list in one transaction; unknown ids are a 422 and nothing is written. */
    async create(form: CalcCreate): Promise<Calc> {
      return db.transaction(async (tx) => {
        await checkLinks(tx, form);
        const [row] = await tx
          .insert(tariffCalcs)
          .values(await calcColumns(tx, form))
          .returning({ id: tariffCalcs.id });
        await writeLinks(tx, row.id, form);
        return getCalc(tx, row.id);
      });
    },

    /**
     * Replaces a calc and its link lists in one transaction (404 for an unknown id; 409 when the body's `version` is
     * not the stored one). The calc row is written on every save, even when only a list changed, so its version
     * covers the lists.
     */
    async update(form: CalcUpdate): Promise<Calc> {
      return db.transaction(async (tx) => {
        await lockRow(tx, tariffCalcs, tariffCalcs.id, form.id, form.version, 'Расчёт не найден');
        await checkLinks(tx, form);
        await tx
          .update(tariffCalcs)
          .set(await calcColumns(tx, form))
          .where(eq(tariffCalcs.id, form.id));
        await deleteLinks(tx, form.id);
        await writeLinks(tx, form.id, form);
        return getCalc(tx, form.id);
      });
    },

    /** Deletes a calc and its lists; a calc with billing charges is a 409 and nothing is deleted. */
    async remove(calcId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: tariffCalcs.id })
          .from(tariffCalcs)
          .where(eq(tariffCalcs.id, calcId));
        if (!found) throw new NotFoundError('Расчёт не найден');
        const [{ charges }] = await tx
          .select({ charges: count() })
          .from(tariffCalcCharges)
          .where(eq(tariffCalcCharges.calcId, calcId));
        if (charges > 0) throw new ConflictError(CALC_MESSAGES.deleteReferenced(charges));
        await tx.delete(tariffCalcs).where(eq(tariffCalcs.id, calcId));
      });
    },

    ...createEvaluation({ db, get: (calcId) => getCalc(db, calcId) }),
  };
}
