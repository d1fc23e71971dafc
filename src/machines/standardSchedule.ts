/**
 * The standard schedule form of the staff-planning screen (spec 3, 4, 5, 7, 8; issue 15). It opens with the
 * screen's period and filters; the four limited fields accept positive whole numbers or empty and show the shared
 * schema's messages ('Максимальное значение 100%', '… 7', '… 52'); the working shifts offered follow the period's
 * first day. 'Предпросмотр' asks the schedule without saving it; 'Создать' saves it and opens /shift-schedules/{id}.
 * An empty result raises the alert 'Ошибка при расчете графиков сменности' and leaves the reason under the positions
 * (the alert goes after a few seconds); the server's field errors land under their controls. Tags: `open`, `loadingShifts`, `previewing`, `creating`, `busy` (either of the two).
 */
import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import {
  createStandardSchedule,
  loadWorkingShifts,
  previewStandardSchedule,
} from '../app/shift-schedules/api.ts';
import { MESSAGES, type z } from '../shared/messages.ts';
import type { workingShiftsSchema } from '../shared/planning-demand.ts';
import {
  SCHEDULE_EMPTY_MESSAGE,
  SCHEDULE_EMPTY_REASON,
  type ShiftScheduleResult,
  type StandardScheduleCreate,
  standardScheduleCreateSchema,
} from '../shared/shift-schedules.ts';
import { showAlert } from '../widgets/Alert/alertStore.ts';

type WorkingShift = z.infer<typeof workingShiftsSchema>[number];

/** The limited number fields, typed as text (spec 5). */
const LIMITED_FIELDS = [
  'interval_repeat_in_period',
  'deviation_in_period',
  'interval_repeat_in_week',
  'deviation_in_week',
] as const;
export type LimitedField = (typeof LIMITED_FIELDS)[number];

/** The list fields, each a multi-select of ids. */
export type ListField = 'positions' | 'flightSchedule' | 'flightStatus' | 'flightType' | 'workingShifts';

export interface StandardScheduleForm extends Record<LimitedField, string> {
  /** 'YYYY-MM-DD HH:mm' wall clock, as the screen's range. */
  range: { from: string; to: string };
  positions: number[];
  flightSchedule: number[];
  flightStatus: number[];
  flightType: number[];
  workingShifts: number[];
  name: string;
}

/** What the screen hands the form when it opens: its range and filters. */
export type StandardScheduleDefaults = Pick<
  StandardScheduleForm,
  'range' | 'positions' | 'flightSchedule' | 'flightStatus' | 'flightType' | 'workingShifts'
>;

export interface StandardScheduleContext {
  form: StandardScheduleForm;
  /**
   * The form as it opened, with the shifts the loaded list chose or pruned as in `form` (not the user's input):
   * closing asks first once `form` differs from it (`hasUnsavedForm`).
   */
  pristine: StandardScheduleForm;
  /** Messages under the controls, keyed by the wire names (`begin`, `interval_repeat_in_week`, …). */
  errors: FieldErrors;
  /** The last failure's text when no control shows it. */
  message: string | null;
  workingShifts: WorkingShift[];
  /**
   * The screen chose no shift (its "all"): the form then chooses every shift in force, again when the first day
   * changes, until the user picks shifts themselves.
   */
  allShifts: boolean;
  preview: ShiftScheduleResult | null;
}

export type StandardScheduleEvent =
  | { type: 'FORM.OPEN'; defaults: StandardScheduleDefaults }
  | { type: 'FORM.CLOSE' }
  | { type: 'RANGE.SET'; range: StandardScheduleForm['range'] }
  | { type: 'LIMIT.SET'; field: LimitedField; value: string }
  | { type: 'LIST.SET'; field: ListField; ids: number[] }
  | { type: 'NAME.SET'; name: string }
  | { type: 'FORM.PREVIEW' }
  | { type: 'FORM.SUBMIT' }
  | { type: 'SHIFTS.RETRY' };

/** The form field each wire field's message shows under. */
const FIELD_OF_WIRE: Record<string, string> = {
  end: 'begin',
  employee_position_id: 'employee_position_ids',
};

/** A form with nothing typed, for the closed state. */
export function emptyForm(defaults?: StandardScheduleDefaults): StandardScheduleForm {
  return {
    range: defaults?.range ?? { from: '', to: '' },
    interval_repeat_in_period: '',
    deviation_in_period: '',
    interval_repeat_in_week: '',
    deviation_in_week: '',
    positions: [...(defaults?.positions ?? [])],
    flightSchedule: [...(defaults?.flightSchedule ?? [])],
    flightStatus: [...(defaults?.flightStatus ?? [])],
    flightType: [...(defaults?.flightType ?? [])],
    workingShifts: [...(defaults?.workingShifts ?? [])],
    name: '',
  };
}

/**
 * The body of `POST /planning/standard/create` (and the preview's query) of the form.
 * Example: range 2026-03-02 00:00 – 2026-03-08 23:59 → begin '2026-03-02 00:00:00', end '2026-03-08 23:59:00'.
 */
export function requestOf(form: StandardScheduleForm): StandardScheduleCreate {
  const request: StandardScheduleCreate = {
    begin: `${form.range.from}:00`,
    end: `${form.range.to}:00`,
    employee_position_ids: [...form.positions],
    flight_schedule: [...form.flightSchedule],
    flight_status: [...form.flightStatus],
    flight_type: [...form.flightType],
    working_shift: [...form.workingShifts],
  };
  for (const field of LIMITED_FIELDS) if (form[field].trim() !== '') request[field] = form[field].trim();
  if (form.name.trim()) request.name = form.name.trim();
  return request;
}

/** Moves messages keyed by wire names the form has no control for onto the control that shows them. */
function onControls(fields: FieldErrors): FieldErrors {
  const moved: FieldErrors = {};
  for (const [key, messages] of Object.entries(fields)) {
    const target = FIELD_OF_WIRE[key] ?? key.replace(/\.\d+$/, '');
    moved[target] = [...(moved[target] ?? []), ...messages];
  }
  return moved;
}

/**
 * The shared schema's messages for the form, by control, and the two lists the server requires (positions and
 * working shifts); empty when it may be sent.
 */
export function checkForm(form: StandardScheduleForm): FieldErrors {
  const parsed = standardScheduleCreateSchema.safeParse(requestOf(form));
  const errors = parsed.success ? {} : onControls(zodFieldErrors(parsed.error));
  if (form.positions.length === 0) errors.employee_position_ids = [MESSAGES.required];
  if (form.workingShifts.length === 0) errors.working_shift = [MESSAGES.required];
  return errors;
}

/** Whether an answer has nothing to show: no position, or no demand in any slot of any position. */
function isEmptyResult(result: ShiftScheduleResult): boolean {
  return result.positions.every((position) => position.demand.every((value) => value === 0));
}

const without = (errors: FieldErrors, ...keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !keys.includes(key)));

const failureOf = (event: unknown) => parseApiError((event as ErrorActorEvent).error);

export const standardScheduleMachine = setup({
  types: { context: {} as StandardScheduleContext, events: {} as StandardScheduleEvent },
  actors: {
    loadWorkingShifts: fromPromise<WorkingShift[], string>(({ input, signal }) =>
      loadWorkingShifts(input, signal),
    ),
    previewSchedule: fromPromise<ShiftScheduleResult, StandardScheduleCreate>(({ input, signal }) =>
      previewStandardSchedule(input, signal),
    ),
    createSchedule: fromPromise<number, StandardScheduleCreate>(({ input, signal }) =>
      createStandardSchedule(input, signal),
    ),
  },
  guards: {
    'isValid?': ({ context }) => Object.keys(checkForm(context.form)).length === 0,
    'isEmpty?': ({ event }) =>
      isEmptyResult((event as unknown as DoneActorEvent<ShiftScheduleResult>).output),
    'isEmptyFailure?': ({ event }) => failureOf(event).message === SCHEDULE_EMPTY_MESSAGE,
    'beginChanged?': ({ context, event }) => {
      assertEvent(event, 'RANGE.SET');
      return event.range.from.slice(0, 10) !== context.form.range.from.slice(0, 10);
    },
  },
  actions: {
    openForm: assign(({ event }) => {
      assertEvent(event, 'FORM.OPEN');
      const form = emptyForm(event.defaults);
      return {
        form,
        pristine: form,
        errors: {},
        message: null,
        preview: null,
        allShifts: event.defaults.workingShifts.length === 0,
      };
    }),
    setRange: assign(({ context, event }) => {
      assertEvent(event, 'RANGE.SET');
      return {
        form: { ...context.form, range: event.range },
        errors: without(context.errors, 'begin'),
        preview: null,
      };
    }),
    setLimit: assign(({ context, event }) => {
      assertEvent(event, 'LIMIT.SET');
      const form = { ...context.form, [event.field]: event.value };
      // The field's own message follows what is typed at once; the others wait for the next check.
      const own = checkForm(form)[event.field];
      const errors = without(context.errors, event.field);
      return { form, errors: own ? { ...errors, [event.field]: own } : errors, preview: null };
    }),
    setList: assign(({ context, event }) => {
      assertEvent(event, 'LIST.SET');
      const wire: Record<ListField, string> = {
        positions: 'employee_position_ids',
        flightSchedule: 'flight_schedule',
        flightStatus: 'flight_status',
        flightType: 'flight_type',
        workingShifts: 'working_shift',
      };
      return {
        form: { ...context.form, [event.field]: [...event.ids] },
        errors: without(context.errors, wire[event.field]),
        preview: null,
        allShifts: event.field === 'workingShifts' ? false : context.allShifts,
      };
    }),
    setName: assign(({ context, event }) => {
      assertEvent(event, 'NAME.SET');
      return { form: { ...context.form, name: event.name }, errors: without(context.errors, 'name') };
    }),
    storeCheck: assign(({ context }) => ({ errors: checkForm(context.form), message: null })),
    clearFailure: assign({ message: null, errors: {} }),
    storeShifts: assign(({ context }, shifts: WorkingShift[]) => {
      // A chosen shift not in force from the new first day cannot be sent.
      const inForce = (form: StandardScheduleForm): StandardScheduleForm => ({
        ...form,
        workingShifts: context.allShifts
          ? shifts.map((s) => s.id)
          : form.workingShifts.filter((id) => shifts.some((s) => s.id === id)),
      });
      return { workingShifts: shifts, form: inForce(context.form), pristine: inForce(context.pristine) };
    }),
    storePreview: assign((_, preview: ShiftScheduleResult) => ({ preview })),
    storeFailure: assign(({ event }) => {
      const failure = failureOf(event);
      const errors = onControls(failure.fields);
      return { errors, message: Object.keys(errors).length ? null : failure.message };
    }),
    announceEmpty: () => showAlert(SCHEDULE_EMPTY_MESSAGE, 'Danger'),
    explainEmpty: assign({ errors: { employee_position_ids: [SCHEDULE_EMPTY_REASON] }, message: null }),
    /** The screen provides this: it navigates to /shift-schedules/{id}. */
    openSchedule: (_, _id: number) => undefined,
  },
}).createMachine({
  id: 'standardSchedule',
  initial: 'closed',
  context: {
    form: emptyForm(),
    pristine: emptyForm(),
    errors: {},
    message: null,
    workingShifts: [],
    allShifts: false,
    preview: null,
  },
  states: {
    closed: {
      on: { 'FORM.OPEN': { target: 'open', actions: 'openForm' } },
    },
    open: {
      type: 'parallel',
      tags: ['open'],
      on: {
        'LIMIT.SET': { actions: 'setLimit' },
        'LIST.SET': { actions: 'setList' },
        'NAME.SET': { actions: 'setName' },
      },
      states: {
        shifts: {
          initial: 'loading',
          on: {
            'RANGE.SET': [
              { guard: 'beginChanged?', target: '.loading', reenter: true, actions: 'setRange' },
              { actions: 'setRange' },
            ],
          },
          states: {
            loading: {
              tags: ['loadingShifts'],
              invoke: {
                src: 'loadWorkingShifts',
                input: ({ context }) => `${context.form.range.from.slice(0, 10)} 00:00:00`,
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'storeShifts',
                    params: ({ event }: { event: DoneActorEvent<WorkingShift[]> }) => event.output,
                  },
                },
                onError: 'failed',
              },
            },
            ready: {},
            failed: { on: { 'SHIFTS.RETRY': 'loading' } },
          },
        },
        work: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'FORM.CLOSE': '#standardSchedule.closed',
                'FORM.PREVIEW': [
                  { guard: 'isValid?', target: 'previewing', actions: 'clearFailure' },
                  { actions: 'storeCheck' },
                ],
                'FORM.SUBMIT': [
                  { guard: 'isValid?', target: 'creating', actions: 'clearFailure' },
                  { actions: 'storeCheck' },
                ],
              },
            },
            previewing: {
              tags: ['previewing', 'busy'],
              on: {
                'FORM.CLOSE': '#standardSchedule.closed',
                // The inputs changed under the running preview: its answer is not theirs.
                'RANGE.SET': 'editing',
                'LIMIT.SET': 'editing',
                'LIST.SET': 'editing',
              },
              invoke: {
                src: 'previewSchedule',
                input: ({ context }) => requestOf(context.form),
                onDone: [
                  { guard: 'isEmpty?', target: 'editing', actions: ['announceEmpty', 'explainEmpty'] },
                  {
                    target: 'editing',
                    actions: {
                      type: 'storePreview',
                      params: ({ event }: { event: DoneActorEvent<ShiftScheduleResult> }) => event.output,
                    },
                  },
                ],
                onError: [
                  { guard: 'isEmptyFailure?', target: 'editing', actions: ['announceEmpty', 'explainEmpty'] },
                  { target: 'editing', actions: 'storeFailure' },
                ],
              },
            },
            creating: {
              tags: ['creating', 'busy'],
              invoke: {
                src: 'createSchedule',
                input: ({ context }) => requestOf(context.form),
                onDone: {
                  target: '#standardSchedule.closed',
                  actions: {
                    type: 'openSchedule',
                    params: ({ event }: { event: DoneActorEvent<number> }) => event.output,
                  },
                },
                onError: [
                  { guard: 'isEmptyFailure?', target: 'editing', actions: ['announceEmpty', 'explainEmpty'] },
                  { target: 'editing', actions: 'storeFailure' },
                ],
              },
            },
          },
        },
      },
    },
  },
});
