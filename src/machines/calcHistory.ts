/**
 * The saved-calculations screen's actions (spec 2, /planning-calc-history): rename a row inline and delete a row after
 * a confirmation. The list itself is the grid machine's; after a rename or a delete this machine asks it to reload
 * (`refreshList`, provided by the screen). A name is checked here before it is sent; the server's refusal of it is
 * kept as `nameError` (the screen shows it above the grid, describing the input), a failed delete in an error popup.
 * A rename sends back the row's version as listed: when another rename came first (409), that message is kept the
 * same way, the draft stays and the list reloads.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { deleteCalc, renameCalc } from '../app/calc-history/api.ts';
import { type CalcRenamed, calcNameSchema } from '../shared/planning-calc.ts';

/** The row being renamed, the name typed so far, and the row's version as listed (sent back with the rename). */
export interface RenameDraft {
  id: number;
  name: string;
  version: string;
}

export interface CalcHistoryContext {
  editing: RenameDraft | null;
  /** Why the typed name is refused (client check, the server's `fields.name`, or its message: a 409 among them). */
  nameError: string | null;
  /** The row the delete question is about. */
  target: { id: number; name: string } | null;
  /** A failed delete's message, shown in a popup until closed. */
  deleteError: string | null;
}

export type CalcHistoryEvent =
  | { type: 'RENAME.START'; id: number; name: string; version: string }
  | { type: 'RENAME.CHANGE'; name: string }
  | { type: 'RENAME.SAVE' }
  | { type: 'RENAME.CANCEL' }
  | { type: 'DELETE.ASK'; id: number; name: string }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'ERROR.CLOSE' };

export const calcHistoryMachine = setup({
  types: { context: {} as CalcHistoryContext, events: {} as CalcHistoryEvent },
  actors: {
    renameCalc: fromPromise<CalcRenamed, RenameDraft>(({ input }) => renameCalc(input)),
    deleteCalc: fromPromise<void, { id: number }>(({ input }) => deleteCalc(input.id)),
  },
  guards: {
    'isNameValid?': ({ context }) => calcNameSchema.safeParse(context.editing?.name ?? '').success,
    /** The rename was refused as stale (409): the row was renamed since the list was read. */
    'isStaleEdit?': (_, error: unknown) => parseApiError(error).status === 409,
  },
  actions: {
    startRename: assign(({ event }) => {
      assertEvent(event, 'RENAME.START');
      return { editing: { id: event.id, name: event.name, version: event.version }, nameError: null };
    }),
    changeName: assign(({ context, event }) => {
      assertEvent(event, 'RENAME.CHANGE');
      return context.editing ? { editing: { ...context.editing, name: event.name }, nameError: null } : {};
    }),
    refuseName: assign(({ context }) => {
      const checked = calcNameSchema.safeParse(context.editing?.name ?? '');
      return { nameError: checked.success ? null : (checked.error.issues[0]?.message ?? null) };
    }),
    storeRenameError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { nameError: failure.fields.name?.[0] ?? failure.message };
    }),
    stopRename: assign({ editing: null, nameError: null }),
    askDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE.ASK');
      return { target: { id: event.id, name: event.name }, deleteError: null };
    }),
    storeDeleteError: assign((_, error: unknown) => ({
      target: null,
      deleteError: parseApiError(error).message,
    })),
    clearTarget: assign({ target: null }),
    clearError: assign({ deleteError: null }),
    /** The screen provides the grid's reload. */
    refreshList: () => undefined,
  },
}).createMachine({
  id: 'calcHistory',
  context: { editing: null, nameError: null, target: null, deleteError: null },
  initial: 'idle',
  on: { 'ERROR.CLOSE': { actions: 'clearError' } },
  states: {
    idle: {
      on: {
        'RENAME.START': { target: 'editing', actions: 'startRename' },
        'DELETE.ASK': { target: 'confirming', actions: 'askDelete' },
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'RENAME.START': { actions: 'startRename' },
        'RENAME.CHANGE': { actions: 'changeName' },
        'RENAME.CANCEL': { target: 'idle', actions: 'stopRename' },
        'RENAME.SAVE': [{ guard: 'isNameValid?', target: 'renaming' }, { actions: 'refuseName' }],
        'DELETE.ASK': { target: 'confirming', actions: ['stopRename', 'askDelete'] },
      },
    },
    renaming: {
      tags: ['editing', 'saving'],
      invoke: {
        src: 'renameCalc',
        input: ({ context }) => ({
          id: context.editing?.id ?? 0,
          name: calcNameSchema.parse(context.editing?.name ?? ''),
          version: context.editing?.version ?? '',
        }),
        onDone: { target: 'idle', actions: ['stopRename', 'refreshList'] },
        onError: [
          {
            // The draft stays (with the version it started from); the list reloads, so the row shows the other
            // rename and a rename started again sends its version.
            guard: { type: 'isStaleEdit?', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'editing',
            actions: [
              { type: 'storeRenameError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
              'refreshList',
            ],
          },
          {
            target: 'editing',
            actions: {
              type: 'storeRenameError',
              params: ({ event }: { event: ErrorActorEvent }) => event.error,
            },
          },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'DELETE.CONFIRM': 'deleting',
        'DELETE.CANCEL': { target: 'idle', actions: 'clearTarget' },
      },
    },
    deleting: {
      tags: ['confirming', 'saving'],
      invoke: {
        src: 'deleteCalc',
        input: ({ context }) => ({ id: context.target?.id ?? 0 }),
        onDone: { target: 'idle', actions: ['clearTarget', 'refreshList'] },
        onError: {
          target: 'idle',
          actions: {
            type: 'storeDeleteError',
            params: ({ event }: { event: ErrorActorEvent }) => event.error,
          },
        },
      },
    },
  },
});
