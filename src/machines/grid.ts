import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { DEFAULT_PAGINATION, type PaginationState } from '../shared/pagination.ts';
import { browserSearch, COOKIE_FILTER_KEY, writeAddressQuery, writeFilterCookie } from './gridAddress.ts';
import { loadErrorMessage } from './gridError.ts';
import {
  filterRecord,
  type GridFilter,
  type GridQuery,
  nextSort,
  readGridQuery,
  sameQuery,
  setFilter,
} from './gridQuery.ts';

/** What a list call receives: filters by key, sort ('key' or '-key'), page and page size. */
export interface LoadPageParams {
  filters: Record<string, string>;
  sort: string | null;
  page: number;
  perPage: number;
}

/** What a list call answers: the rows and the pagination headers. */
export interface LoadPageResult<T> {
  items: T[];
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
}

/** The one contract every module's list call plugs into the grid with; it must honour the signal. */
export type LoadPage<T> = (params: LoadPageParams, signal: AbortSignal) => Promise<LoadPageResult<T>>;

export type GridAction = 'update' | 'delete';

/** Per-action state of spec 3.3, plus the row the action is about. */
interface GridActionState {
  isModalShow: boolean;
  disable: boolean;
  row: unknown;
}

export interface GridContext {
  filters: GridFilter[];
  sort: string | null;
  pagination: PaginationState;
  items: unknown[];
  horizontalScroll: boolean;
  actions: Record<GridAction, GridActionState>;
  filterKeys: string[] | null;
  syncQuery: boolean;
  /** The page size the screen starts with; the query string leaves it out. */
  defaultPerPage: number;
  /** The query whose answer is on screen; null until the first page arrives. A failed load returns to it. */
  shown: GridQuery | null;
  error: unknown;
  /** What the alert said about the last failed load: the server's message or a generic text. */
  errorMessage: string | null;
}

export interface GridInput {
  perPage?: number;
  /** The page query string read on first load; defaults to the browser's. */
  search?: string;
  /** Keys of the filterable columns; only these are read from and written to the query string. */
  filterKeys?: string[];
  /** False for grids that must not touch the address bar (a second grid on a page). */
  syncQuery?: boolean;
  horizontalScroll?: boolean;
}

export type GridEvent =
  | { type: 'SORT.TOGGLE'; key: string }
  | { type: 'PAGE.GO'; page: number }
  | { type: 'PAGE_SIZE.SET'; perPage: number }
  | { type: 'FILTER.SET'; key: string; value: string }
  | { type: 'FILTER.REMOVE'; key: string }
  | { type: 'FILTER.CLEAR' }
  | { type: 'GRID.RELOAD' }
  | { type: 'MODAL.OPEN'; action: GridAction; row?: unknown }
  | { type: 'MODAL.CLOSE'; action: GridAction }
  | { type: 'MODAL.DISABLE'; action: GridAction; disable: boolean }
  | { type: 'SCROLL.SET'; horizontal: boolean };

const CLOSED: GridActionState = { isModalShow: false, disable: false, row: null };

/** The query the grid is asking for now (or has just asked for). */
function askedQuery(context: GridContext): GridQuery {
  return {
    sort: context.sort,
    filters: context.filters,
    page: context.pagination.currentPage,
    perPage: context.pagination.perPage,
  };
}

/** The query of a grid nobody has touched: no sort, no filters, page 1, the screen's page size. */
function defaultQuery(context: GridContext): GridQuery {
  return { sort: null, filters: [], page: 1, perPage: context.defaultPerPage };
}

/** Sort, filters, page and page size of the context set to a query; the page count and total stay. */
function applyQuery(context: GridContext, query: GridQuery): Partial<GridContext> {
  return {
    sort: query.sort,
    filters: query.filters,
    pagination: { ...context.pagination, currentPage: query.page, perPage: query.perPage },
  };
}

/** True when a page came back empty because it lies past the last page (the server echoes the page asked for). */
function isPastLastPage(result: LoadPageResult<unknown>): boolean {
  return result.items.length === 0 && result.currentPage > Math.max(1, result.pageCount);
}

export const gridMachine = setup({
  types: {
    context: {} as GridContext,
    events: {} as GridEvent,
    input: {} as GridInput,
  },
  actors: {
    loadPage: fromPromise<LoadPageResult<unknown>, LoadPageParams>(() =>
      Promise.reject(new Error('The grid needs a loadPage actor: provide it with machine.provide().')),
    ),
  },
  guards: {
    'isOtherPage?': ({ context, event }) => {
      assertEvent(event, 'PAGE.GO');
      return (
        event.page >= 1 &&
        event.page <= context.pagination.pageCount &&
        event.page !== context.pagination.currentPage
      );
    },
    'isFilterChanged?': ({ context, event }) => {
      assertEvent(event, 'FILTER.SET');
      const current = context.filters.find((filter) => filter.key === event.key)?.value ?? '';
      return current !== event.value;
    },
    'hasFilter?': ({ context, event }) => {
      assertEvent(event, 'FILTER.REMOVE');
      return context.filters.some((filter) => filter.key === event.key);
    },
    'isCookieFilter?': ({ event }) => {
      assertEvent(event, ['FILTER.SET', 'FILTER.REMOVE']);
      return event.key === COOKIE_FILTER_KEY;
    },
    'hasShownPage?': ({ context }) => context.shown !== null,
    'isAskingMoreThanDefault?': ({ context }) => !sameQuery(askedQuery(context), defaultQuery(context)),
  },
  actions: {
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, 'SORT.TOGGLE');
      return { sort: nextSort(context.sort, event.key) };
    }),
    goToPage: assign(({ context, event }) => {
      assertEvent(event, 'PAGE.GO');
      return { pagination: { ...context.pagination, currentPage: event.page } };
    }),
    setPageSize: assign(({ context, event }) => {
      assertEvent(event, 'PAGE_SIZE.SET');
      return { pagination: { ...context.pagination, perPage: event.perPage, currentPage: 1 } };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, 'FILTER.SET');
      return {
        filters: setFilter(context.filters, event.key, event.value),
        pagination: { ...context.pagination, currentPage: 1 },
      };
    }),
    removeFilter: assign(({ context, event }) => {
      assertEvent(event, 'FILTER.REMOVE');
      return {
        filters: context.filters.filter((filter) => filter.key !== event.key),
        pagination: { ...context.pagination, currentPage: 1 },
      };
    }),
    clearFilters: assign(({ context }) => ({
      filters: [],
      pagination: { ...context.pagination, currentPage: 1 },
    })),
    storeFilterCookie: ({ context }) => writeFilterCookie(context),
    writeQuery: ({ context }) => writeAddressQuery(context, askedQuery(context)),
    closeModals: assign({ actions: { update: CLOSED, delete: CLOSED } }),
    storePage: assign(({ context }, result: LoadPageResult<unknown>) => {
      return {
        items: result.items,
        pagination: {
          currentPage: result.currentPage,
          pageCount: result.pageCount,
          perPage: result.perPage,
          totalCount: result.totalCount,
        },
        shown: {
          sort: context.sort,
          filters: context.filters,
          page: result.currentPage,
          perPage: result.perPage,
        },
        error: null,
        errorMessage: null,
      };
    }),
    storeError: assign((_, error: unknown) => ({ error, errorMessage: loadErrorMessage(error) })),
    restoreShownQuery: assign(({ context }) => (context.shown ? applyQuery(context, context.shown) : {})),
    resetQuery: assign(({ context }) => applyQuery(context, defaultQuery(context))),
    logError: ({ context }) => {
      console.error('Grid list call failed', context.error);
    },
    /** Spec 8 only logs a failed list call; useGridActor provides the global alert with `errorMessage`. */
    alertError: () => undefined,
    openModal: assign(({ context, event }) => {
      assertEvent(event, 'MODAL.OPEN');
      return {
        actions: {
          ...context.actions,
          [event.action]: { isModalShow: true, disable: false, row: event.row ?? null },
        },
      };
    }),
    closeModal: assign(({ context, event }) => {
      assertEvent(event, 'MODAL.CLOSE');
      return { actions: { ...context.actions, [event.action]: CLOSED } };
    }),
    disableModal: assign(({ context, event }) => {
      assertEvent(event, 'MODAL.DISABLE');
      return {
        actions: {
          ...context.actions,
          [event.action]: { ...context.actions[event.action], disable: event.disable },
        },
      };
    }),
    setScroll: assign(({ event }) => {
      assertEvent(event, 'SCROLL.SET');
      return { horizontalScroll: event.horizontal };
    }),
  },
}).createMachine({
  id: 'grid',
  context: ({ input }) => {
    const filterKeys = input.filterKeys ?? null;
    const syncQuery = input.syncQuery ?? true;
    const defaultPerPage = input.perPage ?? DEFAULT_PAGINATION.perPage;
    const fromQuery: GridQuery = syncQuery
      ? readGridQuery(input.search ?? browserSearch(), filterKeys, defaultPerPage)
      : { sort: null, filters: [], page: 1, perPage: defaultPerPage };
    return {
      sort: fromQuery.sort,
      filters: fromQuery.filters,
      pagination: { ...DEFAULT_PAGINATION, currentPage: fromQuery.page, perPage: fromQuery.perPage },
      items: [],
      horizontalScroll: input.horizontalScroll ?? false,
      actions: { update: CLOSED, delete: CLOSED },
      filterKeys,
      syncQuery,
      defaultPerPage,
      shown: null,
      error: null,
      errorMessage: null,
    };
  },
  initial: 'loading',
  on: {
    'SORT.TOGGLE': { target: '.loading', reenter: true, actions: ['toggleSort', 'writeQuery'] },
    'PAGE.GO': {
      guard: 'isOtherPage?',
      target: '.loading',
      reenter: true,
      actions: ['goToPage', 'writeQuery'],
    },
    'PAGE_SIZE.SET': { target: '.loading', reenter: true, actions: ['setPageSize', 'writeQuery'] },
    'FILTER.SET': [
      {
        guard: 'isCookieFilter?',
        target: '.loading',
        reenter: true,
        actions: ['setFilter', 'storeFilterCookie', 'writeQuery'],
      },
      { guard: 'isFilterChanged?', target: '.loading', reenter: true, actions: ['setFilter', 'writeQuery'] },
    ],
    'FILTER.REMOVE': {
      guard: 'hasFilter?',
      target: '.loading',
      reenter: true,
      actions: ['removeFilter', 'storeFilterCookie', 'writeQuery'],
    },
    'FILTER.CLEAR': {
      target: '.loading',
      reenter: true,
      actions: ['clearFilters', 'storeFilterCookie', 'writeQuery'],
    },
    'GRID.RELOAD': { target: '.loading', reenter: true },
    'MODAL.OPEN': { actions: 'openModal' },
    'MODAL.CLOSE': { actions: 'closeModal' },
    'MODAL.DISABLE': { actions: 'disableModal' },
    'SCROLL.SET': { actions: 'setScroll' },
  },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'closeModals',
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({
          filters: filterRecord(context.filters),
          sort: context.sort,
          page: context.pagination.currentPage,
          perPage: context.pagination.perPage,
        }),
        onDone: [
          {
            // The page is past the end (its last row was deleted, or a bookmark outlived the data): show the last.
            guard: ({ event }) => isPastLastPage(event.output),
            target: 'loading',
            reenter: true,
            actions: assign(({ context, event }) => ({
              pagination: { ...context.pagination, currentPage: Math.max(1, event.output.pageCount) },
            })),
          },
          {
            target: 'ready',
            actions: [
              {
                type: 'storePage',
                params: ({ event }: { event: DoneActorEvent<LoadPageResult<unknown>> }) => event.output,
              },
              'writeQuery',
            ],
          },
        ],
        onError: [
          {
            // The rows on screen stay; sort, filters, pager and address go back to what they belong to.
            guard: 'hasShownPage?',
            target: 'failed',
            actions: [
              { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              'logError',
              'alertError',
              'restoreShownQuery',
              'storeFilterCookie',
              'writeQuery',
            ],
          },
          {
            // Nothing shown yet, so an address the server refuses (an unknown sort) falls back to the plain grid.
            guard: 'isAskingMoreThanDefault?',
            target: 'loading',
            reenter: true,
            actions: [
              { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              'logError',
              'alertError',
              'resetQuery',
              'writeQuery',
            ],
          },
          {
            target: 'failed',
            actions: [
              { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              'logError',
              'alertError',
            ],
          },
        ],
      },
    },
    ready: { tags: ['ready'] },
    /** The last load failed; the previous page (if any) is still on screen and the query points at it again. */
    failed: { tags: ['failed'] },
  },
});
