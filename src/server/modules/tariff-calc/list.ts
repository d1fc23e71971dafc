/**
 * The grid of calcs (spec 2.5): its allow-listed filter and sort keys, and the WHERE and ORDER BY they become.
 * List columns (jobs, services, positions, resources) live in link tables, so they filter and sort by subqueries.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CALC_ID_FILTER_KEYS, CALC_SORT_KEYS, CALC_TEXT_FILTER_KEYS } from '../../../shared/tariff-calc.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  calcTypes,
  employeePositions,
  formats,
  jobIndicators,
  jobs,
  medServices,
  resources,
  resourceTypes,
  services,
  tariffCalcJobs,
  tariffCalcMedServices,
  tariffCalcPositions,
  tariffCalcResources,
  tariffCalcResourceTypes,
  tariffCalcs,
  tariffCalcVipServices,
  vipServices,
} from '../../db/schema/index.ts';
import { containsPattern, filterIds, filterText, sortKey } from '../../http/filters.ts';
import type { FilterParser, QueryOf } from '../../http/list.ts';

type TextKey = (typeof CALC_TEXT_FILTER_KEYS)[number];
type IdKey = (typeof CALC_ID_FILTER_KEYS)[number];
type ListQuery = QueryOf<typeof CALC_LIST>;

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

/** What the grid's queries need: the Drizzle handle, and the kind that picks the text collation. */
type ListDeps = Pick<DbHandle, 'db' | 'kind'>;

/** Whether a list column of the calc holds a name containing the pattern. */
function anyNameLike({ db }: Pick<ListDeps, 'db'>, column: LinkColumn, pattern: string): SQL {
  return exists(
    db
      .select({ name: column.name })
      .from(column.link)
      .innerJoin(column.target, eq(column.ref, column.targetId))
      .where(and(eq(column.calcId, tariffCalcs.id), ilike(column.name, pattern))),
  );
}

/** WHERE of the grid's filters: service columns directly, list columns by any of their names. */
function conditions(deps: Pick<ListDeps, 'db'>, filters: ListQuery['filters']): SQL[] {
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
    where.push(anyNameLike(deps, column, pattern));
  }
  if (filters.calc_type) where.push(inArray(tariffCalcs.calcTypeId, filters.calc_type));
  if (filters.format) where.push(inArray(tariffCalcs.formatId, filters.format));
  return where;
}

/** ORDER BY of the grid's sort: a list column by the first of its names in Russian order, empty lists last. */
function orderBy({ db, kind }: ListDeps, sort: ListQuery['sort']): SQL[] {
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
}

/** The ids of one page of calcs filtered and sorted by the grid's keys, with the total for the pagination headers. */
export async function listPage(deps: ListDeps, query: ListQuery): Promise<{ ids: number[]; total: number }> {
  const { db } = deps;
  const where = and(...conditions(deps, query.filters));
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
    .orderBy(...orderBy(deps, query.sort))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { ids: page.map((row) => row.id), total };
}
