import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  CALC_DIRECTIONS,
  CALC_ID_FILTER_KEYS,
  CALC_MESSAGES,
  CALC_SORT_KEYS,
  CALC_TEXT_FILTER_KEYS,
  type Calc,
  type CalcCreate,
  type CalcUpdate,
  SERVICE_MAP_TYPES,
} from '../../../shared/tariff-calc.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import {
  calcTypes,
  employeePositions,
  formats,
  jobIndicators,
  jobs,
  medServices,
  resources,
  resourceTypes,
  roundings,
  services,
  tariffCalcCharges,
  tariffCalcDirections,
  tariffCalcJobs,
  tariffCalcMedServices,
  tariffCalcPositions,
  tariffCalcResources,
  tariffCalcResourceTypes,
  tariffCalcServiceMapTypes,
  tariffCalcs,
  tariffCalcVipServices,
  vipServices,
} from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { containsPattern, filterIds, filterText, sortKey } from '../../http/filters.ts';
import type { FilterParser, QueryOf } from '../../http/list.ts';
import { createEvaluation } from './evaluation.ts';

type TextKey = (typeof CALC_TEXT_FILTER_KEYS)[number];
type IdKey = (typeof CALC_ID_FILTER_KEYS)[number];

/** The grid's filters (spec 2.5): text "contains" on names, ids for calc type and format. */
export const CALC_LIST = {
  filters: {
    ...(Object.fromEntries(CALC_TEXT_FILTER_KEYS.map((key) => [key, filterText])) as Record<
      TextKey,
      FilterParser<string>
    >),
    ...(Object.fromEntries(CALC_ID_FILTER_KEYS.map((key) => [key, filterIds])) as Record<
      IdKey,
      typeof filterIds
    >),
  },
  sorts: CALC_SORT_KEYS,
  defaultPerPage: 20,
  maxPerPage: 100,
} as const;

/** The service's view of the database: the Drizzle handle and the kind that picks the text collation. */
export type TariffCalcDeps = Pick<DbHandle, 'db' | 'kind'>;

/** A transaction or the database: the queries below run on whichever they are given. */
type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

/** A list column: the link table, its calc id column, and the named table it points to with its name column. */
interface LinkColumn {
  link: PgTable;
  calcId: PgColumn;
  ref: PgColumn;
  target: PgTable;
  targetId: PgColumn;
  name: PgColumn;
}

const LINKS: Record<Exclude<TextKey, 'name_ru' | 'name_en' | 'id_1c'>, LinkColumn> = {
  start_job: {
    link: tariffCalcJobs,
    calcId: tariffCalcJobs.calcId,
    ref: tariffCalcJobs.startJobId,
    target: jobs,
    targetId: jobs.id,
    name: jobs.name,
  },
  end_job: {
    link: tariffCalcJobs,
    calcId: tariffCalcJobs.calcId,
    ref: tariffCalcJobs.endJobId,
    target: jobs,
    targetId: jobs.id,
    name: jobs.name,
  },
  med_service: {
    link: tariffCalcMedServices,
    calcId: tariffCalcMedServices.calcId,
    ref: tariffCalcMedServices.medServiceId,
    target: medServices,
    targetId: medServices.id,
    name: medServices.name,
  },
  vip_service: {
    link: tariffCalcVipServices,
    calcId: tariffCalcVipServices.calcId,
    ref: tariffCalcVipServices.vipServiceId,
    target: vipServices,
    targetId: vipServices.id,
    name: vipServices.name,
  },
  job_indicator: {
    link: tariffCalcJobs,
    calcId: tariffCalcJobs.calcId,
    ref: tariffCalcJobs.jobIndicatorId,
    target: jobIndicators,
    targetId: jobIndicators.id,
    name: jobIndicators.indicatorName,
  },
  employee_position: {
    link: tariffCalcPositions,
    calcId: tariffCalcPositions.calcId,
    ref: tariffCalcPositions.employeePositionId,
    target: employeePositions,
    targetId: employeePositions.id,
    name: employeePositions.name,
  },
  resource_type: {
    link: tariffCalcResourceTypes,
    calcId: tariffCalcResourceTypes.calcId,
    ref: tariffCalcResourceTypes.resourceTypeId,
    target: resourceTypes,
    targetId: resourceTypes.id,
    name: resourceTypes.name,
  },
  resource: {
    link: tariffCalcResources,
    calcId: tariffCalcResources.calcId,
    ref: tariffCalcResources.resourceId,
    target: resources,
    targetId: resources.id,
    name: resources.name,
  },
};

const SERVICE_COLUMNS = { name_ru: services.nameRu, name_en: services.nameEn, id_1c: services.id1c } as const;

/**
 * Runs queries one after another and answers their results in order: inside a transaction they share one
 * connection, which must not be given a statement while another runs.
 */
async function inOrder<const T extends readonly (() => unknown)[]>(
  thunks: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const thunk of thunks) results.push(await thunk());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/** A numeric column's text as a number; null stays null. */
const num = (value: string | null) => (value === null ? null : Number(value));
/** A number for a numeric column. */
const dec = (value: number | null) => (value === null ? null : String(value));

const DIRECTION_NAME = new Map<number, string>(CALC_DIRECTIONS.map((d) => [d.id, d.name]));
const MAP_TYPE_NAME = new Map<number, string>(SERVICE_MAP_TYPES.map((t) => [t.id, t.name]));

/** Service calculations: list, read, create, update and delete with their link lists, and evaluation on a flight. */
export function createTariffCalcService({ db, kind }: TariffCalcDeps) {
  /** Whether a list column of the calc holds a name containing the pattern. */
  const anyNameLike = (column: LinkColumn, pattern: string) =>
    exists(
      db
        .select({ name: column.name })
        .from(column.link)
        .innerJoin(column.target, eq(column.ref, column.targetId))
        .where(and(eq(column.calcId, tariffCalcs.id), ilike(column.name, pattern))),
    );

  const conditions = (filters: QueryOf<typeof CALC_LIST>['filters']): SQL[] => {
    const where: SQL[] = [];
    for (const key of CALC_TEXT_FILTER_KEYS) {
      const text = filters[key];
      if (!text) continue;
      const pattern = containsPattern(text);
      if (key === 'name_ru' || key === 'name_en' || key === 'id_1c') {
        where.push(ilike(SERVICE_COLUMNS[key], pattern));
        continue;
      }
      const column = LINKS[key];
      where.push(anyNameLike(column, pattern));
    }
    if (filters.calc_type) where.push(inArray(tariffCalcs.calcTypeId, filters.calc_type));
    if (filters.format) where.push(inArray(tariffCalcs.formatId, filters.format));
    return where;
  };

  /** ORDER BY of the grid's sort: a list column by the first of its names in Russian order, empty lists last. */
  const orderBy = (sort: QueryOf<typeof CALC_LIST>['sort']): SQL[] => {
    if (!sort || sort.key === 'id') return [sort?.desc ? desc(tariffCalcs.id) : asc(tariffCalcs.id)];
    let key: SQL;
    if (sort.key === 'name_ru' || sort.key === 'name_en' || sort.key === 'id_1c')
      key = sql`${sortKey(SERVICE_COLUMNS[sort.key], kind)}`;
    else if (sort.key === 'calc_type')
      key = sql`(${db
        .select({ v: sql`${sortKey(calcTypes.name, kind)}` })
        .from(calcTypes)
        .where(eq(calcTypes.id, tariffCalcs.calcTypeId))})`;
    else if (sort.key === 'format')
      key = sql`(${db
        .select({ v: sql`${sortKey(formats.nameFull, kind)}` })
        .from(formats)
        .where(eq(formats.id, tariffCalcs.formatId))})`;
    else {
      const column = LINKS[sort.key];
      key = sql`(${db
        .select({ v: sql`min(${sortKey(column.name, kind)})` })
        .from(column.link)
        .innerJoin(column.target, eq(column.ref, column.targetId))
        .where(eq(column.calcId, tariffCalcs.id))})`;
    }
    return [sort.desc ? sql`${key} desc nulls last` : sql`${key} asc nulls last`, asc(tariffCalcs.id)];
  };

  /** Calcs by id in the answer shape of spec 3.6, in the order of `ids`. */
  async function shape(run: Runner, calcIds: number[]): Promise<Calc[]> {
    if (calcIds.length === 0) return [];
    const rows = await run
      .select({
        id: tariffCalcs.id,
        service: {
          id: services.id,
          name_ru: services.nameRu,
          name_en: services.nameEn,
          id_1c: services.id1c,
        },
        calc_type: { id: calcTypes.id, name: calcTypes.name },
        format: { id: formats.id, name: formats.name, name_full: formats.nameFull },
        rounding: { id: roundings.id, name: roundings.name, name_full: roundings.nameFull },
        groupType: tariffCalcs.groupType,
        accuracy: tariffCalcs.accuracy,
        coeff: tariffCalcs.coeff,
        minimumAmount: tariffCalcs.minimumAmount,
        isRoundingFirst: tariffCalcs.isRoundingFirst,
        isAccuracyFirst: tariffCalcs.isAccuracyFirst,
        isUsingPlanTime: tariffCalcs.isUsingPlanTime,
      })
      .from(tariffCalcs)
      .innerJoin(services, eq(services.id, tariffCalcs.serviceId))
      .innerJoin(calcTypes, eq(calcTypes.id, tariffCalcs.calcTypeId))
      .innerJoin(formats, eq(formats.id, tariffCalcs.formatId))
      .innerJoin(roundings, eq(roundings.id, tariffCalcs.roundingId))
      .where(inArray(tariffCalcs.id, calcIds));
    const inCalcs = (column: AnyColumn) => inArray(column, calcIds);
    const [mapTypes, directions, med, vip, positions, types, units, jobRows] = await inOrder([
      () => run.select().from(tariffCalcServiceMapTypes).where(inCalcs(tariffCalcServiceMapTypes.calcId)),
      () => run.select().from(tariffCalcDirections).where(inCalcs(tariffCalcDirections.calcId)),
      () =>
        run
          .select({ calcId: tariffCalcMedServices.calcId, id: medServices.id, name: medServices.name })
          .from(tariffCalcMedServices)
          .innerJoin(medServices, eq(medServices.id, tariffCalcMedServices.medServiceId))
          .where(inCalcs(tariffCalcMedServices.calcId))
          .orderBy(asc(medServices.id)),
      () =>
        run
          .select({ calcId: tariffCalcVipServices.calcId, id: vipServices.id, name: vipServices.name })
          .from(tariffCalcVipServices)
          .innerJoin(vipServices, eq(vipServices.id, tariffCalcVipServices.vipServiceId))
          .where(inCalcs(tariffCalcVipServices.calcId))
          .orderBy(asc(vipServices.id)),
      () =>
        run
          .select({
            calcId: tariffCalcPositions.calcId,
            id: employeePositions.id,
            name: employeePositions.name,
          })
          .from(tariffCalcPositions)
          .innerJoin(employeePositions, eq(employeePositions.id, tariffCalcPositions.employeePositionId))
          .where(inCalcs(tariffCalcPositions.calcId))
          .orderBy(asc(employeePositions.id)),
      () =>
        run
          .select({ calcId: tariffCalcResourceTypes.calcId, id: resourceTypes.id, name: resourceTypes.name })
          .from(tariffCalcResourceTypes)
          .innerJoin(resourceTypes, eq(resourceTypes.id, tariffCalcResourceTypes.resourceTypeId))
          .where(inCalcs(tariffCalcResourceTypes.calcId))
          .orderBy(asc(resourceTypes.id)),
      () =>
        run
          .select({ calcId: tariffCalcResources.calcId, id: resources.id, name: resources.name })
          .from(tariffCalcResources)
          .innerJoin(resources, eq(resources.id, tariffCalcResources.resourceId))
          .where(inCalcs(tariffCalcResources.calcId))
          .orderBy(asc(resources.id)),
      () =>
        run
          .select()
          .from(tariffCalcJobs)
          .where(inCalcs(tariffCalcJobs.calcId))
          .orderBy(asc(tariffCalcJobs.calcId), asc(tariffCalcJobs.sort)),
    ]);
    const jobIds = [
      ...new Set(jobRows.flatMap((j) => (j.endJobId ? [j.startJobId, j.endJobId] : [j.startJobId]))),
    ];
    const indicatorIds = [...new Set(jobRows.flatMap((j) => (j.jobIndicatorId ? [j.jobIndicatorId] : [])))];
    const [jobNames, indicators] = await inOrder([
      () =>
        jobIds.length
          ? run.select({ id: jobs.id, name: jobs.name }).from(jobs).where(inArray(jobs.id, jobIds))
          : [],
      () =>
        indicatorIds.length
          ? run
              .select({
                id: jobIndicators.id,
                job_id: jobIndicators.jobId,
                indicator_name: jobIndicators.indicatorName,
              })
              .from(jobIndicators)
              .where(inArray(jobIndicators.id, indicatorIds))
          : [],
    ]);
    const jobById = new Map(jobNames.map((j) => [j.id, j]));
    const indicatorById = new Map(indicators.map((i) => [i.id, i]));
    const of = <T extends { calcId: number }>(list: T[], calcId: number) =>
      list.filter((x) => x.calcId === calcId);
    const named = ({ id, name }: { id: number; name: string }) => ({ id, name });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return calcIds.flatMap((calcId): Calc[] => {
      const row = byId.get(calcId);
      if (!row) return [];
      const medList = of(med, calcId);
      const vipList = of(vip, calcId);
      return [
        {
          id: row.id,
          calcSourceType: medList.length ? 2 : vipList.length ? 3 : 1,
          service: row.service,
          calc_type: row.calc_type,
          format: row.format,
          rounding: row.rounding,
          group_type: row.groupType,
          accuracy: num(row.accuracy),
          coeff: num(row.coeff),
          minimum_amount: num(row.minimumAmount),
          is_rounding_first: row.isRoundingFirst,
          is_accuracy_first: row.isAccuracyFirst,
          is_using_plan_time: row.isUsingPlanTime,
          calcServiceMapType: of(mapTypes, calcId)
            .map((t) => t.serviceMapType)
            .sort()
            .map((id) => ({ id, name: MAP_TYPE_NAME.get(id) ?? '' })),
          calcVipService: vipList.map((v) => ({ vip_service: named(v) })),
          calcMedService: medList.map((m) => ({ med_service: named(m) })),
          calcJob: of(jobRows, calcId).map((j) => ({
            start_job: jobById.get(j.startJobId) as { id: number; name: string },
            start_param: j.startParam,
            end_job: j.endJobId ? (jobById.get(j.endJobId) ?? null) : null,
            end_param: j.endParam,
            job_indicator: j.jobIndicatorId ? (indicatorById.get(j.jobIndicatorId) ?? null) : null,
          })),
          calcDirection: of(directions, calcId)
            .map((d) => d.direction)
            .sort()
            .map((id) => ({ direction: { id, name: DIRECTION_NAME.get(id) ?? '' } })),
          calcEmployeePosition: of(positions, calcId).map(named),
          calcResourceType: of(types, calcId).map(named),
          calcResource: of(units, calcId).map(named),
        },
      ];
    });
  }

  /** The ids of `wanted` that `table` lacks. */
  async function missing(
    run: Runner,
    table: PgTable,
    idColumn: PgColumn,
    wanted: number[],
  ): Promise<number[]> {
    if (wanted.length === 0) return [];
    const found = await run.select({ id: idColumn }).from(table).where(inArray(idColumn, wanted));
    const have = new Set(found.map((row) => row.id as number));
    return wanted.filter((id) => !have.has(id));
  }

  /** Refuses link ids that do not exist (422 on the list's field) and indicators of another job. */
  async function checkLinks(run: Runner, form: CalcCreate): Promise<void> {
    const fields: Record<string, string[]> = {};
    const refuse = (field: string, message: string = CALC_MESSAGES.unknownIds) => {
      fields[field] = [...(fields[field] ?? []), message];
    };
    const one = (value: number | null) => (value === null || value < 1 ? [] : [value]);
    const checks: [string, PgTable, PgColumn, number[]][] = [
      ['calc_type_id', calcTypes, calcTypes.id, one(form.calc_type_id)],
      ['format_id', formats, formats.id, one(form.format_id)],
      ['rounding_id', roundings, roundings.id, one(form.rounding_id)],
      ['calcMedService', medServices, medServices.id, form.calcMedService],
      ['calcVipService', vipServices, vipServices.id, form.calcVipService],
      ['calc_employee_position_id', employeePositions, employeePositions.id, form.calc_employee_position_id],
      ['calc_resource_type_id', resourceTypes, resourceTypes.id, form.calc_resource_type_id],
      ['calc_resource_id', resources, resources.id, form.calc_resource_id],
      [
        'calcJob',
        jobs,
        jobs.id,
        [...new Set(form.calcJob.flatMap((e) => [...one(e.start_job_id), ...one(e.end_job_id)]))],
      ],
    ];
    for (const [field, table, column, wanted] of checks)
      if ((await missing(run, table, column, wanted)).length) refuse(field);
    const indicatorIds = [...new Set(form.calcJob.flatMap((e) => one(e.job_indicator_id)))];
    if (indicatorIds.length) {
      const found = await run
        .select({ id: jobIndicators.id, jobId: jobIndicators.jobId })
        .from(jobIndicators)
        .where(inArray(jobIndicators.id, indicatorIds));
      const jobOf = new Map(found.map((row) => [row.id, row.jobId]));
      form.calcJob.forEach((entry, i) => {
        if (entry.job_indicator_id === null || entry.job_indicator_id < 1) return;
        const job = jobOf.get(entry.job_indicator_id);
        if (job === undefined) refuse(`calcJob.${i}.job_indicator_id`);
        else if (job !== entry.start_job_id)
          refuse(`calcJob.${i}.job_indicator_id`, CALC_MESSAGES.indicatorOfOtherJob);
      });
    }
    if (Object.keys(fields).length) throw new ValidationError(fields);
  }

  /** The calc row's columns from the form; the service row is found (or made) by its 1C mnemocode. */
  async function calcColumns(run: Runner, form: CalcCreate) {
    const [service] = await run
      .insert(services)
      .values({ nameRu: form.service.name_ru, nameEn: form.service.name_en, id1c: form.service.id_1c })
      .onConflictDoUpdate({
        target: services.id1c,
        set: { nameRu: sql`excluded.name_ru`, nameEn: sql`excluded.name_en` },
      })
      .returning({ id: services.id });
    return {
      serviceId: service.id,
      calcTypeId: form.calc_type_id as number,
      formatId: form.format_id as number,
      roundingId: form.rounding_id as number,
      // Rounding id 1 disables accuracy (spec 4.5): nothing is kept for it.
      accuracy: form.rounding_id === 1 ? null : dec(form.accuracy),
      groupType: form.group_type,
      coeff: dec(form.coeff),
      minimumAmount: dec(form.minimum_amount),
      isRoundingFirst: form.is_rounding_first,
      isAccuracyFirst: form.is_accuracy_first,
      isUsingPlanTime: form.is_using_plan_time,
    };
  }

  /** Writes every link list of a calc (after its old ones were removed). */
  async function writeLinks(run: Runner, calcId: number, form: CalcCreate): Promise<void> {
    const inserts: (() => Promise<unknown>)[] = [];
    const add = <T extends PgTable>(table: T, values: T['$inferInsert'][]) => {
      if (values.length) inserts.push(async () => run.insert(table).values(values));
    };
    add(
      tariffCalcServiceMapTypes,
      form.calcServiceMapType.map((serviceMapType) => ({ calcId, serviceMapType })),
    );
    add(
      tariffCalcDirections,
      form.calc_direction_id.map((direction) => ({ calcId, direction })),
    );
    add(
      tariffCalcMedServices,
      form.calcMedService.map((medServiceId) => ({ calcId, medServiceId })),
    );
    add(
      tariffCalcVipServices,
      form.calcVipService.map((vipServiceId) => ({ calcId, vipServiceId })),
    );
    add(
      tariffCalcPositions,
      form.calc_employee_position_id.map((employeePositionId) => ({ calcId, employeePositionId })),
    );
    add(
      tariffCalcResourceTypes,
      form.calc_resource_type_id.map((resourceTypeId) => ({ calcId, resourceTypeId })),
    );
    add(
      tariffCalcResources,
      form.calc_resource_id.map((resourceId) => ({ calcId, resourceId })),
    );
    const duration = form.calc_type_id === 1;
    const indicators = form.calc_type_id === 3;
    add(
      tariffCalcJobs,
      form.calcJob.map((entry, sort) => ({
        calcId,
        sort,
        startJobId: entry.start_job_id as number,
        startParam: duration ? entry.start_param : null,
        endJobId: duration ? entry.end_job_id : null,
        endParam: duration ? entry.end_param : null,
        jobIndicatorId: indicators ? entry.job_indicator_id : null,
      })),
    );
    // A transaction is one connection: its statements go one after another.
    for (const insert of inserts) await insert();
  }

  const LINK_TABLES = [
    [tariffCalcServiceMapTypes, tariffCalcServiceMapTypes.calcId],
    [tariffCalcDirections, tariffCalcDirections.calcId],
    [tariffCalcMedServices, tariffCalcMedServices.calcId],
    [tariffCalcVipServices, tariffCalcVipServices.calcId],
    [tariffCalcPositions, tariffCalcPositions.calcId],
    [tariffCalcResourceTypes, tariffCalcResourceTypes.calcId],
    [tariffCalcResources, tariffCalcResources.calcId],
    [tariffCalcJobs, tariffCalcJobs.calcId],
  ] as const;

  async function get(calcId: number, run: Runner = db): Promise<Calc> {
    const [calc] = await shape(run, [calcId]);
    if (!calc) throw new NotFoundError('Расчёт не найден');
    return calc;
  }

  return {
    /** A page of calcs filtered and sorted by the grid's keys, with the total for the pagination headers. */
    async list(query: QueryOf<typeof CALC_LIST>): Promise<{ items: Calc[]; total: number }> {
      const where = and(...conditions(query.filters));
      const [{ total }] = await db
        .select({ total: count() })
        .from(tariffCalcs)
        .innerJoin(services, eq(services.id, tariffCalcs.serviceId))
        .where(where);
      const page = await db
        .select({ id: tariffCalcs.id })
        .from(tariffCalcs)
        .innerJoin(services, eq(services.id, tariffCalcs.serviceId))
        .where(where)
        .orderBy(...orderBy(query.sort))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage);
      return {
        items: await shape(
          db,
          page.map((row) => row.id),
        ),
        total,
      };
    },

    get: (calcId: number) => get(calcId),

    /** Creates a calc with every link list in one transaction; unknown ids are a 422 and nothing is written. */
    async create(form: CalcCreate): Promise<Calc> {
      return db.transaction(async (tx) => {
        await checkLinks(tx, form);
        const [row] = await tx
          .insert(tariffCalcs)
          .values(await calcColumns(tx, form))
          .returning({ id: tariffCalcs.id });
        await writeLinks(tx, row.id, form);
        return get(row.id, tx);
      });
    },

    /** Replaces a calc and its link lists in one transaction (404 for an unknown id). */
    async update(form: CalcUpdate): Promise<Calc> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: tariffCalcs.id })
          .from(tariffCalcs)
          .where(eq(tariffCalcs.id, form.id));
        if (!found) throw new NotFoundError('Расчёт не найден');
        await checkLinks(tx, form);
        await tx
          .update(tariffCalcs)
          .set(await calcColumns(tx, form))
          .where(eq(tariffCalcs.id, form.id));
        for (const [table, column] of LINK_TABLES) await tx.delete(table).where(eq(column, form.id));
        await writeLinks(tx, form.id, form);
        return get(form.id, tx);
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

    ...createEvaluation({ db, get }),
  };
}
