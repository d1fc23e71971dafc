import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { calcDeleteMachine } from './calcModalDelete.ts';

const CALC = { id: 7, name: 'Буксировка' };

function start(answer: () => Promise<void> = async () => undefined) {
  const sent: number[] = [];
  const actor = createActor(
    calcDeleteMachine.provide({
      actors: {
        deleteCalc: fromPromise<void, number>(({ input }) => {
          sent.push(input);
          return answer();
        }),
      },
    }),
  ).start();
  const refreshes = vi.fn();
  actor.on('GRID.REFRESH', refreshes);
  return { actor, sent, refreshes };
}

describe('when asked to delete a calc', () => {
  it('waits for a confirmation and sends nothing on cancel', () => {
    const { actor, sent, refreshes } = start();
    actor.send({ type: 'DELETE.ASK', calc: CALC });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(actor.getSnapshot().context.calc).toEqual(CALC);
    actor.send({ type: 'DELETE.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(sent).toEqual([]);
    expect(refreshes).not.toHaveBeenCalled();
  });
});

describe('when deleting', () => {
  it('deletes the confirmed calc and refreshes the grid', async () => {
    const { actor, sent, refreshes } = start();
    actor.send({ type: 'DELETE.ASK', calc: CALC });
    actor.send({ type: 'DELETE.CONFIRM' });
    expect(actor.getSnapshot().hasTag('deleting')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(sent).toEqual([7]);
    expect(refreshes).toHaveBeenCalledTimes(1);
  });

  it('opens the error popup with the server message on a refusal; closing it clears and refreshes', async () => {
    const refusal = new ApiError('Расчёт нельзя удалить: по нему есть 2 начисления на рейсах', {}, 409);
    const { actor, refreshes } = start(() => Promise.reject(refusal));
    actor.send({ type: 'DELETE.ASK', calc: CALC });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.message).toBe(refusal.message);
    expect(refreshes).not.toHaveBeenCalled();
    actor.send({ type: 'POPUP.CLOSE' });
    expect(actor.getSnapshot().context).toEqual({ calc: null, message: null });
    expect(refreshes).toHaveBeenCalledTimes(1);
  });
});
