import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { turnaroundsOfDay } from '../app/turnaround/api.ts';
import type { TurnaroundOption } from '../shared/turnaround.ts';

export interface TurnaroundPickerContext {
  /** 'YYYY-MM-DD' whose turnarounds are listed. */
  day: string;
  options: TurnaroundOption[];
  /** The server's refusal or a network failure, shown under the select. */
  error: string | null;
}

type TurnaroundPickerEvent = { type: 'DAY.CHANGE'; day: string };

/**
 * The turnaround picker of the evaluation panels: the turnarounds of a day, loaded when the day changes; a day
 * changed while loading restarts the load, so the list always belongs to the day shown.
 */
export const turnaroundPickerMachine = setup({
  types: {
    context: {} as TurnaroundPickerContext,
    events: {} as TurnaroundPickerEvent,
    input: {} as { day: string },
  },
  actors: {
    loadDay: fromPromise<TurnaroundOption[], string>(({ input }) => turnaroundsOfDay(input)),
  },
  actions: {
    setDay: assign(({ event }) => {
      assertEvent(event, 'DAY.CHANGE');
      return { day: event.day, options: [], error: null };
    }),
    storeOptions: assign((_, options: TurnaroundOption[]) => ({ options })),
    storeError: assign((_, error: unknown) => ({ error: parseApiError(error).message })),
  },
}).createMachine({
  id: 'turnaroundPicker',
  context: ({ input }) => ({ day: input.day, options: [], error: null }),
  initial: 'loading',
  on: { 'DAY.CHANGE': { target: '.loading', actions: 'setDay', reenter: true } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadDay',
        input: ({ context }) => context.day,
        onDone: {
          target: 'ready',
          actions: {
            type: 'storeOptions',
            params: ({ event }: { event: DoneActorEvent<TurnaroundOption[]> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    ready: {},
    failed: {},
  },
});
