import { and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.ts';
import type { CalcFilter, CalcItem, CalcRenamed, Coeff } from '../../../shared/planning-calc.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockRow, rowVersion } from '../../db/rowVersion.ts';
import { employees, planningCalcs, users } from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { containsPattern, sortKey } from '../../http/filters.ts';
import { midnight } from '../../http/period.ts';
import { coeffBasis, coefficients } from './coeff.ts';

export type PlanningCalcDeps = Pick<DbHandle, 'db' | 'kind'>;

/** A page of the calculations list as asked: filters, sort (`name`, `created_at`, minus for descending), paging. */
export interface CalcListQuery {
  filter: CalcFilter;
  sort: { key: 'name' | 'created_at'; desc: boolean } | null;
  page: number;
  perPage: number;
}

/** A saved calculation's period, positions and optimiser answer, as the coefficients and the planner read them. */
export async function readCalc(db: Db, calcId: number) {
  const [row] = await db
    .select({
      id: planningCalcs.id,
      name: planningCalcs.name,
      begin: planningCalcs.begin,
      end: planningCalcs.end,
      result: planningCalcs.result,
    })
    .from(planningCalcs)
    .where(eq(planningCalcs.id, calcId));
  if (!row) throw new NotFoundError(MESSAGES.calcNotFound);
  const { result } = row;
  return {
    id: row.id,
    name: row.name,
    begin: row.begin,
    end: row.end,
    result,
    positionIds: [...new Set(result.positions.map((position) => position.employee_position_id))],
  };
}

/** Active employees of the positions: the staff list a calculation is compared with. */
async function staffCount(db: Db, positionIds: number[]): Promise<number> {
  if (positionIds.length === 0) return 0;
  const [{ total }] = await db
    .select({ total: count() })
    .from(employees)
    .where(and(inArray(employees.employeePositionId, positionIds), eq(employees.isActive, true)));
  return total;
}

/** Saved calculations: the paged list, rename, delete, and the coefficients of one. */
export function createPlanningCalcService({ db, kind }: PlanningCalcDeps) {
  /** The list's conditions; created days are read in the request's zone. */
  function whereOf(filter: CalcFilter, zone: string): SQL | undefined {
    return and(
      filter.name ? ilike(planningCalcs.name, containsPattern(filter.name)) : undefined,
      filter.created_from
        ? gte(planningCalcs.createdAt, midnight(filter.created_from, zone) as Date)
        : undefined,
      filter.created_to
        ? lt(planningCalcs.createdAt, midnight(filter.created_to, zone, 1) as Date)
        : undefined,
    );
  }

  return {
    /** A page of calculations, newest first unless sorted, with the total for the pagination headers. */
    async list(query: CalcListQuery, zone: string): Promise<{ items: CalcItem[]; total: number }> {
      const where = whereOf(query.filter, zone);
      const [{ total }] = await db.select({ total: count() }).from(planningCalcs).where(where);
      const column = query.sort?.key === 'name' ? sortKey(planningCalcs.name, kind) : planningCalcs.createdAt;
      const descending = query.sort ? query.sort.desc : true;
      const rows = await db
        .select({
          id: planningCalcs.id,
          name: planningCalcs.name,
          createdAt: planningCalcs.createdAt,
          begin: planningCalcs.begin,
          end: planningCalcs.end,
          author: users.name,
          // Only the names of the positions leave the stored answer: its demand arrays are large.
          positions: sql<string[]>`jsonb_path_query_array(${planningCalcs.result}, '$.positions[*].name')`,
          version: rowVersion(planningCalcs),
        })
        .from(planningCalcs)
        .leftJoin(users, eq(users.id, planningCalcs.createdBy))
        .where(where)
        .orderBy(
          descending ? desc(column) : asc(column),
          descending ? desc(planningCalcs.id) : asc(planningCalcs.id),
        )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          created_at: instantToWallClock(row.createdAt, zone),
          begin: row.begin,
          end: row.end,
          author: row.author,
          positions: Array.isArray(row.positions) ? row.positions.map(String) : [],
          version: row.version,
        })),
      };
    },

    /**
     * Renames a calculation; 404 when there is none, 409 when `version` is not the row's (renamed since it was
     * listed). Answers `{id, name, version}` with the new version.
     */
    async rename(calcId: number, name: string, version?: string): Promise<CalcRenamed> {
      return db.transaction(async (tx) => {
        await lockRow(tx, planningCalcs, planningCalcs.id, calcId, version, MESSAGES.calcNotFound);
        const [row] = await tx
          .update(planningCalcs)
          .set({ name })
          .where(eq(planningCalcs.id, calcId))
          .returning({ id: planningCalcs.id, name: planningCalcs.name, version: rowVersion(planningCalcs) });
        return row;
      });
    },

    /** Deletes a calculation with its vacation plans (cascade); 404 when there is none. */
    async remove(calcId: number): Promise<void> {
      const deleted = await db
        .delete(planningCalcs)
        .where(eq(planningCalcs.id, calcId))
        .returning({ id: planningCalcs.id });
      if (deleted.length === 0) throw new NotFoundError(MESSAGES.calcNotFound);
    },

    /** The coefficients of spec 3 for a calculation and the user's inputs (formulas in `coeff.ts`). */
    async coeff(calcId: number, absenceCoeff: number, addEmpCount: number): Promise<Coeff> {
      const calc = await readCalc(db, calcId);
      const empFactTotal = await staffCount(db, calc.positionIds);
      return {
        calc_id: calc.id,
        absence_coeff: absenceCoeff,
        add_emp_count: addEmpCount,
        ...coefficients(coeffBasis(calc.result), { absenceCoeff, addEmpCount, empFactTotal }),
      };
    },
  };
}
