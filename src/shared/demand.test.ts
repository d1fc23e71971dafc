import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demandPerSlot, maxDemand } from './demand.ts';

interface Task {
  start: number;
  end: number;
  count: number;
}

function arrays(tasks: Task[]) {
  return [
    Float64Array.from(tasks, (t) => t.start),
    Float64Array.from(tasks, (t) => t.end),
    Int32Array.from(tasks, (t) => t.count),
  ] as const;
}

/** Demand at instant t, straight from the definition: the counts of the intervals with start ≤ t < end. */
function levelAt(tasks: Task[], t: number): number {
  let sum = 0;
  for (const task of tasks) if (task.start <= t && t < task.end) sum += task.count;
  return sum;
}

// Integer times: the demand is constant on every [t, t + 1), so the integer grid is a complete brute force.
const task = fc
  .record({
    start: fc.integer({ min: 0, max: 60 }),
    length: fc.integer({ min: 0, max: 30 }),
    count: fc.nat(4),
  })
  .map(({ start, length, count }) => ({ start, end: start + length, count }));
const tasks = fc.array(task, { maxLength: 25 });

function bruteSlots(list: Task[], from: number, step: number, slots: number): number[] {
  return Array.from({ length: slots }, (_, k) => {
    let peak = 0;
    for (let t = from + k * step; t < from + (k + 1) * step; t++) peak = Math.max(peak, levelAt(list, t));
    return peak;
  });
}

function bruteMax(list: Task[], minTime: number) {
  for (let level = 200; level >= 1; level--) {
    let runStart: number | null = null;
    for (let t = -1; t <= 100; t++) {
      const high = levelAt(list, t) >= level;
      if (high && runStart === null) runStart = t;
      if (!high && runStart !== null) {
        if (t - runStart >= Math.max(minTime, 1)) return { max: level, begin: runStart, end: t };
        runStart = null;
      }
    }
  }
  return null;
}

describe('demand per slot', () => {
  it('takes the peak of the overlapping tasks inside each slot', () => {
    const [s, e, c] = arrays([
      { start: 0, end: 30, count: 2 },
      { start: 20, end: 60, count: 1 },
    ]);
    expect(Array.from(demandPerSlot(s, e, c, 0, 30, 2))).toEqual([3, 1]);
  });

  it('does not overlap a task ending where another begins', () => {
    const [s, e, c] = arrays([
      { start: 0, end: 10, count: 1 },
      { start: 10, end: 20, count: 1 },
    ]);
    expect(Array.from(demandPerSlot(s, e, c, 0, 20, 1))).toEqual([1]);
  });

  it('ignores zero-length tasks and zero counts', () => {
    const [s, e, c] = arrays([
      { start: 5, end: 5, count: 3 },
      { start: 0, end: 10, count: 0 },
    ]);
    expect(Array.from(demandPerSlot(s, e, c, 0, 5, 2))).toEqual([0, 0]);
  });

  it('carries a task that began before the first slot', () => {
    const [s, e, c] = arrays([{ start: -100, end: 15, count: 2 }]);
    expect(Array.from(demandPerSlot(s, e, c, 0, 10, 3))).toEqual([2, 2, 0]);
  });

  it('answers zeros without tasks and nothing for a step that is not positive', () => {
    expect(Array.from(demandPerSlot(new Float64Array(), new Float64Array(), [], 0, 10, 3))).toEqual([
      0, 0, 0,
    ]);
    expect(Array.from(demandPerSlot(new Float64Array([0]), new Float64Array([9]), [1], 0, 0, 2))).toEqual([
      0, 0,
    ]);
  });

  it('equals the brute-force peak on a fine grid', () => {
    fc.assert(
      fc.property(
        tasks,
        fc.integer({ min: -10, max: 40 }),
        fc.integer({ min: 1, max: 17 }),
        fc.nat(12),
        (list, from, step, slots) => {
          const [s, e, c] = arrays(list);
          expect(Array.from(demandPerSlot(s, e, c, from, step, slots))).toEqual(
            bruteSlots(list, from, step, slots),
          );
        },
      ),
    );
  });
});

describe('on fractional times', () => {
  // Halving and a quarter offset are exact in binary floating point, so the answers must match exactly.
  const move = (t: number) => t / 2 + 1234.25;

  it('answers the same when every time is halved and moved', () => {
    fc.assert(
      fc.property(tasks, fc.integer({ min: 1, max: 17 }), fc.nat(30), (list, step, minTime) => {
        const [s, e, c] = arrays(list);
        const [ms, me] = [s.map(move), e.map(move)];
        expect(demandPerSlot(ms, me, c, move(0), step / 2, 8)).toEqual(demandPerSlot(s, e, c, 0, step, 8));
        const found = maxDemand(s, e, c, minTime);
        expect(maxDemand(ms, me, c, minTime / 2)).toEqual(
          found && { max: found.max, begin: move(found.begin), end: move(found.end) },
        );
      }),
    );
  });
});

describe('max demand', () => {
  it('finds the highest level and the whole stretch it holds', () => {
    const [s, e, c] = arrays([
      { start: 0, end: 10, count: 1 },
      { start: 2, end: 5, count: 1 },
    ]);
    expect(maxDemand(s, e, c, 0)).toEqual({ max: 2, begin: 2, end: 5 });
  });

  it('falls to a lower level when the peak is shorter than the minimum time', () => {
    const [s, e, c] = arrays([
      { start: 0, end: 10, count: 1 },
      { start: 2, end: 5, count: 1 },
    ]);
    expect(maxDemand(s, e, c, 4)).toEqual({ max: 1, begin: 0, end: 10 });
  });

  it('joins tasks that touch into one unbroken stretch', () => {
    const [s, e, c] = arrays([
      { start: 0, end: 10, count: 1 },
      { start: 10, end: 20, count: 1 },
    ]);
    expect(maxDemand(s, e, c, 15)).toEqual({ max: 1, begin: 0, end: 20 });
  });

  it('answers null without demand or when nothing lasts the minimum time', () => {
    expect(maxDemand(new Float64Array(), new Float64Array(), [], 0)).toBeNull();
    const [s, e, c] = arrays([{ start: 3, end: 3, count: 5 }]);
    expect(maxDemand(s, e, c, 0)).toBeNull();
    const [s2, e2, c2] = arrays([{ start: 0, end: 5, count: 5 }]);
    expect(maxDemand(s2, e2, c2, 6)).toBeNull();
  });

  it('equals the brute-force answer for every minimum time', () => {
    fc.assert(
      fc.property(tasks, fc.nat(40), (list, minTime) => {
        const [s, e, c] = arrays(list);
        expect(maxDemand(s, e, c, minTime)).toEqual(bruteMax(list, minTime));
      }),
    );
  });
});
