import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barsArb } from './fixtures.ts';
import { bucketBy, lowerBound, sortByStart, upperBound } from './order.ts';

const byStartThenId = (starts: Float64Array) =>
  Array.from(starts.keys()).sort((a, b) => starts[a] - starts[b] || a - b);

describe('sortByStart', () => {
  it('orders bar ids by start and ties by id', () => {
    expect([...sortByStart(Float64Array.of(30, 10, 30, 20))]).toEqual([1, 3, 0, 2]);
  });

  it('answers an empty order for no bars', () => {
    expect(sortByStart(new Float64Array(0)).length).toBe(0);
  });

  it('agrees with a comparator sort for whole and fractional minutes', () => {
    fc.assert(
      fc.property(
        fc.boolean().chain((fractional) => barsArb({ fractional })),
        ({ starts }) => {
          expect([...sortByStart(starts)]).toEqual(byStartThenId(starts));
        },
      ),
    );
  });

  it('agrees with a comparator sort for whole minutes spanning one or two radix digits and past the radix range', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(100, 70_000, 3_000_000_000, 2 ** 40),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: 60 }),
        fc.integer({ min: -30_000_000, max: 30_000_000 }),
        (span, picks, base) => {
          const starts = Float64Array.from(picks, (p) => base + Math.floor((p / 1_000_000) * span));
          expect([...sortByStart(starts)]).toEqual(byStartThenId(starts));
        },
      ),
    );
  });

  it('agrees with a comparator sort for arbitrary finite starts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 })),
        (list) => {
          const starts = Float64Array.from(list);
          expect([...sortByStart(starts)]).toEqual(byStartThenId(starts));
        },
      ),
    );
  });
});

describe('bucketBy', () => {
  it('groups ids by key keeping their order and leaves out keys outside the range', () => {
    const { ids, offset } = bucketBy(Int32Array.of(1, 0, 1, -1, 7), 2, Uint32Array.of(0, 1, 2, 3, 4));
    expect([...ids]).toEqual([1, 0, 2]);
    expect([...offset]).toEqual([0, 1, 3]);
  });
});

describe('binary searches', () => {
  it('finds the first value not below and the first value above', () => {
    const sorted = [1, 3, 3, 5];
    expect(lowerBound(sorted, 3, 0, 4)).toBe(1);
    expect(upperBound(sorted, 3, 0, 4)).toBe(3);
    expect(lowerBound(sorted, 9, 0, 4)).toBe(4);
    expect(upperBound(sorted, 0, 0, 4)).toBe(0);
  });
});
