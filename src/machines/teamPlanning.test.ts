import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { Board, BoardFilters, TeamReference } from '../app/team-planning/api.ts';
import { REFRESH_RETRY_DELAYS, refreshRetryDelay, teamPlanningMachine } from './teamPlanning.ts';
import {
  defaultTeamFilters,
  readTeamFilters,
  TEAM_FILTERS_KEY,
  type TeamPlanningFilters,
  teamScaleOf,
  writeTeamFilters,
} from './teamPlanningFilters.ts';

const FILTERS: TeamPlanningFilters = {
  begin: '2026-11-23 00:00:00',
  end: '2026-11-24 00:00:00',
  statusIds: [],
  departmentIds: [],
  positionIds: [],
  conflict: false,
  flightType: null,
  scale: 15,
};
const REFERENCE: TeamReference = {
  statuses: [],
  departments: [],
  positions: [],
  accessItems: { jobs: [], resources: [], resourceTypes: [], aircraftTypes: [] },
};
const boardWith = (ids: number[]): Board => ({
  teams: ids.map((id) => ({ id }) as Board['teams'][number]),
  free: [],
});

function start(
  load: (filters: BoardFilters, signal: AbortSignal) => Promise<Board> = async () => boardWith([1]),
  reference: () => Promise<TeamReference> = async () => REFERENCE,
  clock?: SimulatedClock,
) {
  const calls = { loads: [] as BoardFilters[], references: 0, saves: 0 };
  const logic = teamPlanningMachine.provide({
    actors: {
      loadReference: fromPromise(() => {
        calls.references++;
        return reference();
      }),
      loadBoard: fromPromise(async ({ input, signal }: { input: BoardFilters; signal: AbortSignal }) => {
        calls.loads.push(input);
        return load(input, signal);
      }),
    },
    actions: { saveFilters: () => void calls.saves++ },
  });
  return { actor: createActor(logic, { input: { filters: FILTERS }, clock }).start(), calls };
}

describe('when the board opens', () => {
  it('loads the reference lists and the board of the saved period', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ board: 'idle', reference: 'ready' }));
    expect(calls.loads).toEqual([FILTERS]);
    expect(actor.getSnapshot().context.version).toBe(1);
  });

  it('says why when the board cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new ApiError('Период не может быть больше 93 дней', {}, 400);
      return boardWith([1]);
    });
    await waitFor(actor, (s) => s.hasTag('failed'));
    expect(actor.getSnapshot().context.message).toBe('Период не может быть больше 93 дней');
    fail = false;
    actor.send({ type: 'BOARD.RETRY' });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(actor.getSnapshot().context.board?.teams).toHaveLength(1);
  });
});

describe('when the reference lists cannot be loaded', () => {
  it('keeps saying why and offering a retry after the board arrives, and loads them on retry', async () => {
    let fail = true;
    const { actor } = start(undefined, async () => {
      if (fail) throw new ApiError('Сервер недоступен');
      return REFERENCE;
    });
    await waitFor(actor, (s) => s.matches({ board: 'idle', reference: 'failed' }));
    expect(actor.getSnapshot().hasTag('referenceFailed')).toBe(true);
    expect(actor.getSnapshot().context.referenceMessage).toBe('Сервер недоступен');
    actor.send({ type: 'BOARD.REFRESH' });
    await waitFor(actor, (s) => s.context.version === 2);
    expect(actor.getSnapshot().hasTag('referenceFailed')).toBe(true);
    expect(actor.getSnapshot().context.referenceMessage).toBe('Сервер недоступен');
    fail = false;
    actor.send({ type: 'REFERENCE.RETRY' });
    await waitFor(actor, (s) => s.matches({ reference: 'ready' }));
    expect(actor.getSnapshot().context.reference).toEqual(REFERENCE);
    expect(actor.getSnapshot().context.referenceMessage).toBeNull();
    expect(actor.getSnapshot().hasTag('referenceFailed')).toBe(false);
  });

  it('keeps each failure its own message, and a retry of the board leaves the lists failed', async () => {
    let boardFails = true;
    const { actor, calls } = start(
      async () => {
        if (boardFails) throw new ApiError('Период не может быть больше 93 дней', {}, 400);
        return boardWith([1]);
      },
      async () => {
        throw new ApiError('Внутренняя ошибка сервера', {}, 500);
      },
    );
    await waitFor(actor, (s) => s.matches({ board: 'failed', reference: 'failed' }));
    expect(actor.getSnapshot().context.message).toBe('Период не может быть больше 93 дней');
    expect(actor.getSnapshot().context.referenceMessage).toBe('Внутренняя ошибка сервера');
    boardFails = false;
    actor.send({ type: 'BOARD.RETRY' });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(calls.loads).toHaveLength(2);
    expect(actor.getSnapshot().hasTag('failed')).toBe(false);
    expect(actor.getSnapshot().hasTag('referenceFailed')).toBe(true);
    expect(actor.getSnapshot().context.referenceMessage).toBe('Внутренняя ошибка сервера');
  });
});

describe('when a filter changes', () => {
  it('saves the filters and loads the board again, but only zooms when the scale alone changes', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    actor.send({ type: 'FILTER.SET', patch: { departmentIds: [3] } });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(calls.loads.at(-1)?.departmentIds).toEqual([3]);
    actor.send({ type: 'FILTER.SET', patch: { scale: 60 } });
    expect(actor.getSnapshot().matches({ board: 'idle' })).toBe(true);
    expect(calls.loads).toHaveLength(2);
    expect(actor.getSnapshot().context.filters.scale).toBe(60);
    expect(calls.saves).toBe(2);
  });

  it('loads only the board again: the reference lists load once however often the filters change', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches({ board: 'idle', reference: 'ready' }));
    for (let i = 0; i < 10; i++) {
      actor.send({ type: 'FILTER.SET', patch: { conflict: i % 2 === 0 } });
      await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    }
    // A burst without waiting: each change supersedes the load under way.
    for (let i = 0; i < 10; i++) actor.send({ type: 'FILTER.SET', patch: { departmentIds: [i] } });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(calls.references).toBe(1);
    expect(actor.getSnapshot().matches({ reference: 'ready' })).toBe(true);
    expect(calls.loads.at(-1)?.departmentIds).toEqual([9]);
  });

  it('keeps loading the reference lists when a filter changes while they load', async () => {
    let release: (reference: TeamReference) => void = () => undefined;
    const { actor, calls } = start(undefined, () => new Promise((resolve) => (release = resolve)));
    await waitFor(actor, (s) => s.matches({ board: 'idle', reference: 'loading' }));
    actor.send({ type: 'FILTER.SET', patch: { conflict: true } });
    actor.send({ type: 'FILTER.SET', patch: { conflict: false } });
    release(REFERENCE);
    await waitFor(actor, (s) => s.matches({ board: 'idle', reference: 'ready' }));
    expect(calls.references).toBe(1);
  });

  it('cancels the board load a newer filter change supersedes', async () => {
    const signals: AbortSignal[] = [];
    const { actor } = start(
      (_, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve(boardWith([1])), 5);
        }),
    );
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    actor.send({ type: 'FILTER.SET', patch: { conflict: true } });
    actor.send({ type: 'FILTER.SET', patch: { conflict: false } });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(signals.map((signal) => signal.aborted)).toEqual([false, true, false]);
  });
});

describe('when the board is refreshed silently', () => {
  it('keeps the board on screen meanwhile and the chosen team when it is still there', async () => {
    let ids = [1, 2];
    const { actor } = start(async () => boardWith(ids));
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    actor.send({ type: 'TEAM.SELECT', id: 2 });
    actor.send({ type: 'BOARD.REFRESH' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.board?.teams).toHaveLength(2);
    await waitFor(actor, (s) => s.matches({ board: 'idle' }) && s.context.version === 2);
    expect(actor.getSnapshot().context.selectedTeamId).toBe(2);
    ids = [1];
    actor.send({ type: 'BOARD.REFRESH' });
    await waitFor(actor, (s) => s.context.version === 3);
    expect(actor.getSnapshot().context.selectedTeamId).toBeNull();
  });
});

describe('when a silent refresh fails', () => {
  /** A board whose refreshes fail while `fail` says so, on a clock the test moves. */
  async function behind() {
    const state = { fail: false, ids: [1] };
    const clock = new SimulatedClock();
    const { actor, calls } = start(
      async () => {
        if (state.fail) throw new ApiError('Сервер недоступен', {}, 503);
        return boardWith(state.ids);
      },
      undefined,
      clock,
    );
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    state.fail = true;
    actor.send({ type: 'BOARD.REFRESH' });
    await waitFor(actor, (s) => s.hasTag('behind'));
    return { actor, calls, clock, state };
  }

  it('keeps the old board on screen and says it is behind, without the failure of a visible load', async () => {
    const { actor } = await behind();
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.board?.teams).toHaveLength(1);
    expect(snapshot.context.refreshFailures).toBe(1);
    expect(snapshot.context.refreshMessage).toBe('Сервер недоступен');
    expect(snapshot.hasTag('failed')).toBe(false);
    expect(snapshot.hasTag('loading')).toBe(false);
  });

  it('tries again by itself after 2, 5, 10 and then every 30 seconds, and a success clears the mark', async () => {
    const { actor, calls, clock, state } = await behind();
    let failures = 1;
    for (const wait of [2_000, 5_000, 10_000, 30_000, 30_000]) {
      clock.increment(wait - 1);
      expect(actor.getSnapshot().hasTag('behind')).toBe(true);
      const loads = calls.loads.length;
      clock.increment(1);
      expect(calls.loads).toHaveLength(loads + 1);
      failures++;
      await waitFor(actor, (s) => s.context.refreshFailures === failures && s.hasTag('behind'));
    }
    state.fail = false;
    state.ids = [1, 2];
    clock.increment(30_000);
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    const snapshot = actor.getSnapshot();
    expect(snapshot.context.board?.teams).toHaveLength(2);
    expect(snapshot.context.refreshFailures).toBe(0);
    expect(snapshot.context.refreshMessage).toBeNull();
    expect(snapshot.hasTag('behind')).toBe(false);
    // Current again: no retry is pending.
    const loads = calls.loads.length;
    clock.increment(60_000);
    expect(calls.loads).toHaveLength(loads);
  });

  it('refreshes at once on a newer notice during the wait', async () => {
    const { actor, calls, state } = await behind();
    state.fail = false;
    const loads = calls.loads.length;
    actor.send({ type: 'BOARD.REFRESH' });
    expect(calls.loads).toHaveLength(loads + 1);
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(actor.getSnapshot().context.refreshFailures).toBe(0);
  });

  it('gives way to a filter change during the wait: the board loads visibly and the old retry never fires', async () => {
    const { actor, calls, clock, state } = await behind();
    state.fail = false;
    actor.send({ type: 'FILTER.SET', patch: { conflict: true } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.refreshFailures).toBe(0);
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    const loads = calls.loads.length;
    clock.increment(60_000);
    expect(calls.loads).toHaveLength(loads);
    expect(calls.loads.at(-1)?.conflict).toBe(true);
  });
});

describe('the wait before a retry of a silent refresh', () => {
  it('grows from 2 s to 30 s and then stays there', () => {
    expect([1, 2, 3, 4, 5, 50].map(refreshRetryDelay)).toEqual([
      2_000, 5_000, 10_000, 30_000, 30_000, 30_000,
    ]);
    expect(REFRESH_RETRY_DELAYS[0]).toBe(refreshRetryDelay(0));
  });
});

describe('the saved filters', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  };

  it('default to today 00:00 – tomorrow 00:00 in the chosen zone with scale 15', () => {
    // 22:30 UTC on the 23rd is already the 24th in Moscow.
    const filters = defaultTeamFilters(new Date('2026-11-23T22:30:00Z'), 'Europe/Moscow');
    expect(filters).toEqual({ ...FILTERS, begin: '2026-11-24 00:00:00', end: '2026-11-25 00:00:00' });
  });

  it('come back as saved, and fall back to the defaults when damaged', () => {
    const storage = memory();
    const saved = { ...FILTERS, statusIds: [2], conflict: true };
    writeTeamFilters(storage, saved);
    expect(readTeamFilters(storage, new Date('2026-01-01T00:00:00Z'), 'UTC')).toEqual(saved);
    storage.setItem(TEAM_FILTERS_KEY, JSON.stringify({ ...saved, begin: 'вчера' }));
    expect(readTeamFilters(storage, new Date('2026-01-01T12:00:00Z'), 'UTC').begin).toBe(
      '2026-01-01 00:00:00',
    );
    const { flightType: _, ...older } = saved;
    storage.setItem(TEAM_FILTERS_KEY, JSON.stringify(older));
    expect(readTeamFilters(storage, new Date('2026-01-01T00:00:00Z'), 'UTC')).toEqual(saved);
    storage.setItem(TEAM_FILTERS_KEY, '{');
    expect(readTeamFilters(storage, new Date('2026-01-01T12:00:00Z'), 'UTC').statusIds).toEqual([]);
  });

  it('read a scale a wheel zoom saved off the presets as the nearest preset', () => {
    const storage = memory();
    writeTeamFilters(storage, { ...FILTERS, scale: 37 });
    expect(readTeamFilters(storage, new Date('2026-01-01T00:00:00Z'), 'UTC').scale).toBe(30);
  });
});

describe('the scale of a wheel zoom', () => {
  it('is the nearest preset by ratio, as on staff planning', () => {
    expect(teamScaleOf(37)).toBe(30);
    expect(teamScaleOf(12)).toBe(10);
    expect(teamScaleOf(13)).toBe(15);
    expect(teamScaleOf(1)).toBe(5);
    expect(teamScaleOf(600)).toBe(60);
    expect(teamScaleOf(15)).toBe(15);
  });
});
