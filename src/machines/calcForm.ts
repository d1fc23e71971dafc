/**
 * Pure steps of the calc form (spec 4.5) for the calc modal machine. The submit rules themselves live once in
 * `src/shared/tariff-calc.ts`; here only what a change does to the rest of the form.
 */
import { type FieldErrors, zodFieldErrors } from '../app/api/errors.ts';
import type { JobOptions } from '../app/tariff-calc/api.ts';
import { sentVersion } from '../shared/rowVersion.ts';
import {
  CALC_MESSAGES,
  CALC_SOURCE,
  CALC_TYPE,
  type CalcCreate,
  type CalcForm,
  type CalcUpdate,
  calcCreateSchema,
  calcUpdateSchema,
  NO_ROUNDING_ID,
} from '../shared/tariff-calc.ts';
import { withoutFields } from './fieldErrors.ts';

export type CalcSource = (typeof CALC_SOURCE)[keyof typeof CALC_SOURCE];
export type CalcTypeId = NonNullable<CalcForm['calc_type_id']>;
export type JobEntry = NonNullable<CalcForm['calcJob']>[number];
/** The three id lists of the optional check block. */
export type CheckField = 'calc_employee_position_id' | 'calc_resource_type_id' | 'calc_resource_id';
const CHECK_FIELDS: readonly CheckField[] = [
  'calc_employee_position_id',
  'calc_resource_type_id',
  'calc_resource_id',
];

/** A Duration entry with nothing chosen (start and end job unset). */
export const EMPTY_ENTRY: JobEntry = {
  start_job_id: -1,
  start_param: null,
  end_job_id: -1,
  end_param: null,
  job_indicator_id: null,
};

const isDuration = (form: CalcForm) => form.calc_type_id === CALC_TYPE.duration;

/**
 * Operations and Indicators count one entry per chosen job; an indicator chosen before for the job stays.
 * Example: jobs [3, 5] with an earlier entry {start_job_id: 5, job_indicator_id: 9} → entries of 3 (no indicator)
 * and of 5 (indicator 9).
 */
function entriesOfJobs(jobs: readonly number[], previous: readonly JobEntry[] = []): JobEntry[] {
  return jobs.map((job) => ({
    start_job_id: job,
    start_param: null,
    end_job_id: null,
    end_param: null,
    job_indicator_id: previous.find((entry) => entry.start_job_id === job)?.job_indicator_id ?? null,
  }));
}

/** The job selection a loaded form implies: every start and end job of its entries, in first-seen order. */
export function jobsOfForm(form: CalcForm): number[] {
  const jobs: number[] = [];
  for (const entry of form.calcJob ?? []) {
    for (const job of [entry.start_job_id, entry.end_job_id]) {
      if (typeof job === 'number' && job > 0 && !jobs.includes(job)) jobs.push(job);
    }
  }
  return jobs;
}

/**
 * A new source (spec 4.5): medical, VIP and job selections reset; Medical and VIP force Operations; a Duration
 * calc of jobs starts again from one empty entry.
 */
export function withSource(form: CalcForm, source: CalcSource): CalcForm {
  const calcType = source === CALC_SOURCE.job ? form.calc_type_id : CALC_TYPE.operations;
  const durationOfJobs = source === CALC_SOURCE.job && calcType === CALC_TYPE.duration;
  return {
    ...form,
    calcSourceType: source,
    calc_type_id: calcType,
    calcMedService: [],
    calcVipService: [],
    calcJob: durationOfJobs ? [EMPTY_ENTRY] : [],
    calc_employee_position_id: [],
    calc_resource_type_id: [],
    calc_resource_id: [],
  };
}

/** A new calc type: Duration starts with one empty entry; any other type drops the entries (jobs count again). */
export function withCalcType(form: CalcForm, calcType: CalcTypeId, jobs: readonly number[]): CalcForm {
  if (calcType === CALC_TYPE.duration) return { ...form, calc_type_id: calcType, calcJob: [EMPTY_ENTRY] };
  const ofJobs = form.calcSourceType === CALC_SOURCE.job ? entriesOfJobs(jobs) : [];
  return { ...form, calc_type_id: calcType, calcJob: ofJobs };
}

/**
 * A new job selection: under Duration any start or end job that left the selection becomes unset; otherwise the
 * entries follow the selection.
 */
export function withJobs(form: CalcForm, jobs: readonly number[]): CalcForm {
  if (!isDuration(form)) return { ...form, calcJob: entriesOfJobs(jobs, form.calcJob) };
  const kept = (job: JobEntry['start_job_id']) => (typeof job === 'number' && jobs.includes(job) ? job : -1);
  return {
    ...form,
    calcJob: (form.calcJob ?? []).map((entry) => ({
      ...entry,
      start_job_id: kept(entry.start_job_id),
      end_job_id: kept(entry.end_job_id),
    })),
  };
}

/** Rounding 1 ("no rounding") clears accuracy, whose input it disables. */
export function withRounding(form: CalcForm, roundingId: number): CalcForm {
  return { ...form, rounding_id: roundingId, accuracy: roundingId === NO_ROUNDING_ID ? null : form.accuracy };
}

/** One entry changed; the others stay. */
export function withEntry(form: CalcForm, index: number, patch: Partial<JobEntry>): CalcForm {
  const entries = [...(form.calcJob ?? [])];
  if (!entries[index]) return form;
  entries[index] = { ...entries[index], ...patch };
  return { ...form, calcJob: entries };
}

/** Whether the check block has anything chosen, which opens it on load (spec 4.5). */
export function hasChecks(form: CalcForm): boolean {
  return CHECK_FIELDS.some((field) => (form[field] ?? []).length > 0);
}

/** Check-block choices the chosen jobs no longer offer are dropped once their options arrive. */
export function pruneChecks(form: CalcForm, options: JobOptions): CalcForm {
  const offered: Record<CheckField, number[]> = {
    calc_employee_position_id: options.positions.map((item) => item.id),
    calc_resource_type_id: options.resourceTypes.map((item) => item.id),
    calc_resource_id: options.resources.map((item) => item.id),
  };
  const next = { ...form };
  for (const field of CHECK_FIELDS)
    next[field] = (form[field] ?? []).filter((id) => offered[field].includes(id));
  return next;
}

/**
 * The form's errors by the shared rules of spec 5, keyed by payload path; `{}` when it may be sent. `jobs` is the
 * modal's job selection: a jobs source with none chosen says so once under `calcJob` (spec 5 "for Job at least one
 * job"), instead of under the empty Duration entry, whose job selects offer nothing until jobs are chosen.
 * Example: Duration, jobs [] and the entry {-1, null, -1, null} → `{calcJob: ['Поле обязательно для заполнения']}`.
 */
export function calcFormErrors(form: CalcForm, jobs: readonly number[]): FieldErrors {
  const result =
    form.id === null ? calcCreateSchema.safeParse(form) : calcUpdateSchema.safeParse(updateBodyOf(form));
  const errors = result.success ? {} : zodFieldErrors(result.error);
  if (form.calcSourceType !== CALC_SOURCE.job || jobs.length > 0) return errors;
  return { ...withoutErrors(errors, 'calcJob'), calcJob: [CALC_MESSAGES.required] };
}

/**
 * The body to send: a create without `id` or `version`, or an update with its `id` and the `version` read with the
 * calc (a save over a newer one is refused). Call only on a form without errors.
 */
export function calcPayload(
  form: CalcForm,
): { kind: 'create'; body: CalcCreate } | { kind: 'update'; body: CalcUpdate } {
  if (form.id === null) {
    const { id: _new, version: _none, ...rest } = form;
    return { kind: 'create', body: calcCreateSchema.parse(rest) };
  }
  return { kind: 'update', body: calcUpdateSchema.parse(updateBodyOf(form)) };
}

/** An update's body before validation: `version` only when one was read (null is no version). */
function updateBodyOf(form: CalcForm) {
  const { version, ...rest } = form;
  return { ...rest, ...sentVersion(version) };
}

/**
 * Errors without those at or under the given paths, for a control that changed.
 * Example: `withoutErrors({'calcJob.0.end_job_id': [...], calcJob: [...], coeff: [...]}, 'calcJob')` keeps coeff.
 */
export function withoutErrors(errors: FieldErrors, ...paths: string[]): FieldErrors {
  return withoutFields(errors, paths);
}
