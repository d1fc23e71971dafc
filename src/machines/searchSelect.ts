/**
 * A select that searches on the server (spec: rush baggage's airports, airlines, flights and rush codes). Typing
 * waits for a pause (`after`, not a timer of its own), then runs the `search` actor; a newer query or newer
 * parameters re-enter the waiting state, which stops the running search and aborts its request through the
 * signal, so an older answer can never replace a newer one. Nothing is asked until the list is first opened.
 */
import {
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  fromPromise,
  not,
  setup,
} from 'xstate';
import { parseApiError } from '../app/api/errors.ts';

/** One option found: `name` is shown, `subtitle` under it, `value` carries the item for the caller. */
export interface SearchOption {
  id: number;
  name: string;
  subtitle?: string;
  value?: unknown;
}

/** Extra query parameters of a search (`filter[date]`, `filter[airport_id]`, …); null leaves a key out. */
export type SearchParams = Record<string, string | number | null>;

export interface SearchInput {
  query: string;
  params: SearchParams;
}

export interface SearchSelectContext {
  query: string;
  params: SearchParams;
  options: SearchOption[];
  /** The failure's text, shown in the list. */
  error: string | null;
  /** Whether a search has run for the current query and parameters. */
  loaded: boolean;
  /** The pause after typing before the search runs, in ms. */
  debounceMs: number;
}

export type SearchSelectEvent =
  | { type: 'SEARCH.OPEN' }
  | { type: 'SEARCH.CHANGE'; query: string }
  | { type: 'SEARCH.PARAMS'; params: SearchParams }
  | { type: 'SEARCH.RETRY' };

/** `sameParams({a: 1}, {a: 1})` is true; `sameParams({a: 1}, {a: null})` is false. */
export function sameParams(left: SearchParams, right: SearchParams): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if ((left[key] ?? null) !== (right[key] ?? null)) return false;
  return true;
}

export const searchSelectMachine = setup({
  types: {
    context: {} as SearchSelectContext,
    events: {} as SearchSelectEvent,
    input: {} as { params?: SearchParams; debounceMs?: number },
  },
  actors: {
    search: fromPromise<SearchOption[], SearchInput>(() => Promise.resolve([])),
  },
  delays: {
    debounce: ({ context }) => context.debounceMs,
  },
  guards: {
    'isLoaded?': ({ context }) => context.loaded,
    'areParamsChanged?': ({ context, event }) => {
      assertEvent(event, 'SEARCH.PARAMS');
      return !sameParams(context.params, event.params);
    },
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'SEARCH.CHANGE');
      return { query: event.query, loaded: false };
    }),
    setParams: assign(({ event }) => {
      assertEvent(event, 'SEARCH.PARAMS');
      return { params: event.params, options: [], loaded: false };
    }),
    storeOptions: assign((_, options: SearchOption[]) => ({ options, error: null, loaded: true })),
    storeError: assign((_, error: unknown) => ({ options: [], error: parseApiError(error).message })),
  },
}).createMachine({
  id: 'searchSelect',
  context: ({ input }) => ({
    query: '',
    params: input.params ?? {},
    options: [],
    error: null,
    loaded: false,
    debounceMs: input.debounceMs ?? 250,
  }),
  initial: 'idle',
  on: {
    'SEARCH.CHANGE': { target: '.waiting', reenter: true, actions: 'setQuery' },
    'SEARCH.PARAMS': { guard: 'areParamsChanged?', target: '.idle', actions: 'setParams' },
  },
  states: {
    idle: {
      on: {
        'SEARCH.OPEN': { guard: not('isLoaded?'), target: 'searching' },
      },
    },
    waiting: {
      tags: ['searching'],
      after: { debounce: 'searching' },
    },
    searching: {
      tags: ['searching'],
      invoke: {
        src: 'search',
        input: ({ context }) => ({ query: context.query.trim(), params: context.params }),
        onDone: {
          target: 'idle',
          actions: {
            type: 'storeOptions',
            params: ({ event }: { event: DoneActorEvent<SearchOption[]> }) => event.output,
          },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      on: { 'SEARCH.RETRY': 'searching', 'SEARCH.OPEN': 'searching' },
    },
  },
});
