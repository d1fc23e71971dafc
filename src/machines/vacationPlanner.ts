/**
 * The vacation planner of a saved calculation (spec 3, 4 "Vacation planning marks a planning mode until a reload
 * completes"): employees × days of the calculation's period. Dragging across days of one employee (or toggling one
 * day from the keyboard) changes his plan locally and asks the server again with the unsaved plans as a what-if; until
 * that answer arrives the planner is in planning mode (tag `planning`) and the shortage row shows the previous answer.
 * Saving writes the unsaved plans and reloads. A plan longer than the days left is refused here.
 *
 * The sort and the name filter are taken in every state, as the screen shows them from here: a change during a load
 * restarts it (the older request is aborted), and a change during a planning reload or a save waits for it to finish
 * (the shortage row and the written plans are not given up) and loads with the latest query then.
 *
 * Planning needs the rule to save (`canPlan`, from the screen's rules; the server's PUT asks the same): without it the
 * planner only shows the plans, and refuses drags and toggled days, so nothing is pending that could not be saved.
 */
import { assertEvent, assign, type ErrorActorEvent, fromPromise, not, setup } from 'xstate';
import { parseApiError } from '../app/api/errors.ts';
import { loadVacation, saveVacation, type VacationLoad, type VacationQuery } from '../app/vacation/api.ts';
import {
  daysBetween,
  PLANNING_CALC_MESSAGES,
  VACATION_DEFAULT_SORT,
  type VacationAnswer,
  type VacationPlanEntry,
} from '../shared/planning-calc.ts';

/** A drag across the days of one employee: from the day it started to the day under the pointer. */
export interface VacationDrag {
  employeeId: number;
  from: string;
  to: string;
  /** Add the days when the first day was free, remove them when it was planned. */
  mode: 'add' | 'remove';
}

export interface VacationPlannerContext {
  calcId: number;
  /** The user may save plans (`strategic-planning-index` or `calc-update`), so he may make them. */
  canPlan: boolean;
  sort: string;
  employee: string;
  answer: VacationAnswer | null;
  /** Unsaved plans by employee id: the whole plan of each changed employee. */
  drafts: Record<number, string[]>;
  drag: VacationDrag | null;
  message: string | null;
  fields: Record<string, string[]>;
  /** The last failure found no such calculation (404): a failed load has nothing to retry. */
  gone: boolean;
  notice: string | null;
  /** The sort or the filter changed while a planning reload or a save ran: load again when it is done. */
  queryChanged: boolean;
  /** The calculation's staff reached the server's limit, so the planner may not show every employee. */
  staffCapped: boolean;
  /**
   * The next answer keeps the rows in the order on screen: the load after a save, unless the user chose a sort or a
   * name since (saving changes the days left, and re-sorting by them would move the rows just planned out of view).
   */
  holdOrder: boolean;
}

export type VacationPlannerEvent =
  | { type: 'SORT.SET'; sort: string }
  | { type: 'FILTER.CHANGE'; employee: string }
  | { type: 'DRAG.START'; employeeId: number; date: string }
  | { type: 'DRAG.OVER'; date: string }
  | { type: 'DRAG.END' }
  | { type: 'DRAG.CANCEL' }
  | { type: 'DAY.TOGGLE'; employeeId: number; date: string }
  | { type: 'CHANGES.SAVE' }
  | { type: 'CHANGES.RESET' }
  | { type: 'LOAD.RETRY' }
  | { type: 'ACCESS.SET'; canPlan: boolean };

/** An employee's plan as shown: the unsaved one, else the answer's. */
export function planOf(
  context: Pick<VacationPlannerContext, 'answer' | 'drafts'>,
  employeeId: number,
): string[] {
  if (Object.hasOwn(context.drafts, employeeId)) return context.drafts[employeeId];
  return context.answer?.employees.find((row) => row.id === employeeId)?.planDates ?? [];
}

/** True when the day is in the drag's range (either direction). Example: drag 09→07 covers the 8th. */
export function inDrag(drag: VacationDrag | null, employeeId: number, date: string): boolean {
  if (!drag || drag.employeeId !== employeeId) return false;
  const [low, high] = drag.from <= drag.to ? [drag.from, drag.to] : [drag.to, drag.from];
  return date >= low && date <= high;
}

/**
 * The plan after a drag: the range's days added or removed, in order.
 * Example: ['2026-03-09'] with an add drag 10→11 → ['2026-03-09', '2026-03-10', '2026-03-11'].
 */
export function applyDrag(plan: readonly string[], drag: VacationDrag): string[] {
  const [low, high] = drag.from <= drag.to ? [drag.from, drag.to] : [drag.to, drag.from];
  const range = daysBetween(low, high);
  const days = new Set(plan);
  for (const day of range) {
    if (drag.mode === 'add') days.add(day);
    else days.delete(day);
  }
  return [...days].sort();
}

/** The what-if of the unsaved plans. */
function draftPlan(drafts: Record<number, string[]>): VacationPlanEntry[] {
  return Object.entries(drafts).map(([id, dates]) => ({ employee_id: Number(id), dates }));
}

/**
 * The answer of a planning reload with the rows in the order already on screen: a changed plan changes the days left,
 * and re-sorting by them would move the row away from under the pointer. The chosen sort applies on the next load.
 */
export function keepOrder(shown: VacationAnswer | null, answer: VacationAnswer): VacationAnswer {
  if (!shown) return answer;
  const place = new Map(shown.employees.map((row, index) => [row.id, index]));
  const employees = [...answer.employees].sort(
    (a, b) => (place.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (place.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  return { ...answer, employees };
}

/** The plan a finished drag or a toggled day would give, or null when there is none. */
function nextPlan(context: VacationPlannerContext, event: VacationPlannerEvent): [number, string[]] | null {
  if (event.type === 'DRAG.END') {
    if (!context.drag) return null;
    return [context.drag.employeeId, applyDrag(planOf(context, context.drag.employeeId), context.drag)];
  }
  if (event.type === 'DAY.TOGGLE') {
    const plan = planOf(context, event.employeeId);
    const mode = plan.includes(event.date) ? 'remove' : 'add';
    return [
      event.employeeId,
      applyDrag(plan, { employeeId: event.employeeId, from: event.date, to: event.date, mode }),
    ];
  }
  return null;
}

/** Pause after the last keystroke of the name filter. */
const FILTER_PAUSE = 300;

/** The error of a failed reload or save kept for the screen. */
const storeError = {
  type: 'storeError',
  params: ({ event }: { event: ErrorActorEvent }) => event.error,
} as const;

/**
 * After a planning reload or a save failed: its message is kept, and the latest sort and filter load at once when
 * they changed meanwhile, else the planner is ready again.
 */
const afterFailure = [
  { guard: 'hasQueryChanged?', target: 'loading', actions: storeError },
  { target: 'ready', actions: storeError },
] as const;

/** A drag's moves, taken wherever the rows are on screen and a plan can be made (by a user who may save it). */
const dragMoves = {
  'DRAG.START': { guard: 'canPlan?', actions: 'startDrag' },
  'DRAG.OVER': { actions: 'moveDrag' },
  'DRAG.CANCEL': { actions: 'dropDrag' },
} as const;

/**
 * A finished drag or a toggled day: the plan when it fits the days left (then `next`), else its refusal. The end of
 * no drag (a second pointer-up) is nothing, and so is any of them from a user who may not save a plan.
 */
function planThen<Next extends { target?: 'planning' | 'loading'; reenter?: true }>(next: Next) {
  const plan = [
    { guard: not('canPlan?') },
    { guard: not('hasPlan?') },
    { guard: 'isPlanAllowed?', ...next, actions: 'applyPlan' },
    { actions: 'refusePlan' },
  ] as const;
  return { 'DRAG.END': plan, 'DAY.TOGGLE': plan } as const;
}

const loadInput = ({ context }: { context: VacationPlannerContext }): VacationQuery => ({
  calcId: context.calcId,
  sort: context.sort,
  employee: context.employee,
  plan: draftPlan(context.drafts),
});

export const vacationPlannerMachine = setup({
  types: {
    context: {} as VacationPlannerContext,
    events: {} as VacationPlannerEvent,
    input: {} as { calcId: number; canPlan: boolean },
  },
  actors: {
    loadVacation: fromPromise<VacationLoad, VacationQuery>(({ input, signal }) =>
      loadVacation(input, signal),
    ),
    saveVacation: fromPromise<{ saved: number }, { calcId: number; plan: VacationPlanEntry[] }>(({ input }) =>
      saveVacation(input),
    ),
  },
  guards: {
    'canPlan?': ({ context }) => context.canPlan,
    'hasPlan?': ({ context, event }) => nextPlan(context, event) !== null,
    'isPlanAllowed?': ({ context, event }) => {
      const next = nextPlan(context, event);
      return next !== null && next[1].length <= (context.answer?.total_left ?? 0);
    },
    'hasDrafts?': ({ context }) => Object.keys(context.drafts).length > 0,
    'hasQueryChanged?': ({ context }) => context.queryChanged,
  },
  actions: {
    setSort: assign(({ event }) => {
      assertEvent(event, 'SORT.SET');
      return { sort: event.sort, holdOrder: false };
    }),
    setFilter: assign(({ event }) => {
      assertEvent(event, 'FILTER.CHANGE');
      return { employee: event.employee, holdOrder: false };
    }),
    setAccess: assign(({ event }) => {
      assertEvent(event, 'ACCESS.SET');
      // A drag under way is dropped with the right; unsaved plans stay for the server to judge.
      return event.canPlan ? { canPlan: true } : { canPlan: false, drag: null };
    }),
    markQueryChanged: assign({ queryChanged: true }),
    takeQuery: assign({ queryChanged: false }),
    startDrag: assign(({ context, event }) => {
      assertEvent(event, 'DRAG.START');
      const planned = planOf(context, event.employeeId).includes(event.date);
      return {
        drag: {
          employeeId: event.employeeId,
          from: event.date,
          to: event.date,
          mode: planned ? 'remove' : 'add',
        },
        notice: null,
      } as Partial<VacationPlannerContext>;
    }),
    moveDrag: assign(({ context, event }) => {
      assertEvent(event, 'DRAG.OVER');
      return context.drag ? { drag: { ...context.drag, to: event.date } } : {};
    }),
    applyPlan: assign(({ context, event }) => {
      const next = nextPlan(context, event);
      if (!next) return { drag: null };
      return { drafts: { ...context.drafts, [next[0]]: next[1] }, drag: null, message: null, fields: {} };
    }),
    refusePlan: assign(({ context }) => ({
      drag: null,
      message: PLANNING_CALC_MESSAGES.tooManyDays(context.answer?.total_left ?? 0),
    })),
    dropDrag: assign({ drag: null }),
    dropDrafts: assign({ drafts: {}, message: null, fields: {} }),
    storeAnswer: assign(({ context }, load: VacationLoad) => ({
      answer: context.holdOrder ? keepOrder(context.answer, load.answer) : load.answer,
      staffCapped: load.staffCapped ?? context.staffCapped,
      holdOrder: false,
    })),
    storePlanned: assign(({ context }, load: VacationLoad) => ({
      answer: keepOrder(context.answer, load.answer),
      staffCapped: load.staffCapped ?? context.staffCapped,
    })),
    storeSaved: assign(({ context }) => ({
      drafts: {},
      message: null,
      fields: {},
      notice: 'План отпусков сохранён',
      holdOrder: !context.queryChanged,
    })),
    storeError: assign((_, error: unknown) => {
      const failure = parseApiError(error);
      return { message: failure.message, fields: failure.fields, gone: failure.status === 404 };
    }),
  },
}).createMachine({
  id: 'vacationPlanner',
  context: ({ input }) => ({
    calcId: input.calcId,
    canPlan: input.canPlan,
    sort: VACATION_DEFAULT_SORT,
    employee: '',
    answer: null,
    drafts: {},
    drag: null,
    message: null,
    fields: {},
    gone: false,
    notice: null,
    queryChanged: false,
    staffCapped: false,
    holdOrder: false,
  }),
  initial: 'loading',
  // The rules are read again after a sign-in or a refresh of them: the planner follows.
  on: { 'ACCESS.SET': { actions: 'setAccess' } },
  states: {
    loading: {
      tags: ['loading'],
      entry: 'takeQuery',
      invoke: {
        src: 'loadVacation',
        input: loadInput,
        onDone: { target: 'ready', actions: { type: 'storeAnswer', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: storeError,
        },
      },
      on: {
        'SORT.SET': { target: 'loading', reenter: true, actions: 'setSort' },
        'FILTER.CHANGE': { target: 'filtering', actions: 'setFilter' },
        // The rows of the last answer stay on screen while a sort or a name loads: a plan made on them restarts the
        // load with it, so the answer's shortage row counts it.
        ...dragMoves,
        ...planThen({ target: 'loading', reenter: true }),
      },
    },
    ready: {
      on: {
        'SORT.SET': { target: 'loading', actions: 'setSort' },
        'FILTER.CHANGE': { target: 'filtering', actions: 'setFilter' },
        ...dragMoves,
        ...planThen({ target: 'planning' }),
        'CHANGES.SAVE': { guard: 'hasDrafts?', target: 'saving' },
        'CHANGES.RESET': { guard: 'hasDrafts?', target: 'loading', actions: 'dropDrafts' },
      },
    },
    filtering: {
      after: { [FILTER_PAUSE]: 'loading' },
      on: {
        'FILTER.CHANGE': { target: 'filtering', reenter: true, actions: 'setFilter' },
        'SORT.SET': { target: 'loading', actions: 'setSort' },
        // A plan made during the pause goes with the load that follows it.
        ...dragMoves,
        ...planThen({}),
      },
    },
    planning: {
      tags: ['planning'],
      invoke: {
        src: 'loadVacation',
        input: loadInput,
        onDone: [
          {
            guard: 'hasQueryChanged?',
            target: 'loading',
            actions: { type: 'storePlanned', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: { type: 'storePlanned', params: ({ event }) => event.output } },
        ],
        onError: afterFailure,
      },
      on: {
        'SORT.SET': { actions: ['setSort', 'markQueryChanged'] },
        'FILTER.CHANGE': { actions: ['setFilter', 'markQueryChanged'] },
        ...dragMoves,
        ...planThen({ target: 'planning', reenter: true }),
      },
    },
    saving: {
      tags: ['saving'],
      invoke: {
        src: 'saveVacation',
        input: ({ context }) => ({ calcId: context.calcId, plan: draftPlan(context.drafts) }),
        onDone: { target: 'loading', actions: 'storeSaved' },
        onError: afterFailure,
      },
      on: {
        'SORT.SET': { actions: ['setSort', 'markQueryChanged'] },
        'FILTER.CHANGE': { actions: ['setFilter', 'markQueryChanged'] },
      },
    },
    failed: {
      on: {
        'LOAD.RETRY': 'loading',
        'SORT.SET': { target: 'loading', actions: 'setSort' },
        'FILTER.CHANGE': { target: 'filtering', actions: 'setFilter' },
      },
    },
  },
});
