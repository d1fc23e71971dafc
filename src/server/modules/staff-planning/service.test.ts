/** The staff-planning reference service without HTTP, on a small demo airport (two days around 2026-03-10). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { createStaffPlanningService, type StaffPlanningService } from './service.ts';

let dbh: DbHandle;
let service: StaffPlanningService;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 2, referenceDate: '2026-03-10' });
  service = createStaffPlanningService(dbh);
});
afterAll(() => dbh.close());

/** A period in Moscow wall-clock time, as the route reads it. */
const period = (begin: string, end: string) => ({
  begin: wallClockToInstant(begin, 'Europe/Moscow') as Date,
  end: wallClockToInstant(end, 'Europe/Moscow') as Date,
});
const DAY = period('2026-03-10 00:00:00', '2026-03-10 23:59:59');
const names = (rows: { name: string }[]) => rows.map((row) => row.name);
const russian = new Intl.Collator('ru').compare;

describe('when opening the screen', () => {
  it('answers the flight filter lists with the spec defaults', async () => {
    const params = await service.flightParams();
    expect(params.flight_class.length).toBeGreaterThan(0);
    expect(params.default_flight_status).toEqual([3, 4, 7, 8, 11, 14, 15, 16, 19]);
    expect(params.default_flight_period_type).toBe(2);
  });

  it('answers only the airport own departments', async () => {
    const list = await service.departments();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => !('contractor_id' in d))).toBe(true);
  });

  it('orders resource types in Russian order', async () => {
    const list = names(await service.resourceTypes());
    expect(list).toEqual([...list].sort(russian));
  });
});

describe('when choosing positions', () => {
  it('answers the positions that tasks of the period need, in Russian order', async () => {
    const needed = await service.positions({ period: DAY, departmentIds: [1] });
    expect(names(needed)).toEqual(expect.arrayContaining(['Грузчик', 'Техник по встрече ВС']));
    expect(names(needed)).toEqual(names(needed).sort(russian));
    const all = await service.positions({ departmentIds: [1] });
    expect(all.length).toBeGreaterThan(needed.length);
  });

  it('answers nothing for a period without flights or for statuses no flight has', async () => {
    expect(await service.positions({ period: period('2030-01-01 00:00:00', '2030-01-02 00:00:00') })).toEqual(
      [],
    );
    expect(await service.positions({ period: DAY, flightStatus: [2] })).toEqual([]);
  });

  it('narrows to the departments asked for', async () => {
    const list = await service.positions({ period: DAY, departmentIds: [1, 2] });
    expect(new Set(list.map((p) => p.department_id))).toEqual(new Set([1, 2]));
  });
});

describe('when choosing jobs', () => {
  it('answers the jobs of a department or of positions, each once, in Russian order', async () => {
    const fuelling = await service.jobs({ departmentId: 5 });
    expect(names(fuelling)).toEqual(['Заправка топливом']);
    const positions = await service.positions({ departmentIds: [1] });
    const jobs = names(await service.jobs({ positionIds: positions.map((p) => p.id) }));
    expect(new Set(jobs).size).toBe(jobs.length);
    expect(jobs).toEqual([...jobs].sort(russian));
  });
});

describe('when a period query arrives', () => {
  it('passes through the heavy-work gate with the caller signal; a plain list does not', async () => {
    const gated: (AbortSignal | undefined)[] = [];
    const watched = createStaffPlanningService({
      ...dbh,
      heavy: (work, signal) => {
        gated.push(signal);
        return work();
      },
    });
    const signal = new AbortController().signal;
    const rows = await watched.positions({ period: DAY, departmentIds: [1] }, signal);
    expect(rows.length).toBeGreaterThan(0);
    expect(gated).toEqual([signal]);
    await watched.positions({ departmentIds: [1] });
    expect(gated).toHaveLength(1);
  });

  it('never starts for a caller that has already gone', async () => {
    const gone = new AbortController();
    gone.abort();
    await expect(service.positions({ period: DAY }, gone.signal)).rejects.toThrow(
      'the caller went away before the work started',
    );
  });
});

describe('when the period is worked through a day at a time', () => {
  /** The positions by one plain statement over the whole period: the reference the day-by-day answer must equal. */
  async function plainAnswer(begin: Date, end: Date, statuses?: number[]) {
    const rows = await dbh.query<{ id: number }>(
      `select distinct tp.employee_position_id as id from tasks t
       join task_positions tp on tp.task_id = t.id join flights f on f.id = t.flight_id
       where t.plan_begin_at <= $1 and t.plan_end_at >= $2 and ($3::int[] is null or f.flight_status_id = any($3))`,
      [end, begin, statuses ?? null],
    );
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  it.each([
    ['an hour', '2026-03-10 09:00:00', '2026-03-10 10:00:00'],
    ['a day', '2026-03-10 00:00:00', '2026-03-11 00:00:00'],
    ['two and a half days across midnights', '2026-03-09 12:00:00', '2026-03-12 00:00:00'],
    ['a minute at a window edge', '2026-03-10 23:59:00', '2026-03-11 00:01:00'],
  ])('answers for %s what one statement over the whole period answers', async (_label, begin, end) => {
    const window = period(begin, end);
    for (const statuses of [undefined, [3, 4, 7, 8, 11, 14, 15, 16, 19]]) {
      const rows = await service.positions({ period: window, flightStatus: statuses });
      expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
        await plainAnswer(window.begin, window.end, statuses),
      );
    }
  });

  it('stops between days once the caller has gone', async () => {
    const controller = new AbortController();
    // The caller goes while the first day runs.
    const counting = createStaffPlanningService({
      ...dbh,
      heavy: (work) => {
        const started = work();
        controller.abort();
        return started;
      },
    });
    await expect(
      counting.positions({ period: period('2026-03-01 00:00:00', '2026-03-20 00:00:00') }, controller.signal),
    ).rejects.toThrow('the caller went away before the work started');
  });
});
