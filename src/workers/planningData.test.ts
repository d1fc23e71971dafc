import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanningFlight } from '../shared/staff-planning.ts';
import { buildPlanning, createPlanningCore, planningDemand } from './planningData.ts';
import { civilDays, localEpoch, wallMinutes } from './planningDataTimes.ts';

/** A flight of the contract with the given tasks (begin/end on 2026-03-10). */
function flight(id: number, tasks: Partial<PlanningFlight['tasks'][number]>[], conflict = 0): PlanningFlight {
  return {
    id,
    aid: null,
    direction: 1,
    begin: '2026-03-10 10:00:00',
    end: '2026-03-10 11:00:00',
    flightNumber: `SU${id}`,
    flightTypeId: 1,
    flight_schedule_id: 2,
    flight_status: [],
    route: 'KZN – SVO',
    aircraft_type: 'A320',
    tgo: null,
    is_conflict: conflict,
    passengers: 120,
    flight_url: `/flight/view/${id}`,
    season_flight_url: null,
    season_flight_request_url: null,
    tasks: tasks.map((task, i) => ({
      id: id * 100 + i,
      begin: '2026-03-10 10:00:00',
      end: '2026-03-10 10:30:00',
      name: 'Погрузка',
      count: 2,
      taskEmployee: [],
      resources: [],
      employee_positions: [{ id: 7, employeePositionName: 'Грузчик', count: 2 }],
      ...task,
    })),
  };
}

const BASE = new Date(2026, 2, 10).getTime() / 60_000;

describe('reading wall-clock times', () => {
  it('agrees with Date.UTC on any date and time of four-digit years', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (date) => {
          const text = date.toISOString().slice(0, 19).replace('T', ' ');
          expect(wallMinutes(text)).toBeCloseTo(Math.floor(date.getTime() / 1000) / 60, 6);
        },
      ),
    );
  });

  it('reads wall minutes in the runtime zone as Date does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 * 365 * 24 }), (hours) => {
        const wall = hours * 60 + 17;
        const utc = new Date(wall * 60_000);
        const local = new Date(
          utc.getUTCFullYear(),
          utc.getUTCMonth(),
          utc.getUTCDate(),
          utc.getUTCHours(),
          utc.getUTCMinutes(),
        );
        expect(localEpoch()(wall)).toBe(local.getTime() / 60_000);
      }),
    );
  });

  it('counts days from the epoch', () => {
    expect(civilDays(1970, 1, 1)).toBe(0);
    expect(civilDays(2000, 3, 1)).toBe(11_017);
  });

  it('refuses text that is not a date and time', () => {
    expect(wallMinutes('10.03.2026')).toBeNaN();
  });
});

describe('turning flights into bars', () => {
  it('puts one bar per task on the row of its flight, in flight order', () => {
    const { set } = buildPlanning([
      flight(1, [{}, { begin: '2026-03-10 10:30:00', end: '2026-03-10 11:00:00' }]),
      flight(2, [{}]),
    ]);
    expect(Array.from(set.rows)).toEqual([0, 0, 1]);
    expect(Array.from(set.starts).map((m) => m - BASE)).toEqual([600, 630, 600]);
    expect(Array.from(set.ends).map((m) => m - BASE)).toEqual([630, 660, 630]);
    expect(set.span).toEqual({ from: BASE + 600, to: BASE + 660 });
    expect(set.texts[set.numberText[1]]).toBe('SU2');
  });

  it('marks understaffed tasks 1 and every task of a conflicting flight 2', () => {
    const { set } = buildPlanning([
      flight(1, [{ taskEmployee: [5, 6] }, { taskEmployee: [5] }]),
      flight(2, [{ taskEmployee: [5, 6] }], 1),
    ]);
    expect(Array.from(set.kind)).toEqual([0, 1, 2]);
    expect(Array.from(set.assigned)).toEqual([2, 1, 2]);
    expect(Array.from(set.need)).toEqual([2, 2, 2]);
  });

  it('keeps a flight without tasks as an empty row', () => {
    const { set } = buildPlanning([flight(1, [])]);
    expect(set.flightId.length).toBe(1);
    expect(set.starts.length).toBe(0);
    expect(set.span).toEqual({ from: BASE + 600, to: BASE + 660 });
  });
});

describe('demand per slot', () => {
  const both = [
    flight(1, [
      {},
      {
        begin: '2026-03-10 10:15:00',
        end: '2026-03-10 11:00:00',
        count: 3,
        employee_positions: [
          { id: 7, employeePositionName: 'Грузчик', count: 1 },
          { id: 8, employeePositionName: 'Водитель', count: 2 },
        ],
        resources: [{ id: 3, resourceTypeName: 'Тягач' }],
      },
    ]),
  ];
  const request = { from: BASE + 600, step: 30, slots: 2 };

  it('counts each position and the total of the chosen', () => {
    const result = planningDemand(buildPlanning(both), { ...request, parameterType: 1, ids: [] });
    expect(result.series.map((s) => [s.name, Array.from(s.values)])).toEqual([
      ['Водитель', [2, 2]],
      ['Грузчик', [3, 1]],
    ]);
    expect(Array.from(result.total)).toEqual([5, 3]);
  });

  it('counts only the chosen positions', () => {
    const result = planningDemand(buildPlanning(both), { ...request, parameterType: 1, ids: [7] });
    expect(result.series.map((s) => s.id)).toEqual([7]);
    expect(Array.from(result.total)).toEqual([3, 1]);
  });

  it('counts resource types when the parameter type is resources', () => {
    const result = planningDemand(buildPlanning(both), { ...request, parameterType: 2, ids: [] });
    expect(result.series.map((s) => [s.name, Array.from(s.values)])).toEqual([['Тягач', [1, 1]]]);
  });
});

describe('the core behind the worker', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).buffer as ArrayBuffer;

  it('refuses an answer that is not the contract shape', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const core = createPlanningCore();
    const buffer = new TextEncoder().encode('[{"id":1}]').buffer as ArrayBuffer;
    expect(() => core.load(buffer)).toThrow();
  });

  it.each([
    ['a task that begins on a day that does not exist', flight(1, [{ begin: '2026-02-30 10:00:00' }])],
    ['a task that ends at 24:00', flight(1, [{ end: '2026-03-10 24:00:00' }])],
    ['a flight whose end is an ISO instant', { ...flight(1, [{}]), end: '2026-03-10T11:00:00Z' }],
    ['a flight whose begin has no time', { ...flight(1, []), begin: '2026-03-10' }],
  ])('refuses %s rather than draw it, and logs why', (_, bad) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const core = createPlanningCore();
    expect(() => core.load(bytes([flight(2, [{}]), bad]))).toThrow('Ответ сервера не соответствует формату');
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0][1]).toEqual([
      expect.objectContaining({ path: expect.arrayContaining([1]), message: 'Invalid format' }),
    ]);
    expect(core.demand({ parameterType: 1, ids: [], from: 0, step: 30, slots: 1 }).result).toBeNull();
  });

  it('answers demand of the last answer after handing its bars away', () => {
    const core = createPlanningCore();
    expect(core.demand({ parameterType: 1, ids: [], from: 0, step: 30, slots: 1 }).result).toBeNull();
    const buffer = new TextEncoder().encode(JSON.stringify([flight(1, [{}])])).buffer as ArrayBuffer;
    const { set, transfer } = core.load(buffer);
    structuredClone(set, { transfer });
    const { result } = core.demand({ parameterType: 1, ids: [], from: BASE + 600, step: 30, slots: 1 });
    expect(Array.from(result?.total ?? [])).toEqual([2]);
  });
});
