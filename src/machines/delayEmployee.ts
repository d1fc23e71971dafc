/**
 * The delay-employee screen (spec 4, "Delay-employee"): the delays of a chosen day's flights, each with the employee
 * answerable for it. Choosing an employee for a delay (or clearing it) records the change; saving sends the changed
 * assignments with the versions of the delays as read, stores the answered delays (their new versions) and shows
 * 'Изменения успешно сохранены' (spec 8); a save refused because another user changed a delay first (409) keeps
 * the changes and shows the message, the delays named under their rows. Changing the day
 * reloads it and drops unsaved changes. The employees offered come from a name search, a bounded page at a time.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadDayDelays, saveAssignments, searchEmployees } from '../app/delay-employee/api.ts';
import {
  DELAY_EMPLOYEE_MESSAGES,
  type DelayAssign,
  type DelayEmployee,
  type EmployeeOption,
} from '../shared/delay-employee.ts';

/** An answerable employee as a row shows it. */
export type Answerable = { id: number; name: string } | null;

export interface DelayEmployeeContext {
  /** The chosen day, 'YYYY-MM-DD'. */
  date: string;
  rows: DelayEmployee[];
  /** Unsaved choices by delay id. */
  changes: Record<number, Answerable>;
  search: string;
  employees: EmployeeOption[];
  /** The last answer's failure, and its field errors by body path (`items.0.employee_id`). */
  message: string | null;
  fields: Record<string, string[]>;
  /** The success message after a save (spec 8), until the next change. */
  notice: string | null;
}

export type DelayEmployeeEvent =
  | { type: 'DATE.CHANGE'; date: string }
  | { type: 'EMPLOYEE.CHOOSE'; delayId: number; employee: Answerable }
  | { type: 'SEARCH.CHANGE'; search: string }
  | { type: 'CHANGES.SAVE' }
  | { type: 'LOAD.RETRY' };

/** The employee a row shows: the unsaved choice, else the stored one. */
export function shownEmployee(context: DelayEmployeeContext, row: DelayEmployee): Answerable {
  return Object.hasOwn(context.changes, row.id) ? context.changes[row.id] : row.employee;
}

/**
 * The body of `PATCH /v2/delay-employees`: the changed assignments in row order, each with the version of the delay
 * as read (a save over another user's change of the delay is refused, 409).
 */
export function assignBody(context: DelayEmployeeContext): DelayAssign {
  return {
    items: context.rows
      .filter((row) => Object.hasOwn(context.changes, row.id))
      .map((row) => ({
        delay_id: row.id,
        employee_id: context.changes[row.id]?.id ?? null,
        version: row.version,
      })),
  };
}

/** How many rows differ from what is stored. */
export function changedCount(context: DelayEmployeeContext): number {
  return Object.keys(context.changes).length;
}

/** Delay before a typed name is searched. */
const SEARCH_PAUSE = 300;

export const delayEmployeeMachine = setup({
  types: {
    context: {} as DelayEmployeeContext,
    events: {} as DelayEmployeeEvent,
    input: {} as { date: string },
  },
  actors: {
    loadDay: fromPromise<DelayEmployee[], { date: string }>(({ input }) => loadDayDelays(input.date)),
    searchEmployees: fromPromise<EmployeeOption[], { search: string }>(({ input }) =>
      searchEmployees(input.search),
    ),
    saveAssignments: fromPromise<DelayEmployee[], DelayAssign>(({ input }) => saveAssignments(input)),
  },
  guards: {
    'hasChanges?': ({ context }) => changedCount(context) > 0,
    'isOtherDay?': ({ context, event }) => {
      assertEvent(event, 'DATE.CHANGE');
      return event.date !== context.date;
    },
  },
  actions: {
    setDate: assign(({ event }) => {
      assertEvent(event, 'DATE.CHANGE');
      return { date: event.date, changes: {}, notice: null, message: null, fields: {} };
    }),
    setSearch: assign(({ event }) => {
      assertEvent(event, 'SEARCH.CHANGE');
      return { search: event.search };
    }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'EMPLOYEE.CHOOSE');
      const row = context.rows.find((candidate) => candidate.id === event.delayId);
      if (!row) return {};
      const changes = { ...context.changes };
      // Choosing the stored employee again is no change.
      if ((row.employee?.id ?? null) === (event.employee?.id ?? null)) delete changes[row.id];
      else changes[row.id] = event.employee;
      return { changes, notice: null };
    }),
    storeDay: assign((_, rows: DelayEmployee[]) => ({ rows, changes: {}, message: null, fields: {} })),
    storeEmployees: assign((_, employees: EmployeeOption[]) => ({ employees })),
    storeSaved: assign(({ context }, saved: DelayEmployee[]) => {
      const byId = new Map(saved.map((row) => [row.id, row]));
      return {
        rows: context.rows.map((row) => byId.get(row.id) ?? row),
        changes: {},
        message: null,
        fields: {},
        notice: DELAY_EMPLOYEE_MESSAGES.saved,
      };
    }),
    storeError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { message: failure.message, fields: failure.fields };
    }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'delayEmployee',
  context: ({ input }) => ({
    date: input.date,
    rows: [],
    changes: {},
    search: '',
    employees: [],
    message: null,
    fields: {},
    notice: null,
  }),
  type: 'parallel',
  states: {
    employees: {
      initial: 'searching',
      on: { 'SEARCH.CHANGE': { target: '.waiting', reenter: true, actions: 'setSearch' } },
      states: {
        waiting: { after: { [SEARCH_PAUSE]: 'searching' } },
        searching: {
          tags: ['searching'],
          invoke: {
            src: 'searchEmployees',
            input: ({ context }) => ({ search: context.search }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeEmployees', params: ({ event }) => event.output },
            },
            onError: {
              target: 'idle',
              actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        idle: {},
      },
    },
    day: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          on: {
            'DATE.CHANGE': { guard: 'isOtherDay?', target: 'loading', reenter: true, actions: 'setDate' },
          },
          invoke: {
            src: 'loadDay',
            input: ({ context }) => ({ date: context.date }),
            onDone: { target: 'ready', actions: { type: 'storeDay', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            },
          },
        },
        failed: {
          on: {
            'LOAD.RETRY': 'loading',
            'DATE.CHANGE': { target: 'loading', actions: 'setDate' },
          },
        },
        ready: {
          initial: 'idle',
          on: { 'DATE.CHANGE': { guard: 'isOtherDay?', target: 'loading', actions: 'setDate' } },
          states: {
            idle: {
              on: {
                'EMPLOYEE.CHOOSE': { actions: 'choose' },
                'CHANGES.SAVE': { guard: 'hasChanges?', target: 'saving' },
              },
            },
            saving: {
              tags: ['saving'],
              on: { 'DATE.CHANGE': {} },
              invoke: {
                src: 'saveAssignments',
                input: ({ context }) => assignBody(context),
                onDone: {
                  target: 'saved',
                  actions: { type: 'storeSaved', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: {
                    type: 'storeError',
                    params: ({ event }: { event: ErrorActorEvent }) => event.error,
                  },
                },
              },
            },
            saved: {
              tags: ['saved'],
              on: {
                'EMPLOYEE.CHOOSE': { target: 'idle', actions: ['clearNotice', 'choose'] },
              },
            },
          },
        },
      },
    },
  },
});
