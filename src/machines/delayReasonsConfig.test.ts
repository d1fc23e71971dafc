import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { type ConfigSave, DELAY_MESSAGES, type UnfinishedTasksConfig } from '../shared/delay-reasons.ts';
import { MESSAGES } from '../shared/messages.ts';
import { delayReasonsConfigMachine, valueError } from './delayReasonsConfig.ts';

const KEY = 'time-show-unfinished-tasks' as const;

function start(
  save: (body: ConfigSave) => Promise<UnfinishedTasksConfig> = async ({ value }) => ({
    key: KEY,
    value: Number(value),
    version: '1602',
  }),
) {
  const saves: ConfigSave[] = [];
  const logic = delayReasonsConfigMachine.provide({
    actors: {
      loadConfig: fromPromise(async () => ({ key: KEY, value: 60, version: '1543' })),
      saveConfig: fromPromise(async ({ input }: { input: ConfigSave }) => {
        saves.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, saves };
}

type Actor = ReturnType<typeof start>['actor'];
const editing = (actor: Actor) => waitFor(actor, (s) => s.matches('editing'));

describe('when the form opens', () => {
  it('shows the stored minutes', async () => {
    const { actor } = start();
    await editing(actor);
    expect(actor.getSnapshot().context.value).toBe(60);
  });
});

describe('when saving the minutes', () => {
  it('sends a valid value with the version read, stores the answer and says it is saved', async () => {
    const { actor, saves } = start();
    await editing(actor);
    actor.send({ type: 'VALUE.CHANGE', value: 90 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('saved'));
    expect(saves).toEqual([{ value: 90, version: '1543' }]);
    expect(actor.getSnapshot().context.stored).toBe(90);
    actor.send({ type: 'VALUE.CHANGE', value: 100 });
    expect(actor.getSnapshot().hasTag('saved')).toBe(false);
  });

  it('sends the answer’s new version with the next save', async () => {
    const { actor, saves } = start();
    await editing(actor);
    actor.send({ type: 'VALUE.CHANGE', value: 90 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.hasTag('saved'));
    actor.send({ type: 'VALUE.CHANGE', value: 100 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, () => saves.length === 2);
    expect(saves[1]).toEqual({ value: 100, version: '1602' });
  });

  it('keeps the edit and shows the message when another user saved the setting first (409)', async () => {
    const { actor } = start(async () => {
      throw new ApiError(MESSAGES.staleEdit, {}, 409);
    });
    await editing(actor);
    actor.send({ type: 'VALUE.CHANGE', value: 30 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.context.message !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('editing')).toBe(true);
    expect(snapshot.context).toMatchObject({
      message: MESSAGES.staleEdit,
      error: null,
      value: 30,
      stored: 60,
      version: '1543',
    });
  });

  it('refuses an empty or out-of-range value without sending it', async () => {
    const { actor, saves } = start();
    await editing(actor);
    actor.send({ type: 'VALUE.CHANGE', value: null });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.required);
    actor.send({ type: 'VALUE.CHANGE', value: 2000 });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(DELAY_MESSAGES.minutesRange(1440));
    expect(saves).toEqual([]);
  });

  it('shows the server field text under the input when the save is refused', async () => {
    const { actor } = start(async () => {
      throw new ApiError(MESSAGES.validation, { value: ['Ожидается целое число минут'] }, 422);
    });
    await editing(actor);
    actor.send({ type: 'VALUE.CHANGE', value: 30 });
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Ожидается целое число минут');
  });
});

describe('valueError', () => {
  it('accepts whole minutes from 0 to a day', () => {
    expect(valueError(0)).toBeNull();
    expect(valueError(1440)).toBeNull();
    expect(valueError(2.5)).toBe(DELAY_MESSAGES.minutesWhole);
  });
});
