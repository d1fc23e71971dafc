import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { Board, BoardFilters, TeamReference } from '../app/team-planning/api.ts';
import { teamPlanningMachine } from './teamPlanning.ts';
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
  load: (filters: BoardFilters) => Promise<Board> = async () => boardWith([1]),
  reference: () => Promise<TeamReference> = async () => REFERENCE,
) {
  const calls = { loads: [] as BoardFilters[], saves: 0 };
  const logic = teamPlanningMachine.provide({
    actors: {
      loadReference: fromPromise(reference),
      loadBoard: fromPromise(async ({ input }: { input: BoardFilters }) => {
        calls.loads.push(input);
        return load(input);
      }),
    },
    actions: { saveFilters: () => void calls.saves++ },
  });
  return { actor: createActor(logic, { input: { filters: FILTERS } }).start(), calls };
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

  it('keeps the old board when a silent refresh fails', async () => {
    let fail = false;
    const { actor } = start(async () => {
      if (fail) throw new ApiError('Сервер недоступен');
      return boardWith([1]);
    });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    fail = true;
    actor.send({ type: 'BOARD.REFRESH' });
    await waitFor(actor, (s) => s.matches({ board: 'idle' }));
    expect(actor.getSnapshot().context.board?.teams).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('failed')).toBe(false);
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
