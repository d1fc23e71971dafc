import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { DELAY_MESSAGES, type DelayLists, type DelayUpdate } from '../shared/delay-reasons.ts';
import { MESSAGES } from '../shared/messages.ts';
import { changedCount, delayReasonsMachine, saveBody, shownFlag, visibleItems } from './delayReasons.ts';

const LISTS: DelayLists = {
  delayIata: [
    {
      id: 1,
      number_code: '32',
      letter_code: 'GL',
      transcript: 'Загрузка',
      delay_iata_type_id: 3,
      is_reason_airport: true,
      version: '701',
    },
    {
      id: 2,
      number_code: '71',
      letter_code: 'WO',
      transcript: 'Метеоусловия',
      delay_iata_type_id: 7,
      is_reason_airport: false,
      version: '702',
    },
  ],
  delayRrp: [
    { id: 1, code: 'АП', name: 'Аэропорт: наземное обслуживание', is_reason_airport: true, version: '801' },
    { id: 2, code: 'АЭ', name: 'Авиакомпания: экипаж', is_reason_airport: false, version: '802' },
    { id: 3, code: 'ПР', name: 'Позднее прибытие ВС', is_reason_airport: false, version: '803' },
  ],
};

/** The screen's machine on fakes: `load` and `save` decide how the server answers; calls are recorded. */
function start(
  load: () => Promise<DelayLists> = async () => LISTS,
  save: (body: DelayUpdate) => Promise<DelayLists> = async () => LISTS,
) {
  const calls = { loads: 0, saves: [] as DelayUpdate[] };
  const logic = delayReasonsMachine.provide({
    actors: {
      loadDelayReasons: fromPromise(async () => {
        calls.loads += 1;
        return load();
      }),
      saveDelayReasons: fromPromise(async ({ input }: { input: DelayUpdate }) => {
        calls.saves.push(input);
        return save(input);
      }),
    },
  });
  const actor = createActor(logic).start();
  return { actor, calls };
}

type Actor = ReturnType<typeof start>['actor'];
const ready = (actor: Actor) => waitFor(actor, (s) => s.hasTag('ready'));

describe('when the screen opens', () => {
  it('loads both classifiers and shows the RRP tab', async () => {
    const { actor } = start();
    await ready(actor);
    const context = actor.getSnapshot().context;
    expect(context.tab).toBe('rrp');
    expect(visibleItems(context).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('shows the server text when loading fails, and loads again on retry', async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw new ApiError('База данных недоступна', {}, 500);
      return LISTS;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('База данных недоступна');
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await ready(actor);
    expect(calls.loads).toBe(2);
    expect(actor.getSnapshot().context.message).toBeNull();
  });
});

describe('when choosing a tab and searching', () => {
  it('shows the items of the chosen tab that match the search', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'TAB.CHOOSE', tab: 'iata' });
    actor.send({ type: 'SEARCH.CHANGE', search: 'wo' });
    expect(visibleItems(actor.getSnapshot().context).map((item) => item.id)).toEqual([2]);
    actor.send({ type: 'TAB.CHOOSE', tab: 'rrp' });
    actor.send({ type: 'SEARCH.CHANGE', search: 'экипаж' });
    expect(visibleItems(actor.getSnapshot().context).map((item) => item.id)).toEqual([2]);
  });
});

describe('when toggling items', () => {
  it('flips the flag and records the item as changed on its own tab', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 2 });
    actor.send({ type: 'TAB.CHOOSE', tab: 'iata' });
    actor.send({ type: 'ITEM.TOGGLE', id: 1 });
    const context = actor.getSnapshot().context;
    expect(shownFlag(context, 'rrp', LISTS.delayRrp[1])).toBe(true);
    expect(shownFlag(context, 'iata', LISTS.delayIata[0])).toBe(false);
    expect(saveBody(context)).toEqual({
      delayIata: [{ id: 1, is_reason_airport: false, version: '701' }],
      delayRrp: [{ id: 2, is_reason_airport: true, version: '802' }],
    });
  });

  it('forgets an item toggled back to its stored flag', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 2 });
    actor.send({ type: 'ITEM.TOGGLE', id: 2 });
    expect(changedCount(actor.getSnapshot().context)).toBe(0);
  });

  it('marks every shown item of the tab as the airport’s, recording only those that were not', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send({ type: 'ALL.MARK' });
    const context = actor.getSnapshot().context;
    expect(visibleItems(context).every((item) => shownFlag(context, 'rrp', item))).toBe(true);
    expect(saveBody(context)).toEqual({
      delayIata: [],
      delayRrp: [
        { id: 2, is_reason_airport: true, version: '802' },
        { id: 3, is_reason_airport: true, version: '803' },
      ],
    });
  });
});

describe('when saving', () => {
  it('does nothing while no item has changed', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(calls.saves).toEqual([]);
  });

  it('sends only the changed items with the versions read, then reloads and clears the changes', async () => {
    const { actor, calls } = start();
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 3 });
    actor.send({ type: 'CHANGES.SAVE' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('ready') && calls.loads === 2);
    expect(calls.saves).toEqual([
      { delayIata: [], delayRrp: [{ id: 3, is_reason_airport: true, version: '803' }] },
    ]);
    expect(changedCount(actor.getSnapshot().context)).toBe(0);
  });

  it('says the changes were saved once the lists are reloaded, until the next change', async () => {
    const { actor, calls } = start();
    await ready(actor);
    expect(actor.getSnapshot().hasTag('saved')).toBe(false);
    actor.send({ type: 'ITEM.TOGGLE', id: 3 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.hasTag('ready') && calls.loads === 2);
    expect(actor.getSnapshot().hasTag('saved')).toBe(true);
    actor.send({ type: 'ITEM.TOGGLE', id: 2 });
    expect(actor.getSnapshot().hasTag('saved')).toBe(false);
  });

  it('does not say saved after a first load or a retried one', async () => {
    let loads = 0;
    const { actor } = start(async () => {
      loads += 1;
      if (loads === 1) throw new ApiError('Сервер недоступен', {}, 503);
      return LISTS;
    });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'LOAD.RETRY' });
    await ready(actor);
    expect(actor.getSnapshot().hasTag('saved')).toBe(false);
  });

  it('keeps the changes and shows the server text when the save is refused', async () => {
    const { actor, calls } = start(undefined, async () => {
      throw new ApiError('Проверьте заполнение полей', { 'delayRrp.0.id': ['Нет причины'] }, 422);
    });
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 3 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.context.message !== null);
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.message).toBe('Проверьте заполнение полей');
    expect(changedCount(actor.getSnapshot().context)).toBe(1);
    expect(calls.loads).toBe(1);
  });

  it('holds the answer’s new versions, so the next save sends them even when the reload fails', async () => {
    const saved: DelayLists = {
      ...LISTS,
      delayRrp: LISTS.delayRrp.map((item) =>
        item.id === 3 ? { ...item, is_reason_airport: true, version: '901' } : item,
      ),
    };
    let loads = 0;
    const { actor, calls } = start(
      async () => {
        loads += 1;
        if (loads > 1) throw new ApiError('Сервер недоступен', {}, 503);
        return LISTS;
      },
      async () => saved,
    );
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 3 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'LOAD.RETRY' });
    await waitFor(actor, (s) => s.matches('failed') && loads === 3);
    expect(actor.getSnapshot().context.lists.delayRrp[2]).toEqual(saved.delayRrp[2]);
    expect(saveBody({ ...actor.getSnapshot().context, changed: { iata: {}, rrp: { 3: false } } })).toEqual({
      delayIata: [],
      delayRrp: [{ id: 3, is_reason_airport: false, version: '901' }],
    });
    expect(calls.saves).toHaveLength(1);
  });

  it('keeps the changes, shows the message and marks the stale items when another user changed one first (409)', async () => {
    const { actor, calls } = start(undefined, async () => {
      throw new ApiError(
        MESSAGES.staleEdit,
        { 'delayRrp.1.is_reason_airport': [DELAY_MESSAGES.changed] },
        409,
      );
    });
    await ready(actor);
    actor.send({ type: 'ITEM.TOGGLE', id: 2 });
    actor.send({ type: 'ITEM.TOGGLE', id: 3 });
    actor.send({ type: 'CHANGES.SAVE' });
    await waitFor(actor, (s) => s.context.message !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('ready')).toBe(true);
    expect(snapshot.context.message).toBe(MESSAGES.staleEdit);
    expect(snapshot.context.staleIds).toEqual({ iata: [], rrp: [3] });
    expect(snapshot.context.changed).toEqual({ iata: {}, rrp: { 2: true, 3: true } });
    expect(snapshot.context.lists).toEqual(LISTS);
    expect(calls.loads).toBe(1);
  });
});
