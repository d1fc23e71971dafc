/**
 * The coefficient panel of a saved calculation (spec 3 "Planning coefficients"): the user types the absence
 * coefficient and the extra employees; after a typing pause the figures are asked again. An input the server would
 * refuse is refused here, under the input, and nothing is asked until it is corrected.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { type CoeffQuery, loadCoeff } from '../app/shift-schedules/coeff/api.ts';
import { ADD_EMP_MAX, type Coeff, isAbsenceCoeff, PLANNING_CALC_MESSAGES } from '../shared/planning-calc.ts';

export interface CoeffPanelContext {
  calcId: number;
  /** What the user typed, as typed ('' is 0). */
  absence: string;
  added: string;
  coeff: Coeff | null;
  /** Per input, why it is refused. */
  fields: { absence_coeff?: string; add_emp_count?: string };
  message: string | null;
}

export type CoeffPanelEvent =
  | { type: 'ABSENCE.CHANGE'; value: string }
  | { type: 'ADDED.CHANGE'; value: string }
  | { type: 'LOAD.RETRY' };

/** The absence coefficient typed, or null when refused: '' → 0, '12,5' → 12.5. */
export function readAbsence(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return isAbsenceCoeff(value) ? value : null;
}

/** The extra employees typed, or null when refused: '' → 0, '3' → 3. */
export function readAdded(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= ADD_EMP_MAX ? value : null;
}

function fieldsOf(context: Pick<CoeffPanelContext, 'absence' | 'added'>): CoeffPanelContext['fields'] {
  return {
    ...(readAbsence(context.absence) === null ? { absence_coeff: PLANNING_CALC_MESSAGES.absenceCoeff } : {}),
    ...(readAdded(context.added) === null ? { add_emp_count: PLANNING_CALC_MESSAGES.addEmpCount } : {}),
  };
}

/** Pause after the last keystroke before the figures are asked again. */
const TYPING_PAUSE = 400;

export const coeffPanelMachine = setup({
  types: {
    context: {} as CoeffPanelContext,
    events: {} as CoeffPanelEvent,
    input: {} as { calcId: number },
  },
  actors: {
    loadCoeff: fromPromise<Coeff, CoeffQuery>(({ input, signal }) => loadCoeff(input, signal)),
  },
  guards: {
    'areInputsValid?': ({ context }) => Object.keys(fieldsOf(context)).length === 0,
  },
  actions: {
    setAbsence: assign(({ context, event }) => {
      assertEvent(event, 'ABSENCE.CHANGE');
      return { absence: event.value, fields: fieldsOf({ ...context, absence: event.value }) };
    }),
    setAdded: assign(({ context, event }) => {
      assertEvent(event, 'ADDED.CHANGE');
      return { added: event.value, fields: fieldsOf({ ...context, added: event.value }) };
    }),
    storeCoeff: assign((_, coeff: Coeff) => ({ coeff, message: null })),
    storeError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return {
        message: failure.message,
        fields: {
          absence_coeff: failure.fields.absence_coeff?.[0],
          add_emp_count: failure.fields.add_emp_count?.[0],
        },
      };
    }),
  },
}).createMachine({
  id: 'coeffPanel',
  context: ({ input }) => ({
    calcId: input.calcId,
    absence: '',
    added: '',
    coeff: null,
    fields: {},
    message: null,
  }),
  initial: 'loading',
  on: {
    'ABSENCE.CHANGE': { target: '.waiting', reenter: true, actions: 'setAbsence' },
    'ADDED.CHANGE': { target: '.waiting', reenter: true, actions: 'setAdded' },
  },
  states: {
    waiting: {
      after: { [TYPING_PAUSE]: [{ guard: 'areInputsValid?', target: 'loading' }, { target: 'idle' }] },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCoeff',
        input: ({ context }) => ({
          calcId: context.calcId,
          absenceCoeff: readAbsence(context.absence) ?? 0,
          addEmpCount: readAdded(context.added) ?? 0,
        }),
        onDone: { target: 'idle', actions: { type: 'storeCoeff', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    idle: {},
    failed: { on: { 'LOAD.RETRY': 'loading' } },
  },
});
