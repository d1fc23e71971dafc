import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { VacationQuery } from '../app/vacation/api.ts';
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

function start(options: { failSave?: boolean; hold?: boolean } = {}) {
  const stored: Record<number, string[]> = {};
  const calls = { loads: [] as VacationQuery[], saves: [] as VacationPlanEntry[][] };
  let release: () => void = () => undefined;
  const logic = vacationPlannerMachine.provide({
    actors: {
      loadVacation: fromPromise(async ({ input }: { input: VacationQuery }) => {
        calls.loads.push(input);
        if (options.hold && calls.loads.length > 1) await new Promise<void>((resolve) => (release = resolve));
        return serverAnswer(stored, input.plan);
      }),
      saveVacation: fromPromise(
        async ({ input }: { input: { calcId: number; plan: VacationPlanEntry[] } }) => {
          calls.saves.push(input.plan);
          if (options.failSave)
            throw new ApiError('Проверьте', { 'vacation_plan.0.dates': ['Дата вне периода'] }, 422);
          for (const entry of input.plan) stored[entry.employee_id] = entry.dates;
          return { saved: input.plan.length };
        },
      ),
    },
  });
  const actor = createActor(logic, { input: { calcId: 5 } }).start();
  return { actor, calls, release: () => release() };
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
});

describe('when saving', () => {
  it('writes the unsaved plans, forgets them and reloads the stored ones', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'SAVE' });
    await waitFor(actor, (s) => s.matches('loading'));
    await ready(actor);
    expect(calls.saves).toEqual([[{ employee_id: 1, dates: ['2026-03-10'] }]]);
    expect(actor.getSnapshot().context.drafts).toEqual({});
    expect(actor.getSnapshot().context.notice).toBe('План отпусков сохранён');
    expect(calls.loads.at(-1)?.plan).toEqual([]);
    expect(profit(actor, '2026-03-10')).toBe(0);
  });

  it('keeps the unsaved plans and the field errors when the save is refused', async () => {
    const { actor } = start({ failSave: true });
    await ready(actor);
    actor.send({ type: 'DAY.TOGGLE', employeeId: 1, date: '2026-03-10' });
    await ready(actor);
    actor.send({ type: 'SAVE' });
    await ready(actor);
    expect(actor.getSnapshot().context.drafts).toEqual({ 1: ['2026-03-10'] });
    expect(actor.getSnapshot().context.fields['vacation_plan.0.dates']).toEqual(['Дата вне периода']);
  });

  it('saves nothing when nothing changed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'SAVE' });
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
