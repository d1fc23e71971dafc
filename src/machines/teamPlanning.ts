/**
 * The team-planning board (spec 4 "Team planning"): the reference lists of the filters, the board of the period
 * (teams with their flights, flights without a team) asked again whenever a filter changes (a newer load cancels
 * the older one), a silent refresh (the live feed, a write) that keeps the board on screen meanwhile, and the team
 * chosen for the employees panel. Tags: `loading` (a visible load), `refreshing`, `failed` (the board),
 * `referenceFailed` (the reference lists: their own message and retry, whatever the board does meanwhile).
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
  selectedTeamId: number | null;
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

export const teamPlanningMachine = setup({
  types: {
    context: {} as TeamPlanningContext,
    events: {} as TeamPlanningEvent,
    input: {} as { filters: TeamPlanningFilters },
  },
  actors: {
    loadReference: fromPromise<TeamReference>(() => loadTeamReference()),
    loadBoard: fromPromise<Board, BoardFilters>(({ input, signal }) => loadBoard(input, signal)),
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
      return { board, version: context.version + 1, message: null, selectedTeamId: kept };
    }),
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
      on: {
        'FILTER.SET': [
          {
            guard: 'changesQuery?',
            target: '.loading',
            reenter: true,
            actions: ['applyFilters', 'saveFilters'],
          },
          { actions: ['applyFilters', 'saveFilters'] },
        ],
      },
      states: {
        loading: {
          tags: ['loading'],
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
        },
        idle: { on: { 'BOARD.REFRESH': 'refreshing' } },
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
            // A failed silent refresh keeps the board on screen; the next notice tries again.
            onError: { target: 'idle' },
          },
          // Notices during a refresh: one more refresh after it covers them all.
          on: { 'BOARD.REFRESH': { target: 'refreshing', reenter: true } },
        },
        failed: {
          tags: ['failed'],
          on: { 'BOARD.RETRY': 'loading', 'BOARD.REFRESH': 'loading' },
        },
      },
    },
  },
});
