/**
 * The delay reasons screen (spec 4): tabs RRP and IATA over both classifiers, a search box, a toggle per item that
 * records it as changed, a mark-all action; saving sends only the changed items and then reloads both lists.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadDelayReasons, saveDelayReasons } from '../app/delay-reasons/api.ts';
import {
  type DelayIata,
  type DelayLists,
  type DelayRrp,
  type DelayUpdate,
  matchesSearch,
} from '../shared/delay-reasons.ts';

export type DelayTab = 'rrp' | 'iata';

export interface DelayReasonsContext {
  tab: DelayTab;
  search: string;
  /** The lists as stored. */
  lists: DelayLists;
  /** Changed flags by item id, per tab; an item toggled back to its stored flag leaves its list. */
  changed: Record<DelayTab, Record<number, boolean>>;
  /** The server's text of a failed load or save. */
  message: string | null;
}

export type DelayReasonsEvent =
  | { type: 'TAB.CHOOSE'; tab: DelayTab }
  | { type: 'SEARCH.CHANGE'; search: string }
  | { type: 'ITEM.TOGGLE'; id: number }
  | { type: 'ALL.MARK' }
  | { type: 'CHANGES.SAVE' }
  | { type: 'LOAD.RETRY' };

type Item = DelayIata | DelayRrp;

const storedOf = (lists: DelayLists, tab: DelayTab): Item[] =>
  tab === 'iata' ? lists.delayIata : lists.delayRrp;

/** An item as the screen shows it: its changed flag over the stored one. */
export function shownFlag(context: DelayReasonsContext, tab: DelayTab, item: Item): boolean {
  return context.changed[tab][item.id] ?? item.is_reason_airport;
}

/** The items of the current tab that match the search, in the server's order. */
export function visibleItems(context: DelayReasonsContext): Item[] {
  return storedOf(context.lists, context.tab).filter((item) => matchesSearch(item, context.search));
}

/** How many items wait to be saved, on both tabs. */
export function changedCount(context: DelayReasonsContext): number {
  return Object.keys(context.changed.iata).length + Object.keys(context.changed.rrp).length;
}

/** Records `flag` for the items; an item back at its stored flag is no longer changed. */
function withFlags(
  context: DelayReasonsContext,
  items: readonly Item[],
  flagOf: (item: Item) => boolean,
): DelayReasonsContext['changed'] {
  const mine = { ...context.changed[context.tab] };
  for (const item of items) {
    const flag = flagOf(item);
    if (flag === item.is_reason_airport) delete mine[item.id];
    else mine[item.id] = flag;
  }
  return { ...context.changed, [context.tab]: mine };
}

const asList = (changes: Record<number, boolean>) =>
  Object.entries(changes).map(([id, flag]) => ({ id: Number(id), is_reason_airport: flag }));

/** The body of a save: only the changed items of each classifier. */
export function saveBody(context: DelayReasonsContext): DelayUpdate {
  return { delayIata: asList(context.changed.iata), delayRrp: asList(context.changed.rrp) };
}

const noChanges = { iata: {}, rrp: {} };

export const delayReasonsMachine = setup({
  types: {
    context: {} as DelayReasonsContext,
    events: {} as DelayReasonsEvent,
  },
  actors: {
    loadDelayReasons: fromPromise<DelayLists>(() => loadDelayReasons()),
    saveDelayReasons: fromPromise<unknown, DelayUpdate>(({ input }) => saveDelayReasons(input)),
  },
  guards: {
    'hasChanges?': ({ context }) => changedCount(context) > 0,
  },
  actions: {
    storeLists: assign((_, lists: DelayLists) => ({ lists, changed: noChanges, message: null })),
    storeFailure: assign((_, error: unknown) => ({ message: parseApiError(error).message })),
    chooseTab: assign(({ event }) => {
      assertEvent(event, 'TAB.CHOOSE');
      return { tab: event.tab };
    }),
    changeSearch: assign(({ event }) => {
      assertEvent(event, 'SEARCH.CHANGE');
      return { search: event.search };
    }),
    toggleItem: assign(({ context, event }) => {
      assertEvent(event, 'ITEM.TOGGLE');
      const item = storedOf(context.lists, context.tab).find((candidate) => candidate.id === event.id);
      if (!item) return {};
      return { changed: withFlags(context, [item], (it) => !shownFlag(context, context.tab, it)) };
    }),
    markAll: assign(({ context }) => ({ changed: withFlags(context, visibleItems(context), () => true) })),
  },
}).createMachine({
  id: 'delayReasons',
  context: {
    tab: 'rrp',
    search: '',
    lists: { delayIata: [], delayRrp: [] },
    changed: noChanges,
    message: null,
  },
  on: {
    'TAB.CHOOSE': { actions: 'chooseTab' },
    'SEARCH.CHANGE': { actions: 'changeSearch' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadDelayReasons',
        onDone: { target: 'ready', actions: { type: 'storeLists', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: { on: { 'LOAD.RETRY': 'loading' } },
    ready: {
      tags: ['ready'],
      on: {
        'ITEM.TOGGLE': { actions: 'toggleItem' },
        'ALL.MARK': { actions: 'markAll' },
        'CHANGES.SAVE': { guard: 'hasChanges?', target: 'saving' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveDelayReasons',
        input: ({ context }) => saveBody(context),
        // Spec 4: after a save the page data is loaded again, so the screen shows what is stored.
        onDone: 'loading',
        onError: {
          target: 'ready',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
  },
});
