import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES } from '../api/errors.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import { type BoardFilters, downloadPlan, loadBoard } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FILTERS: BoardFilters = {
  begin: '2026-11-23 00:00:00',
  end: '2026-11-24 00:00:00',
  statusIds: [],
  departmentIds: [],
  positionIds: [],
  conflict: false,
  flightType: null,
};

describe('downloading the plan', () => {
  const download = async (filters: BoardFilters, teamIds: number[] = []) => {
    const seen = stubFetch(() => new Response('xlsx', { status: 200 }));
    await downloadPlan(filters, 30, teamIds);
    return seen[0];
  };

  it('asks for conflicts only when the board shows only conflicts, as the board does', async () => {
    const request = await download({ ...FILTERS, conflict: true, flightType: 2 });
    expect(request.path).toBe('/api/team-planning/v1/download-teams-with-flights');
    const query = new URLSearchParams(request.query);
    expect(query.get('filter[conflict]')).toBe('1');
    expect(query.get('filter[scale]')).toBe('30');
    expect(query.get('filter[flight_type]')).toBe('2');
    expect(query.get('filter[begin_datetime]')).toBe('2026-11-23 00:00:00');
  });

  it('asks for every flight when conflicts only is off', async () => {
    const request = await download(FILTERS);
    expect(new URLSearchParams(request.query).has('filter[conflict]')).toBe(false);
  });

  it('names the teams the board shows when a status is chosen', async () => {
    const request = await download({ ...FILTERS, statusIds: [2] }, [7, 9]);
    expect(new URLSearchParams(request.query).getAll('filter[team_id][]')).toEqual(['7', '9']);
  });
});

describe('loading the board', () => {
  it('logs a team flights answer that does not parse and fails with the general message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch((request) =>
      json(200, request.path.endsWith('/teams-with-flights') ? [{ id: 'not a team' }] : []),
    );
    await expect(loadBoard(FILTERS)).rejects.toMatchObject({ message: CLIENT_MESSAGES.badAnswer });
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][0]).toContain('/team-planning/v1/teams-with-flights');
  });

  it('asks the team flights with conflicts only and the free flights without it', async () => {
    const seen = stubFetch(() => json(200, []));
    await loadBoard({ ...FILTERS, conflict: true });
    const conflict = Object.fromEntries(
      seen.map((r) => [r.path.split('/').at(-1), new URLSearchParams(r.query).get('filter[conflict]')]),
    );
    expect(conflict).toEqual({ 'teams-with-flights': '1', 'flights-without-team': null });
  });
});
