import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { PLANNING_CALC_MESSAGES } from '../shared/planning-calc.ts';
import { applyDrag, inDrag, keepOrder } from './vacationPlanner.ts';
import { profit, ready, serverAnswer, start } from './vacationPlannerFake.ts';

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
