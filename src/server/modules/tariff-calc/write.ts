/**
 * The write side of a calc: the form's references checked before anything is written, the calc row's columns, and
 * its link lists written and removed. Every step takes the transaction's `Runner` so a refused form writes nothing.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CALC_MESSAGES, type CalcCreate } from '../../../shared/tariff-calc.ts';
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
  tariffCalcVipServices,
  vipServices,
} from '../../db/schema/index.ts';
import { ValidationError } from '../../domain/errors.ts';
import type { Runner } from './read.ts';

/** A number for a numeric column. */
const dec = (value: number | null) => (value === null ? null : String(value));

/** The ids of `wanted` that `table` lacks. */
async function missing(run: Runner, table: PgTable, idColumn: PgColumn, wanted: number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const found = await run.select({ id: idColumn }).from(table).where(inArray(idColumn, wanted));
  const have = new Set(found.map((row) => row.id as number));
  return wanted.filter((id) => !have.has(id));
}

/** Refuses link ids that do not exist (422 on the list's field) and indicators of another job. */
export async function checkLinks(run: Runner, form: CalcCreate): Promise<void> {
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
export async function calcColumns(run: Runner, form: CalcCreate) {
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
export async function writeLinks(run: Runner, calcId: number, form: CalcCreate): Promise<void> {
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

/** Every link table of a calc with its calc id column: an update replaces them all. */
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

/** Removes every link list of a calc, before `writeLinks` writes the form's. */
export async function deleteLinks(run: Runner, calcId: number): Promise<void> {
  // One connection per transaction: the deletes go one after another.
  for (const [table, column] of LINK_TABLES) await run.delete(table).where(eq(column, calcId));
}
