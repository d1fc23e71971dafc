import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type GridInput, gridMachine, type LoadPageParams, type LoadPageResult } from './grid.ts';

interface Call {
  params: LoadPageParams;
  signal: AbortSignal;
}

function fakeServer(totalCount = 95) {
  const calls: Call[] = [];
  const loadPage = fromPromise<LoadPageResult<unknown>, LoadPageParams>(({ input, signal }) => {
    calls.push({ params: input, signal });
    const pageCount = Math.max(1, Math.ceil(totalCount / input.perPage));
    return Promise.resolve({
      items: [{ id: input.page }],
      totalCount,
      pageCount,
      currentPage: input.page,
      perPage: input.perPage,
    });
  });
  return { calls, loadPage };
}

async function startGrid(input: GridInput = {}, totalCount = 95) {
  const server = fakeServer(totalCount);
  const actor = createActor(gridMachine.provide({ actors: { loadPage: server.loadPage } }), {
    input: { search: '', ...input },
  }).start();
  await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
  return { actor, calls: server.calls };
}

async function settle(actor: Awaited<ReturnType<typeof startGrid>>['actor']) {
  await waitFor(actor, (snapshot) => !snapshot.hasTag('loading'));
  return actor.getSnapshot().context;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/react_app/grid');
});

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the cookie the grid wrote
  document.cookie = 'task_time=; path=/; max-age=0';
});

describe('when the grid loads first', () => {
  it('asks for page 1 with 20 rows and stores the pagination answer', async () => {
    const { actor, calls } = await startGrid();
    expect(calls[0].params).toEqual({ filters: {}, sort: null, page: 1, perPage: 20 });
    expect(actor.getSnapshot().context.pagination).toEqual({
      currentPage: 1,
      pageCount: 5,
      perPage: 20,
      totalCount: 95,
    });
    expect(actor.getSnapshot().context.items).toEqual([{ id: 1 }]);
  });

  it('reads the sort and the filters from the query string', async () => {
    const { calls } = await startGrid({
      search: '?sort=-name_ru&name_ru=Аэро&big=1',
      filterKeys: ['name_ru'],
    });
    expect(calls[0].params).toMatchObject({ sort: '-name_ru', filters: { name_ru: 'Аэро' } });
  });

  it('logs a failed list call and stays usable', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = fromPromise<LoadPageResult<unknown>, LoadPageParams>(() =>
      Promise.reject(new Error('boom')),
    );
    const actor = createActor(gridMachine.provide({ actors: { loadPage: failing } }), {
      input: { search: '' },
    }).start();
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

describe('when clicking a sortable column', () => {
  it('sorts ascending, then descending with a minus, then ascending again', async () => {
    const { actor, calls } = await startGrid();
    const sorts: (string | null)[] = [];
    for (let click = 0; click < 3; click += 1) {
      actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
      sorts.push((await settle(actor)).sort);
    }
    expect(sorts).toEqual(['name_ru', '-name_ru', 'name_ru']);
    expect(calls.map((call) => call.params.sort)).toEqual([null, 'name_ru', '-name_ru', 'name_ru']);
  });

  it('writes the sort back into the query string under sort', async () => {
    const { actor } = await startGrid();
    actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
    actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
    await settle(actor);
    expect(window.location.search).toBe('?sort=-name_ru');
  });
});

describe('when changing pages', () => {
  it('loads the page chosen by number', async () => {
    const { actor, calls } = await startGrid();
    actor.send({ type: 'PAGE.GO', page: 3 });
    expect((await settle(actor)).pagination.currentPage).toBe(3);
    expect(calls.at(-1)?.params.page).toBe(3);
  });

  it('ignores pages outside the range', async () => {
    const { actor, calls } = await startGrid();
    actor.send({ type: 'PAGE.GO', page: 0 });
    actor.send({ type: 'PAGE.GO', page: 6 });
    await settle(actor);
    expect(calls).toHaveLength(1);
  });

  it('resets to page 1 when the page size changes', async () => {
    const { actor, calls } = await startGrid();
    actor.send({ type: 'PAGE.GO', page: 4 });
    await settle(actor);
    actor.send({ type: 'PAGE_SIZE.SET', perPage: 50 });
    const context = await settle(actor);
    expect(calls.at(-1)?.params).toMatchObject({ page: 1, perPage: 50 });
    expect(context.pagination).toMatchObject({ currentPage: 1, perPage: 50, pageCount: 2 });
  });
});

describe('when setting and removing filters', () => {
  it('replaces a filter with the same key and adds another', async () => {
    const { actor, calls } = await startGrid({ filterKeys: ['name_ru', 'code'] });
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: 'Аэ' });
    actor.send({ type: 'FILTER.SET', key: 'code', value: '555' });
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: 'Аэро' });
    const context = await settle(actor);
    expect(context.filters).toEqual([
      { key: 'name_ru', value: 'Аэро' },
      { key: 'code', value: '555' },
    ]);
    expect(calls.at(-1)?.params.filters).toEqual({ name_ru: 'Аэро', code: '555' });
    expect(new URLSearchParams(window.location.search).get('name_ru')).toBe('Аэро');
  });

  it('does not reload when the same value is applied again on blur', async () => {
    const { actor, calls } = await startGrid();
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: 'Аэ' });
    await settle(actor);
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: 'Аэ' });
    await settle(actor);
    expect(calls).toHaveLength(2);
  });

  it('removes one filter by key', async () => {
    const { actor } = await startGrid({ search: '?a=1&b=2', filterKeys: ['a', 'b'] });
    actor.send({ type: 'FILTER.REMOVE', key: 'a' });
    expect((await settle(actor)).filters).toEqual([{ key: 'b', value: '2' }]);
    expect(window.location.search).toBe('?b=2');
  });

  it('removes all filters together', async () => {
    const { actor, calls } = await startGrid({ search: '?a=1&b=2', filterKeys: ['a', 'b'] });
    actor.send({ type: 'FILTER.CLEAR' });
    expect((await settle(actor)).filters).toEqual([]);
    expect(calls.at(-1)?.params.filters).toEqual({});
  });

  it('drops empty values from the query string', async () => {
    const { actor } = await startGrid({ filterKeys: ['a'] });
    actor.send({ type: 'FILTER.SET', key: 'a', value: '1' });
    await settle(actor);
    actor.send({ type: 'FILTER.SET', key: 'a', value: '' });
    await settle(actor);
    expect(window.location.search).toBe('');
  });

  it('also stores a task_time filter in a cookie at path root', async () => {
    const { actor } = await startGrid();
    actor.send({ type: 'FILTER.SET', key: 'task_time', value: '2024-03-05' });
    await settle(actor);
    expect(document.cookie).toContain('task_time=2024-03-05');
  });

  it('leaves the address bar alone when the grid does not sync the query', async () => {
    const { actor } = await startGrid({ syncQuery: false });
    actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
    await settle(actor);
    expect(window.location.search).toBe('');
  });
});

describe('when a change arrives while a page is loading', () => {
  it('aborts the earlier request and keeps only the latest answer', async () => {
    const signals: AbortSignal[] = [];
    const slow = fromPromise<LoadPageResult<unknown>, LoadPageParams>(({ input, signal }) => {
      signals.push(signal);
      return new Promise((resolve) =>
        setTimeout(
          () => resolve({ items: [input.sort], totalCount: 1, pageCount: 1, currentPage: 1, perPage: 20 }),
          10,
        ),
      );
    });
    const actor = createActor(gridMachine.provide({ actors: { loadPage: slow } }), {
      input: { search: '' },
    }).start();
    actor.send({ type: 'SORT.TOGGLE', key: 'code' });
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(actor.getSnapshot().context.items).toEqual(['code']);
  });
});

describe('when an action modal is open', () => {
  it('opens, disables and closes the update and delete modals', async () => {
    const { actor } = await startGrid();
    actor.send({ type: 'MODAL.OPEN', action: 'delete', row: { id: 7 } });
    expect(actor.getSnapshot().context.actions.delete).toEqual({
      isModalShow: true,
      disable: false,
      row: { id: 7 },
    });
    actor.send({ type: 'MODAL.DISABLE', action: 'delete', disable: true });
    expect(actor.getSnapshot().context.actions.delete.disable).toBe(true);
    actor.send({ type: 'MODAL.CLOSE', action: 'delete' });
    expect(actor.getSnapshot().context.actions.delete.isModalShow).toBe(false);
  });

  it('closes the open modals when the grid reloads', async () => {
    const { actor } = await startGrid();
    actor.send({ type: 'MODAL.OPEN', action: 'update', row: { id: 1 } });
    actor.send({ type: 'MODAL.OPEN', action: 'delete', row: { id: 1 } });
    actor.send({ type: 'GRID.RELOAD' });
    const context = await settle(actor);
    expect(context.actions.update.isModalShow).toBe(false);
    expect(context.actions.delete.isModalShow).toBe(false);
  });
});

describe('when the horizontal scroll flag changes', () => {
  it('stores the flag', async () => {
    const { actor } = await startGrid();
    actor.send({ type: 'SCROLL.SET', horizontal: true });
    expect(actor.getSnapshot().context.horizontalScroll).toBe(true);
  });
});
