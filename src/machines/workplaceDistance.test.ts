import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { DistanceEntry, DistanceSave, Workplace } from '../shared/workplace.ts';
import { WORKPLACE_MESSAGES } from '../shared/workplace.ts';
import { cellDistance, replaceByKey, workplaceDistanceMachine } from './workplaceDistance.ts';

const PLACES: Workplace[] = [
  { id: 1, name: 'МС-1', kind: 1 },
  { id: 2, name: 'Выход 1', kind: 2 },
  { id: 3, name: 'Зал вылета', kind: 3 },
];
const STORED: DistanceEntry[] = [
  { id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 160, version: '1543' },
  { id: 11, workplace_from_id: 2, workplace_to_id: 1, distance: 180, version: '1544' },
];

/** What the server answers a save: the written entries, each at a new version. */
async function written(body: DistanceSave): Promise<DistanceEntry[]> {
  return [
    ...(body.create ?? []).map((entry, index) => ({ ...entry, id: 100 + index, version: '1601' })),
    ...(body.update ?? []).map((entry) => ({ ...entry, version: '1601' })),
  ];
}

/**
 * The screen's machine on fakes: `save` decides how the server answers a save, `load` how it answers a load after
 * the first; calls are recorded.
 */
function start(
  save: (body: DistanceSave) => Promise<DistanceEntry[]> = written,
  load: () => Promise<DistanceEntry[]> = async () => STORED,
) {
  const calls = {
    loads: [] as { fromIds: number[]; toIds: number[] }[],
    saves: [] as DistanceSave[],
    deletes: [] as number[][],
  };
  const logic = workplaceDistanceMachine.provide({
    actors: {
      loadWorkplaces: fromPromise(async () => PLACES),
      loadDistances: fromPromise(async ({ input }: { input: { fromIds: number[]; toIds: number[] } }) => {
        calls.loads.push(input);
        return calls.loads.length === 1 ? STORED : load();
      }),
      saveDistances: fromPromise(async ({ input }: { input: DistanceSave }) => {
        calls.saves.push(input);
        return save(input);
      }),
      deleteDistances: fromPromise(async ({ input }: { input: { ids: number[] } }) => {
        calls.deletes.push(input.ids);
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const inView = (actor: Actor) => waitFor(actor, (s) => s.hasTag('view'));
const change = (actor: Actor, from: number, to: number, distance: number | null) =>
  actor.send({ type: 'CELL.CHANGE', from, to, distance });

describe('when the screen opens', () => {
  it('loads every workplace on both sides and the matrix between them, in view mode', async () => {
    const { actor, calls } = start();
    await inView(actor);
    expect(calls.loads).toEqual([{ fromIds: [1, 2, 3], toIds: [1, 2, 3] }]);
    expect(cellDistance(actor.getSnapshot().context, 1, 2)).toBe(160);
    expect(cellDistance(actor.getSnapshot().context, 1, 3)).toBeNull();
  });

  it('reloads the matrix when a list changes, and skips the call for an empty list', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'PLACES.FROM', ids: [2] });
    await inView(actor);
    expect(calls.loads.at(-1)).toEqual({ fromIds: [2], toIds: [1, 2, 3] });
    actor.send({ type: 'PLACES.TO', ids: [] });
    await inView(actor);
    expect(calls.loads).toHaveLength(2);
    expect(actor.getSnapshot().context.entries).toEqual({});
  });

  it('ignores cell edits in view mode', async () => {
    const { actor } = start();
    await inView(actor);
    change(actor, 1, 3, 50);
    expect(actor.getSnapshot().context.pendingCreate).toEqual([]);
  });
});

describe('when editing', () => {
  it('puts a new pair on the create list and a stored pair on the update list', async () => {
    const { actor } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    change(actor, 1, 2, 170);
    const { context } = actor.getSnapshot();
    expect(context.pendingCreate).toEqual([{ workplace_from_id: 1, workplace_to_id: 3, distance: 300 }]);
    expect(context.pendingUpdate).toEqual([
      { id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 170, version: '1543' },
    ]);
    expect(cellDistance(context, 1, 2)).toBe(170);
  });

  it('replaces the pending entry of the same pair instead of adding a second', async () => {
    const { actor } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    change(actor, 1, 3, 320);
    change(actor, 1, 2, 170);
    change(actor, 1, 2, 175);
    const { context } = actor.getSnapshot();
    expect(context.pendingCreate).toEqual([{ workplace_from_id: 1, workplace_to_id: 3, distance: 320 }]);
    expect(context.pendingUpdate).toEqual([
      { id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 175, version: '1543' },
    ]);
  });

  it('keeps the two directions of a pair apart', async () => {
    const { actor } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 3, 1, 1);
    change(actor, 1, 3, 2);
    expect(actor.getSnapshot().context.pendingCreate).toHaveLength(2);
  });

  it('drops the pending entry when the stored value is typed back or the cell is cleared', async () => {
    const { actor } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 2, 170);
    change(actor, 1, 2, 160);
    change(actor, 1, 3, 5);
    change(actor, 1, 3, null);
    expect(actor.getSnapshot().context).toMatchObject({ pendingCreate: [], pendingUpdate: [] });
  });

  it('cancelling forgets the edits and reloads, so the matrix shows what another user stored meanwhile', async () => {
    const newer = STORED.map((entry) =>
      entry.id === 10 ? { ...entry, distance: 321, version: '1700' } : entry,
    );
    const { actor, calls } = start(written, async () => newer);
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    actor.send({ type: 'EDIT.CANCEL' });
    expect(actor.getSnapshot().context.pendingCreate).toEqual([]);
    await inView(actor);
    expect(calls.loads).toHaveLength(2);
    expect(cellDistance(actor.getSnapshot().context, 1, 2)).toBe(321);
    expect(cellDistance(actor.getSnapshot().context, 1, 3)).toBeNull();
  });
});

describe('when saving', () => {
  it('refuses a value out of range before asking the server, with the message above the matrix and the cell’s text', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 99_999_999_999);
    actor.send({ type: 'EDIT.SAVE' });
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().hasTag('edit')).toBe(true);
    expect(context.message).toBe(MESSAGES.validation);
    expect(context.cellErrors).toEqual({ '1:3': WORKPLACE_MESSAGES.distanceTooLarge });
    expect(calls.saves).toEqual([]);
  });

  it('sends both lists at once with the version of each changed entry, returns to view mode, clears the lists and reloads', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    change(actor, 1, 2, 170);
    actor.send({ type: 'EDIT.SAVE' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await inView(actor);
    expect(calls.saves).toEqual([
      {
        create: [{ workplace_from_id: 1, workplace_to_id: 3, distance: 300 }],
        update: [{ id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 170, version: '1543' }],
      },
    ]);
    expect(calls.loads).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ pendingCreate: [], pendingUpdate: [] });
  });

  it('with nothing pending returns to view mode without a call', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    actor.send({ type: 'EDIT.SAVE' });
    expect(actor.getSnapshot().hasTag('view')).toBe(true);
    expect(calls.saves).toEqual([]);
  });

  it('stays in edit mode with the refused cell marked and the lists kept', async () => {
    const refused = new ApiError(
      'Проверьте заполнение полей',
      {
        'create.0.distance': [WORKPLACE_MESSAGES.exists],
      },
      409,
    );
    const { actor } = start(() => Promise.reject(refused));
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    actor.send({ type: 'EDIT.SAVE' });
    await waitFor(actor, (s) => s.matches('edit'));
    expect(actor.getSnapshot().context).toMatchObject({
      cellErrors: { '1:3': WORKPLACE_MESSAGES.exists },
      message: 'Проверьте заполнение полей',
      pendingCreate: [{ workplace_from_id: 1, workplace_to_id: 3, distance: 300 }],
    });
  });

  it('holds the new versions of the answer, so the next save of an entry sends them', async () => {
    const { actor, calls } = start(written, () => Promise.reject(new ApiError('Сервер недоступен', {}, 503)));
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 2, 170);
    change(actor, 1, 3, 300);
    actor.send({ type: 'EDIT.SAVE' });
    // The reload after the save fails: what the screen holds is the answer's.
    await waitFor(actor, (s) => s.hasTag('view') && s.context.message !== null);
    const { entries } = actor.getSnapshot().context;
    expect(entries['1:2']).toEqual({ ...STORED[0], distance: 170, version: '1601' });
    expect(entries['1:3']).toMatchObject({ id: 100, distance: 300, version: '1601' });
    expect(entries['2:1']).toEqual(STORED[1]);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 2, 175);
    actor.send({ type: 'EDIT.SAVE' });
    await waitFor(actor, () => calls.saves.length === 2);
    expect(calls.saves[1].update).toEqual([
      { id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 175, version: '1601' },
    ]);
  });

  it('keeps the edits and shows the message when another user changed an entry first (409)', async () => {
    const refused = new ApiError(
      MESSAGES.staleEdit,
      { 'update.0.distance': [WORKPLACE_MESSAGES.changed] },
      409,
    );
    const { actor, calls } = start(() => Promise.reject(refused));
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 2, 170);
    change(actor, 1, 3, 300);
    actor.send({ type: 'EDIT.SAVE' });
    await waitFor(actor, (s) => s.matches('edit') && s.context.message !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      message: MESSAGES.staleEdit,
      cellErrors: { '1:2': WORKPLACE_MESSAGES.changed },
      pendingCreate: [{ workplace_from_id: 1, workplace_to_id: 3, distance: 300 }],
      pendingUpdate: [{ id: 10, workplace_from_id: 1, workplace_to_id: 2, distance: 170, version: '1543' }],
      entries: { '1:2': STORED[0] },
    });
    expect(calls.loads).toHaveLength(1);
  });

  it('does not send a negative distance', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, -4);
    actor.send({ type: 'EDIT.SAVE' });
    expect(actor.getSnapshot().matches('edit')).toBe(true);
    expect(actor.getSnapshot().context.cellErrors).toEqual({ '1:3': WORKPLACE_MESSAGES.distanceNegative });
    expect(calls.saves).toEqual([]);
  });
});

describe('when deleting', () => {
  it('deletes, returns to view mode, clears the lists and reloads', async () => {
    const { actor, calls } = start();
    await inView(actor);
    actor.send({ type: 'EDIT.START' });
    change(actor, 1, 3, 300);
    actor.send({ type: 'CELL.DELETE', ids: [11] });
    await inView(actor);
    expect(calls.deletes).toEqual([[11]]);
    expect(calls.loads).toHaveLength(2);
    expect(actor.getSnapshot().context.pendingCreate).toEqual([]);
  });
});

describe('replaceByKey', () => {
  it('replaces an entry of the same pair in place and appends a new pair', () => {
    const a = { workplace_from_id: 1, workplace_to_id: 2, distance: 5 };
    const b = { workplace_from_id: 2, workplace_to_id: 1, distance: 6 };
    expect(replaceByKey([a, b], { ...a, distance: 7 })).toEqual([{ ...a, distance: 7 }, b]);
    expect(replaceByKey([a], b)).toEqual([a, b]);
  });
});
