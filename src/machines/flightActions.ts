/**
 * The flight table's actions on the chosen rows (spec 4 and 8, "Flight table"): delete after a confirmation, divide a
 * paired row after a confirmation, combine an arrival with a departure (state none / pending / fulfilled / rejected
 * with the server's message or 'Ошибка'), set employees, drop them after a confirmation, the common-TGO dialog
 * ('У выбранных рейсов отсутствуют одинаковые ТГО' when the rows share none) and the spreadsheet export with its progress. One action runs at a time; each
 * success calls `reportChanged` (the screen reloads the rows with its filters and sort), each message goes through
 * `showMessage` (the screen's alert); a divide or combine names the legs in its message and calls `reportPaired`
 * with the rows' new aids (the screen chooses those of them still in view).
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
import {
  type CombineResult,
  type DivideResult,
  type EmployeesResult,
  FLIGHT_TABLE_MESSAGES,
  type RaceRow,
  type TgoOption,
} from '../shared/flight-table.ts';

/** The state of a divide or combine (spec 4). */
export type PairingStatus = 'none' | 'pending' | 'fulfilled' | 'rejected';

export interface FlightActionsContext {
  /** The rows the running (or confirming) action is about. */
  aids: number[];
  /** The legs of the divide being confirmed or run: 'S7 407 (23.11) и S7 406 (24.11)'. */
  legs: string;
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
  | { type: 'DIVIDE.REQUEST'; aid: number; legs: string }
  | { type: 'DIVIDE.CONFIRM' }
  | { type: 'COMBINE.RUN'; arrivalFlightId: number; departureFlightId: number; legs: string }
  | { type: 'EMPLOYEES.CHANGE'; action: EmployeesAction; aids: number[] }
  | { type: 'TGO.OPEN'; aids: number[] }
  | { type: 'TGO.CHOOSE'; tgoId: number }
  | { type: 'TGO.APPLY' }
  | { type: 'EXPORT.START'; request: ExportRequest }
  | { type: 'EXPORT.PROGRESS'; received: number; total: number | null }
  | { type: 'DROP.CONFIRM' }
  | { type: 'DELETE.CANCEL' }
  | { type: 'DIVIDE.CANCEL' }
  | { type: 'DROP.CANCEL' }
  | { type: 'TGO.CANCEL' }
  | { type: 'EXPORT.CANCEL' };

/** What a message of the screen's alert says and how. */
/** The TGO the dialog opens on: the rows' current one, else the first. Example: `[{id: 3}, {id: 7, current: true}]` → 7. */
function firstChoice(tgos: readonly TgoOption[]): number | null {
  return tgos.find((tgo) => tgo.current)?.id ?? tgos[0]?.id ?? null;
}

/** Whether closing the TGO dialog would lose a choice: one other than the TGO it opened on is chosen. */
export function hasUnsavedTgoChoice(context: Pick<FlightActionsContext, 'tgos' | 'tgoId'>): boolean {
  return context.tgoId !== firstChoice(context.tgos);
}

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

/** The day of a row's leg as the messages name it: '23.11' of '23.11.2026'. */
const dayOf = (date: string) => date.slice(0, 5);

/**
 * The legs of a paired row as the divide names them: the arrival on the row's day, the departure on the day its
 * plan time names ('24.11 06:00' when it is another day; only the time when it is the same day).
 * Example: `{flight: 'S7 407 / S7 406', date: '23.11.2026', plan: '21:15 / 24.11 06:00'}` →
 * 'S7 407 (23.11) и S7 406 (24.11)'.
 */
export function dividedLegs(row: Pick<RaceRow, 'flight' | 'date' | 'plan'>): string {
  const [arrival, departure = ''] = row.flight.split(' / ');
  const day = dayOf(row.date);
  const later = /^(\d\d\.\d\d) /.exec(row.plan.split(' / ')[1] ?? '')?.[1] ?? day;
  return `${arrival} (${day}) и ${departure} (${later})`;
}

/** The legs of two single-leg rows as the combine names them: 'S7 407 (23.11) и S7 406 (24.11)'. */
export function combinedLegs(
  arrival: Pick<RaceRow, 'flight' | 'date'>,
  departure: Pick<RaceRow, 'flight' | 'date'>,
): string {
  return `${arrival.flight} (${dayOf(arrival.date)}) и ${departure.flight} (${dayOf(departure.date)})`;
}

/**
 * The alert after an employee action: what was done and, for a set, how many places stay empty. A set that
 * assigned nobody says why, as far as the answer tells: the rows have no such tasks, every place is filled
 * already, or no free employee on shift fits (a warning, never a green «Успешно»).
 */
export function employeesMessage(action: EmployeesAction, result: EmployeesResult): FlightMessage {
  if (action === 'drop-employees') {
    return result.assignments === 0
      ? { text: 'У выбранных рейсов нет назначенных сотрудников: снимать некого', tone: 'Warning' }
      : { text: `${EMPLOYEES_DONE[action]}: ${result.assignments}`, tone: 'Success' };
  }
  const desk = action === 'set-desk-employees';
  if (result.tasks === 0)
    return {
      text: desk
        ? 'Никто не назначен: у выбранных рейсов нет задач стоек (регистрации или выхода на посадку)'
        : 'Никто не назначен: у выбранных рейсов нет задач (примените ТГО)',
      tone: 'Warning',
    };
  if (result.assignments === 0)
    return result.missing > 0
      ? {
          text: `Никто не назначен: нет свободных сотрудников на смене нужных должностей; не хватает сотрудников: ${result.missing}`,
          tone: 'Warning',
        }
      : { text: 'Никто не назначен: все места в задачах уже заняты', tone: 'Warning' };
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
