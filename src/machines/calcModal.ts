import {
  and,
  assertEvent,
  assign,
  type ErrorActorEvent,
  emit,
  fromPromise,
  not,
  raise,
  setup,
  stateIn,
} from 'xstate';
import { type FieldErrors, parseApiError } from '../app/api/errors.ts';
import {
  type CalcReferences,
  createCalc,
  evaluateCalc,
  getCalc,
  type JobOptions,
  loadJobOptions,
  loadReferences,
  updateCalc,
} from '../app/tariff-calc/api.ts';
import { MESSAGES } from '../shared/messages.ts';
import {
  CALC_SOURCE,
  type Calc,
  type CalcEvaluation,
  type CalcForm,
  calcToForm,
  emptyCalcForm,
  NO_ROUNDING_ID,
} from '../shared/tariff-calc.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import {
  type CalcSource,
  type CalcTypeId,
  type CheckField,
  calcFormErrors,
  calcPayload,
  EMPTY_ENTRY,
  hasChecks,
  type JobEntry,
  jobsOfForm,
  pruneChecks,
  withCalcType,
  withEntry,
  withJobs,
  withoutErrors,
  withRounding,
  withSource,
} from './calcForm.ts';

/** Fields set as they are, with nothing else depending on them. */
export type PlainField =
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
export type ServiceField = 'name_ru' | 'name_en' | 'id_1c';

interface EvaluationState {
  flightAid: number | null;
  result: CalcEvaluation | null;
  message: string | null;
}

export interface CalcModalContext {
  refs: CalcReferences;
  /** The calc an edit asked for; one asked while the reference lists load is read once they are in. */
  editId: number | null;
  form: CalcForm;
  /** The job selection; Operations and Indicators entries follow it, Duration entries choose from it. */
  jobs: number[];
  checkOpen: boolean;
  /** Options of the chosen jobs: the check block's lists and the indicators. */
  options: JobOptions;
  /** Messages under the controls, keyed by payload path: the shared rules before sending, the server's after. */
  errors: FieldErrors;
  /** A failed save's message, for the line above the buttons. */
  message: string | null;
  evaluation: EvaluationState;
}

export type CalcModalEvent =
  | { type: 'CALC.ADD' }
  | { type: 'CALC.EDIT'; id: number }
  | { type: 'REFERENCES.RETRY' }
  | { type: 'CALC.CLOSE' }
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
  | { type: 'CHECK.SET'; field: CheckField; ids: number[] }
  | { type: 'CHECK.LOAD' }
  | { type: 'FORM.SUBMIT' }
  | { type: 'EVALUATION.FLIGHT'; flightAid: number | null }
  | { type: 'EVALUATION.RUN' };

export type CalcModalEmitted = { type: 'CALC.SAVED' };

const NO_REFS: CalcReferences = {
  calcTypes: [],
  formats: [],
  roundings: [],
  medServices: [],
  vipServices: [],
  services: [],
  jobs: [],
};
const NO_OPTIONS: JobOptions = { positions: [], resourceTypes: [], resources: [], indicators: [] };
const NO_EVALUATION: EvaluationState = { flightAid: null, result: null, message: null };

const freshForm = (refs: CalcReferences) =>
  emptyCalcForm(refs.formats[0]?.id ?? null, refs.roundings[0]?.id ?? null);

/** The payload path of a plain field's messages. */
const errorPath = (field: PlainField | ServiceField) =>
  (['name_ru', 'name_en', 'id_1c'] as string[]).includes(field) ? `service.${field}` : field;

/** What the form and job regions do while the form may be edited (editing and after a failed save). */
const EDIT_HANDLERS = {
  'CALC.CLOSE': { target: '#calcModal.closed', actions: 'resetForm' },
  'SERVICE.CHANGE': { actions: 'changeService' },
  'SERVICE.PICK': { actions: 'pickService' },
  'FIELD.SET': { actions: 'setField' },
  'SOURCE.SET': { actions: ['setSource', 'reloadJobOptions'] },
  'CALC_TYPE.SET': { actions: 'setCalcType' },
  'ROUNDING.SET': { actions: 'setRounding' },
  'JOBS.SET': { actions: ['setJobs', 'reloadJobOptions'] },
  'ENTRY.ADD': { guard: 'isDuration?', actions: 'addEntry' },
  'ENTRY.REMOVE': { actions: 'removeEntry' },
  'ENTRY.CHANGE': { actions: 'changeEntry' },
  'CHECK.OPEN': [{ guard: 'hasJobs?', actions: 'openCheck' }, { actions: 'requireJobs' }],
  'CHECK.CLOSE': { actions: 'closeCheck' },
  'CHECK.SET': { actions: 'setCheck' },
  'FORM.SUBMIT': { target: 'validating' },
} as const;

export const calcModalMachine = setup({
  types: {
    context: {} as CalcModalContext,
    events: {} as CalcModalEvent,
    emitted: {} as CalcModalEmitted,
  },
  actors: {
    loadReferences: fromPromise<CalcReferences>(() => loadReferences()),
    loadCalc: fromPromise<Calc, number>(({ input }) => getCalc(input)),
    loadJobOptions: fromPromise<JobOptions, number[]>(({ input }) => loadJobOptions(input)),
    saveCalc: fromPromise<Calc, CalcForm>(({ input }) => {
      const payload = calcPayload(input);
      return payload.kind === 'create' ? createCalc(payload.body) : updateCalc(payload.body);
    }),
    evaluateCalc: fromPromise<CalcEvaluation, { id: number; flightAid: number }>(({ input }) =>
      evaluateCalc(input.id, input.flightAid),
    ),
  },
  guards: {
    'isValid?': ({ context }) => Object.keys(calcFormErrors(context.form, context.jobs)).length === 0,
    'isEditAsked?': ({ context }) => context.editId !== null,
    'isDuration?': ({ context }) =>
      context.form.calcSourceType === CALC_SOURCE.job && context.form.calc_type_id === 1,
    'hasJobs?': ({ context }) => context.jobs.length > 0,
    'isSaved?': ({ context }) => context.form.id !== null,
    'hasFlight?': ({ context }) => context.evaluation.flightAid !== null,
  },
  actions: {
    storeReferences: assign((_, refs: CalcReferences) => ({ refs, form: freshForm(refs) })),
    alertFailure: (_, error: unknown) => showAlert(parseApiError(error).message, 'Danger'),
    rememberEdit: assign(({ event }) => {
      assertEvent(event, 'CALC.EDIT');
      return { editId: event.id };
    }),
    forgetEdit: assign({ editId: null }),
    resetForm: assign(({ context }) => ({
      form: freshForm(context.refs),
      jobs: [],
      checkOpen: false,
      options: NO_OPTIONS,
      errors: {},
      message: null,
      evaluation: NO_EVALUATION,
    })),
    loadForm: assign((_, calc: Calc) => {
      const form = calcToForm(calc);
      const jobs = jobsOfForm(form);
      return { form, jobs, checkOpen: hasChecks(form) && jobs.length > 0 };
    }),
    changeService: assign(({ context, event }) => {
      assertEvent(event, 'SERVICE.CHANGE');
      const service = { ...context.form.service, [event.field]: event.value } as CalcForm['service'];
      return {
        form: { ...context.form, service },
        errors: withoutErrors(context.errors, errorPath(event.field)),
      };
    }),
    pickService: assign(({ context, event }) => {
      assertEvent(event, 'SERVICE.PICK');
      const { name_ru, name_en, id_1c } = event.service;
      return {
        form: { ...context.form, service: { name_ru, name_en, id_1c } },
        errors: withoutErrors(context.errors, 'service'),
      };
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.SET');
      if (event.field === 'accuracy' && context.form.rounding_id === NO_ROUNDING_ID) return {};
      return {
        form: { ...context.form, [event.field]: event.value } as CalcForm,
        errors: withoutErrors(context.errors, errorPath(event.field)),
      };
    }),
    setSource: assign(({ context, event }) => {
      assertEvent(event, 'SOURCE.SET');
      return {
        form: withSource(context.form, event.source),
        jobs: [],
        checkOpen: false,
        errors: withoutErrors(
          context.errors,
          'calcSourceType',
          'calc_type_id',
          'calcJob',
          'calcMedService',
          'calcVipService',
        ),
      };
    }),
    setCalcType: assign(({ context, event }) => {
      assertEvent(event, 'CALC_TYPE.SET');
      if (context.form.calcSourceType !== null && context.form.calcSourceType !== CALC_SOURCE.job) return {};
      return {
        form: withCalcType(context.form, event.calcType, context.jobs),
        errors: withoutErrors(context.errors, 'calc_type_id', 'calcJob'),
      };
    }),
    setRounding: assign(({ context, event }) => {
      assertEvent(event, 'ROUNDING.SET');
      return {
        form: withRounding(context.form, event.roundingId),
        errors: withoutErrors(context.errors, 'rounding_id', 'accuracy'),
      };
    }),
    setJobs: assign(({ context, event }) => {
      assertEvent(event, 'JOBS.SET');
      const jobs = [...new Set(event.jobs)];
      return {
        jobs,
        form: withJobs(context.form, jobs),
        checkOpen: context.checkOpen && jobs.length > 0,
        errors: withoutErrors(context.errors, 'calcJob'),
      };
    }),
    reloadJobOptions: raise({ type: 'CHECK.LOAD' }),
    addEntry: assign(({ context }) => ({
      form: { ...context.form, calcJob: [...(context.form.calcJob ?? []), EMPTY_ENTRY] },
    })),
    removeEntry: assign(({ context, event }) => {
      assertEvent(event, 'ENTRY.REMOVE');
      const entries = (context.form.calcJob ?? []).filter((_, index) => index !== event.index);
      return {
        form: { ...context.form, calcJob: entries },
        errors: withoutErrors(context.errors, 'calcJob'),
      };
    }),
    changeEntry: assign(({ context, event }) => {
      assertEvent(event, 'ENTRY.CHANGE');
      return {
        form: withEntry(context.form, event.index, event.patch),
        // Duplicates and needChange are judged across entries, so every entry's messages go.
        errors: withoutErrors(context.errors, 'calcJob'),
      };
    }),
    openCheck: assign({ checkOpen: true }),
    requireJobs: assign(({ context }) => ({ errors: { ...context.errors, calcJob: [MESSAGES.required] } })),
    closeCheck: assign(({ context }) => ({
      checkOpen: false,
      form: {
        ...context.form,
        calc_employee_position_id: [],
        calc_resource_type_id: [],
        calc_resource_id: [],
      },
    })),
    setCheck: assign(({ context, event }) => {
      assertEvent(event, 'CHECK.SET');
      return {
        form: { ...context.form, [event.field]: [...new Set(event.ids)] },
        errors: withoutErrors(context.errors, event.field),
      };
    }),
    storeOptions: assign(({ context }, options: JobOptions) => ({
      options,
      form: pruneChecks(context.form, options),
    })),
    storeValidationErrors: assign(({ context }) => ({
      errors: calcFormErrors(context.form, context.jobs),
      message: null,
    })),
    clearErrors: assign({ errors: {}, message: null }),
    storeFailure: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { errors: failure.fields, message: failure.message };
    }),
    announceSaved: emit({ type: 'CALC.SAVED' }),
    setFlight: assign(({ event }) => {
      assertEvent(event, 'EVALUATION.FLIGHT');
      return { evaluation: { ...NO_EVALUATION, flightAid: event.flightAid } };
    }),
    storeEvaluation: assign(({ context }, result: CalcEvaluation) => ({
      evaluation: { ...context.evaluation, result, message: null },
    })),
    storeEvaluationFailure: assign(({ context }, error: unknown) => ({
      evaluation: { ...context.evaluation, result: null, message: parseApiError(error).message },
    })),
  },
}).createMachine({
  id: 'calcModal',
  context: {
    refs: NO_REFS,
    editId: null,
    form: freshForm(NO_REFS),
    jobs: [],
    checkOpen: false,
    options: NO_OPTIONS,
    errors: {},
    message: null,
    evaluation: NO_EVALUATION,
  },
  initial: 'loadingReferences',
  states: {
    // The modal never opens on empty lists: an edit asked meanwhile waits for them, «Добавить расчёт» is off.
    loadingReferences: {
      tags: ['loadingReferences'],
      on: { 'CALC.EDIT': { actions: 'rememberEdit' } },
      invoke: {
        src: 'loadReferences',
        onDone: [
          {
            guard: 'isEditAsked?',
            target: 'loadingCalc',
            actions: { type: 'storeReferences', params: ({ event }) => event.output },
          },
          { target: 'closed', actions: { type: 'storeReferences', params: ({ event }) => event.output } },
        ],
        onError: { target: 'referencesFailed' },
      },
    },
    // The screen's notice offers «Повторить»; an edit asked here is a retry too, opening once the lists are in.
    referencesFailed: {
      tags: ['referencesFailed'],
      on: {
        'REFERENCES.RETRY': { target: 'loadingReferences' },
        'CALC.EDIT': { target: 'loadingReferences', actions: 'rememberEdit' },
      },
    },
    closed: {
      on: {
        'CALC.ADD': { target: 'open', actions: 'resetForm' },
        'CALC.EDIT': { target: 'loadingCalc', actions: ['resetForm', 'rememberEdit'] },
      },
    },
    loadingCalc: {
      tags: ['loadingCalc'],
      exit: 'forgetEdit',
      invoke: {
        src: 'loadCalc',
        input: ({ context }) => context.editId ?? 0,
        onDone: { target: 'open', actions: { type: 'loadForm', params: ({ event }) => event.output } },
        onError: {
          target: 'closed',
          actions: { type: 'alertFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    open: {
      type: 'parallel',
      tags: ['open'],
      entry: 'reloadJobOptions',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: { on: EDIT_HANDLERS },
            validating: {
              always: [
                { guard: 'isValid?', target: 'saving', actions: 'clearErrors' },
                { target: 'editing', actions: 'storeValidationErrors' },
              ],
            },
            saving: {
              tags: ['saving'],
              invoke: {
                src: 'saveCalc',
                input: ({ context }) => context.form,
                onDone: { target: '#calcModal.closed', actions: ['resetForm', 'announceSaved'] },
                onError: {
                  target: 'failure',
                  actions: {
                    type: 'storeFailure',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
            failure: { on: EDIT_HANDLERS },
          },
        },
        jobOptions: {
          initial: 'idle',
          on: { 'CHECK.LOAD': { target: '.loading', reenter: true } },
          states: {
            idle: {},
            loading: {
              tags: ['loadingOptions'],
              invoke: {
                src: 'loadJobOptions',
                input: ({ context }) => context.jobs,
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeOptions', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'alertFailure',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
          },
        },
        evaluation: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'EVALUATION.FLIGHT': { actions: 'setFlight' },
                'EVALUATION.RUN': {
                  guard: and(['isSaved?', 'hasFlight?', not(stateIn({ open: { form: 'saving' } }))]),
                  target: 'evaluating',
                },
              },
            },
            evaluating: {
              tags: ['evaluating'],
              invoke: {
                src: 'evaluateCalc',
                input: ({ context }) => ({
                  id: context.form.id ?? 0,
                  flightAid: context.evaluation.flightAid ?? 0,
                }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeEvaluation', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'storeEvaluationFailure',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
