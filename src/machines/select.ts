import { assertEvent, assign, setup } from 'xstate';

/** The required-select message of spec 8. */
export const REQUIRED_MESSAGE = 'Заполните данное поле';

export interface SelectContext {
  required: boolean;
  hasValue: boolean;
  query: string;
  activeIndex: number;
  error: string | null;
}

export interface SelectInput {
  required?: boolean;
  hasValue?: boolean;
}

export type SelectEvent =
  | { type: 'SELECT.OPEN' }
  | { type: 'SELECT.TOGGLE' }
  | { type: 'SELECT.CLOSE' }
  | { type: 'SEARCH.CHANGE'; query: string }
  | { type: 'ACTIVE.MOVE'; delta: number; count: number }
  | { type: 'ACTIVE.SET'; index: number }
  | { type: 'OPTION.CHOOSE'; hasValue: boolean; keepOpen: boolean }
  | { type: 'VALUE.CHANGED'; hasValue: boolean; required: boolean };

/** Moves the active option, wrapping at both ends: `moveActive(-1, 1, 5)` is 0; `moveActive(4, 1, 5)` is 0. */
export function moveActive(current: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (((current + delta) % count) + count) % count;
}

export const selectMachine = setup({
  types: { context: {} as SelectContext, events: {} as SelectEvent, input: {} as SelectInput },
  guards: {
    'isMissingRequiredValue?': ({ context }) => context.required && !context.hasValue,
    'shouldStayOpen?': ({ event }) => {
      assertEvent(event, 'OPTION.CHOOSE');
      return event.keepOpen;
    },
  },
  actions: {
    resetSearch: assign({ query: '', activeIndex: -1 }),
    raiseRequired: assign({ error: REQUIRED_MESSAGE }),
    setQuery: assign(({ event }) => {
      assertEvent(event, 'SEARCH.CHANGE');
      return { query: event.query, activeIndex: -1 };
    }),
    moveActive: assign(({ context, event }) => {
      assertEvent(event, 'ACTIVE.MOVE');
      return { activeIndex: moveActive(context.activeIndex, event.delta, event.count) };
    }),
    setActive: assign(({ event }) => {
      assertEvent(event, 'ACTIVE.SET');
      return { activeIndex: event.index };
    }),
    chooseOption: assign(({ context, event }) => {
      assertEvent(event, 'OPTION.CHOOSE');
      return { hasValue: event.hasValue, error: event.hasValue ? null : context.error };
    }),
    syncValue: assign(({ context, event }) => {
      assertEvent(event, 'VALUE.CHANGED');
      return {
        hasValue: event.hasValue,
        required: event.required,
        error: event.hasValue || !event.required ? null : context.error,
      };
    }),
  },
}).createMachine({
  id: 'select',
  context: ({ input }) => ({
    required: input.required ?? false,
    hasValue: input.hasValue ?? false,
    query: '',
    activeIndex: -1,
    error: null,
  }),
  initial: 'closed',
  on: {
    'VALUE.CHANGED': { actions: 'syncValue' },
  },
  states: {
    closed: {
      on: {
        'SELECT.OPEN': { target: 'open', actions: 'resetSearch' },
        'SELECT.TOGGLE': { target: 'open', actions: 'resetSearch' },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'SELECT.CLOSE': [
          { guard: 'isMissingRequiredValue?', target: 'closed', actions: 'raiseRequired' },
          { target: 'closed' },
        ],
        'SELECT.TOGGLE': [
          { guard: 'isMissingRequiredValue?', target: 'closed', actions: 'raiseRequired' },
          { target: 'closed' },
        ],
        'SEARCH.CHANGE': { actions: 'setQuery' },
        'ACTIVE.MOVE': { actions: 'moveActive' },
        'ACTIVE.SET': { actions: 'setActive' },
        'OPTION.CHOOSE': [
          { guard: 'shouldStayOpen?', actions: 'chooseOption' },
          { target: 'closed', actions: 'chooseOption' },
        ],
      },
    },
  },
});
