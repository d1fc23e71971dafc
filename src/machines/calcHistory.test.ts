import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import { PLANNING_CALC_MESSAGES } from '../shared/planning-calc.ts';
import { calcHistoryMachine, type RenameDraft } from './calcHistory.ts';

/** The machine on fakes: `rename` and `remove` decide how the server answers; calls and reloads are recorded. */
function start(
  rename: (draft: RenameDraft) => Promise<RenameDraft> = async (draft) => ({ ...draft, version: '1561' }),
  remove: (id: number) => Promise<void> = async () => undefined,
) {
  const calls = { renames: [] as RenameDraft[], deletes: [] as number[], reloads: 0 };
  const logic = calcHistoryMachine.provide({
    actors: {
      renameCalc: fromPromise(async ({ input }: { input: RenameDraft }) => {
        calls.renames.push(input);
        return rename(input);
      }),
      deleteCalc: fromPromise(async ({ input }: { input: { id: number } }) => {
        calls.deletes.push(input.id);
        return remove(input.id);
      }),
    },
    actions: { refreshList: () => void calls.reloads++ },
  });
  return { actor: createActor(logic).start(), calls };
}

describe('when renaming a row', () => {
  it('sends the trimmed name with the version of the row listed, leaves editing and reloads the list', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'RENAME.START', id: 7, name: 'Март', version: '1543' });
    actor.send({ type: 'RENAME.CHANGE', name: '  Апрель ' });
    actor.send({ type: 'RENAME.SAVE' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.renames).toEqual([{ id: 7, name: 'Апрель', version: '1543' }]);
    expect(calls.reloads).toBe(1);
    expect(actor.getSnapshot().context.editing).toBeNull();
  });

  it('refuses an empty name without calling the server', () => {
    const { actor, calls } = start();
    actor.send({ type: 'RENAME.START', id: 7, name: 'Март', version: '1543' });
    actor.send({ type: 'RENAME.CHANGE', name: '   ' });
    actor.send({ type: 'RENAME.SAVE' });
    expect(actor.getSnapshot().hasTag('editing')).toBe(true);
    expect(actor.getSnapshot().context.nameError).toBe(PLANNING_CALC_MESSAGES.nameRequired);
    expect(calls.renames).toEqual([]);
  });

  it("keeps the input open with the server's field message when the rename is refused", async () => {
    const { actor, calls } = start(() =>
      Promise.reject(new ApiError('Проверьте', { name: ['Занято'] }, 422)),
    );
    actor.send({ type: 'RENAME.START', id: 7, name: 'Март', version: '1543' });
    actor.send({ type: 'RENAME.SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.nameError).toBe('Занято');
    expect(calls.reloads).toBe(0);
  });

  it('keeps the draft with the message under the input and reloads the list when the row was renamed since (409)', async () => {
    const { actor, calls } = start(() => Promise.reject(new ApiError(MESSAGES.staleEdit, {}, 409)));
    actor.send({ type: 'RENAME.START', id: 7, name: 'Март', version: '1543' });
    actor.send({ type: 'RENAME.CHANGE', name: 'Апрель' });
    actor.send({ type: 'RENAME.SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    const { context } = actor.getSnapshot();
    expect(context.nameError).toBe(MESSAGES.staleEdit);
    expect(context.editing).toEqual({ id: 7, name: 'Апрель', version: '1543' });
    expect(calls.reloads).toBe(1);
    // Saved again as it is, the draft still sends the version it started from: refused again, nothing overwritten.
    actor.send({ type: 'RENAME.SAVE' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(calls.renames.map((draft) => draft.version)).toEqual(['1543', '1543']);
  });

  it('drops the draft on cancel', () => {
    const { actor } = start();
    actor.send({ type: 'RENAME.START', id: 7, name: 'Март', version: '1543' });
    actor.send({ type: 'RENAME.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.editing).toBeNull();
  });
});

describe('when deleting a row', () => {
  it('asks first, deletes on confirmation and reloads the list', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'DELETE.ASK', id: 3, name: 'Март' });
    expect(actor.getSnapshot().hasTag('confirming')).toBe(true);
    expect(calls.deletes).toEqual([]);
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls.deletes).toEqual([3]);
    expect(calls.reloads).toBe(1);
  });

  it('deletes nothing when the question is cancelled', () => {
    const { actor, calls } = start();
    actor.send({ type: 'DELETE.ASK', id: 3, name: 'Март' });
    actor.send({ type: 'DELETE.CANCEL' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls.deletes).toEqual([]);
  });

  it('shows the failure until it is closed', async () => {
    const { actor } = start(undefined, () => Promise.reject(new ApiError('Расчёт не найден', {}, 404)));
    actor.send({ type: 'DELETE.ASK', id: 3, name: 'Март' });
    actor.send({ type: 'DELETE.CONFIRM' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.deleteError).toBe('Расчёт не найден');
    actor.send({ type: 'ERROR.CLOSE' });
    expect(actor.getSnapshot().context.deleteError).toBeNull();
  });
});
