/**
 * The read model of a calc: the row with its named references and every link list, in the answer shape of spec 3.6.
 * Reads run on a `Runner`, so a write can answer what it wrote from inside its own transaction.
 */
import { type AnyColumn, asc, eq, inArray } from 'drizzle-orm';
import { CALC_DIRECTIONS, type Calc, SERVICE_MAP_TYPES } from '../../../shared/tariff-calc.ts';
import type { Db } from '../../db/client.ts';
import { rowVersion } from '../../db/rowVersion.ts';
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
import { NotFoundError } from '../../domain/errors.ts';

/** A transaction or the database: the queries below run on whichever they are given. */
export type Runner = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

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

const DIRECTION_NAME = new Map<number, string>(CALC_DIRECTIONS.map((d) => [d.id, d.name]));
const MAP_TYPE_NAME = new Map<number, string>(SERVICE_MAP_TYPES.map((t) => [t.id, t.name]));

/** Calcs by id in the answer shape of spec 3.6, in the order of `ids`. */
export async function shape(run: Runner, calcIds: number[]): Promise<Calc[]> {
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
      version: rowVersion(tariffCalcs),
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
        version: row.version,
      },
    ];
  });
}

/** One calc in the answer shape; 404 for an unknown id. */
export async function getCalc(run: Runner, calcId: number): Promise<Calc> {
  const [calc] = await shape(run, [calcId]);
  if (!calc) throw new NotFoundError('Расчёт не найден');
  return calc;
}
