/**
 * What each edit event of the calc modal (spec 4.5) does to the modal: the form, the job selection, the check block,
 * and which messages under the controls go with the change. Pure, so the machine's actions only assert the event
 * and assign; what a change does to the rest of the form itself is `calcForm.ts`.
 */
import type { FieldErrors } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import { CALC_SOURCE, type CalcForm, NO_ROUNDING_ID } from '../shared/tariff-calc.ts';
import {
  type CalcSource,
  type CalcTypeId,
  type CheckField,
  EMPTY_ENTRY,
  type JobEntry,
  withCalcType,
  withEntry,
  withJobs,
  withoutErrors,
  withRounding,
  withSource,
} from './calcForm.ts';

/** Fields set as they are, with nothing else depending on them. */
type PlainField =
  | 'format_id'
  | 'group_type'
  | 'accuracy'
  | 'coeff'
  | 'minimum_amount'
  | 'is_rounding_first'
  | 'is_accuracy_first'
  | 'is_using_plan_time'
  | 'calc_direction_id'
  | 'calcServiceMapType'
  | 'calcMedService'
  | 'calcVipService';
type ServiceField = 'name_ru' | 'name_en' | 'id_1c';

/** The part of the modal's context an edit changes. */
export interface CalcEditState {
  form: CalcForm;
  /** The job selection; Operations and Indicators entries follow it, Duration entries choose from it. */
  jobs: number[];
  checkOpen: boolean;
  /** Messages under the controls, keyed by payload path: the shared rules before sending, the server's after. */
  errors: FieldErrors;
}

/** The form and jobs as the modal opened with them (empty, or the calc as read). */
export type CalcPristine = Pick<CalcEditState, 'form' | 'jobs'>;

/**
 * True when the form or the job selection differs from how the modal opened: closing would lose input. Example:
 * `hasUnsavedCalc({form: {...form, coef: 3}, jobs, pristine: {form, jobs}})` is true.
 */
export function hasUnsavedCalc(context: CalcPristine & { pristine: CalcPristine }): boolean {
  return (
    JSON.stringify({ form: context.form, jobs: context.jobs }) !==
    JSON.stringify({ form: context.pristine.form, jobs: context.pristine.jobs })
  );
}

/** The events that edit the form while it may be edited (editing and after a failed save). */
export type CalcEditEvent =
  | { type: 'SERVICE.CHANGE'; field: ServiceField; value: string }
  | { type: 'SERVICE.PICK'; service: { name_ru: string; name_en: string | null; id_1c: string } }
  | { type: 'FIELD.SET'; field: PlainField; value: unknown }
  | { type: 'SOURCE.SET'; source: CalcSource }
  | { type: 'CALC_TYPE.SET'; calcType: CalcTypeId }
  | { type: 'ROUNDING.SET'; roundingId: number }
  | { type: 'JOBS.SET'; jobs: number[] }
  | { type: 'ENTRY.ADD' }
  | { type: 'ENTRY.REMOVE'; index: number }
  | { type: 'ENTRY.CHANGE'; index: number; patch: Partial<JobEntry> }
  | { type: 'CHECK.OPEN' }
  | { type: 'CHECK.CLOSE' }
  | { type: 'CHECK.SET'; field: CheckField; ids: number[] };

type EditEvent<Type extends CalcEditEvent['type']> = Extract<CalcEditEvent, { type: Type }>;
type Edit = Partial<CalcEditState>;

/** The payload path of a plain field's messages. */
const errorPath = (field: PlainField | ServiceField) =>
  (['name_ru', 'name_en', 'id_1c'] as string[]).includes(field) ? `service.${field}` : field;

/** A typed service name part. Example: `id_1c` 'BUKS' → service.id_1c is 'BUKS', its messages go. */
export function serviceChanged(state: CalcEditState, event: EditEvent<'SERVICE.CHANGE'>): Edit {
  const service = { ...state.form.service, [event.field]: event.value } as CalcForm['service'];
  return {
    form: { ...state.form, service },
    errors: withoutErrors(state.errors, errorPath(event.field)),
  };
}

/** A service picked from the list: all three parts at once, and every service message goes. */
export function servicePicked(state: CalcEditState, event: EditEvent<'SERVICE.PICK'>): Edit {
  const { name_ru, name_en, id_1c } = event.service;
  return {
    form: { ...state.form, service: { name_ru, name_en, id_1c } },
    errors: withoutErrors(state.errors, 'service'),
  };
}

/** A plain field set. Example: `accuracy` while the rounding is «Без округления» → nothing changes. */
export function fieldSet(state: CalcEditState, event: EditEvent<'FIELD.SET'>): Edit {
  if (event.field === 'accuracy' && state.form.rounding_id === NO_ROUNDING_ID) return {};
  return {
    form: { ...state.form, [event.field]: event.value } as CalcForm,
    errors: withoutErrors(state.errors, errorPath(event.field)),
  };
}

/** Another source: the job selection and the check block start again. */
export function sourceSet(state: CalcEditState, event: EditEvent<'SOURCE.SET'>): Edit {
  return {
    form: withSource(state.form, event.source),
    jobs: [],
    checkOpen: false,
    errors: withoutErrors(
      state.errors,
      'calcSourceType',
      'calc_type_id',
      'calcJob',
      'calcMedService',
      'calcVipService',
    ),
  };
}

/** Another calc type, taken only while the source is jobs (or not chosen yet). */
export function calcTypeSet(state: CalcEditState, event: EditEvent<'CALC_TYPE.SET'>): Edit {
  if (state.form.calcSourceType !== null && state.form.calcSourceType !== CALC_SOURCE.job) return {};
  return {
    form: withCalcType(state.form, event.calcType, state.jobs),
    errors: withoutErrors(state.errors, 'calc_type_id', 'calcJob'),
  };
}

/** Another rounding; its accuracy's messages go with its own. */
export function roundingSet(state: CalcEditState, event: EditEvent<'ROUNDING.SET'>): Edit {
  return {
    form: withRounding(state.form, event.roundingId),
    errors: withoutErrors(state.errors, 'rounding_id', 'accuracy'),
  };
}

/** A job selection, each job once. Example: [101, 101, 102] → [101, 102]; none left closes the check block. */
export function jobsSet(state: CalcEditState, event: EditEvent<'JOBS.SET'>): Edit {
  const jobs = [...new Set(event.jobs)];
  return {
    jobs,
    form: withJobs(state.form, jobs),
    checkOpen: state.checkOpen && jobs.length > 0,
    errors: withoutErrors(state.errors, 'calcJob'),
  };
}

/** One more Duration entry, with nothing chosen. */
export function entryAdded(state: CalcEditState): Edit {
  return { form: { ...state.form, calcJob: [...(state.form.calcJob ?? []), EMPTY_ENTRY] } };
}

/** A Duration entry removed by its index. */
export function entryRemoved(state: CalcEditState, event: EditEvent<'ENTRY.REMOVE'>): Edit {
  const entries = (state.form.calcJob ?? []).filter((_, index) => index !== event.index);
  return {
    form: { ...state.form, calcJob: entries },
    errors: withoutErrors(state.errors, 'calcJob'),
  };
}

/** A Duration entry changed. */
export function entryChanged(state: CalcEditState, event: EditEvent<'ENTRY.CHANGE'>): Edit {
  return {
    form: withEntry(state.form, event.index, event.patch),
    // Duplicates and needChange are judged across entries, so every entry's messages go.
    errors: withoutErrors(state.errors, 'calcJob'),
  };
}

/** The check block asked for before any job is chosen: the job selection says it is required. */
export function jobsRequired(state: CalcEditState): Edit {
  return { errors: { ...state.errors, calcJob: [MESSAGES.required] } };
}

/** The check block closed: its three lists are emptied. */
export function checkClosed(state: CalcEditState): Edit {
  return {
    checkOpen: false,
    form: {
      ...state.form,
      calc_employee_position_id: [],
      calc_resource_type_id: [],
      calc_resource_id: [],
    },
  };
}

/** A list of the check block set, each id once. */
export function checkSet(state: CalcEditState, event: EditEvent<'CHECK.SET'>): Edit {
  return {
    form: { ...state.form, [event.field]: [...new Set(event.ids)] },
    errors: withoutErrors(state.errors, event.field),
  };
}
