import { describe, expect, it } from 'vitest';
import type { SolveJob } from './pool.ts';
import { solveSchedule } from './schedule.ts';

/** A 4-slot week of 15 minutes is too short for weekdays; a day of 96 slots with demand 08:00–08:30. */
const demand = () => Int32Array.from({ length: 96 * 7 }, (_, slot) => (slot === 32 || slot === 33 ? 1 : 0));
const shifts = [{ id: 7, name: 'Короткая 08:00', beginTime: '08:00', lengthMinutes: 30, breakMinutes: 0 }];

describe('solving the positions of a schedule', () => {
  it('solves positions with the same typical week once and answers each under its own id', async () => {
    const jobs: SolveJob[] = [];
    const solve = async (job: SolveJob) => {
      jobs.push(job);
      const counts = new Float64Array(job.staffHours.numCols);
      // Candidates start at every slot working some demand: 07:45 (slot 31), then 08:00 (slot 32).
      counts[1] = 1;
      return { status: 'optimal' as const, gap: 0, distinctGap: null, counts, ms: 1 };
    };
    const solved = await solveSchedule(
      [
        { id: 1, name: 'Водитель', demand: demand() },
        { id: 2, name: 'Оператор', demand: demand() },
      ],
      shifts,
      { slotMinutes: 15, seconds: 1, distinctSeconds: 0, deadline: Date.now() + 1000, solve },
    );
    expect(jobs).toHaveLength(1);
    expect(solved.map((p) => [p.employee_position_id, p.name])).toEqual([
      [1, 'Водитель'],
      [2, 'Оператор'],
    ]);
    expect(solved[1].shifts).toEqual([
      {
        working_shift_id: 7,
        name: 'Короткая 08:00',
        weekday: 0,
        start: '08:00',
        length_minutes: 30,
        break_minutes: 0,
        count: 1,
      },
    ]);
    expect(solved[1].staff_hours).toBe(0.5);
  });

  it('solves a position stopped by its share again with the time the others left', async () => {
    const statuses: ('feasible' | 'optimal')[] = ['feasible', 'optimal'];
    const jobs: SolveJob[] = [];
    const solve = async (job: SolveJob) => {
      jobs.push(job);
      const counts = new Float64Array(job.staffHours.numCols);
      counts[1] = 1;
      const status = statuses[jobs.length - 1] ?? 'optimal';
      return { status, gap: status === 'optimal' ? 0 : 0.01, distinctGap: null, counts, ms: 1 };
    };
    const options = { slotMinutes: 15, seconds: 1, distinctSeconds: 0, deadline: Date.now() + 10_000, solve };
    const [once] = await solveSchedule([{ id: 1, name: 'А', demand: demand() }], shifts, options);
    expect(once.status).toBe('feasible');
    jobs.length = 0;
    const [twice] = await solveSchedule([{ id: 1, name: 'А', demand: demand() }], shifts, {
      ...options,
      retryWorkers: 2,
    });
    expect(jobs).toHaveLength(2);
    expect(jobs[1].seconds).toBeGreaterThan(10);
    expect(twice.status).toBe('optimal');
  });

  it('covers greedily when the solver holds no solution', async () => {
    const solve = async () => ({
      status: 'none' as const,
      gap: null,
      distinctGap: null,
      counts: null,
      ms: 1,
    });
    const [position] = await solveSchedule([{ id: 1, name: 'А', demand: demand() }], shifts, {
      slotMinutes: 15,
      seconds: 1,
      distinctSeconds: 0,
      deadline: Date.now() + 1000,
      solve,
    });
    expect(position.status).toBe('greedy');
    expect(position.gap).toBeNull();
    expect(position.cover.every((c, slot) => c >= position.demand[slot])).toBe(true);
  });

  it('submits the position with the most staff demand first and answers in the order asked', async () => {
    const rows: number[] = [];
    const solve = async (job: SolveJob) => {
      rows.push(job.staffHours.rowLower.reduce((sum, d) => sum + d, 0));
      return {
        status: 'optimal' as const,
        gap: 0,
        distinctGap: null,
        counts: new Float64Array(job.staffHours.numCols).fill(1),
        ms: 1,
      };
    };
    const twice = Int32Array.from(demand(), (d) => d * 2);
    const solved = await solveSchedule(
      [
        { id: 1, name: 'Малая', demand: demand() },
        { id: 2, name: 'Большая', demand: twice },
      ],
      shifts,
      { slotMinutes: 15, seconds: 1, distinctSeconds: 0, deadline: Date.now() + 1000, solve },
    );
    expect(rows).toEqual([4, 2]);
    expect(solved.map((p) => p.name)).toEqual(['Малая', 'Большая']);
  });
});
