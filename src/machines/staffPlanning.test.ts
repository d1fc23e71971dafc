import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type {
  DemandRequest,
  DemandResult,
  PlanningLists,
  PlanningPositions,
  PlanningReferenceLists,
  PlanningSet,
} from '../app/staff-planning/api.ts';
import { demandRequestOf, selectedBarOf, staffPlanningMachine } from './staffPlanning.ts';
import {
  defaultFilters,
  flightQuery,
  jobQuery,
  positionQuery,
  STAFF_PLANNING_STORAGE_KEY,
  type StaffPlanningFilters,
  type StorageLike,
} from './staffPlanningFilters.ts';

const REFERENCE: PlanningReferenceLists = {
  params: {
    flight_schedule: [
      { id: 1, name: 'Суточное' },
      { id: 2, name: 'Сезонное' },
      { id: 3, name: 'Заявки' },
    ],
    flight_status: [],
    flight_type: [],
    flight_class: [],
    flight_period_type: [],
    default_flight_schedule: [2, 3],
    default_flight_status: [3, 4, 7, 8, 11, 14, 15, 16, 19],
    default_flight_period_type: 2,
  },
  departments: [{ id: 1, name: 'СОП', full_name: 'Служба' }],
  scales: [
    { id: 1, name: '15 минут', period: 15, is_default: false },
    { id: 2, name: 'Час', period: 60, is_default: true },
  ],
  resourceTypes: [],
};
const NOW = new Date('2026-03-10T11:25:00Z');
/** The zone chosen in the frame: 14:25 there. */
const ZONE = 'Europe/Moscow';
/** Answers are only passed along by the machine: a marker object is enough to tell them apart. */
const answer = (name: string) => ({ name }) as unknown as PlanningSet;
const EMPTY_SET = answer('current');

/** sessionStorage in a Map. */
function memoryStorage(initial: Record<string, string> = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface FlightCall {
  filters: StaffPlanningFilters;
  signal: AbortSignal;
  answer: Deferred<PlanningSet>;
}

/** The machine on fakes: flight loads wait for the test to answer them; everything else answers at once. */
function start(options: { storage?: StorageLike; reference?: () => Promise<PlanningReferenceLists> } = {}) {
  const storage = options.storage ?? memoryStorage();
  const flights: FlightCall[] = [];
  const demands: DemandRequest[] = [];
  const lists: string[] = [];
  const logic = staffPlanningMachine.provide({
    actors: {
      loadReference: fromPromise(options.reference ?? (async () => REFERENCE)),
      loadPositions: fromPromise(
        async ({ input }: { input: StaffPlanningFilters }): Promise<PlanningPositions> => {
          lists.push(`positions ${input.range.from}`);
          return { positions: [{ id: 7, name: 'Грузчик', department_id: 1 }], workingShifts: [] };
        },
      ),
      loadJobs: fromPromise(
        async ({ input }: { input: StaffPlanningFilters }): Promise<PlanningLists['jobs']> => {
          lists.push(`jobs ${input.positions.join(',')}`);
          return [{ id: 3, name: 'Погрузка' }];
        },
      ),
      loadFlights: fromPromise(({ input, signal }: { input: StaffPlanningFilters; signal: AbortSignal }) => {
        const answer = deferred<PlanningSet>();
        flights.push({ filters: input, signal, answer });
        return answer.promise;
      }),
      countDemand: fromPromise(async ({ input }: { input: DemandRequest }): Promise<DemandResult | null> => {
        demands.push(input);
        return { from: input.from, step: input.step, total: new Float32Array(input.slots), series: [] };
      }),
    },
  });
  const actor = createActor(logic, { input: { storage, now: NOW, zone: ZONE } }).start();
  return { actor, storage, flights, demands, lists };
}

type Actor = ReturnType<typeof start>['actor'];
const loadingFlights = (actor: Actor) => waitFor(actor, (s) => s.hasTag('loadingFlights'));
const idle = (actor: Actor) => waitFor(actor, (s) => s.matches({ ready: { flights: 'idle' } }));

describe('when the default period is worked out', () => {
  it('starts on today in the zone chosen in the frame, not the browser’s', () => {
    // 20:30 in Moscow is already the 11th in Vladivostok.
    const evening = new Date('2026-03-10T17:30:00Z');
    expect(defaultFilters(REFERENCE, evening, 'Asia/Vladivostok').range).toEqual({
      from: '2026-03-11 00:00',
      to: '2026-04-11 23:59',
    });
    expect(defaultFilters(REFERENCE, evening, 'Europe/Moscow').range.from).toBe('2026-03-10 00:00');
  });
});

describe('when the screen opens with nothing stored', () => {
  it('applies the spec defaults from the reference lists', async () => {
    const { actor, flights } = start();
    await loadingFlights(actor);
    const filters = actor.getSnapshot().context.filters;
    expect(filters).toEqual(defaultFilters(REFERENCE, NOW, ZONE));
    expect(filters).toMatchObject({
      flightSchedule: [2, 3],
      flightStatus: [3, 4, 7, 8, 11, 14, 15, 16, 19],
      periodType: 2,
      scale: 60,
      parameterType: 1,
      flightType: [],
      positions: [],
      range: { from: '2026-03-10 00:00', to: '2026-04-10 23:59' },
    });
    expect(flights).toHaveLength(1);
    expect(flightQuery(flights[0].filters)).toMatchObject({
      'times[]': ['2026-03-10 00:00:00', '2026-04-10 23:59:00'],
      'flight_schedule_id[]': [2, 3],
      flight_period_type: 2,
      scale: 60,
    });
  });

  it('writes nothing to storage until a filter changes', async () => {
    const { actor, storage } = start();
    await loadingFlights(actor);
    expect(storage.getItem(STAFF_PLANNING_STORAGE_KEY)).toBeNull();
  });

  it('counts the demand of the loaded flights over the range in slots of the scale', async () => {
    const { actor, flights, demands } = start();
    await loadingFlights(actor);
    flights[0].answer.resolve(EMPTY_SET);
    await idle(actor);
    expect(actor.getSnapshot().context.data).toBe(EMPTY_SET);
    expect(demands).toEqual([demandRequestOf(defaultFilters(REFERENCE, NOW, ZONE))]);
    expect(demands[0].step).toBe(60);
    const minutes = (new Date(2026, 3, 10, 23, 59).getTime() - new Date(2026, 2, 10).getTime()) / 60_000 + 1;
    expect(demands[0].slots).toBe(Math.ceil(minutes / 60));
  });

  it('shows the server text when the reference lists fail and loads again on retry', async () => {
    let fail = true;
    const { actor } = start({
      reference: async () => {
        if (fail) throw new ApiError('Сервер недоступен', {}, 500);
        return REFERENCE;
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.message).toBe('Сервер недоступен');
    fail = false;
    actor.send({ type: 'LOAD.RETRY' });
    await loadingFlights(actor);
  });
});

describe('when filters are stored', () => {
  it('keeps a change across a new screen (round trip through sessionStorage)', async () => {
    const first = start();
    await loadingFlights(first.actor);
    first.actor.send({ type: 'FILTER.SET', patch: { flightType: [2], scale: 15, parameterType: 2 } });
    first.actor.send({ type: 'SELECTION.SET', taskId: 55 });
    first.actor.send({
      type: 'MAX_DEMAND.SET',
      minTime: 30,
      rows: [
        { employee_position_id: 7, max_count: 4, begin: '2026-03-10 10:00:00', end: '2026-03-10 11:00:00' },
      ],
    });
    first.actor.stop();

    const second = start({ storage: first.storage });
    await loadingFlights(second.actor);
    const context = second.actor.getSnapshot().context;
    expect(context.filters).toMatchObject({ flightType: [2], scale: 15, parameterType: 2 });
    expect(context.selection).toBe(55);
    expect(context.maxDemand.minTime).toBe(30);
    expect(context.maxDemand.rows[0].max_count).toBe(4);
    expect(second.flights[0].filters.flightType).toEqual([2]);
  });

  it('ignores a stored value that fails the schema and applies the defaults', async () => {
    const storage = memoryStorage({
      [STAFF_PLANNING_STORAGE_KEY]: JSON.stringify({ filters: { scale: 'час' }, selection: null }),
    });
    const { actor } = start({ storage });
    await loadingFlights(actor);
    expect(actor.getSnapshot().context.filters).toEqual(defaultFilters(REFERENCE, NOW, ZONE));
  });

  it('ignores a stored value that is not JSON', async () => {
    const { actor } = start({ storage: memoryStorage({ [STAFF_PLANNING_STORAGE_KEY]: '{' }) });
    await loadingFlights(actor);
    expect(actor.getSnapshot().context.filters).toEqual(defaultFilters(REFERENCE, NOW, ZONE));
  });

  it('falls back to the default scale when the stored one no longer exists', async () => {
    const first = start();
    await loadingFlights(first.actor);
    first.actor.send({ type: 'FILTER.SET', patch: { scale: 240, flightType: [1] } });
    const second = start({ storage: first.storage });
    await loadingFlights(second.actor);
    expect(second.actor.getSnapshot().context.filters).toMatchObject({ scale: 60, flightType: [1] });
  });
});

/** An answer whose bars are these tasks, in this order (only `taskId` is read by the selection). */
const tasksAnswer = (...taskIds: number[]) =>
  ({ taskId: Int32Array.from(taskIds) }) as unknown as PlanningSet;

describe('when a task was selected before a reload', () => {
  it("points at the task's bar once the flights of the new screen arrive", async () => {
    const first = start();
    await loadingFlights(first.actor);
    first.actor.send({ type: 'SELECTION.SET', taskId: 77 });
    first.actor.stop();

    const second = start({ storage: first.storage });
    await loadingFlights(second.actor);
    expect(selectedBarOf(second.actor.getSnapshot().context)).toBe(-1);
    second.flights[0].answer.resolve(tasksAnswer(12, 77, 90));
    await idle(second.actor);
    expect(selectedBarOf(second.actor.getSnapshot().context)).toBe(1);
  });

  it('shows no bar while the task is not among the flights, and its bar again when it is back', async () => {
    const storage = memoryStorage();
    const first = start({ storage });
    await loadingFlights(first.actor);
    first.actor.send({ type: 'SELECTION.SET', taskId: 77 });
    first.actor.stop();

    const { actor, flights } = start({ storage });
    await loadingFlights(actor);
    flights[0].answer.resolve(tasksAnswer(12, 90));
    await idle(actor);
    expect(selectedBarOf(actor.getSnapshot().context)).toBe(-1);
    actor.send({ type: 'FILTER.SET', patch: { flightType: [1] } });
    flights[1].answer.resolve(tasksAnswer(77));
    await idle(actor);
    expect(selectedBarOf(actor.getSnapshot().context)).toBe(0);
  });

  it('forgets the selection when the filters are reset', async () => {
    const first = start();
    await loadingFlights(first.actor);
    first.actor.send({ type: 'SELECTION.SET', taskId: 77 });
    first.actor.send({ type: 'FILTERS.RESET' });
    first.flights[1].answer.resolve(tasksAnswer(77));
    await idle(first.actor);
    expect(selectedBarOf(first.actor.getSnapshot().context)).toBe(-1);
  });
});

describe('when the filters are reset', () => {
  it('clears the storage, restores the defaults and loads again', async () => {
    const { actor, storage, flights } = start();
    await loadingFlights(actor);
    actor.send({ type: 'FILTER.SET', patch: { flightClass: [1] } });
    expect(storage.getItem(STAFF_PLANNING_STORAGE_KEY)).not.toBeNull();
    actor.send({ type: 'FILTERS.RESET' });
    expect(storage.getItem(STAFF_PLANNING_STORAGE_KEY)).toBeNull();
    expect(actor.getSnapshot().context.filters).toEqual(defaultFilters(REFERENCE, NOW, ZONE));
    expect(flights).toHaveLength(3);
    expect(flights[2].filters.flightClass).toEqual([]);
  });
});

describe('when a filter changes while the flights load', () => {
  it('aborts the stale request and ignores its answer', async () => {
    const { actor, flights } = start();
    await loadingFlights(actor);
    actor.send({ type: 'FILTER.SET', patch: { flightType: [1] } });
    expect(flights).toHaveLength(2);
    expect(flights[0].signal.aborted).toBe(true);
    expect(flights[1].signal.aborted).toBe(false);

    const stale = answer('stale');
    flights[0].answer.resolve(stale);
    await Promise.resolve();
    expect(actor.getSnapshot().context.data).toBeNull();
    expect(actor.getSnapshot().hasTag('loadingFlights')).toBe(true);

    flights[1].answer.resolve(EMPTY_SET);
    await idle(actor);
    expect(actor.getSnapshot().context.data).toBe(EMPTY_SET);
  });

  it('counts the demand again without a new request when only the scale changes', async () => {
    const { actor, flights, demands } = start();
    await loadingFlights(actor);
    flights[0].answer.resolve(EMPTY_SET);
    await idle(actor);
    actor.send({ type: 'FILTER.SET', patch: { scale: 15 } });
    await idle(actor);
    expect(flights).toHaveLength(1);
    expect(demands.map((d) => d.step)).toEqual([60, 15]);
  });
});

describe('when a filter changes the lists it depends on', () => {
  it('loads the jobs again, not the positions, when the chosen positions change', async () => {
    const { actor, lists } = start();
    await waitFor(actor, (s) => s.matches({ ready: { positions: 'idle', jobs: 'idle' } }));
    expect(actor.getSnapshot().context.lists.jobs).toEqual([{ id: 3, name: 'Погрузка' }]);
    actor.send({ type: 'FILTER.SET', patch: { positions: [7] } });
    await waitFor(actor, (s) => s.matches({ ready: { jobs: 'idle' } }));
    expect(lists).toEqual(['positions 2026-03-10 00:00', 'jobs ', 'jobs 7']);
  });

  it('loads the positions again when the range changes', async () => {
    const { actor, lists } = start();
    await waitFor(actor, (s) => s.matches({ ready: { positions: 'idle', jobs: 'idle' } }));
    actor.send({
      type: 'FILTER.SET',
      patch: { range: { from: '2026-03-11 00:00', to: '2026-03-12 23:59' } },
    });
    await waitFor(actor, (s) => s.matches({ ready: { positions: 'idle' } }));
    expect(lists).toEqual(['positions 2026-03-10 00:00', 'jobs ', 'positions 2026-03-11 00:00']);
  });
});

describe('when the flights fail to load', () => {
  it('only clears the loading flag (spec 8)', async () => {
    const { actor, flights } = start();
    await loadingFlights(actor);
    flights[0].answer.reject(new ApiError('Ошибка', {}, 400));
    await idle(actor);
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('loadingFlights')).toBe(false);
    expect(snapshot.context.data).toBeNull();
    expect(snapshot.context.message).toBeNull();
  });
});

describe('the queries the filters make', () => {
  const filters = (patch: Partial<StaffPlanningFilters>) => ({
    ...defaultFilters(REFERENCE, NOW, ZONE),
    ...patch,
  });

  it('sends a list only when something is chosen (empty means all) and the department alone', () => {
    const query = flightQuery(
      filters({ flightType: [1], positions: [7, 8], departmentId: 4, periodType: 1 }),
    );
    expect(query).toEqual({
      'times[]': ['2026-03-10 00:00:00', '2026-04-10 23:59:00'],
      flight_period_type: 1,
      scale: 60,
      'flight_schedule_id[]': [2, 3],
      'flight_type[]': [1],
      'flight_status[]': [3, 4, 7, 8, 11, 14, 15, 16, 19],
      'employee_position[]': [7, 8],
      department_id: 4,
    });
  });

  it('asks positions for the period and jobs for the chosen positions', () => {
    expect(positionQuery(filters({ departmentId: 4 }))).toMatchObject({
      plan_begin_time: '2026-03-10 00:00:00',
      plan_end_time: '2026-04-10 23:59:00',
      department_id: 4,
    });
    expect(jobQuery(filters({ positions: [7] }))).toEqual({ 'employee_position_id[]': [7] });
  });
});
