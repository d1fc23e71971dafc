import { describe, expect, it } from 'vitest';
import { layout } from '../../timeline/geometry/layout.ts';
import { demoBars, firstDifference, laneTotal } from './geometryCheck.ts';

describe('when generating bars for the worker check', () => {
  it('builds the same bars on every call, in range, over all rows', () => {
    const a = demoBars(5_000, 300);
    const b = demoBars(5_000, 300);
    expect(Array.from(a.starts)).toEqual(Array.from(b.starts));
    expect(a.starts.every((start, i) => a.ends[i] > start)).toBe(true);
    expect(new Set(a.rows).size).toBe(300);
    expect(a.rows.every((row) => row >= 0 && row < 300)).toBe(true);
  });
});

describe('when comparing two layouts', () => {
  it('finds no difference between two layouts of the same bars and counts their lanes', () => {
    const first = layout(demoBars(2_000, 100));
    const second = layout(demoBars(2_000, 100));
    expect(firstDifference(first, second)).toBeNull();
    expect(laneTotal(first)).toBeGreaterThanOrEqual(100);
  });

  it('names the first field and element that differ', () => {
    const first = layout(demoBars(200, 10));
    const second = layout(demoBars(200, 10));
    second.width[7] += 1;
    expect(firstDifference(first, second)).toEqual({ field: 'width', index: 7 });
  });
});
