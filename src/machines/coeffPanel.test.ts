import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { CoeffQuery } from '../app/shift-schedules/coeff/api.ts';
import { type Coeff, PLANNING_CALC_MESSAGES } from '../shared/planning-calc.ts';
import { coeffPanelMachine, readAbsence, readAdded } from './coeffPanel.ts';

const answer = (query: CoeffQuery): Coeff => ({
  calc_id: query.calcId,
  absence_coeff: query.absenceCoeff,
  add_emp_count: query.addEmpCount,
  plan_total: 16,
  calc_plan_total: 54,
  effect_coeff: 0.2963,
  pers_kol: 2,
  required_emp: 2 + query.addEmpCount,
  emp_fact_total: 3,
  emp_dif: 1 - query.addEmpCount,
});

function start(load: (query: CoeffQuery) => Promise<Coeff> = async (query) => answer(query)) {
  const queries: CoeffQuery[] = [];
  const clock = new SimulatedClock();
  const logic = coeffPanelMachine.provide({
    actors: {
      loadCoeff: fromPromise(async ({ input }: { input: CoeffQuery }) => {
        queries.push(input);
        return load(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { calcId: 5 }, clock }).start();
  return { actor, queries, clock };
}

describe('reading the inputs', () => {
  it('takes empty as zero, a decimal comma, and refuses what the server would', () => {
    expect(readAbsence('')).toBe(0);
    expect(readAbsence('12,5')).toBe(12.5);
    expect(readAbsence('100.01')).toBeNull();
    expect(readAbsence('1.234')).toBeNull();
    expect(readAdded('3')).toBe(3);
    expect(readAdded('-1')).toBeNull();
    expect(readAdded('10001')).toBeNull();
  });
});

describe('when the panel opens', () => {
  it('asks the figures with both inputs at zero', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(queries).toEqual([{ calcId: 5, absenceCoeff: 0, addEmpCount: 0 }]);
    expect(actor.getSnapshot().context.coeff?.required_emp).toBe(2);
  });
});

describe('when the user types', () => {
  it('asks again once after the typing pause with the last values', async () => {
    const { actor, queries, clock } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'ADDED.CHANGE', value: '1' });
    actor.send({ type: 'ADDED.CHANGE', value: '12' });
    actor.send({ type: 'ABSENCE.CHANGE', value: '10' });
    expect(queries).toHaveLength(1);
    clock.increment(400);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(queries).toEqual([
      { calcId: 5, absenceCoeff: 0, addEmpCount: 0 },
      { calcId: 5, absenceCoeff: 10, addEmpCount: 12 },
    ]);
    expect(actor.getSnapshot().context.coeff?.required_emp).toBe(14);
  });

  it('refuses a bad input under it and asks nothing until it is corrected', async () => {
    const { actor, queries, clock } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'ABSENCE.CHANGE', value: '150' });
    expect(actor.getSnapshot().context.fields.absence_coeff).toBe(PLANNING_CALC_MESSAGES.absenceCoeff);
    clock.increment(400);
    expect(queries).toHaveLength(1);
    actor.send({ type: 'ABSENCE.CHANGE', value: '15' });
    expect(actor.getSnapshot().context.fields).toEqual({});
    clock.increment(400);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(queries.at(-1)?.absenceCoeff).toBe(15);
  });

  it("shows the server's refusal and asks again on retry", async () => {
    let fail = true;
    const { actor, queries } = start(async (query) => {
      if (fail) throw new ApiError('Расчёт не найден', {}, 404);
      return answer(query);
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Расчёт не найден');
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(queries).toHaveLength(2);
  });
});
