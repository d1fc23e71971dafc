/**
 * The flight table's actions on the chosen rows (spec 4 and 8, "Flight table"): delete after a confirmation, divide a
 * paired row after a confirmation, combine an arrival with a departure (state none / pending / fulfilled / rejected
 * with the server's message or 'Ошибка'), set employees, drop them after a confirmation, the common-TGO dialog
 * ('У выбранных рейсов отсутствуют одинаковые ТГО' when the rows share none) and the spreadsheet export with its progress. One action runs at a time; each
 * success calls `reportChanged` (the screen reloads the rows with its filters and sort), each message goes through
 * `showMessage` (the screen's alert); a divide or combine names the legs in its message and calls `reportPaired`
 * with the rows' new aids (the screen chooses those of them still in view). What the messages say is
 * `flightActionsMessages.ts`; the context and events are `flightActionsTypes.ts`.
 */
import { type ActorRefFrom, assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
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
import {
  type CombineResult,
  type DivideResult,
  type EmployeesResult,
  FLIGHT_TABLE_MESSAGES,
  type TgoOption,
} from '../shared/flight-table.ts';
import {
  DELETE_DONE,
  employeesMessage,
  type FlightMessage,
  failureText,
  TGO_DONE,
} from './flightActionsMessages.ts';
import {
  type FlightActionsContext,
  type FlightActionsEvent,
  firstChoice,
  type PairingStatus,
} from './flightActionsTypes.ts';

export const flightActionsMachine = setup({
  types: {
    context: {} as FlightActionsContext,
    events: {} as FlightActionsEvent,
  },
  actors: {
    deleteRows: fromPromise<void, { aids: number[] }>(({ input }) => deleteRaces(input.aids)),
    divideRow: fromPromise<DivideResult, { aid: number }>(({ input }) => divideRace(input.aid)),
    combineRows: fromPromise<CombineResult, { arrivalFlightId: number; departureFlightId: number }>(
      ({ input }) => combineRaces(input),
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
      assertEvent(event, ['DELETE.REQUEST', 'EMPLOYEES.CHANGE', 'TGO.OPEN']);
      return event.aids.length > 0;
    },
    'isDrop?': ({ event }) => {
      assertEvent(event, 'EMPLOYEES.CHANGE');
      return event.action === 'drop-employees' && event.aids.length > 0;
    },
    'hasNoTgos?': (_, tgos: TgoOption[]) => tgos.length === 0,
    'isTgoChosen?': ({ context }) => context.tgoId !== null,
  },
  actions: {
    /** The screen reloads the rows (provided; nothing by default). */
    reportChanged: () => undefined,
    /** The screen chooses these rows, those of them in view (provided; nothing by default). */
    reportPaired: (_, _aids: number[]) => undefined,
    /** The screen's alert (provided; nothing by default). */
    showMessage: (_, _message: FlightMessage) => undefined,
    /** The screen saves the built file (provided; nothing by default). */
    saveFile: (_, _file: ExportedFile) => undefined,
    takeRows: assign(({ event }) => {
      assertEvent(event, ['DELETE.REQUEST', 'EMPLOYEES.CHANGE', 'TGO.OPEN']);
      return { aids: event.aids, error: null };
    }),
    takeDivide: assign(({ event }) => {
      assertEvent(event, 'DIVIDE.REQUEST');
      return { aids: [event.aid], legs: event.legs, error: null };
    }),
    takeCombine: assign(({ event }) => {
      assertEvent(event, 'COMBINE.RUN');
      return { legs: event.legs };
    }),
    startPairing: assign({ pairing: { status: 'pending' as PairingStatus, message: null } }),
    pairingDone: assign({ pairing: { status: 'fulfilled' as PairingStatus, message: null } }),
    pairingFailed: assign((_, error: unknown) => ({
      pairing: { status: 'rejected' as PairingStatus, message: failureText(error) },
    })),
    storeError: assign((_, error: unknown) => ({ error: failureText(error) })),
    storeTgos: assign((_, tgos: TgoOption[]) => ({
      tgos,
      tgoId: firstChoice(tgos),
      error: null,
    })),
    chooseTgo: assign(({ event }) => {
      assertEvent(event, 'TGO.CHOOSE');
      return { tgoId: event.tgoId };
    }),
    clear: assign({
      aids: [],
      legs: '',
      tgos: [],
      tgoId: null,
      error: null,
      progress: { received: 0, total: null },
    }),
    storeProgress: assign(({ event }) => {
      assertEvent(event, 'EXPORT.PROGRESS');
      return { progress: { received: event.received, total: event.total } };
    }),
  },
}).createMachine({
  id: 'flightActions',
  context: {
    aids: [],
    legs: '',
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
        'DIVIDE.REQUEST': { target: 'confirmingDivide', actions: 'takeDivide' },
        'COMBINE.RUN': { target: 'combining', actions: ['startPairing', 'takeCombine'] },
        'EMPLOYEES.CHANGE': [
          { guard: 'isDrop?', target: 'confirmingDrop', actions: 'takeRows' },
          { guard: 'hasRows?', target: 'changingEmployees', actions: 'takeRows' },
        ],
        'TGO.OPEN': { guard: 'hasRows?', target: 'loadingTgos', actions: 'takeRows' },
        'EXPORT.START': 'exporting',
      },
    },
    /** «Снять сотрудников» asks first: it erases who was set on the rows' tasks, done flights' too. */
    confirmingDrop: {
      tags: ['confirmingDrop'],
      on: { 'DROP.CONFIRM': 'changingEmployees', 'DROP.CANCEL': 'idle' },
    },
    confirmingDelete: {
      tags: ['confirmingDelete'],
      on: { 'DELETE.CONFIRM': 'deleting', 'DELETE.CANCEL': 'idle' },
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
    /** «Разделить» asks first: the row becomes two, and a leg may leave the shown period. */
    confirmingDivide: {
      tags: ['confirmingDivide'],
      on: { 'DIVIDE.CONFIRM': { target: 'dividing', actions: 'startPairing' }, 'DIVIDE.CANCEL': 'idle' },
    },
    dividing: {
      tags: ['confirmingDivide', 'busy'],
      invoke: {
        src: 'divideRow',
        input: ({ context }) => ({ aid: context.aids[0] }),
        onDone: {
          target: 'idle',
          actions: [
            'pairingDone',
            'reportChanged',
            {
              type: 'reportPaired',
              params: ({ event }) => [event.output.arrival_aid, event.output.departure_aid],
            },
            {
              type: 'showMessage',
              params: ({ context }) => ({ text: `Рейс разделён: ${context.legs}`, tone: 'Success' }),
            },
          ],
        },
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
          assertEvent(event, 'COMBINE.RUN');
          return { arrivalFlightId: event.arrivalFlightId, departureFlightId: event.departureFlightId };
        },
        onDone: {
          target: 'idle',
          actions: [
            'pairingDone',
            'reportChanged',
            { type: 'reportPaired', params: ({ event }) => [event.output.aid] },
            {
              type: 'showMessage',
              params: ({ context }) => ({ text: `Рейсы связаны: ${context.legs}`, tone: 'Success' }),
            },
          ],
        },
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
        // Dropping runs after its confirmation, on the rows it was asked for.
        input: ({ context, event }) =>
          event.type === 'EMPLOYEES.CHANGE'
            ? { action: event.action, aids: event.aids }
            : { action: 'drop-employees' as const, aids: context.aids },
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
        'TGO.CANCEL': 'idle',
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
          assertEvent(event, 'EXPORT.START');
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
        'EXPORT.CANCEL': 'idle',
      },
    },
  },
});

export type FlightActionsRef = ActorRefFrom<typeof flightActionsMachine>;
