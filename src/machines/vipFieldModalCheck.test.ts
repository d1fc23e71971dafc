import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { VipFieldEvaluation } from '../shared/tariff-vip.ts';
import { flightAidOf, VIP_CHECK_MESSAGES, vipFieldCheckMachine } from './vipFieldModalCheck.ts';

const EVALUATION: VipFieldEvaluation = {
  vip_field: { id: 42, name: 'lounge_adult', description: 'Взрослый' },
  flight_aid: 123,
  legs: [
    {
      flight_id: 9,
      title: 'Прилёт SU 1234, 12.03.2026 10:15',
      matches: true,
      steps: [
        {
          condition: 'vipFieldAviacompany',
          label: 'Авиакомпания',
          expected: 'Аэрофлот',
          actual: 'Аэрофлот',
          status: 'match',
          note: 'совпадает',
        },
      ],
    },
  ],
  passenger_steps: [],
  matches: true,
  summary: 'Поле применяется к обороту',
};

function start(answer: (input: { fieldId: number; flightAid: number }) => Promise<VipFieldEvaluation>) {
  const asked: { fieldId: number; flightAid: number }[] = [];
  const evaluate = fromPromise<VipFieldEvaluation, { fieldId: number; flightAid: number }>(({ input }) => {
    asked.push(input);
    return answer(input);
  });
  const actor = createActor(vipFieldCheckMachine.provide({ actors: { evaluate } }), {
    input: { fieldId: 42 },
  }).start();
  return { actor, asked };
}

describe('reading the turnaround number', () => {
  it('takes plain digits within the id range only', () => {
    expect(flightAidOf(' 123 ')).toBe(123);
    for (const bad of ['', '0', '-1', '1e3', '0x10', '2147483648', '12a'])
      expect(flightAidOf(bad), bad).toBeNull();
  });
});

describe('when idle', () => {
  it('refuses to run without a valid turnaround number and asks nothing', () => {
    const { actor, asked } = start(async () => EVALUATION);
    actor.send({ type: 'CHECK.FLIGHT', value: 'SU 1234' });
    actor.send({ type: 'CHECK.RUN' });
    expect(actor.getSnapshot().context.error).toBe(VIP_CHECK_MESSAGES.flightAid);
    expect(asked).toEqual([]);
    actor.send({ type: 'CHECK.FLIGHT', value: '12' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('when running', () => {
  it('evaluates the saved field on the turnaround and keeps the steps', async () => {
    const { actor, asked } = start(async () => EVALUATION);
    actor.send({ type: 'CHECK.FLIGHT', value: '123' });
    actor.send({ type: 'CHECK.RUN' });
    expect(actor.getSnapshot().hasTag('running')).toBe(true);
    await waitFor(actor, (snapshot) => !snapshot.hasTag('running'));
    expect(asked).toEqual([{ fieldId: 42, flightAid: 123 }]);
    expect(actor.getSnapshot().context.result?.legs[0].steps[0].status).toBe('match');
  });

  it('shows the server message and no stale steps when the turnaround is unknown', async () => {
    let calls = 0;
    const { actor } = start(async () => {
      calls += 1;
      if (calls === 2) throw new ApiError('Оборот не найден', {}, 404);
      return EVALUATION;
    });
    actor.send({ type: 'CHECK.FLIGHT', value: '123' });
    actor.send({ type: 'CHECK.RUN' });
    await waitFor(actor, (snapshot) => snapshot.context.result !== null);
    actor.send({ type: 'CHECK.FLIGHT', value: '999999' });
    actor.send({ type: 'CHECK.RUN' });
    await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    expect(actor.getSnapshot().context).toMatchObject({ result: null, error: 'Оборот не найден' });
  });
});
