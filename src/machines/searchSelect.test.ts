import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { type SearchInput, type SearchOption, sameParams, searchSelectMachine } from './searchSelect.ts';

interface Call {
  input: SearchInput;
  signal: AbortSignal;
  resolve: (options: SearchOption[]) => void;
  reject: (error: unknown) => void;
}

/** The machine on a fake search that answers only when the test says so; every call is recorded. */
function start(params = {}) {
  const calls: Call[] = [];
  const logic = searchSelectMachine.provide({
    actors: {
      search: fromPromise<SearchOption[], SearchInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, signal, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(logic, { input: { params, debounceMs: 5 } }).start();
  return { actor, calls };
}

const option = (id: number, name: string): SearchOption => ({ id, name });

describe('before the list is opened', () => {
  it('asks the server nothing', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(calls).toHaveLength(0);
  });
});

describe('when the list is opened', () => {
  it('searches with an empty query and the parameters, then shows the options', async () => {
    const { actor, calls } = start({ 'filter[date]': '2026-11-23' });
    actor.send({ type: 'SEARCH.OPEN' });
    expect(actor.getSnapshot().hasTag('searching')).toBe(true);
    expect(calls[0].input).toEqual({ query: '', params: { 'filter[date]': '2026-11-23' } });
    calls[0].resolve([option(1, 'Казань')]);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.options).toEqual([option(1, 'Казань')]);
  });

  it('does not search again when opened a second time with the same query', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEARCH.OPEN' });
    calls[0].resolve([]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SEARCH.OPEN' });
    expect(calls).toHaveLength(1);
  });
});

describe('when typing', () => {
  it('waits for a pause and sends the trimmed query once', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEARCH.CHANGE', query: 'К' });
    actor.send({ type: 'SEARCH.CHANGE', query: 'Ка' });
    actor.send({ type: 'SEARCH.CHANGE', query: 'Каз ' });
    expect(calls).toHaveLength(0);
    await waitFor(actor, (s) => s.matches('searching'));
    expect(calls.map((call) => call.input.query)).toEqual(['Каз']);
  });

  it('aborts the older search and ignores its late answer when a newer query arrives', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEARCH.CHANGE', query: 'Мос' });
    await waitFor(actor, (s) => s.matches('searching'));
    actor.send({ type: 'SEARCH.CHANGE', query: 'Каз' });
    expect(calls[0].signal.aborted).toBe(true);
    await waitFor(actor, () => calls.length === 2);
    calls[1].resolve([option(2, 'Казань')]);
    calls[0].resolve([option(1, 'Москва')]);
    await waitFor(actor, (s) => s.matches('idle'));
    await Promise.resolve();
    expect(actor.getSnapshot().context.options).toEqual([option(2, 'Казань')]);
  });
});

describe('when the parameters change', () => {
  it('drops the options and searches again on the next opening', async () => {
    const { actor, calls } = start({ 'filter[date]': '2026-11-23' });
    actor.send({ type: 'SEARCH.OPEN' });
    calls[0].resolve([option(1, 'SU 1234')]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SEARCH.PARAMS', params: { 'filter[date]': '2026-11-24' } });
    expect(actor.getSnapshot().context.options).toEqual([]);
    actor.send({ type: 'SEARCH.OPEN' });
    expect(calls[1].input.params).toEqual({ 'filter[date]': '2026-11-24' });
  });

  it('keeps the options when the same parameters arrive again', async () => {
    const { actor, calls } = start({ 'filter[date]': '2026-11-23' });
    actor.send({ type: 'SEARCH.OPEN' });
    calls[0].resolve([option(1, 'SU 1234')]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'SEARCH.PARAMS', params: { 'filter[date]': '2026-11-23' } });
    expect(actor.getSnapshot().context.options).toEqual([option(1, 'SU 1234')]);
  });

  it('compares missing and null parameters as the same', () => {
    expect(sameParams({ a: 1, b: null }, { a: 1 })).toBe(true);
    expect(sameParams({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('when the search fails', () => {
  it('shows the server text and searches again on retry', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'SEARCH.OPEN' });
    calls[0].reject(new ApiError('Сервер недоступен', {}, 500));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Сервер недоступен');
    actor.send({ type: 'SEARCH.RETRY' });
    expect(calls).toHaveLength(2);
  });
});
