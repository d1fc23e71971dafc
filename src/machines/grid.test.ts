import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type GridInput, gridMachine, type LoadPageParams, type LoadPageResult } from './grid.ts';
import { GRID_LOAD_FAILED } from './gridError.ts';

interface Call {
  params: LoadPageParams;
  signal: AbortSignal;
}

/** An error as ofetch throws it for a JSON error answer: the parsed body under `data`. */
function httpError(status: number, body: unknown) {
  return Object.assign(new Error(`[GET] "/api/list": ${status}`), { statusCode: status, data: body });
}

/** Refuses a sort on `code` the way the server refuses a sort it does not offer (400 with a message). */
const refuseCodeSort = (params: LoadPageParams) =>
  params.sort?.replace('-', '') === 'code'
    ? httpError(400, {
        message: 'Неизвестная сортировка: code',
        fields: { sort: ['Неизвестная сортировка: code'] },
      })
    : null;

/** Answers `totalCount` rows (read at each call, so a test may shrink it), an empty page past the end as the server does. */
function fakeServer(totalCount = 95, refuse: (params: LoadPageParams) => unknown = () => null) {
  const calls: Call[] = [];
  const rows = { totalCount };
  const loadPage = fromPromise<LoadPageResult<unknown>, LoadPageParams>(({ input, signal }) => {
    calls.push({ params: input, signal });
    const refusal = refuse(input);
    if (refusal) return Promise.reject(refusal);
    const totalCount = rows.totalCount;
    const pageCount = Math.max(1, Math.ceil(totalCount / input.perPage));
    return Promise.resolve({
      items: input.page <= pageCount ? [{ id: input.page }] : [],
      totalCount,
      pageCount,
      currentPage: input.page,
      perPage: input.perPage,
    });
  });
  return { calls, loadPage, rows };
}

function startActor(
  input: GridInput = {},
  totalCount = 95,
  refuse: (params: LoadPageParams) => unknown = () => null,
) {
  const server = fakeServer(totalCount, refuse);
  const alerts: string[] = [];
  const machine = gridMachine.provide({
    actors: { loadPage: server.loadPage },
    actions: { alertError: ({ context }) => alerts.push(context.errorMessage ?? '') },
  });
  const actor = createActor(machine, { input: { search: '', ...input } }).start();
  return { actor, calls: server.calls, rows: server.rows, alerts };
}

async function startGrid(
  input: GridInput = {},
  totalCount = 95,
  refuse: (params: LoadPageParams) => unknown = () => null,
) {
  const started = startActor(input, totalCount, refuse);
  await waitFor(started.actor, (snapshot) => snapshot.hasTag('ready'));
  return started;
}

async function settle(actor: Awaited<ReturnType<typeof startGrid>>['actor']) {
  await waitFor(actor, (snapshot) => !snapshot.hasTag('loading'));
  return actor.getSnapshot().context;
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  window.history.replaceState(null, '', '/react_app/grid');
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
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

  it('reads the page and the page size from page and per-page', async () => {
    const { actor, calls } = await startGrid({ search: '?page=3&per-page=10' });
    expect(calls[0].params).toMatchObject({ page: 3, perPage: 10 });
    expect(actor.getSnapshot().context.pagination).toMatchObject({
      currentPage: 3,
      perPage: 10,
      pageCount: 10,
    });
  });

  it('logs a failed first load, alerts the generic text and stays usable', async () => {
    const { actor, calls, alerts } = startActor({}, 95, () => new TypeError('Failed to fetch'));
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(consoleError).toHaveBeenCalled();
    expect(alerts).toEqual([GRID_LOAD_FAILED]);
    expect(calls).toHaveLength(1);
    actor.send({ type: 'GRID.RELOAD' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('falls back to the plain grid when the server refuses the sort in the address', async () => {
    window.history.replaceState(null, '', '/react_app/grid?sort=-code&page=2&per-page=50&big=1');
    const { actor, calls, alerts } = startActor(
      { search: '?sort=-code&page=2&per-page=50&big=1', filterKeys: ['name_ru'] },
      95,
      refuseCodeSort,
    );
    await waitFor(actor, (snapshot) => snapshot.hasTag('ready'));
    expect(alerts).toEqual(['Неизвестная сортировка: code']);
    expect(calls.map((call) => call.params)).toEqual([
      { filters: {}, sort: '-code', page: 2, perPage: 50 },
      { filters: {}, sort: null, page: 1, perPage: 20 },
    ]);
    expect(actor.getSnapshot().context.sort).toBeNull();
    expect(window.location.search).toBe('?big=1');
  });

  it('gives up after the plain grid fails too', async () => {
    const { actor, calls, alerts } = startActor({ search: '?sort=code' }, 95, () => new TypeError('offline'));
    await waitFor(actor, (snapshot) => snapshot.hasTag('failed'));
    expect(calls).toHaveLength(2);
    expect(alerts).toHaveLength(2);
  });
});

describe('when a load fails after a page is shown', () => {
  it('alerts the server’s message and puts the sort arrow back', async () => {
    const { actor, alerts } = await startGrid({}, 95, refuseCodeSort);
    actor.send({ type: 'SORT.TOGGLE', key: 'name_ru' });
    await settle(actor);
    actor.send({ type: 'SORT.TOGGLE', key: 'code' });
    expect(actor.getSnapshot().context.sort).toBe('code');
    const context = await settle(actor);
    expect(actor.getSnapshot().hasTag('failed')).toBe(true);
    expect(alerts).toEqual(['Неизвестная сортировка: code']);
    expect(context.errorMessage).toBe('Неизвестная сортировка: code');
    expect(context.sort).toBe('name_ru');
    expect(window.location.search).toBe('?sort=name_ru');
  });

  it('keeps the rows, the page, the page size and the filters of the page on screen', async () => {
    const { actor } = await startGrid({ filterKeys: ['name_ru'] }, 95, refuseCodeSort);
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: 'Аэ' });
    await settle(actor);
    actor.send({ type: 'PAGE_SIZE.SET', perPage: 10 });
    await settle(actor);
    actor.send({ type: 'PAGE.GO', page: 4 });
    const before = await settle(actor);
    expect(window.location.search).toBe('?name_ru=%D0%90%D1%8D&page=4&per-page=10');
    actor.send({ type: 'SORT.TOGGLE', key: 'code' });
    const after = await settle(actor);
    expect(after.items).toEqual(before.items);
    expect(after.pagination).toEqual(before.pagination);
    expect(after.filters).toEqual([{ key: 'name_ru', value: 'Аэ' }]);
    expect(after.sort).toBeNull();
    expect(window.location.search).toBe('?name_ru=%D0%90%D1%8D&page=4&per-page=10');
  });

  it('puts back a filter and the page it reset', async () => {
    const refuseFilter = (params: LoadPageParams) =>
      params.filters.name_ru === '%' ? httpError(400, { message: 'Некорректный фильтр' }) : null;
    const { actor, alerts } = await startGrid({ filterKeys: ['name_ru'] }, 95, refuseFilter);
    actor.send({ type: 'PAGE.GO', page: 3 });
    await settle(actor);
    actor.send({ type: 'FILTER.SET', key: 'name_ru', value: '%' });
    expect(actor.getSnapshot().context.pagination.currentPage).toBe(1);
    const context = await settle(actor);
    expect(alerts).toEqual(['Некорректный фильтр']);
    expect(context.filters).toEqual([]);
    expect(context.pagination.currentPage).toBe(3);
    expect(window.location.search).toBe('?page=3');
  });

  it('alerts the generic text when the answer carries no message', async () => {
    const { actor, alerts } = await startGrid({}, 95, (params) =>
      params.page === 2 ? httpError(502, '<html>Bad gateway</html>') : null,
    );
    actor.send({ type: 'PAGE.GO', page: 2 });
    const context = await settle(actor);
    expect(alerts).toEqual([GRID_LOAD_FAILED]);
    expect(context.pagination.currentPage).toBe(1);
  });

  it('loads the next change from the restored state', async () => {
    const { actor, calls } = await startGrid({}, 95, refuseCodeSort);
    actor.send({ type: 'PAGE.GO', page: 2 });
    await settle(actor);
    actor.send({ type: 'SORT.TOGGLE', key: 'code' });
    await settle(actor);
    actor.send({ type: 'PAGE.GO', page: 3 });
    const context = await settle(actor);
    expect(calls.at(-1)?.params).toEqual({ filters: {}, sort: null, page: 3, perPage: 20 });
    expect(context.errorMessage).toBeNull();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
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

  it('writes the page and the page size into the query string', async () => {
    const { actor } = await startGrid({ search: '?big=1' });
    actor.send({ type: 'PAGE.GO', page: 3 });
    await settle(actor);
    expect(window.location.search).toBe('?big=1&page=3');
    actor.send({ type: 'PAGE_SIZE.SET', perPage: 50 });
    await settle(actor);
    expect(window.location.search).toBe('?big=1&per-page=50');
  });

  it('shows the last page when a reload finds the page past the end (its last row was deleted)', async () => {
    const { actor, calls, rows } = await startGrid({ search: '?page=5' });
    expect(actor.getSnapshot().context.pagination.currentPage).toBe(5);
    rows.totalCount = 80;
    actor.send({ type: 'GRID.RELOAD' });
    const context = await settle(actor);
    expect(calls.map((call) => call.params.page)).toEqual([5, 5, 4]);
    expect(context.pagination).toMatchObject({ currentPage: 4, pageCount: 4, totalCount: 80 });
    expect(context.items).toEqual([{ id: 4 }]);
    expect(window.location.search).toBe('?page=4');
  });

  it('opens a bookmarked page past the end on the last page', async () => {
    const { actor, calls } = await startGrid({ search: '?page=9' });
    expect(calls.map((call) => call.params.page)).toEqual([9, 5]);
    expect(actor.getSnapshot().context.pagination.currentPage).toBe(5);
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
