/**
 * The team-planning board (spec 4 "Team planning"): the reference lists of the filters (loaded once per visit:
 * they take no parameter), the board of the period (teams with their flights, flights without a team) asked again
 * whenever a filter changes (a newer load cancels the older one), a silent refresh (the live feed, a write) that
 * keeps the board on screen meanwhile and, when it fails, tries again by itself after `refreshRetryDelay`, and the
 * team chosen for the employees panel. Tags: `loading` (a visible load), `refreshing`, `behind` (a silent refresh
 * failed: the board on screen may be stale until a retry succeeds), `failed` (the board), `referenceFailed` (the
 * reference lists: their own message and retry, whatever the board does meanwhile).
 */
import { assertEvent, assign, type DoneActorEvent, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  type Board,
  type BoardFilters,
  loadBoard,
  loadTeamReference,
  type TeamReference,
} from '../app/team-planning/api.ts';
import type { TeamPlanningFilters } from './teamPlanningFilters.ts';

export interface TeamPlanningContext {
  filters: TeamPlanningFilters;
  reference: TeamReference | null;
  board: Board | null;
  /** Bumped by each board that arrives: the timeline is keyed by it. */
  version: number;
  /** Why the board could not be loaded. */
  message: string | null;
  /** Why the reference lists could not be loaded (kept until they load: a board arriving does not clear it). */
  referenceMessage: string | null;
  /** Silent refreshes failed in a row since the board last arrived (0: the board is current). */
  refreshFailures: number;
  /** Why the last silent refresh failed (null while none has). */
  refreshMessage: string | null;
  selectedTeamId: number | null;
}

/** The waits before the retries of a failed silent refresh, in ms: the last one repeats until a refresh succeeds. */
export const REFRESH_RETRY_DELAYS = [2_000, 5_000, 10_000, 30_000] as const;

/**
 * The wait before the next retry after this many failed silent refreshes in a row.
 * Example: `refreshRetryDelay(1)` → 2000, `refreshRetryDelay(3)` → 10000, `refreshRetryDelay(9)` → 30000.
 */
export function refreshRetryDelay(failures: number): number {
  const last = REFRESH_RETRY_DELAYS.length - 1;
  return REFRESH_RETRY_DELAYS[Math.min(Math.max(failures - 1, 0), last)] ?? REFRESH_RETRY_DELAYS[last];
}

export type TeamPlanningEvent =
  | { type: 'FILTER.SET'; patch: Partial<TeamPlanningFilters> }
  | { type: 'BOARD.REFRESH' }
  | { type: 'TEAM.SELECT'; id: number | null }
  | { type: 'BOARD.RETRY' }
  | { type: 'REFERENCE.RETRY' };

/** Whether two filter sets ask the server the same thing (the scale only zooms). */
function sameQuery(a: BoardFilters, b: BoardFilters): boolean {
  const key = (f: BoardFilters) =>
    JSON.stringify([f.begin, f.end, f.statusIds, f.departmentIds, f.positionIds, f.conflict, f.flightType]);
  return key(a) === key(b);
}

/**
 * A filter change that asks the server something else: the board (only the board) loads again, cancelling a load
 * under way. Taken by each state of the `board` region; a change of the scale alone falls through to the region.
 */
const reloadOnFilter = {
  guard: 'changesQuery?',
  target: 'loading',
  reenter: true,
  actions: ['applyFilters', 'saveFilters'],
} as const;

export const teamPlanningMachine = setup({
  types: {
    context: {} as TeamPlanningContext,
    events: {} as TeamPlanningEvent,
    input: {} as { filters: TeamPlanningFilters },
  },
  actors: {
    loadReference: fromPromise<TeamReference>(({ signal }) => loadTeamReference(signal)),
    loadBoard: fromPromise<Board, BoardFilters>(({ input, signal }) => loadBoard(input, signal)),
  },
  delays: {
    refreshRetry: ({ context }) => refreshRetryDelay(context.refreshFailures),
  },
  guards: {
    'changesQuery?': ({ context, event }) => {
      assertEvent(event, 'FILTER.SET');
      return !sameQuery(context.filters, { ...context.filters, ...event.patch });
    },
  },
  actions: {
    applyFilters: assign(({ context, event }) => {
      assertEvent(event, 'FILTER.SET');
      return { filters: { ...context.filters, ...event.patch } };
    }),
    /** The screen provides this: it keeps the filters in localStorage. */
    saveFilters: () => undefined,
    storeReference: assign((_, reference: TeamReference) => ({ reference, referenceMessage: null })),
    storeReferenceFailure: assign(({ event }) => ({
      referenceMessage: parseApiError((event as unknown as ErrorActorEvent).error).message,
    })),
    storeBoard: assign(({ context }, board: Board) => {
      const selected = context.selectedTeamId;
      const kept = selected !== null && board.teams.some((team) => team.id === selected) ? selected : null;
      return {
        board,
        version: context.version + 1,
        message: null,
        refreshFailures: 0,
        refreshMessage: null,
        selectedTeamId: kept,
      };
    }),
    storeRefreshFailure: assign(({ context, event }) => ({
      refreshFailures: context.refreshFailures + 1,
      refreshMessage: parseApiError((event as unknown as ErrorActorEvent).error).message,
    })),
    /** A visible load supersedes the silent refresh that fell behind: it shows its own progress and failure. */
    forgetRefreshFailures: assign({ refreshFailures: 0, refreshMessage: null }),
    storeFailure: assign(({ event }) => ({
      message: parseApiError((event as unknown as ErrorActorEvent).error).message,
    })),
    selectTeam: assign(({ event }) => {
      assertEvent(event, 'TEAM.SELECT');
      return { selectedTeamId: event.id };
    }),
  },
}).createMachine({
  id: 'teamPlanning',
  type: 'parallel',
  context: ({ input }) => ({
    filters: input.filters,
    reference: null,
    board: null,
    version: 0,
    message: null,
    referenceMessage: null,
    refreshFailures: 0,
    refreshMessage: null,
    selectedTeamId: null,
  }),
  on: {
    'TEAM.SELECT': { actions: 'selectTeam' },
  },
  states: {
    reference: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadReference',
            onDone: {
              target: 'ready',
              actions: {
                type: 'storeReference',
                params: ({ event }: { event: DoneActorEvent<TeamReference> }) => event.output,
              },
            },
            onError: { target: 'failed', actions: 'storeReferenceFailure' },
          },
        },
        ready: {},
        failed: { tags: ['referenceFailed'], on: { 'REFERENCE.RETRY': 'loading' } },
      },
    },
    board: {
      initial: 'loading',
      // A filter change that asks something else reloads the board from each state (see `reloadOnFilter`); one that
      // only zooms is taken here. Not a transition of the region with `reenter`: that would exit and restart the
      // parallel `reference` region too, reloading the seven lists on every toggle.
      on: { 'FILTER.SET': { actions: ['applyFilters', 'saveFilters'] } },
      states: {
        loading: {
          tags: ['loading'],
          entry: 'forgetRefreshFailures',
          invoke: {
            src: 'loadBoard',
            input: ({ context }) => context.filters,
            onDone: {
              target: 'idle',
              actions: {
                type: 'storeBoard',
                params: ({ event }: { event: DoneActorEvent<Board> }) => event.output,
              },
            },
            onError: { target: 'failed', actions: 'storeFailure' },
          },
          on: { 'FILTER.SET': reloadOnFilter },
        },
        idle: { on: { 'BOARD.REFRESH': 'refreshing', 'FILTER.SET': reloadOnFilter } },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            src: 'loadBoard',
            input: ({ context }) => context.filters,
            onDone: {
              target: 'idle',
              actions: {
                type: 'storeBoard',
                params: ({ event }: { event: DoneActorEvent<Board> }) => event.output,
              },
            },
            // The board stays on screen, marked as behind, and the refresh is tried again after a wait.
            onError: { target: 'behind', actions: 'storeRefreshFailure' },
          },
          on: {
            // Notices during a refresh: one more refresh after it covers them all.
            'BOARD.REFRESH': { target: 'refreshing', reenter: true },
            'FILTER.SET': reloadOnFilter,
          },
        },
        behind: {
          tags: ['behind'],
          after: { refreshRetry: 'refreshing' },
          // A newer notice does not wait for the retry; a filter change loads the board visibly.
          on: { 'BOARD.REFRESH': 'refreshing', 'FILTER.SET': reloadOnFilter },
        },
        failed: {
          tags: ['failed'],
          on: { 'BOARD.RETRY': 'loading', 'BOARD.REFRESH': 'loading', 'FILTER.SET': reloadOnFilter },
        },
      },
    },
  },
});
