import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildCandidates,
  coverOf,
  greedyCover,
  paidMinutesOf,
  type ShiftPattern,
  slotPattern,
  staffHoursModel,
} from './model.mjs';
import { createSolverPool } from './pool.ts';
import { staffTime } from './solve.mjs';

const pool = createSolverPool(1);
afterAll(() => pool.close());

/**
 * Solves a cover through the worker pool as the service does (the worker builds the models); answers the worker's
 * answer, its paid minutes, cover and the number of distinct shifts used.
 */
async function solve(demand: number[], shifts: ShiftPattern[], distinct = false) {
  const answer = await pool.solve({
    demand: Int32Array.from(demand),
    shifts,
    slotMinutes: 15,
    seconds: 10,
    distinctSeconds: distinct ? 5 : 0,
    deadline: Date.now() + 20_000,
  });
  return { answer, paid: answer.paidMinutes, cover: answer.cover, used: answer.shifts.count.length };
}

const shift = (lengthMinutes: number, breakMinutes = 0, id = 1): ShiftPattern => ({
  id,
  lengthMinutes,
  breakMinutes,
});

/**
 * The cheapest cover by exhaustive search: the first slot still short must be worked by some candidate, so branch on
 * those; remaining shortfalls are memoised. Only for tiny instances.
 */
function bruteForce(demand: number[], shifts: ShiftPattern[]): number {
  const c = buildCandidates(demand, shifts, 15);
  const slots = demand.length;
  const works = Array.from({ length: c.patternOf.length }, (_, j) => {
    const cover = coverOf(
      c,
      Int32Array.from({ length: c.patternOf.length }, (_, k) => (k === j ? 1 : 0)),
      slots,
    );
    return { cover, cost: c.patterns[c.patternOf[j]].paidMinutes };
  });
  const memo = new Map<string, number>();
  const best = (short: number[]): number => {
    const first = short.findIndex((d) => d > 0);
    if (first < 0) return 0;
    const key = short.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let cheapest = Number.POSITIVE_INFINITY;
    for (const { cover, cost } of works) {
      if (cover[first] === 0) continue;
      cheapest = Math.min(cheapest, cost + best(short.map((d, s) => Math.max(0, d - cover[s]))));
    }
    memo.set(key, cheapest);
    return cheapest;
  };
  return best([...demand]);
}

describe('a shift pattern in slots', () => {
  it('puts the break in the middle, rounded down, and pays length minus break', () => {
    expect(slotPattern(shift(720, 60), 0, 15)).toEqual({
      pattern: 0,
      lengthSlots: 48,
      breakOffset: 22,
      breakSlots: 4,
      paidMinutes: 660,
    });
  });

  it('refuses a shift that is all break', () => {
    expect(slotPattern(shift(60, 60), 0, 15)).toBeNull();
  });
});

describe('the staff-hours model on cases solved by hand', () => {
  it('covers four slots of one person with two half-hour shifts', async () => {
    const { answer, paid, used } = await solve([1, 1, 1, 1], [shift(30)]);
    expect(answer.status).toBe('optimal');
    expect(paid).toBe(60);
    expect(used).toBe(2);
  });

  it('wraps a shift over the end of the week', async () => {
    const { answer, paid } = await solve([1, 0, 0, 1], [shift(30)]);
    expect(answer.status).toBe('optimal');
    expect(paid).toBe(30);
    expect(Array.from(answer.shifts.start)).toEqual([3]);
  });

  it('needs a second person where the first is on break', async () => {
    // 45-minute shift with a 15-minute break: works its 1st and 3rd slot.
    const { answer, paid, cover } = await solve([1, 1, 1, 0, 0, 0], [shift(45, 15)]);
    expect(answer.status).toBe('optimal');
    expect(paid).toBe(60);
    expect(
      Array.from(cover)
        .slice(0, 3)
        .every((n) => n >= 1),
    ).toBe(true);
  });

  it('prefers the longer shift when it covers the same demand for fewer paid hours', async () => {
    const { paid } = await solve([2, 2, 2, 2, 0, 0, 0, 0], [shift(30, 0, 1), shift(60, 0, 2)]);
    expect(paid).toBe(120);
  });

  it('uses the fewest distinct shifts at the same staff-hours', async () => {
    // x0 + x3 ≥ 2, x0 + x1 ≥ 2, x1 + x2 ≥ 2, x2 + x3 ≥ 2: 4 shifts either way, but 2 × slot 0 and 2 × slot 2 use two.
    const { answer, paid, used } = await solve([2, 2, 2, 2], [shift(30)], true);
    expect(paid).toBe(120);
    expect(used).toBe(2);
    expect(answer.distinctGap).toBe(0);
  });
});

describe('every schedule against brute force', () => {
  // Weeks at least as long as the longest shift (a real week has 672 slots).
  const demandArb = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 7 });
  const shiftArb = fc
    .record({ length: fc.integer({ min: 1, max: 4 }), pause: fc.integer({ min: 0, max: 1 }) })
    .filter(({ length, pause }) => length - pause >= 1 && (pause === 0 || length >= 3))
    .map(({ length, pause }) => shift(length * 15, pause * 15));

  it('covers the demand in every slot at the cheapest paid minutes', async () => {
    await fc.assert(
      fc.asyncProperty(
        demandArb,
        fc.array(shiftArb, { minLength: 1, maxLength: 2 }),
        async (demand, shifts) => {
          const ids = shifts.map((s, i) => ({ ...s, id: i + 1 }));
          const { answer, paid, cover } = await solve(demand, ids);
          expect(Array.from(cover).every((n, s) => n >= demand[s])).toBe(true);
          expect(answer.status).toBe('optimal');
          expect(paid).toBe(bruteForce(demand, ids));
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('the greedy fallback always covers the demand', () => {
    fc.assert(
      fc.property(demandArb, fc.array(shiftArb, { minLength: 1, maxLength: 2 }), (demand, shifts) => {
        const c = buildCandidates(demand, shifts, 15);
        const cover = coverOf(c, greedyCover(demand, c), demand.length);
        expect(Array.from(cover).every((n, s) => n >= demand[s])).toBe(true);
      }),
    );
  });
});

describe('step 1 in process against brute force', () => {
  // Longer weeks and shifts with breaks: the LP relaxation is fractional in about 30 % of these and the rounded covers
  // miss ceil(LP) in about 4 %, so the bracketing rounds run a few times in 150 runs.
  const demandArb = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 8, maxLength: 11 });
  const shiftArb = fc
    .record({ length: fc.integer({ min: 3, max: 6 }), pause: fc.integer({ min: 1, max: 2 }) })
    .map(({ length, pause }) => shift(length * 15, pause * 15));

  it('proves the cheapest paid minutes', () => {
    fc.assert(
      fc.property(demandArb, fc.array(shiftArb, { minLength: 1, maxLength: 2 }), (demand, shifts) => {
        const ids = shifts.map((s, i) => ({ ...s, id: i + 1 }));
        const c = buildCandidates(demand, ids, 15);
        fc.pre(c.patternOf.length > 0);
        const model = staffHoursModel(demand, c);
        const answer = staffTime(model, 10, performance.now());
        expect(answer.status).toBe('optimal');
        expect(paidMinutesOf(c, answer.values ?? [])).toBe(bruteForce(demand, ids));
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
