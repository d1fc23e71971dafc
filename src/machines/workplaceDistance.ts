/**
 * The workplace distance screen (spec 4): view and edit modes over the matrix of the chosen from- and to-places.
 * Edits accumulate as pending create and update lists keyed by the pair, a new edit of a pair replacing the old
 * one; a changed entry carries the version it was read at, so a save over another user's change is refused (409)
 * and the lists are kept. Saving and deleting return to view mode, clear the lists and reload; a save first takes
 * the written entries (their new versions) from its answer. Cancelling drops the lists and reloads as well.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, not, setup } from 'xstate';
import { type FieldErrors, parseApiError, zodFieldErrors } from '../app/api/errors.ts';
import { deleteDistances, loadDistances, loadWorkplaces, saveDistances } from '../app/workplace/api.ts';
import { MESSAGES } from '../shared/messages.ts';
import {
  type DistanceEntry,
  type DistanceNew,
  type DistanceSave,
  type DistanceUpdate,
  distanceSaveSchema,
  pairKey,
  type Workplace,
} from '../shared/workplace.ts';

export interface WorkplaceDistanceContext {
  workplaces: Workplace[];
  fromIds: number[];
  toIds: number[];
  /** Stored entries of the matrix by pair key (`'1:2'`). */
  entries: Record<string, DistanceEntry>;
  pendingCreate: DistanceNew[];
  pendingUpdate: DistanceUpdate[];
  /** Messages of the last refused save, by pair key, shown under the cell. */
  cellErrors: Record<string, string>;
  /** The message of a failed load, save or delete. */
  message: string | null;
}

export type WorkplaceDistanceEvent =
  | { type: 'PLACES.FROM'; ids: number[] }
  | { type: 'PLACES.TO'; ids: number[] }
  | { type: 'EDIT.START' }
  | { type: 'EDIT.CANCEL' }
  | { type: 'CELL.CHANGE'; from: number; to: number; distance: number | null }
  | { type: 'EDIT.SAVE' }
  | { type: 'CELL.DELETE'; ids: number[] }
  | { type: 'LOAD.RETRY' };

type Pair = { workplace_from_id: number; workplace_to_id: number };

/** Replaces the entry of the same pair, or appends. Example: `[{1:2, 5}]` with `{1:2, 7}` → `[{1:2, 7}]`. */
export function replaceByKey<T extends Pair>(list: readonly T[], entry: T): T[] {
  const key = pairKey(entry);
  const index = list.findIndex((item) => pairKey(item) === key);
  if (index < 0) return [...list, entry];
  return list.map((item, i) => (i === index ? entry : item));
}

const withoutKey = <T extends Pair>(list: readonly T[], key: string) =>
  list.filter((item) => pairKey(item) !== key);

/** The distance a cell shows: its pending edit, else its stored entry, else null (no entry yet). */
export function cellDistance(context: WorkplaceDistanceContext, from: number, to: number): number | null {
  const key = `${from}:${to}`;
  const pending = [...context.pendingCreate, ...context.pendingUpdate].find((item) => pairKey(item) === key);
  return pending?.distance ?? context.entries[key]?.distance ?? null;
}

/** The body of a save: both pending lists. */
function saveBody(context: WorkplaceDistanceContext): DistanceSave {
  return { create: context.pendingCreate, update: context.pendingUpdate };
}

/** Field errors of a save (`create.0.distance`) moved onto the pairs of the sent lists. */
function errorsByCell(body: DistanceSave, fields: FieldErrors): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields)) {
    const [list, index] = path.split('.');
    const entry = list === 'create' || list === 'update' ? body[list]?.[Number(index)] : undefined;
    if (entry && messages[0]) out[pairKey(entry)] ??= messages[0];
  }
  return out;
}

const cleared = { pendingCreate: [], pendingUpdate: [], cellErrors: {}, message: null };

export const workplaceDistanceMachine = setup({
  types: {
    context: {} as WorkplaceDistanceContext,
    events: {} as WorkplaceDistanceEvent,
  },
  actors: {
    loadWorkplaces: fromPromise<Workplace[]>(() => loadWorkplaces()),
    loadDistances: fromPromise<DistanceEntry[], { fromIds: number[]; toIds: number[] }>(({ input }) =>
      loadDistances(input.fromIds, input.toIds),
    ),
    saveDistances: fromPromise<DistanceEntry[], DistanceSave>(({ input }) => saveDistances(input)),
    deleteDistances: fromPromise<void, { ids: number[] }>(({ input }) => deleteDistances(input)),
  },
  guards: {
    'hasPending?': ({ context }) => context.pendingCreate.length + context.pendingUpdate.length > 0,
    'isValid?': ({ context }) => distanceSaveSchema.safeParse(saveBody(context)).success,
    'hasPlaces?': ({ context }) => context.fromIds.length > 0 && context.toIds.length > 0,
  },
  actions: {
    storeWorkplaces: assign((_, workplaces: Workplace[]) => {
      const ids = workplaces.map((place) => place.id);
      return { workplaces, fromIds: ids, toIds: ids };
    }),
    storeEntries: assign((_, entries: DistanceEntry[]) => ({
      entries: Object.fromEntries(entries.map((entry) => [pairKey(entry), entry])),
      message: null,
    })),
    /** The entries a save wrote replace the stored ones of their pairs: the screen holds their new versions. */
    storeSaved: assign(({ context }, written: DistanceEntry[]) => ({
      entries: { ...context.entries, ...Object.fromEntries(written.map((entry) => [pairKey(entry), entry])) },
    })),
    clearEntries: assign({ entries: {} }),
    chooseFrom: assign(({ event }) => {
      assertEvent(event, 'PLACES.FROM');
      return { fromIds: event.ids };
    }),
    chooseTo: assign(({ event }) => {
      assertEvent(event, 'PLACES.TO');
      return { toIds: event.ids };
    }),
    recordEdit: assign(({ context, event }) => {
      assertEvent(event, 'CELL.CHANGE');
      const pair = { workplace_from_id: event.from, workplace_to_id: event.to };
      const key = pairKey(pair);
      const { [key]: _cleared, ...cellErrors } = context.cellErrors;
      const stored = context.entries[key];
      const pendingCreate = withoutKey(context.pendingCreate, key);
      const pendingUpdate = withoutKey(context.pendingUpdate, key);
      // Clearing a cell, or typing its stored value back, leaves nothing to save for it.
      if (event.distance === null || event.distance === stored?.distance)
        return { pendingCreate, pendingUpdate, cellErrors };
      if (stored)
        return {
          pendingCreate,
          pendingUpdate: replaceByKey(context.pendingUpdate, {
            ...pair,
            id: stored.id,
            distance: event.distance,
            version: stored.version,
          }),
          cellErrors,
        };
      return {
        pendingCreate: replaceByKey(context.pendingCreate, { ...pair, distance: event.distance }),
        pendingUpdate,
        cellErrors,
      };
    }),
    clearPending: assign(cleared),
    storeInvalid: assign(({ context }) => {
      const body = saveBody(context);
      const result = distanceSaveSchema.safeParse(body);
      // The message above the matrix, as for a server's refusal: the cells' own texts are listed under it.
      return result.success
        ? { cellErrors: {}, message: null }
        : { cellErrors: errorsByCell(body, zodFieldErrors(result.error)), message: MESSAGES.validation };
    }),
    storeSaveFailure: assign(({ context }, error: unknown) => {
      const failure = parseApiError(error);
      return { cellErrors: errorsByCell(saveBody(context), failure.fields), message: failure.message };
    }),
    storeFailure: assign((_, error: unknown) => ({ message: parseApiError(error).message })),
  },
}).createMachine({
  id: 'workplaceDistance',
  context: {
    workplaces: [],
    fromIds: [],
    toIds: [],
    entries: {},
    pendingCreate: [],
    pendingUpdate: [],
    cellErrors: {},
    message: null,
  },
  initial: 'loadingPlaces',
  states: {
    loadingPlaces: {
      tags: ['loading'],
      invoke: {
        src: 'loadWorkplaces',
        onDone: {
          target: 'loading',
          actions: { type: 'storeWorkplaces', params: ({ event }) => event.output },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    failed: { on: { 'LOAD.RETRY': 'loadingPlaces' } },
    loading: {
      tags: ['loading'],
      always: { guard: not('hasPlaces?'), target: 'view', actions: 'clearEntries' },
      invoke: {
        src: 'loadDistances',
        input: ({ context }) => ({ fromIds: context.fromIds, toIds: context.toIds }),
        onDone: { target: 'view', actions: { type: 'storeEntries', params: ({ event }) => event.output } },
        onError: {
          target: 'view',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    view: {
      tags: ['view'],
      on: {
        'PLACES.FROM': { target: 'loading', actions: 'chooseFrom' },
        'PLACES.TO': { target: 'loading', actions: 'chooseTo' },
        'EDIT.START': { target: 'edit', actions: 'clearPending' },
        'LOAD.RETRY': 'loading',
      },
    },
    edit: {
      tags: ['edit'],
      on: {
        'CELL.CHANGE': { actions: 'recordEdit' },
        // Cancel reloads: after a refused save (another user's change) the screen then shows what is stored now.
        'EDIT.CANCEL': { target: 'loading', actions: 'clearPending' },
        'EDIT.SAVE': [
          { guard: not('hasPending?'), target: 'view', actions: 'clearPending' },
          { guard: 'isValid?', target: 'saving' },
          { actions: 'storeInvalid' },
        ],
        'CELL.DELETE': 'deleting',
      },
    },
    saving: {
      tags: ['edit', 'busy'],
      invoke: {
        src: 'saveDistances',
        input: ({ context }) => saveBody(context),
        onDone: {
          target: 'loading',
          actions: [{ type: 'storeSaved', params: ({ event }) => event.output }, 'clearPending'],
        },
        onError: {
          target: 'edit',
          actions: {
            type: 'storeSaveFailure',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
        },
      },
    },
    deleting: {
      tags: ['edit', 'busy'],
      invoke: {
        src: 'deleteDistances',
        input: ({ event }) => {
          assertEvent(event, 'CELL.DELETE');
          return { ids: event.ids };
        },
        onDone: { target: 'loading', actions: 'clearPending' },
        onError: {
          target: 'edit',
          actions: { type: 'storeFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
  },
});
