/**
 * The flight table's actions on the chosen rows (spec 4 and 8, "Flight table"): delete after a confirmation, divide a
 * paired row, combine an arrival with a departure (state none / pending / fulfilled / rejected with the server's
 * message or 'Ошибка'), set and drop employees, the common-TGO dialog ('У выбранных рейсов отсутствуют одинаковые
 * ТГО' when the rows share none) and the spreadsheet export with its progress. One action runs at a time; each
 * success calls `reportChanged` (the screen reloads the rows with its filters and sort), each message goes through
 * `showMessage` (the screen's alert).
 */
import { type ActorRefFrom, assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import {
  applyTgo,
  changeEmployees,
  combineRaces,
  deleteRaces,
  divideRace,
  type EmployeesAction,
  type ExportedFile,
  type ExportRequest,
  exportRaces,
  loadCommonTgos,
} from '../app/flight-table/api.ts';
import { type EmployeesResult, FLIGHT_TABLE_MESSAGES, type TgoOption } from '../shared/flight-table.ts';

/** The state of a divide or combine (spec 4). */
export type PairingStatus = 'none' | 'pending' | 'fulfilled' | 'rejected';

export interface FlightActionsContext {
  /** The rows the running (or confirming) action is about. */
  aids: number[];
  pairing: { status: PairingStatus; message: string | null };
  tgos: TgoOption[];
  tgoId: number | null;
  /** The message under the TGO dialog or the delete confirmation after a failure. */
  error: string | null;
  /** Bytes of the spreadsheet received so far, and its size when known. */
  progress: { received: number; total: number | null };
}

export type FlightActionsEvent =
  | { type: 'DELETE.REQUEST'; aids: number[] }
  | { type: 'DELETE.CONFIRM' }
  | { type: 'DIVIDE'; aid: number }
  | { type: 'COMBINE'; arrivalFlightId: number; departureFlightId: number }
  | { type: 'EMPLOYEES'; action: EmployeesAction; aids: number[] }
  | { type: 'TGO.OPEN'; aids: number[] }
  | { type: 'TGO.CHOOSE'; tgoId: number }
  | { type: 'TGO.APPLY' }
  | { type: 'EXPORT'; request: ExportRequest }
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'CANCEL' };

/** What a message of the screen's alert says and how. */
export interface FlightMessage {
  text: string;
  tone: 'Success' | 'Danger' | 'Warning';
}

const DELETE_DONE = 'Удалено';
const EMPLOYEES_DONE: Record<EmployeesAction, string> = {
  'set-employees': 'Сотрудники назначены',
  'set-desk-employees': 'Сотрудники стоек назначены',
  'drop-employees': 'Сотрудники сняты',
};
const TGO_DONE = 'ТГО применено';

/** The alert after an employee action: what was done and, for a set, how many places stay empty. */
export function employeesMessage(action: EmployeesAction, result: EmployeesResult): FlightMessage {
  if (action === 'drop-employees') {
    return { text: `${EMPLOYEES_DONE[action]}: ${result.assignments}`, tone: 'Success' };
  }
  const text = `${EMPLOYEES_DONE[action]}: ${result.assignments}`;
  return result.missing > 0
    ? { text: `${text}; не хватает сотрудников: ${result.missing}`, tone: 'Warning' }
    : { text, tone: 'Success' };
}

/** The text of a failed action: the server's message, 'Ошибка' when it has none (spec 8). */
function failureText(error: unknown): string {
  return parseApiError(error).message.trim() || FLIGHT_TABLE_MESSAGES.error;
}

export const flightActionsMachine = setup({
  types: {
    context: {} as FlightActionsContext,
    events: {} as FlightActionsEvent,
  },
  actors: {
    deleteRows: fromPromise<void, { aids: number[] }>(({ input }) => deleteRaces(input.aids)),
    divideRow: fromPromise<void, { aid: number }>(({ input }) => divideRace(input.aid)),
    combineRows: fromPromise<void, { arrivalFlightId: number; departureFlightId: number }>(({ input }) =>
      combineRaces(input),
    ),
    changeEmployees: fromPromise<
      { action: EmployeesAction; result: EmployeesResult },
      { action: EmployeesAction; aids: number[] }
    >(async ({ input }) => ({
      action: input.action,
      result: await changeEmployees(input.action, input.aids),
    })),
    loadTgos: fromPromise<TgoOption[], { aids: number[] }>(({ input }) => loadCommonTgos(input.aids)),
    applyTgo: fromPromise<void, { aids: number[]; tgoId: number }>(({ input }) => applyTgo(input)),
    exportFile: fromPromise<
      ExportedFile,
      { request: ExportRequest; report: (received: number, total: number | null) => void }
    >(({ input, signal }) => exportRaces(input.request, input.report, signal)),
  },
  guards: {
    'hasRows?': ({ event }) => {
      assertEvent(event, ['DELETE.REQUEST', 'EMPLOYEES', 'TGO.OPEN']);
      return event.aids.length > 0;
    },
    'hasNoTgos?': (_, tgos: TgoOption[]) => tgos.length === 0,
    'isTgoChosen?': ({ context }) => context.tgoId !== null,
  },
  actions: {
    /** The screen reloads the rows (provided; nothing by default). */
    reportChanged: () => undefined,
    /** The screen's alert (provided; nothing by default). */
    showMessage: (_, _message: FlightMessage) => undefined,
    /** The screen saves the built file (provided; nothing by default). */
    saveFile: (_, _file: ExportedFile) => undefined,
    takeRows: assign(({ event }) => {
      assertEvent(event, ['DELETE.REQUEST', 'EMPLOYEES', 'TGO.OPEN']);
      return { aids: event.aids, error: null };
    }),
    startPairing: assign({ pairing: { status: 'pending' as PairingStatus, message: null } }),
    pairingDone: assign({ pairing: { status: 'fulfilled' as PairingStatus, message: null } }),
    pairingFailed: assign((_, error: unknown) => ({
      pairing: { status: 'rejected' as PairingStatus, message: failureText(error) },
    })),
    storeError: assign((_, error: unknown) => ({ error: failureText(error) })),
    storeTgos: assign((_, tgos: TgoOption[]) => ({
      tgos,
      tgoId: tgos.find((tgo) => tgo.current)?.id ?? tgos[0]?.id ?? null,
      error: null,
    })),
    chooseTgo: assign(({ event }) => {
      assertEvent(event, 'TGO.CHOOSE');
      return { tgoId: event.tgoId };
    }),
    clear: assign({ aids: [], tgos: [], tgoId: null, error: null, progress: { received: 0, total: null } }),
    storeProgress: assign(({ event }) => {
      assertEvent(event, 'EXPORT.PROGRESS');
      return { progress: { received: event.received, total: event.total } };
    }),
  },
}).createMachine({
  id: 'flightActions',
  context: {
    aids: [],
    pairing: { status: 'none', message: null },
    tgos: [],
    tgoId: null,
    error: null,
    progress: { received: 0, total: null },
  },
  initial: 'idle',
  states: {
    idle: {
      tags: ['idle'],
      entry: 'clear',
      on: {
        'DELETE.REQUEST': { guard: 'hasRows?', target: 'confirmingDelete', actions: 'takeRows' },
        DIVIDE: { target: 'dividing', actions: 'startPairing' },
        COMBINE: { target: 'combining', actions: 'startPairing' },
        EMPLOYEES: { guard: 'hasRows?', target: 'changingEmployees', actions: 'takeRows' },
        'TGO.OPEN': { guard: 'hasRows?', target: 'loadingTgos', actions: 'takeRows' },
        EXPORT: 'exporting',
      },
    },
    confirmingDelete: {
      tags: ['confirmingDelete'],
      on: { 'DELETE.CONFIRM': 'deleting', CANCEL: 'idle' },
    },
    deleting: {
      tags: ['confirmingDelete', 'busy'],
      invoke: {
        src: 'deleteRows',
        input: ({ context }) => ({ aids: context.aids }),
        onDone: {
          target: 'idle',
          actions: ['reportChanged', { type: 'showMessage', params: { text: DELETE_DONE, tone: 'Success' } }],
        },
        onError: {
          // Some rows may be gone already: the table reloads, and the confirmation shows the refusal.
          target: 'confirmingDelete',
          actions: [
            { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            'reportChanged',
          ],
        },
      },
    },
    dividing: {
      tags: ['busy'],
      invoke: {
        src: 'divideRow',
        input: ({ event }) => {
          assertEvent(event, 'DIVIDE');
          return { aid: event.aid };
        },
        onDone: { target: 'idle', actions: ['pairingDone', 'reportChanged'] },
        onError: {
          target: 'pairingFailed',
          actions: { type: 'pairingFailed', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    combining: {
      tags: ['busy'],
      invoke: {
        src: 'combineRows',
        input: ({ event }) => {
          assertEvent(event, 'COMBINE');
          return { arrivalFlightId: event.arrivalFlightId, departureFlightId: event.departureFlightId };
        },
        onDone: { target: 'idle', actions: ['pairingDone', 'reportChanged'] },
        onError: {
          target: 'pairingFailed',
          actions: { type: 'pairingFailed', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    /** A divide or combine refused: its message shown, back to idle. */
    pairingFailed: {
      always: {
        target: 'idle',
        actions: {
          type: 'showMessage',
          params: ({ context }) => ({
            text: context.pairing.message ?? FLIGHT_TABLE_MESSAGES.error,
            tone: 'Danger',
          }),
        },
      },
    },
    changingEmployees: {
      tags: ['busy'],
      invoke: {
        src: 'changeEmployees',
        input: ({ event }) => {
          assertEvent(event, 'EMPLOYEES');
          return { action: event.action, aids: event.aids };
        },
        onDone: {
          target: 'idle',
          actions: [
            'reportChanged',
            {
              type: 'showMessage',
              params: ({ event }) => employeesMessage(event.output.action, event.output.result),
            },
          ],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'showMessage',
            params: ({ event }: { event: ErrorActorEvent }) => ({
              text: failureText(event.error),
              tone: 'Danger',
            }),
          },
        },
      },
    },
    loadingTgos: {
      tags: ['busy'],
      invoke: {
        src: 'loadTgos',
        input: ({ context }) => ({ aids: context.aids }),
        onDone: [
          {
            guard: { type: 'hasNoTgos?', params: ({ event }) => event.output },
            target: 'idle',
            actions: {
              type: 'showMessage',
              params: { text: FLIGHT_TABLE_MESSAGES.noCommonTgo, tone: 'Warning' },
            },
          },
          {
            target: 'choosingTgo',
            actions: { type: 'storeTgos', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'showMessage',
            params: ({ event }: { event: ErrorActorEvent }) => ({
              text: failureText(event.error),
              tone: 'Danger',
            }),
          },
        },
      },
    },
    choosingTgo: {
      tags: ['tgoDialog'],
      on: {
        'TGO.CHOOSE': { actions: 'chooseTgo' },
        'TGO.APPLY': { guard: 'isTgoChosen?', target: 'applyingTgo' },
        CANCEL: 'idle',
      },
    },
    applyingTgo: {
      tags: ['tgoDialog', 'busy'],
      invoke: {
        src: 'applyTgo',
        input: ({ context }) => ({ aids: context.aids, tgoId: context.tgoId as number }),
        onDone: {
          target: 'idle',
          actions: ['reportChanged', { type: 'showMessage', params: { text: TGO_DONE, tone: 'Success' } }],
        },
        onError: {
          target: 'choosingTgo',
          actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    exporting: {
      tags: ['exporting', 'busy'],
      invoke: {
        src: 'exportFile',
        input: ({ event, self }) => {
          assertEvent(event, 'EXPORT');
          return {
            request: event.request,
            report: (received: number, total: number | null) =>
              self.send({ type: 'EXPORT.PROGRESS', received, total }),
          };
        },
        onDone: {
          target: 'idle',
          actions: { type: 'saveFile', params: ({ event }) => event.output },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'showMessage',
            params: ({ event }: { event: ErrorActorEvent }) => ({
              text: failureText(event.error),
              tone: 'Danger',
            }),
          },
        },
      },
      on: {
        'EXPORT.PROGRESS': { actions: 'storeProgress' },
        CANCEL: 'idle',
      },
    },
  },
});

export type FlightActionsRef = ActorRefFrom<typeof flightActionsMachine>;
