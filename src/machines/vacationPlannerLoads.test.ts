import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { PLANNING_CALC_MESSAGES } from '../shared/planning-calc.ts';
import { profit, ready, start } from './vacationPlannerFake.ts';

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
