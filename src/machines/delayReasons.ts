/**
 * The delay reasons screen (spec 4): tabs RRP and IATA over both classifiers, a search box, a toggle per item that
 * records it as changed, a mark-all action; saving sends only the changed items, each with the version it was read
 * at, so a save over another user's change is refused (409) and the changes are kept. A save first takes both lists
 * (the new versions) from its answer, then reloads them, and says «Изменения сохранены» (tag `saved`) until the next
 * change.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup, stateIn } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadDelayReasons, saveDelayReasons } from '../app/delay-reasons/api.ts';
import {
  type DelayChange,
  type DelayIata,
  type DelayLists,
  type DelayRrp,
  type DelayUpdate,
  matchesSearch,
} from '../shared/delay-reasons.ts';
import { sentVersion } from '../shared/rowVersion.ts';

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
  /** Per tab, the ids of the changed items a refused save named as changed by another user meanwhile. */
  staleIds: Record<DelayTab, number[]>;
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

/** The changed items of a tab with the version each was read at (none for an item the lists no longer hold). */
function asList(context: DelayReasonsContext, tab: DelayTab): DelayChange[] {
  const versions = new Map(storedOf(context.lists, tab).map((item) => [item.id, item.version]));
  return Object.entries(context.changed[tab]).map(([id, flag]) => {
    const version = versions.get(Number(id));
    return { id: Number(id), is_reason_airport: flag, ...sentVersion(version) };
  });
}

/** The body of a save: only the changed items of each classifier, with their versions. */
export function saveBody(context: DelayReasonsContext): DelayUpdate {
  return { delayIata: asList(context, 'iata'), delayRrp: asList(context, 'rrp') };
}

/** The ids of a tab's changed items named by a refused save's fields (`delayIata.N.is_reason_airport`). */
function staleOf(context: DelayReasonsContext, tab: DelayTab, fields: Record<string, unknown>): number[] {
  const list = tab === 'iata' ? 'delayIata' : 'delayRrp';
  return asList(context, tab)
    .filter((_, index) => `${list}.${index}.is_reason_airport` in fields)
    .map((item) => item.id);
}

const noChanges = { iata: {}, rrp: {} };
const noStale = { iata: [], rrp: [] };

export const delayReasonsMachine = setup({
  types: {
    context: {} as DelayReasonsContext,
    events: {} as DelayReasonsEvent,
  },
  actors: {
    loadDelayReasons: fromPromise<DelayLists>(() => loadDelayReasons()),
    saveDelayReasons: fromPromise<DelayLists, DelayUpdate>(({ input }) => saveDelayReasons(input)),
  },
  guards: {
    'hasChanges?': ({ context }) => changedCount(context) > 0,
    'isReloadAfterSave?': stateIn({ loading: 'afterSave' }),
  },
  actions: {
    storeLists: assign((_, lists: DelayLists) => ({
      lists,
      changed: noChanges,
      message: null,
      staleIds: noStale,
    })),
    storeFailure: assign((_, error: unknown) => ({ message: parseApiError(error).message })),
    /** A refused save keeps the changes; a 409 names the items another user changed meanwhile. */
    storeSaveFailure: assign(({ context }, error: unknown) => {
      const { message, fields } = parseApiError(error);
      return {
        message,
        staleIds: { iata: staleOf(context, 'iata', fields), rrp: staleOf(context, 'rrp', fields) },
      };
    }),
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
    staleIds: noStale,
  },
  on: {
    'TAB.CHOOSE': { actions: 'chooseTab' },
    'SEARCH.CHANGE': { actions: 'changeSearch' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      initial: 'first',
      states: {
        first: {},
        // The reload after a save: once it is in, the screen says the changes were saved.
        afterSave: {},
      },
      invoke: {
        src: 'loadDelayReasons',
        onDone: [
          {
            guard: 'isReloadAfterSave?',
            target: 'ready.saved',
            actions: { type: 'storeLists', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'storeLists', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: { on: { 'LOAD.RETRY': 'loading' } },
    ready: {
      tags: ['ready'],
      initial: 'idle',
      states: {
        idle: {},
        // «Изменения сохранены», as the settings form under it says «Сохранено», until the next change.
        saved: { tags: ['saved'] },
      },
      on: {
        'ITEM.TOGGLE': { target: '.idle', actions: 'toggleItem' },
        'ALL.MARK': { target: '.idle', actions: 'markAll' },
        'CHANGES.SAVE': { guard: 'hasChanges?', target: 'saving' },
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveDelayReasons',
        input: ({ context }) => saveBody(context),
        // Spec 4: after a save the page data is loaded again, so the screen shows what is stored; the answer's
        // lists (their new versions) are held first, should the reload fail.
        onDone: {
          target: 'loading.afterSave',
          actions: { type: 'storeLists', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'storeSaveFailure',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
        },
      },
    },
  },
});
