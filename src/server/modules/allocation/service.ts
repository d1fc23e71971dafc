import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { ALLOCATION_MESSAGES, type Allocation, type AllocationInput } from '../../../shared/allocation.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockRow, rowVersion } from '../../db/rowVersion.ts';
import {
  allocationCoefs,
  allocations,
  coefficientTypes,
  contractors,
  departments,
} from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { filterIds, orderOf, sortKey } from '../../http/filters.ts';
import type { QueryOf } from '../../http/list.ts';

/** The list's filters and sorts: by contractor and department (ids), sorted by id or by their names. */
export const ALLOCATION_LIST = {
  filters: { contractor_id: filterIds, department_id: filterIds },
  sorts: ['id', 'contractor', 'department'],
  defaultPerPage: 20,
} as const;

export type AllocationDeps = Pick<DbHandle, 'db' | 'kind'>;

type Row = {
  id: number;
  contractorId: number;
  contractorName: string;
  departmentId: number;
  departmentName: string;
  isPrioritySet: boolean;
  isProvideSet: boolean;
  distanceFrom: number | null;
  distanceTo: number | null;
  version: string;
};

/** Contractor allocations: the paged list, one, create, update and delete with the coefficients; the choice lists. */
export function createAllocationService({ db, kind }: AllocationDeps) {
  const columns = {
    id: allocations.id,
    contractorId: allocations.contractorId,
    contractorName: contractors.name,
    departmentId: allocations.departmentId,
    departmentName: departments.name,
    isPrioritySet: allocations.isPrioritySet,
    isProvideSet: allocations.isProvideSet,
    distanceFrom: allocations.distanceFrom,
    distanceTo: allocations.distanceTo,
    version: rowVersion(allocations),
  };

  /** The joined rows of allocations, narrowed by `where`. */
  const selectRows = (executor: Db) =>
    executor
      .select(columns)
      .from(allocations)
      .innerJoin(contractors, eq(allocations.contractorId, contractors.id))
      .innerJoin(departments, eq(allocations.departmentId, departments.id));

  /** The answers of the rows, in their order, with the coefficients of all of them read in one query. */
  async function answers(executor: Db, rows: Row[]): Promise<Allocation[]> {
    if (rows.length === 0) return [];
    const coefs = await executor
      .select({
        allocationId: allocationCoefs.allocationId,
        id: coefficientTypes.id,
        name: coefficientTypes.name,
        value: allocationCoefs.value,
      })
      .from(allocationCoefs)
      .innerJoin(coefficientTypes, eq(allocationCoefs.coefTypeId, coefficientTypes.id))
      .where(
        inArray(
          allocationCoefs.allocationId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(coefficientTypes.id));
    return rows.map((row) => ({
      id: row.id,
      contractor_id: row.contractorId,
      contractor: { id: row.contractorId, name: row.contractorName },
      department_id: row.departmentId,
      department: { id: row.departmentId, name: row.departmentName },
      is_priority_set: row.isPrioritySet,
      is_provide_set: row.isProvideSet,
      distance_range_set:
        row.distanceFrom === null || row.distanceTo === null
          ? null
          : { from: row.distanceFrom, to: row.distanceTo },
      coefs: coefs
        .filter((coef) => coef.allocationId === row.id)
        .map((coef) => ({
          coef_type_id: coef.id,
          coef_type: { id: coef.id, name: coef.name },
          value: Number(coef.value),
        })),
      version: row.version,
    }));
  }

  async function one(executor: Db, id: number): Promise<Allocation> {
    const rows = await selectRows(executor).where(eq(allocations.id, id));
    if (rows.length === 0) throw new NotFoundError(ALLOCATION_MESSAGES.notFound);
    return (await answers(executor, rows))[0];
  }

  /** Refuses unknown ids on their fields (422) and a department that is not the contractor's. */
  async function check(tx: Db, input: AllocationInput) {
    const fields: FieldErrors = {};
    const [contractor] = await tx
      .select({ id: contractors.id })
      .from(contractors)
      .where(eq(contractors.id, input.contractor_id));
    if (!contractor) fields.contractor_id = [ALLOCATION_MESSAGES.unknownIds([input.contractor_id])];
    const [department] = await tx
      .select({ contractorId: departments.contractorId })
      .from(departments)
      .where(eq(departments.id, input.department_id));
    if (!department) fields.department_id = [ALLOCATION_MESSAGES.unknownIds([input.department_id])];
    else if (contractor && department.contractorId !== input.contractor_id)
      fields.department_id = [ALLOCATION_MESSAGES.foreignDepartment];
    const typeIds = input.coefs.map((coef) => coef.coef_type_id);
    if (typeIds.length > 0) {
      const found = await tx
        .select({ id: coefficientTypes.id })
        .from(coefficientTypes)
        .where(inArray(coefficientTypes.id, typeIds));
      const known = new Set(found.map((row) => row.id));
      input.coefs.forEach((coef, index) => {
        if (!known.has(coef.coef_type_id))
          fields[`coefs.${index}.coef_type_id`] = [ALLOCATION_MESSAGES.unknownIds([coef.coef_type_id])];
      });
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }

  /** The row columns of a body. */
  const columnsOf = (input: AllocationInput) => ({
    contractorId: input.contractor_id,
    departmentId: input.department_id,
    isPrioritySet: input.is_priority_set,
    isProvideSet: input.is_provide_set,
    distanceFrom: input.distance_range_set?.from ?? null,
    distanceTo: input.distance_range_set?.to ?? null,
  });

  async function writeCoefs(tx: Db, allocationId: number, input: AllocationInput) {
    if (input.coefs.length === 0) return;
    await tx.insert(allocationCoefs).values(
      input.coefs.map((coef) => ({
        allocationId,
        coefTypeId: coef.coef_type_id,
        value: String(coef.value),
      })),
    );
  }

  return {
    /** A page of the list with the total for the pagination headers; by id unless sorted. */
    async list(query: QueryOf<typeof ALLOCATION_LIST>): Promise<{ items: Allocation[]; total: number }> {
      const { contractor_id: contractorIds, department_id: departmentIds } = query.filters;
      const where = and(
        contractorIds ? inArray(allocations.contractorId, contractorIds) : undefined,
        departmentIds ? inArray(allocations.departmentId, departmentIds) : undefined,
      );
      const [{ total }] = await db.select({ total: count() }).from(allocations).where(where);
      const rows = await selectRows(db)
        .where(where)
        .orderBy(
          ...orderOf(
            kind,
            query.sort,
            { id: allocations.id, contractor: contractors.name, department: departments.name },
            allocations.id,
            allocations.id,
          ),
        )
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return { items: await answers(db, rows), total };
    },

    /** One allocation; 404 when there is none. */
    async get(id: number): Promise<Allocation> {
      return one(db, id);
    },

    /** Creates an allocation with its coefficients in one transaction; 422 on unknown ids, nothing written. */
    async create(input: AllocationInput): Promise<Allocation> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        await check(tx, input);
        const [row] = await tx.insert(allocations).values(columnsOf(input)).returning({ id: allocations.id });
        await writeCoefs(tx, row.id, input);
        return one(tx, row.id);
      });
    },

    /**
     * Replaces an allocation and its coefficients in one transaction; 404 when it is gone, 422 on bad ids, 409 when
     * the body's `version` is not the stored one (another user saved it since).
     */
    async update(id: number, input: AllocationInput): Promise<Allocation> {
      if (input.id !== undefined && input.id !== id)
        throw new ValidationError({ id: [ALLOCATION_MESSAGES.idMismatch] });
      return db.transaction(async (tx) => {
        await lockRow(tx, allocations, allocations.id, id, input.version, ALLOCATION_MESSAGES.notFound);
        await check(tx, input);
        await tx.update(allocations).set(columnsOf(input)).where(eq(allocations.id, id));
        await tx.delete(allocationCoefs).where(eq(allocationCoefs.allocationId, id));
        await writeCoefs(tx, id, input);
        return one(tx, id);
      });
    },

    /** Deletes an allocation with its coefficients (cascade); 404 when there is none. */
    async remove(id: number): Promise<void> {
      const deleted = await db
        .delete(allocations)
        .where(eq(allocations.id, id))
        .returning({ id: allocations.id });
      if (deleted.length === 0) throw new NotFoundError(ALLOCATION_MESSAGES.notFound);
    },

    /** Contractors `{id, name}` in Russian order (`GET /v2/contractor`). */
    async contractors() {
      return db
        .select({ id: contractors.id, name: contractors.name })
        .from(contractors)
        .orderBy(asc(sortKey(contractors.name, kind)), asc(contractors.id));
    },

    /** Coefficient types `{id, name}` by id (`GET /v2/coef-type`), the order the form lists them. */
    async coefTypes() {
      return db
        .select({ id: coefficientTypes.id, name: coefficientTypes.name })
        .from(coefficientTypes)
        .orderBy(asc(coefficientTypes.id));
    },
  };
}
