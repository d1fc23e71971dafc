/**
 * The tariff calc modal: the reference lists read before it may open, a calc added or read by id for editing, the
 * form's edits (what each one does is `calcModalEdits.ts`), the shared rules' check and the save, the options of
 * the chosen jobs, and the evaluation of a saved calc on a flight. Deleting from a row is `calcModalDelete.ts`; the
 * context, events and empty values are `calcModalTypes.ts`.
 */
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
import { parseApiError } from '../app/api/errors.ts';
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
import {
  CALC_SOURCE,
  type Calc,
  type CalcEvaluation,
  type CalcForm,
  calcToForm,
} from '../shared/tariff-calc.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';
import { calcFormErrors, calcPayload, hasChecks, jobsOfForm, pruneChecks } from './calcForm.ts';
import {
  calcTypeSet,
  checkClosed,
  checkSet,
  entryAdded,
  entryChanged,
  entryRemoved,
  fieldSet,
  jobsRequired,
  jobsSet,
  roundingSet,
  serviceChanged,
  servicePicked,
  sourceSet,
} from './calcModalEdits.ts';
import {
  type CalcModalContext,
  type CalcModalEmitted,
  type CalcModalEvent,
  freshForm,
  NO_EVALUATION,
  NO_OPTIONS,
  NO_REFS,
} from './calcModalTypes.ts';

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
    storeReferences: assign((_, refs: CalcReferences) => {
      const form = freshForm(refs);
      return { refs, form, pristine: { form, jobs: [] } };
    }),
    alertFailure: (_, error: unknown) => showAlert(parseApiError(error).message, 'Danger'),
    rememberEdit: assign(({ event }) => {
      assertEvent(event, 'CALC.EDIT');
      return { editId: event.id };
    }),
    forgetEdit: assign({ editId: null }),
    resetForm: assign(({ context }) => ({
      form: freshForm(context.refs),
      pristine: { form: freshForm(context.refs), jobs: [] },
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
      return { form, jobs, pristine: { form, jobs }, checkOpen: hasChecks(form) && jobs.length > 0 };
    }),
    changeService: assign(({ context, event }) => {
      assertEvent(event, 'SERVICE.CHANGE');
      return serviceChanged(context, event);
    }),
    pickService: assign(({ context, event }) => {
      assertEvent(event, 'SERVICE.PICK');
      return servicePicked(context, event);
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.SET');
      return fieldSet(context, event);
    }),
    setSource: assign(({ context, event }) => {
      assertEvent(event, 'SOURCE.SET');
      return sourceSet(context, event);
    }),
    setCalcType: assign(({ context, event }) => {
      assertEvent(event, 'CALC_TYPE.SET');
      return calcTypeSet(context, event);
    }),
    setRounding: assign(({ context, event }) => {
      assertEvent(event, 'ROUNDING.SET');
      return roundingSet(context, event);
    }),
    setJobs: assign(({ context, event }) => {
      assertEvent(event, 'JOBS.SET');
      return jobsSet(context, event);
    }),
    reloadJobOptions: raise({ type: 'CHECK.LOAD' }),
    addEntry: assign(({ context }) => entryAdded(context)),
    removeEntry: assign(({ context, event }) => {
      assertEvent(event, 'ENTRY.REMOVE');
      return entryRemoved(context, event);
    }),
    changeEntry: assign(({ context, event }) => {
      assertEvent(event, 'ENTRY.CHANGE');
      return entryChanged(context, event);
    }),
    openCheck: assign({ checkOpen: true }),
    requireJobs: assign(({ context }) => jobsRequired(context)),
    closeCheck: assign(({ context }) => checkClosed(context)),
    setCheck: assign(({ context, event }) => {
      assertEvent(event, 'CHECK.SET');
      return checkSet(context, event);
    }),
    // The checks the options no longer offer go from the form as opened too: the pruning is not the user's input.
    storeOptions: assign(({ context }, options: JobOptions) => ({
      options,
      form: pruneChecks(context.form, options),
      pristine: { ...context.pristine, form: pruneChecks(context.pristine.form, options) },
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
    pristine: { form: freshForm(NO_REFS), jobs: [] },
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
