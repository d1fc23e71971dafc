import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { BRS_DEFAULTS, BRS_MESSAGES, type BrsAirline, type BrsRegister } from '../shared/brs-config.ts';
import { MESSAGES } from '../shared/messages.ts';
import { brsConfigMachine } from './brsConfig.ts';
import type { LoadPageParams, LoadPageResult } from './grid.ts';

const register = (id: number, airlineId: number): BrsRegister => ({
  id,
  aviacompany_id: airlineId,
  ...BRS_DEFAULTS,
  version: '1543',
});

function airline(id: number, iata: string, settings: BrsRegister | null = null): BrsAirline {
  return {
    id,
    name: iata,
    name_ru: iata,
    name_en: iata,
    iata_code: iata,
    icao_code: null,
    sirena_code: null,
    code: iata,
    numeric_code: null,
    is_deleted: false,
    aviacompanyBaggageRegister: settings,
  };
}

const page = (items: BrsAirline[]): LoadPageResult<BrsAirline> => ({
  items,
  totalCount: items.length,
  pageCount: 1,
  currentPage: 1,
  perPage: 20,
});

interface Load {
  params: LoadPageParams;
  signal: AbortSignal;
  resolve: (result: LoadPageResult<BrsAirline>) => void;
}

type SaveInput = {
  airlineId: number;
  registerId: number | null;
  body: typeof BRS_DEFAULTS & { version?: string };
};

/** A screen whose loads wait until the test answers them, and whose saves answer `save`. */
function start(
  save: (input: SaveInput) => Promise<BrsRegister> = async (input) => ({
    id: input.registerId ?? 77,
    aviacompany_id: input.airlineId,
    ...input.body,
    version: '1561',
  }),
) {
  const loads: Load[] = [];
  const saves: SaveInput[] = [];
  const loadAirlines = fromPromise<LoadPageResult<BrsAirline>, { params: LoadPageParams; canRead: boolean }>(
    ({ input, signal }) => new Promise((resolve) => loads.push({ params: input.params, signal, resolve })),
  );
  const saveSettings = fromPromise<BrsRegister, SaveInput>(({ input }) => {
    saves.push(input);
    return save(input);
  });
  const actor = createActor(brsConfigMachine.provide({ actors: { loadAirlines, saveSettings } }), {
    input: { canRead: true },
  }).start();
  return { actor, loads, saves };
}

async function ready(started: ReturnType<typeof start>, items: BrsAirline[]) {
  started.loads.at(-1)?.resolve(page(items));
  await waitFor(started.actor, (s) => s.matches({ list: 'ready' }));
}

describe('when searching', () => {
  it('asks the first page sorted by Russian name, then the search from page 1', async () => {
    const screen = start();
    expect(screen.loads[0].params).toEqual({
      filters: { search: '' },
      sort: 'name_ru',
      page: 1,
      perPage: 20,
    });
    await ready(screen, [airline(1, 'SU')]);
    screen.actor.send({ type: 'PAGE.GO', page: 3 });
    screen.actor.send({ type: 'SEARCH.CHANGE', text: ' s7 ' });
    expect(screen.loads.at(-1)?.params).toMatchObject({ filters: { search: 's7' }, page: 1 });
  });

  it('cancels the older search when a newer one starts, and shows only the newer answer', async () => {
    const screen = start();
    await ready(screen, [airline(1, 'SU')]);
    screen.actor.send({ type: 'SEARCH.CHANGE', text: 's' });
    screen.actor.send({ type: 'SEARCH.CHANGE', text: 's7' });
    const [, older, newer] = screen.loads;
    expect(older.signal.aborted).toBe(true);
    expect(newer.signal.aborted).toBe(false);
    older.resolve(page([airline(2, 'SU'), airline(3, 'S7')]));
    newer.resolve(page([airline(3, 'S7')]));
    await waitFor(screen.actor, (s) => s.matches({ list: 'ready' }));
    expect(screen.actor.getSnapshot().context.page.items.map((a) => a.iata_code)).toEqual(['S7']);
  });

  it('toggles the sort direction on the same key and starts ascending on another', async () => {
    const screen = start();
    await ready(screen, []);
    screen.actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
    expect(screen.loads.at(-1)?.params.sort).toBe('-name_ru');
    screen.actor.send({ type: 'SORT.TOGGLE', key: 'iata_code' });
    expect(screen.loads.at(-1)?.params.sort).toBe('iata_code');
  });
});

describe('when editing an airline', () => {
  it('creates the settings of an airline that has none and shows the saved row', async () => {
    const screen = start();
    await ready(screen, [airline(5, 'DP')]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 5 });
    expect(screen.actor.getSnapshot().context.edit).toMatchObject({ registerId: null, draft: BRS_DEFAULTS });
    screen.actor.send({ type: 'EDIT.CHANGE', field: 'max_bag_pieces', value: 4 });
    screen.actor.send({ type: 'EDIT.SAVE' });
    await waitFor(screen.actor, (s) => s.matches({ edit: 'closed' }));
    // A new row: no version is sent.
    expect(screen.saves).toEqual([
      { airlineId: 5, registerId: null, body: { ...BRS_DEFAULTS, max_bag_pieces: 4 } },
    ]);
    const saved = screen.actor.getSnapshot().context.page.items[0].aviacompanyBaggageRegister;
    expect(saved).toMatchObject({ id: 77, aviacompany_id: 5, max_bag_pieces: 4 });
    expect(screen.actor.getSnapshot().context.edit).toBeNull();
  });

  it('updates the row of an airline that has settings, sending back the version it read', async () => {
    const screen = start();
    await ready(screen, [airline(1, 'SU', register(12, 1))]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.CHANGE', field: 'bsm_exchange', value: true });
    screen.actor.send({ type: 'EDIT.SAVE' });
    await waitFor(screen.actor, (s) => s.matches({ edit: 'closed' }));
    expect(screen.saves[0]).toMatchObject({ registerId: 12, body: { bsm_exchange: true, version: '1543' } });
    // The next edit of the row sends the version of the saved answer.
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.SAVE' });
    await waitFor(screen.actor, (s) => s.matches({ edit: 'closed' }));
    expect(screen.saves[1].body.version).toBe('1561');
  });

  it('keeps the draft open with the message when another user saved the row first (409)', async () => {
    const screen = start(async () => {
      throw new ApiError(MESSAGES.staleEdit, {}, 409);
    });
    await ready(screen, [airline(1, 'SU', register(12, 1))]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.CHANGE', field: 'max_bag_pieces', value: 5 });
    screen.actor.send({ type: 'EDIT.SAVE' });
    await waitFor(screen.actor, (s) => s.matches({ edit: 'editing' }) && s.context.edit?.message !== null);
    const { context } = screen.actor.getSnapshot();
    expect(context.edit).toMatchObject({
      airlineId: 1,
      version: '1543',
      draft: { max_bag_pieces: 5 },
      errors: {},
      message: MESSAGES.staleEdit,
    });
    // The list keeps the row as it was read.
    expect(context.page.items[0].aviacompanyBaggageRegister).toEqual(register(12, 1));
  });

  it('keeps the draft and shows the schema errors without sending an invalid draft', async () => {
    const screen = start();
    await ready(screen, [airline(1, 'SU', register(12, 1))]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.CHANGE', field: 'max_bag_weight_kg', value: null });
    screen.actor.send({ type: 'EDIT.SAVE' });
    const { edit } = screen.actor.getSnapshot().context;
    expect(edit?.errors).toEqual({ max_bag_weight_kg: [MESSAGES.required] });
    expect(screen.saves).toEqual([]);
    screen.actor.send({ type: 'EDIT.CHANGE', field: 'max_bag_weight_kg', value: 30 });
    expect(screen.actor.getSnapshot().context.edit?.errors).toEqual({});
  });

  it('keeps the server field errors under the edited airline and stays in edit mode', async () => {
    const fields = { loading_close_minutes: [BRS_MESSAGES.wholeBetween(0, 240)] };
    const screen = start(async () => {
      throw new ApiError(MESSAGES.validation, fields, 422);
    });
    await ready(screen, [airline(1, 'SU', register(12, 1))]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.SAVE' });
    await waitFor(screen.actor, (s) => s.matches({ edit: 'editing' }) && s.context.edit?.message !== null);
    expect(screen.actor.getSnapshot().context.edit).toMatchObject({
      airlineId: 1,
      errors: fields,
      message: MESSAGES.validation,
    });
  });

  it('edits one airline at a time, and a list change drops the unsaved edit', async () => {
    const screen = start();
    await ready(screen, [airline(1, 'SU'), airline(2, 'S7')]);
    screen.actor.send({ type: 'EDIT.START', airlineId: 1 });
    screen.actor.send({ type: 'EDIT.START', airlineId: 2 });
    expect(screen.actor.getSnapshot().context.edit?.airlineId).toBe(1);
    screen.actor.send({ type: 'SEARCH.CHANGE', text: 'x' });
    expect(screen.actor.getSnapshot().context.edit).toBeNull();
    expect(screen.actor.getSnapshot().matches({ edit: 'closed' })).toBe(true);
  });
});
