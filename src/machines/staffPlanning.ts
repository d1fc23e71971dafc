/**
 * The staff-planning screen (spec 2, 4, 8, 9: "/resource-planning"): loads the reference lists, applies the defaults
 * or what sessionStorage kept, and loads the flights whenever a filter changes. A newer filter change stops the
 * invoked load, which aborts its request, so a stale answer is never shown. The demand per slot is counted again
 * when the scale, the parameter type or the chosen positions change. Failures only clear the loading flags (spec 8).
 */
import { assertEvent, assign, type ErrorActorEvent, enqueueActions, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  type DemandRequest,
  type DemandResult,
  loadPlanningDemand,
  loadPlanningFlights,
  loadPlanningJobs,
  loadPlanningPositions,
  loadPlanningReference,
  type PlanningLists,
  type PlanningPositions,
  type PlanningReferenceLists,
  type PlanningSet,
} from '../app/staff-planning/api.ts';
import {
  defaultFilters,
  flightQuery,
  jobQuery,
  type MaxDemandRow,
  positionQuery,
  readStored,
  reloadsOf,
  STAFF_PLANNING_STORAGE_KEY,
  type StaffPlanningFilters,
  type StaffPlanningStored,
  type StorageLike,
  stampMinutes,
  writeStored,
} from './staffPlanningFilters.ts';

export interface StaffPlanningContext {
  storage: StorageLike;
  now: Date;
  /** The zone chosen in the frame: "today" of the default period is its day. */
  zone: string;
  reference: PlanningReferenceLists | null;
  lists: PlanningLists;
  filters: StaffPlanningFilters | null;
  selection: number | null;
  maxDemand: StaffPlanningStored['maxDemand'];
  data: PlanningSet | null;
  /** Counts the answers stored, so the screen can start a fresh timeline view for each. */
  dataVersion: number;
  demand: DemandResult | null;
  message: string | null;
}

export type StaffPlanningEvent =
  | { type: 'FILTER.SET'; patch: Partial<StaffPlanningFilters> }
  | { type: 'FILTERS.RESET' }
  | { type: 'SELECTION.SET'; taskId: number | null }
  | { type: 'MAX_DEMAND.SET'; minTime: number; rows: MaxDemandRow[] }
  | { type: 'FLIGHTS.RELOAD' }
  | { type: 'POSITIONS.RELOAD' }
  | { type: 'JOBS.RELOAD' }
  | { type: 'DEMAND.RELOAD' }
  | { type: 'LOAD.RETRY' };

export interface StaffPlanningInput {
  storage?: StorageLike;
  now?: Date;
  /** The zone chosen in the frame; the runtime's own when not given. */
  zone?: string;
}

/** A storage that keeps nothing, where there is no sessionStorage. */
const NO_STORAGE: StorageLike = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

/** The timeline's span of the chosen range, in wall minutes. */
export function rangeMinutes(filters: StaffPlanningFilters): { from: number; to: number } {
  return { from: stampMinutes(filters.range.from), to: stampMinutes(filters.range.to) + 1 };
}

/** The demand request of the filters: slots of the scale over the range, the chosen positions or resource types. */
export function demandRequestOf(filters: StaffPlanningFilters): DemandRequest {
  const { from, to } = rangeMinutes(filters);
  return {
    parameterType: filters.parameterType,
    ids: filters.parameterType === 2 ? filters.resourceTypes : filters.positions,
    from,
    step: filters.scale,
    slots: Math.max(0, Math.ceil((to - from) / filters.scale)),
  };
}

/**
 * The bar of the selected task in the flights shown, or −1 when nothing is selected or the task is not among them
 * (another filter); the selection itself is kept, so the task shows again when it is back.
 * Example: selection 77 and an answer whose second bar is task 77 → 1.
 */
export function selectedBarOf({ selection, data }: Pick<StaffPlanningContext, 'selection' | 'data'>): number {
  return selection === null || data === null ? -1 : data.taskId.indexOf(selection);
}

function storedOf(context: StaffPlanningContext): StaffPlanningStored | null {
  if (!context.filters) return null;
  return { filters: context.filters, selection: context.selection, maxDemand: context.maxDemand };
}

export const staffPlanningMachine = setup({
  types: {
    context: {} as StaffPlanningContext,
    events: {} as StaffPlanningEvent,
    input: {} as StaffPlanningInput,
  },
  actors: {
    loadReference: fromPromise<PlanningReferenceLists>(() => loadPlanningReference()),
    loadPositions: fromPromise<PlanningPositions, StaffPlanningFilters>(({ input, signal }) =>
      loadPlanningPositions(positionQuery(input), input.range.from.slice(0, 10), signal),
    ),
    loadJobs: fromPromise<PlanningLists['jobs'], StaffPlanningFilters>(({ input, signal }) =>
      loadPlanningJobs(jobQuery(input), signal),
    ),
    loadFlights: fromPromise<PlanningSet, StaffPlanningFilters>(({ input, signal }) =>
      loadPlanningFlights(flightQuery(input), signal),
    ),
    countDemand: fromPromise<DemandResult | null, DemandRequest>(({ input }) => loadPlanningDemand(input)),
  },
  guards: {
    'hasData?': ({ context }) => context.data !== null,
  },
  actions: {
    applyReference: assign(({ context }, reference: PlanningReferenceLists) => {
      const defaults = defaultFilters(reference, context.now, context.zone);
      const stored = readStored(context.storage);
      if (!stored) return { reference, filters: defaults, message: null };
      const scaleKnown = reference.scales.some((s) => s.period === stored.filters.scale);
      return {
        reference,
        filters: scaleKnown ? stored.filters : { ...stored.filters, scale: defaults.scale },
        selection: stored.selection,
        maxDemand: stored.maxDemand,
        message: null,
      };
    }),
    setFilters: assign(({ context, event }) => {
      assertEvent(event, 'FILTER.SET');
      return { filters: context.filters ? { ...context.filters, ...event.patch } : null };
    }),
    requestReloads: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, 'FILTER.SET');
      const reloads = reloadsOf(event.patch);
      if (reloads.flights) enqueue.raise({ type: 'FLIGHTS.RELOAD' });
      else if (reloads.demand) enqueue.raise({ type: 'DEMAND.RELOAD' });
      if (reloads.positions) enqueue.raise({ type: 'POSITIONS.RELOAD' });
      if (reloads.jobs) enqueue.raise({ type: 'JOBS.RELOAD' });
    }),
    clearStorage: ({ context }) => context.storage.removeItem(STAFF_PLANNING_STORAGE_KEY),
    resetFilters: assign(({ context }) => {
      return {
        filters: context.reference ? defaultFilters(context.reference, context.now, context.zone) : null,
        selection: null,
        maxDemand: { minTime: 0, rows: [] },
      };
    }),
    reloadAll: enqueueActions(({ enqueue }) => {
      enqueue.raise({ type: 'FLIGHTS.RELOAD' });
      enqueue.raise({ type: 'POSITIONS.RELOAD' });
      enqueue.raise({ type: 'JOBS.RELOAD' });
    }),
    setSelection: assign(({ event }) => {
      assertEvent(event, 'SELECTION.SET');
      return { selection: event.taskId };
    }),
    setMaxDemand: assign(({ event }) => {
      assertEvent(event, 'MAX_DEMAND.SET');
      return { maxDemand: { minTime: event.minTime, rows: event.rows } };
    }),
    persist: ({ context }) => {
      const stored = storedOf(context);
      if (stored) writeStored(context.storage, stored);
    },
    storePositions: assign(({ context }, found: PlanningPositions) => ({
      lists: { ...context.lists, ...found },
    })),
    storeJobs: assign(({ context }, jobs: PlanningLists['jobs']) => ({ lists: { ...context.lists, jobs } })),
    storeData: assign(({ context }, data: PlanningSet) => ({
      data,
      dataVersion: context.dataVersion + 1,
      demand: null,
    })),
    storeDemand: assign((_, demand: DemandResult | null) => ({ demand })),
    storeError: assign((_, error: unknown) => ({ message: parseApiError(error).message })),
  },
}).createMachine({
  id: 'staffPlanning',
  context: ({ input }) => ({
    storage: input.storage ?? (typeof sessionStorage === 'undefined' ? NO_STORAGE : sessionStorage),
    now: input.now ?? new Date(),
    zone: input.zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    reference: null,
    lists: { positions: [], jobs: [], workingShifts: [] },
    filters: null,
    selection: null,
    maxDemand: { minTime: 0, rows: [] },
    data: null,
    dataVersion: 0,
    demand: null,
    message: null,
  }),
  initial: 'booting',
  states: {
    booting: {
      tags: ['loading'],
      invoke: {
        src: 'loadReference',
        onDone: { target: 'ready', actions: { type: 'applyReference', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: {
      on: { 'LOAD.RETRY': 'booting' },
    },
    ready: {
      type: 'parallel',
      on: {
        'FILTER.SET': { actions: ['setFilters', 'persist', 'requestReloads'] },
        'FILTERS.RESET': { actions: ['clearStorage', 'resetFilters', 'reloadAll'] },
        'SELECTION.SET': { actions: ['setSelection', 'persist'] },
        'MAX_DEMAND.SET': { actions: ['setMaxDemand', 'persist'] },
      },
      states: {
        positions: {
          initial: 'loading',
          states: {
            loading: {
              on: { 'POSITIONS.RELOAD': { target: 'loading', reenter: true } },
              tags: ['loadingLists'],
              invoke: {
                src: 'loadPositions',
                input: ({ context }) => context.filters as StaffPlanningFilters,
                onDone: {
                  target: 'idle',
                  actions: { type: 'storePositions', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
            idle: { on: { 'POSITIONS.RELOAD': 'loading' } },
          },
        },
        jobs: {
          initial: 'loading',
          states: {
            loading: {
              on: { 'JOBS.RELOAD': { target: 'loading', reenter: true } },
              tags: ['loadingLists'],
              invoke: {
                src: 'loadJobs',
                input: ({ context }) => context.filters as StaffPlanningFilters,
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeJobs', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
            idle: { on: { 'JOBS.RELOAD': 'loading' } },
          },
        },
        flights: {
          initial: 'loading',
          // Transitions live on the leaves: a re-entering transition of a region would re-enter its parallel parent,
          // and with it every other region's load.
          states: {
            loading: {
              on: { 'FLIGHTS.RELOAD': { target: 'loading', reenter: true } },
              tags: ['loadingFlights'],
              invoke: {
                src: 'loadFlights',
                input: ({ context }) => context.filters as StaffPlanningFilters,
                onDone: {
                  target: 'counting',
                  actions: { type: 'storeData', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
            counting: {
              tags: ['countingDemand'],
              on: {
                'FLIGHTS.RELOAD': 'loading',
                'DEMAND.RELOAD': { target: 'counting', reenter: true },
              },
              invoke: {
                src: 'countDemand',
                input: ({ context }) => demandRequestOf(context.filters as StaffPlanningFilters),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeDemand', params: ({ event }) => event.output },
                },
                onError: 'idle',
              },
            },
            idle: {
              on: {
                'FLIGHTS.RELOAD': 'loading',
                'DEMAND.RELOAD': { guard: 'hasData?', target: 'counting' },
              },
            },
          },
        },
      },
    },
  },
});
