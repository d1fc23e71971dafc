import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import {
  PARENT_ACCESS_TYPE_ID,
  VIP_FIELD_COLUMNS,
  VIP_MESSAGES,
  type VipField,
  type VipFieldColumn,
  type VipFieldEdit,
  type VipFieldInput,
} from '../../../shared/tariff-vip.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { lockRow, rowVersion } from '../../db/rowVersion.ts';
import { vipFields } from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { containsPattern, filterFlag, filterIds, filterText, sortKey } from '../../http/filters.ts';
import type { FilterParser, QueryOf } from '../../http/list.ts';
import { createVipEvaluation } from './evaluate.ts';
import { directionName, LINK_DEFS, type LinkDef } from './links.ts';

/** The grid's filters and sorts (spec 2.4): every column, by the keys of the shared contract. */
export const VIP_FIELD_LIST = {
  filters: {
    name: filterText,
    description: filterText,
    service_halls_id: filterIds,
    passenger_category_id: filterIds,
    travel_class_id: filterIds,
    aviacompany_id: filterIds,
    direction_id: filterIds,
    flight_class_id: filterIds,
    flight_type_id: filterIds,
    vip_hall_access_type_id: filterIds,
    loyalty_card_type_id: filterIds,
    vip_hall_card_bank_type_id: filterIds,
    vip_hall_pay_type_id: filterIds,
    is_guest_count: filterFlag,
    use_parent_access_type: filterFlag,
  } satisfies Record<VipFieldColumn, FilterParser<unknown>>,
  sorts: ['id', ...VIP_FIELD_COLUMNS],
  defaultPerPage: 20,
} as const;

const NOT_FOUND = 'VIP-поле не найдено';

export type TariffVipDeps = Pick<DbHandle, 'db' | 'kind'>;

/** A field's row as the answers read it: its columns and its version. */
const ROW = { ...getTableColumns(vipFields), version: rowVersion(vipFields) };
type Row = typeof vipFields.$inferSelect & { version: string };

/** VIP fields: the grid's list, one field, create, update and delete with the link lists, and the evaluation. */
export function createTariffVipService({ db, kind }: TariffVipDeps) {
  /**
   * The names of a field's list joined in Russian order, as the grid's cell shows them: the sort key of a
   * multi-value column (null when the list is empty). Correlated with the outer `vip_fields` row.
   */
  function joinedNames(link: LinkDef): SQL {
    if (!link.target) {
      const name = sql`case ${link.refId} ${sql.join(
        [1, 2].map((id) => sql`when ${id} then ${directionName(id)}`),
        sql` `,
      )} end`;
      return sql`(select string_agg(${name}, ', ' order by ${link.refId}) from ${link.table} where ${link.fieldId} = ${vipFields.id})`;
    }
    const name = sortKey(link.target.name, kind);
    const names = db
      .select({ names: sql`string_agg(${name}, ', ' order by ${name}, ${link.target.id})` })
      .from(link.table)
      .innerJoin(link.target.table, eq(link.refId, link.target.id))
      .where(eq(link.fieldId, vipFields.id));
    // A scalar subquery keeps the collation of its aggregated names, so it sorts in Russian order too.
    return sql`(${names})`;
  }

  function sortExpression(key: QueryOf<typeof VIP_FIELD_LIST>['sort']): SQL[] {
    if (!key) return [asc(vipFields.id)];
    const link = LINK_DEFS.find((item) => item.idKey === key.key);
    const columns = {
      id: vipFields.id,
      name: vipFields.name,
      description: vipFields.description,
      is_guest_count: vipFields.isGuestCount,
      use_parent_access_type: vipFields.useParentAccessType,
    } as const;
    const expression = link ? joinedNames(link) : sortKey(columns[key.key as keyof typeof columns], kind);
    const first = key.desc ? desc(expression) : asc(expression);
    return key.key === 'id' ? [first] : [first, asc(vipFields.id)];
  }

  function filtersOf(filters: QueryOf<typeof VIP_FIELD_LIST>['filters']): SQL | undefined {
    const conditions: (SQL | undefined)[] = [
      filters.name ? ilike(vipFields.name, containsPattern(filters.name)) : undefined,
      filters.description ? ilike(vipFields.description, containsPattern(filters.description)) : undefined,
      filters.is_guest_count === undefined ? undefined : eq(vipFields.isGuestCount, filters.is_guest_count),
      filters.use_parent_access_type === undefined
        ? undefined
        : eq(vipFields.useParentAccessType, filters.use_parent_access_type),
    ];
    for (const link of LINK_DEFS) {
      const ids = filters[link.idKey as keyof typeof filters] as number[] | undefined;
      if (!ids) continue;
      const linked = db.select({ id: link.fieldId }).from(link.table).where(inArray(link.refId, ids));
      conditions.push(inArray(vipFields.id, linked));
    }
    return and(...conditions);
  }

  /** The answers of the fields, in the order of the rows, with every link list read in one query per list. */
  async function answers(executor: Db, rows: Row[]): Promise<VipField[]> {
    const ids = rows.map((row) => row.id);
    const byField = new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          description: row.description,
          is_guest_count: row.isGuestCount,
          use_parent_access_type: row.useParentAccessType,
          version: row.version,
        } as Record<string, unknown>,
      ]),
    );
    for (const entry of byField.values()) for (const link of LINK_DEFS) entry[link.key] = [];
    if (ids.length === 0) return [];
    // Through the pool at once: on PostgreSQL it runs them side by side (11 round trips became one wait), on the
    // embedded database they queue for its one connection. A transaction's connection takes them one after another
    // (pg deprecates a query sent while its client runs another).
    const lists: Awaited<ReturnType<typeof linkedItems>>[] = [];
    if (executor === db)
      lists.push(...(await Promise.all(LINK_DEFS.map((link) => linkedItems(db, link, ids)))));
    else for (const link of LINK_DEFS) lists.push(await linkedItems(executor, link, ids));
    LINK_DEFS.forEach((link, index) => {
      for (const item of lists[index]) {
        const entries = byField.get(item.fieldId)?.[link.key] as unknown[];
        entries.push({ [link.idKey]: item.id, [link.nested]: { id: item.id, name: item.name } });
      }
    });
    return ids.map((id) => byField.get(id) as VipField);
  }

  async function linkedItems(executor: Db, link: LinkDef, fieldIds: number[]) {
    if (!link.target) {
      const rows = await executor
        .select({ fieldId: link.fieldId, id: link.refId })
        .from(link.table)
        .where(inArray(link.fieldId, fieldIds))
        .orderBy(asc(link.refId));
      return rows.map((row) => ({
        fieldId: row.fieldId as number,
        id: row.id as number,
        name: directionName(row.id as number),
      }));
    }
    const rows = await executor
      .select({ fieldId: link.fieldId, id: link.target.id, name: link.target.name })
      .from(link.table)
      .innerJoin(link.target.table, eq(link.refId, link.target.id))
      .where(inArray(link.fieldId, fieldIds))
      .orderBy(asc(sortKey(link.target.name, kind)), asc(link.target.id));
    return rows as { fieldId: number; id: number; name: string }[];
  }

  async function one(executor: Db, id: number): Promise<VipField> {
    const rows = await executor.select(ROW).from(vipFields).where(eq(vipFields.id, id));
    if (rows.length === 0) throw new NotFoundError(NOT_FOUND);
    return (await answers(executor, rows))[0];
  }

  /** The chosen ids of each list, refused on the list's field when the reference has no such id (422). */
  async function checkLinks(tx: Db, input: VipFieldInput) {
    const fields: FieldErrors = {};
    for (const link of LINK_DEFS) {
      const ids = chosenIds(link, input);
      if (!link.target || ids.length === 0) continue;
      const found = await tx
        .select({ id: link.target.id })
        .from(link.target.table)
        .where(inArray(link.target.id, ids));
      const known = new Set(found.map((row) => row.id as number));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length > 0) fields[link.key] = [VIP_MESSAGES.unknownIds(missing)];
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }

  /** Writes the field's link rows (after its old ones were deleted). */
  async function writeLinks(tx: Db, fieldId: number, input: VipFieldInput) {
    for (const link of LINK_DEFS) {
      const ids = chosenIds(link, input);
      if (ids.length === 0) continue;
      await tx
        .insert(link.table)
        .values(ids.map((id) => ({ vipFieldId: fieldId, [link.refKey]: id })) as never);
    }
  }

  /** The row columns of a body; use_parent_access_type only counts with hall access type 7 chosen. */
  function columnsOf(input: VipFieldInput) {
    const parentAccess = input.vipFieldHallAccessType.some(
      (entry) => entry.vip_hall_access_type_id === PARENT_ACCESS_TYPE_ID,
    );
    return {
      name: input.name,
      description: input.description,
      isGuestCount: input.is_guest_count,
      useParentAccessType: parentAccess ? input.use_parent_access_type : null,
    };
  }

  return {
    /** A page of the grid: filtered, sorted, with the total for the pagination headers. */
    async list(query: QueryOf<typeof VIP_FIELD_LIST>): Promise<{ items: VipField[]; total: number }> {
      const where = filtersOf(query.filters);
      const [[{ total }], rows] = await Promise.all([
        db.select({ total: count() }).from(vipFields).where(where),
        db
          .select(ROW)
          .from(vipFields)
          .where(where)
          .orderBy(...sortExpression(query.sort))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
      ]);
      return { items: await answers(db, rows), total };
    },

    /** One field with its link lists; 404 when there is none. */
    async get(id: number): Promise<VipField> {
      return one(db, id);
    },

    /** Creates a field with its link lists in one transaction; unknown ids are a 422 and nothing is written. */
    async create(input: VipFieldInput): Promise<VipField> {
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        await checkLinks(tx, input);
        const [row] = await tx.insert(vipFields).values(columnsOf(input)).returning({ id: vipFields.id });
        await writeLinks(tx, row.id, input);
        return one(tx, row.id);
      });
    },

    /**
     * Replaces a field and all its link lists in one transaction; 404 when it is gone, 422 on unknown ids, 409 when
     * `version` is not the stored one (another user saved it since). The field row is written on every save, so its
     * version covers the lists.
     */
    async update(id: number, { version, ...input }: VipFieldEdit): Promise<VipField> {
      return db.transaction(async (tx) => {
        await lockRow(tx, vipFields, vipFields.id, id, version, NOT_FOUND);
        await checkLinks(tx, input);
        await tx.update(vipFields).set(columnsOf(input)).where(eq(vipFields.id, id));
        for (const link of LINK_DEFS) await tx.delete(link.table).where(eq(link.fieldId, id));
        await writeLinks(tx, id, input);
        return one(tx, id);
      });
    },

    /** Deletes a field; its link rows go with it (cascade). 404 when there is none. */
    async remove(id: number): Promise<void> {
      const deleted = await db.delete(vipFields).where(eq(vipFields.id, id)).returning({ id: vipFields.id });
      if (deleted.length === 0) throw new NotFoundError(NOT_FOUND);
    },

    ...createVipEvaluation({ db, field: (id: number) => one(db, id) }),
  };
}

/** The ids a body chose in one list. Example: `vipFieldAviacompany: [{aviacompany_id: 5}]` → [5]. */
function chosenIds(link: LinkDef, input: VipFieldInput): number[] {
  return (input[link.key] as Record<string, number>[]).map((entry) => entry[link.idKey]);
}

export type TariffVipService = ReturnType<typeof createTariffVipService>;
