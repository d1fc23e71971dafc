import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { VacationLoad, VacationQuery } from '../app/vacation/api.ts';
import {
  daysBetween,
  PLANNING_CALC_MESSAGES,
  type VacationAnswer,
  type VacationPlanEntry,
} from '../shared/planning-calc.ts';
import { applyDrag, inDrag, keepOrder, vacationPlannerMachine } from './vacationPlanner.ts';

const DAYS = daysBetween('2026-03-09', '2026-03-15');
const STAFF = [
  { id: 1, name: 'Иванов И. И.' },
  { id: 2, name: 'Петров П. П.' },
];

/** A fake server: stored plans plus the what-if, 3 days allowed, one person needed every day. */
function serverAnswer(stored: Record<number, string[]>, plan: VacationPlanEntry[]): VacationAnswer {
  const plans = { ...stored };
  for (const entry of plan) plans[entry.employee_id] = entry.dates;
  return {
    calc: { id: 5, name: 'Март', begin: DAYS[0], end: DAYS.at(-1) as string },
    total_left: 3,
    employees: STAFF.map((row) => ({
      ...row,
      position: 'Грузчик',
      planDates: plans[row.id] ?? [],
      vacation_left: 3 - (plans[row.id] ?? []).length,
    })),
    employeeProfit: DAYS.map((date) => {
      const available = STAFF.filter((row) => !(plans[row.id] ?? []).includes(date)).length;
      return { date, available, required: 1, profit: available - 1 };
    }),
  };
}

interface FakeOptions {
  failSave?: boolean;
  /** Holds every load after the first until `release`. */
  hold?: boolean;
  /** Holds every load and save, the first load too, until `settle`. */
  gate?: boolean;
  /** Loads that fail before the fake answers. */
  failLoads?: number;
  /** The status of those failures (503 by default; 404: the calculation is gone). */
  failStatus?: number;
  /** The whole staff reached the server's limit. */
  capped?: boolean;
  /** Answers sorted by days left, most first (ties by id), as the server's default sort. */
  sortByLeft?: boolean;
  /** The user may not save plans (no `strategic-planning-index`, no `calc-update`). */
  viewOnly?: boolean;
}

function start(options: FakeOptions = {}) {
  const stored: Record<number, string[]> = {};
  const calls = {
    loads: [] as VacationQuery[],
    signals: [] as AbortSignal[],
    saves: [] as VacationPlanEntry[][],
  };
  let release: () => void = () => undefined;
  const held: (() => void)[] = [];
  const gate = () => (options.gate ? new Promise<void>((resolve) => held.push(resolve)) : undefined);
  const logic = vacationPlannerMachine.provide({
    actors: {
      loadVacation: fromPromise(
        async ({ input, signal }: { input: VacationQuery; signal: AbortSignal }): Promise<VacationLoad> => {
          calls.loads.push(input);
          calls.signals.push(signal);
          if (options.hold && calls.loads.length > 1)
            await new Promise<void>((resolve) => (release = resolve));
          await gate();
          if (calls.loads.length <= (options.failLoads ?? 0))
            throw new ApiError('Нет связи', {}, options.failStatus ?? 503);
          const answer = serverAnswer(stored, input.plan);
          if (options.sortByLeft)
            answer.employees.sort((a, b) => b.vacation_left - a.vacation_left || a.id - b.id);
          return {
            answer,
            staffCapped: input.employee ? null : (options.capped ?? false),
          };
        },
      ),
      saveVacation: fromPromise(
        async ({ input }: { input: { calcId: number; plan: VacationPlanEntry[] } }) => {
          calls.saves.push(input.plan);
          await gate();
          if (options.failSave)
            throw new ApiError('Проверьте', { 'vacation_plan.0.dates': ['Дата вне периода'] }, 422);
          for (const entry of input.plan) stored[entry.employee_id] = entry.dates;
          return { saved: input.plan.length };
        },
      ),
    },
  });
  const actor = createActor(logic, { input: { calcId: 5, canPlan: !options.viewOnly } }).start();
  /** Lets every held request answer. */
  const settle = () => {
    for (const open of held.splice(0)) open();
  };
  return { actor, calls, release: () => release(), settle };
}

type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.matches('ready'));
const profit = (actor: Actor, date: string) =>
  actor.getSnapshot().context.answer?.employeeProfit.find((day) => day.date === date)?.profit;

describe('the drag arithmetic', () => {
  it('adds or removes the days of the range in either direction', () => {
    const drag = { employeeId: 1, from: '2026-03-11', to: '2026-03-10', mode: 'add' as const };
    expect(applyDrag(['2026-03-13'], drag)).toEqual(['2026-03-10', '2026-03-11', '2026-03-13']);
    expect(applyDrag(['2026-03-10', '2026-03-13'], { ...drag, mode: 'remove' })).toEqual(['2026-03-13']);
    expect(inDrag(drag, 1, '2026-03-10')).toBe(true);
    expect(inDrag(drag, 2, '2026-03-10')).toBe(false);
    expect(inDrag(drag, 1, '2026-03-12')).toBe(false);
  });
});

describe('when the planner opens', () => {
  it('loads with the default sort -vacation_left and no what-if', async () => {
    const { actor, calls } = start();
    await ready(actor);
    expect(calls.loads).toEqual([{ calcId: 5, sort: '-vacation_left', employee: '', plan: [] }]);
    expect(profit(actor, '2026-03-10')).toBe(1);
  });
});

describe('when dragging across days', () => {
  it('is in planning mode until the reload with the what-if completes, then shows the shortage', async () => {
    const { actor, calls, release } = start({ hold: true });
    await ready(actor);
    actor.send({ type: 'DRAG.START', employeeId: 1, date: '2026-03-10' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-11' });
    expect(actor.getSnapshot().context.drag).toMatchObject({
      from: '2026-03-10',
      to: '2026-03-11',
      mode: 'add',
    });
    actor.send({ type: 'DRAG.START', employeeId: 2, date: '2026-03-10' });
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().hasTag('planning')).toBe(true);
    expect(profit(actor, '2026-03-10')).toBe(1);
    release();
    await ready(actor);
    expect(calls.loads.at(-1)?.plan).toEqual([{ employee_id: 2, dates: ['2026-03-10'] }]);
    expect(profit(actor, '2026-03-10')).toBe(0);
    expect(actor.getSnapshot().context.drafts).toEqual({ 2: ['2026-03-10'] });
  });

  it('keeps the rows where they were after the planning reload, though the days left changed', async () => {
    const { actor } = start();
    await ready(actor);
    // The fake answers in staff order; the second employee's plan would move him under the sort by days left.
    actor.send({ type: 'SORT.SET', sort: '-vacation_left' });
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    expect(actor.getSnapshot().context.answer?.employees.map((row) => row.id)).toEqual([1, 2]);
    expect(
      keepOrder(actor.getSnapshot().context.answer, {
        ...serverAnswer({}, []),
        employees: [...serverAnswer({}, []).employees].reverse(),
      }).employees.map((row) => row.id),
    ).toEqual([1, 2]);
  });

  it('removes planned days when the drag starts on a planned day', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'DRAG.START', employeeId: 1, date: '2026-03-10' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-12' });
    actor.send({ type: 'DRAG.END' });
    await ready(actor);
    expect(actor.getSnapshot().context.drafts[1]).toEqual([]);
  });

  it('refuses a plan longer than the days left without asking the server', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'DRAG.START', employeeId: 1, date: '2026-03-09' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-12' });
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe(PLANNING_CALC_MESSAGES.tooManyDays(3));
    expect(actor.getSnapshot().context.drafts).toEqual({});
    expect(calls.loads).toHaveLength(1);
  });

  it('takes the end of no drag (a second pointer-up) as nothing: no refusal, no load', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(calls.loads).toHaveLength(1);
  });
});

describe('when the user may not save plans', () => {
  it('ignores drags and toggled days: no plan pending, no planning reload, no refusal', async () => {
    const { actor, calls } = start({ viewOnly: true });
    await ready(actor);
    actor.send({ type: 'DRAG.START', employeeId: 1, date: '2026-03-10' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-11' });
    expect(actor.getSnapshot().context.drag).toBeNull();
    actor.send({ type: 'DRAG.END' });
    actor.send({ type: 'DAY.TOGGLE', employeeId: 2, date: '2026-03-12' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.hasTag('planning')).toBe(false);
    expect(snapshot.context).toMatchObject({ drafts: {}, message: null });
    expect(calls.loads).toHaveLength(1);
    actor.send({ type: 'CHANGES.SAVE' });
    expect(calls.saves).toEqual([]);
  });

  it('ignores a day toggled while a name loads', async () => {
    const { actor, calls } = start({ viewOnly: true });
    await ready(actor);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    expect(calls.loads.at(-1)?.plan).toEqual([]);
    expect(actor.getSnapshot().context.drafts).toEqual({});
  });

  it('plans once the rule arrives, and drops a drag under way when it goes', async () => {
    const { actor } = start({ viewOnly: true });
    await ready(actor);
    actor.send({ type: 'ACCESS.SET', canPlan: true });
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    expect(actor.getSnapshot().context.drafts).toEqual({ 1: ['2026-03-10'] });
    await ready(actor);
    actor.send({ type: 'DRAG.START', employeeId: 2, date: '2026-03-11' });
    actor.send({ type: 'ACCESS.SET', canPlan: false });
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().context).toMatchObject({ drag: null, drafts: { 1: ['2026-03-10'] } });
  });
});

describe('when saving', () => {
  it('writes the unsaved plans, forgets them and reloads the stored ones', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    expect(calls.saves).toEqual([[{ employee_id: 1, dates: ['2026-03-10'] }]]);
    expect(actor.getSnapshot().context.drafts).toEqual({});
    expect(actor.getSnapshot().context.notice).toBe('План отпусков сохранён');
    expect(calls.loads.at(-1)?.plan).toEqual([]);
    expect(profit(actor, '2026-03-10')).toBe(0);
  });

  it('keeps the rows in the order on screen after the save, until the user sorts again', async () => {
    const { actor } = start({ sortByLeft: true });
    const order = () => actor.getSnapshot().context.answer?.employees.map((row) => row.id);
    await ready(actor);
    expect(order()).toEqual([1, 2]);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    // The server's sort by days left would put employee 2 (3 left) above employee 1 (2 left).
    expect(order()).toEqual([1, 2]);
    actor.send({ type: 'SORT.SET', sort: '-vacation_left' });
    await ready(actor);
    expect(order()).toEqual([2, 1]);
  });

  it('keeps the unsaved plans and the field errors when the save is refused', async () => {
    const { actor } = start({ failSave: true });
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    await ready(actor);
    expect(actor.getSnapshot().context.drafts).toEqual({ 1: ['2026-03-10'] });
    expect(actor.getSnapshot().context.fields['vacation_plan.0.dates']).toEqual(['Дата вне периода']);
  });

  it('saves nothing when nothing changed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.saves).toEqual([]);
  });
});

describe('when sorting and filtering', () => {
  it('reloads with the sort at once and with the name after a pause, keeping the unsaved plans', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 2, date: '2026-03-09' });
    await ready(actor);
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    await ready(actor);
    expect(calls.loads.at(-1)).toMatchObject({
      sort: 'fio',
      plan: [{ employee_id: 2, dates: ['2026-03-09'] }],
    });
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    actor.send({ type: 'FILTER.CHANGE', employee: 'Иван' });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    expect(calls.loads.filter((load) => load.employee !== '').map((load) => load.employee)).toEqual(['Иван']);
  });
});

describe('when the sort or the name changes during a load', () => {
  it('shows the typed name at once, drops the older request and loads with the last name after the pause', async () => {
    const { actor, calls, settle } = start({ gate: true });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    expect(actor.getSnapshot().context.employee).toBe('Ив');
    expect(calls.signals[0].aborted).toBe(true);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Иван' });
    expect(actor.getSnapshot().context.employee).toBe('Иван');
    await waitFor(actor, (s) => s.matches('loading'));
    settle();
    await ready(actor);
    expect(calls.loads.map((load) => load.employee)).toEqual(['', 'Иван']);
    expect(actor.getSnapshot().context.employee).toBe('Иван');
  });

  it('keeps the chosen sort and restarts the load with it', async () => {
    const { actor, calls, settle } = start({ gate: true });
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    expect(actor.getSnapshot().context.sort).toBe('fio');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls.signals[0].aborted).toBe(true);
    expect(calls.loads.map((load) => load.sort)).toEqual(['-vacation_left', 'fio']);
    settle();
    await ready(actor);
    expect(actor.getSnapshot().context.sort).toBe('fio');
    expect(calls.loads).toHaveLength(2);
  });
});

describe('when the sort changes during the pause after a keystroke', () => {
  it('loads at once with both the typed name and the chosen sort', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    actor.send({ type: 'SORT.SET', sort: '-fio' });
    expect(actor.getSnapshot().context.sort).toBe('-fio');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await ready(actor);
    expect(calls.loads.slice(1)).toEqual([{ calcId: 5, sort: '-fio', employee: 'Ив', plan: [] }]);
  });
});

describe('when a plan is made while a sort or a name loads', () => {
  it('takes a drag during the pause after a keystroke and sends it with the load that follows', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Пет' });
    actor.send({ type: 'DRAG.START', employeeId: 2, date: '2026-03-10' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-11' });
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().matches('filtering')).toBe(true);
    expect(actor.getSnapshot().context.drafts).toEqual({ 2: ['2026-03-10', '2026-03-11'] });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    expect(calls.loads.slice(1)).toEqual([
      {
        calcId: 5,
        sort: '-vacation_left',
        employee: 'Пет',
        plan: [{ employee_id: 2, dates: ['2026-03-10', '2026-03-11'] }],
      },
    ]);
    expect(profit(actor, '2026-03-11')).toBe(0);
  });

  it('restarts a running load with a day toggled on the rows still on screen', async () => {
    const { actor, calls, settle } = start({ gate: true });
    settle();
    await ready(actor);
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-12' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(calls.signals[1].aborted).toBe(true);
    expect(calls.loads[2]).toEqual({
      calcId: 5,
      sort: 'fio',
      employee: '',
      plan: [{ employee_id: 1, dates: ['2026-03-12'] }],
    });
    settle();
    await ready(actor);
    expect(profit(actor, '2026-03-12')).toBe(0);
  });

  it('refuses a plan longer than the days left during a load, as in the ready state', async () => {
    const { actor, calls, settle } = start({ gate: true });
    settle();
    await ready(actor);
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    actor.send({ type: 'DRAG.START', employeeId: 1, date: '2026-03-09' });
    actor.send({ type: 'DRAG.OVER', date: '2026-03-12' });
    actor.send({ type: 'DRAG.END' });
    expect(actor.getSnapshot().context).toMatchObject({
      drafts: {},
      drag: null,
      message: PLANNING_CALC_MESSAGES.tooManyDays(3),
    });
    expect(calls.loads).toHaveLength(2);
  });
});

describe('when the sort or the name changes during a planning reload', () => {
  it('stays in planning mode until the what-if answers, then loads with the last name and sort', async () => {
    const { actor, calls, settle } = start({ gate: true });
    settle();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 2, date: '2026-03-10' });
    actor.send({ type: 'FILTER.CHANGE', employee: 'Пет' });
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    const during = actor.getSnapshot();
    expect(during.context).toMatchObject({ employee: 'Пет', sort: 'fio' });
    expect(during.hasTag('planning')).toBe(true);
    expect(calls.signals[1].aborted).toBe(false);
    expect(calls.loads).toHaveLength(2);
    settle();
    await waitFor(actor, (s) => s.matches('loading'));
    expect(profit(actor, '2026-03-10')).toBe(0);
    settle();
    await ready(actor);
    expect(calls.loads.at(-1)).toEqual({
      calcId: 5,
      sort: 'fio',
      employee: 'Пет',
      plan: [{ employee_id: 2, dates: ['2026-03-10'] }],
    });
    expect(calls.loads).toHaveLength(3);
  });
});

describe('when the sort or the name changes during a save', () => {
  it('finishes the save, then loads the stored plans with the last name', async () => {
    const { actor, calls, settle } = start({ gate: true });
    settle();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    settle();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    expect(actor.getSnapshot().context.employee).toBe('Ив');
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    settle();
    await waitFor(actor, (s) => s.matches('loading'));
    settle();
    await ready(actor);
    expect(calls.saves).toEqual([[{ employee_id: 1, dates: ['2026-03-10'] }]]);
    expect(calls.loads.at(-1)).toMatchObject({ employee: 'Ив', plan: [] });
    expect(actor.getSnapshot().context.notice).toBe('План отпусков сохранён');
  });

  it('loads with the last sort after a refused save, keeping the unsaved plans and the refusal', async () => {
    const { actor, calls, settle } = start({ gate: true, failSave: true });
    settle();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    settle();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    actor.send({ type: 'SORT.SET', sort: 'fio' });
    settle();
    await waitFor(actor, (s) => s.matches('loading'));
    settle();
    await ready(actor);
    expect(calls.loads.at(-1)).toMatchObject({
      sort: 'fio',
      plan: [{ employee_id: 1, dates: ['2026-03-10'] }],
    });
    expect(actor.getSnapshot().context.drafts).toEqual({ 1: ['2026-03-10'] });
    expect(actor.getSnapshot().context.message).toBe('Проверьте');
  });
});

describe('when a load failed', () => {
  it('tells a calculation that does not exist (404) from a failure worth a retry', async () => {
    const gone = start({ failLoads: 1, failStatus: 404 });
    await waitFor(gone.actor, (s) => s.matches('failed'));
    expect(gone.actor.getSnapshot().context.gone).toBe(true);
    const down = start({ failLoads: 1 });
    await waitFor(down.actor, (s) => s.matches('failed'));
    expect(down.actor.getSnapshot().context.gone).toBe(false);
  });

  it('takes a new name and loads with it', async () => {
    const { actor, calls } = start({ failLoads: 1 });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    expect(actor.getSnapshot().context.employee).toBe('Ив');
    await ready(actor);
    expect(calls.loads.at(-1)?.employee).toBe('Ив');
  });
});

describe('when the staff reached the server limit', () => {
  it('remembers it while a name filter narrows the list', async () => {
    const { actor } = start({ capped: true });
    await ready(actor);
    expect(actor.getSnapshot().context.staffCapped).toBe(true);
    actor.send({ type: 'FILTER.CHANGE', employee: 'Ив' });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    expect(actor.getSnapshot().context.staffCapped).toBe(true);
  });
});
