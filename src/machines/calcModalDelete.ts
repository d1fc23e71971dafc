import { assertEvent, assign, type ErrorActorEvent, emit, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { deleteCalc } from '../app/tariff-calc/api.ts';

/** The calc a delete is about: its id and the service name the confirmation quotes. */
interface CalcToDelete {
  id: number;
  name: string;
}

export interface CalcDeleteContext {
  calc: CalcToDelete | null;
  /** The server's message of a failed delete, shown in the 420 px error popup (spec 4.5, 8). */
  message: string | null;
}

export type CalcDeleteEvent =
  | { type: 'DELETE.ASK'; calc: CalcToDelete }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'POPUP.CLOSE' };

/** Tells the grid to reload: after a delete, and when the error popup closes (spec 4.5). */
export type CalcDeleteEmitted = { type: 'GRID.REFRESH' };

/** Deleting a calc from its row: asked, confirmed, sent; a refusal (409) opens the error popup. */
export const calcDeleteMachine = setup({
  types: {
    context: {} as CalcDeleteContext,
    events: {} as CalcDeleteEvent,
    emitted: {} as CalcDeleteEmitted,
  },
  actors: {
    deleteCalc: fromPromise<void, number>(({ input }) => deleteCalc(input)),
  },
  actions: {
    storeCalc: assign(({ event }) => {
      assertEvent(event, 'DELETE.ASK');
      return { calc: event.calc, message: null };
    }),
    clear: assign({ calc: null, message: null }),
    storeFailure: assign((_, error: unknown) => ({ message: parseApiError(error).message })),
    refreshGrid: emit({ type: 'GRID.REFRESH' }),
  },
}).createMachine({
  id: 'calcDelete',
  context: { calc: null, message: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'DELETE.ASK': { target: 'confirming', actions: 'storeCalc' } },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'DELETE.CONFIRM': { target: 'deleting' },
        'DELETE.CANCEL': { target: 'idle', actions: 'clear' },
      },
    },
    deleting: {
      tags: ['confirming', 'deleting'],
      invoke: {
        src: 'deleteCalc',
        input: ({ context }) => context.calc?.id ?? 0,
        onDone: { target: 'idle', actions: ['clear', 'refreshGrid'] },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'POPUP.CLOSE': { target: 'idle', actions: ['clear', 'refreshGrid'] } },
    },
  },
});
