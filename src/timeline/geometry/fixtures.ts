import fc from 'fast-check';

/** Bars for property tests: parallel typed arrays as `layout` takes them. */
export interface Bars {
  starts: Float64Array;
  ends: Float64Array;
  rows: Int32Array;
  rowCount: number;
}

/**
 * Small random timelines with many ties and touching ends: starts on a coarse grid (quarters of a minute when
 * `fractional`), positive durations, a few rows.
 */
export function barsArb({ fractional = false, maxBars = 60 } = {}): fc.Arbitrary<Bars> {
  return fc.integer({ min: 1, max: 5 }).chain((rowCount) =>
    fc
      .array(
        fc.record({
          start: fc.integer({ min: 0, max: 240 }),
          duration: fc.integer({ min: 1, max: 60 }),
          row: fc.integer({ min: 0, max: rowCount - 1 }),
        }),
        { maxLength: maxBars },
      )
      .map((list) => {
        const unit = fractional ? 0.25 : 1;
        return {
          starts: Float64Array.from(list, (b) => 28_000_000 + b.start * unit),
          ends: Float64Array.from(list, (b) => 28_000_000 + (b.start + b.duration) * unit),
          rows: Int32Array.from(list, (b) => b.row),
          rowCount,
        };
      }),
  );
}

/** Whether two half-open intervals share a moment. Example: [0, 10) and [10, 20) → false. */
export function overlaps(s1: number, e1: number, s2: number, e2: number): boolean {
  return Math.max(s1, s2) < Math.min(e1, e2);
}
