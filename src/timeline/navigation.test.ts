import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barsArb } from './geometry/fixtures.ts';
import { layout } from './geometry/layout.ts';
import { minutes, px } from './geometry/units.ts';
import { barOfKey, moveFocus, nearestInRow } from './navigation.ts';

const sceneOf = (starts: Float64Array, ends: Float64Array, rows: Int32Array, rowCount: number) =>
  layout({
    starts,
    ends,
    rows,
    rowCount,
    view: { originMinute: minutes(0), scaleMinutes: 5, pxPerSlot: px(40) },
  });

describe('keyboard navigation across bars', () => {
  it('moves right and left within a row in start order and stays put at its ends', () => {
    const starts = Float64Array.of(30, 0, 10, 5);
    const ends = Float64Array.of(40, 20, 15, 50);
    const rows = Int32Array.of(0, 0, 0, 1);
    const scene = sceneOf(starts, ends, rows, 2);
    const right = (bar: number) => moveFocus(scene, bar, rows[bar], starts[bar], 'right');
    expect(right(1)).toBe(2);
    expect(right(2)).toBe(0);
    expect(right(0)).toBe(0);
    expect(moveFocus(scene, 2, 0, 10, 'left')).toBe(1);
    expect(moveFocus(scene, 1, 0, 0, 'left')).toBe(1);
  });

  it('moves down to the bar of the next non-empty row nearest in time, and up back', () => {
    const starts = Float64Array.of(0, 100, 90, 10);
    const ends = Float64Array.of(10, 110, 95, 20);
    const rows = Int32Array.of(0, 0, 3, 3);
    const scene = sceneOf(starts, ends, rows, 4);
    expect(moveFocus(scene, 1, 0, 100, 'down')).toBe(2);
    expect(moveFocus(scene, 0, 0, 0, 'down')).toBe(3);
    expect(moveFocus(scene, 2, 3, 90, 'up')).toBe(1);
    expect(moveFocus(scene, 2, 3, 90, 'down')).toBe(2);
    expect(moveFocus(scene, 0, 0, 0, 'up')).toBe(0);
  });

  it('visits every bar of a row exactly once pressing right from its first bar, and every non-empty row going down', () => {
    fc.assert(
      fc.property(barsArb({ maxBars: 40 }), ({ starts, ends, rows, rowCount }) => {
        const scene = sceneOf(starts, ends, rows, rowCount);
        const seen = new Set<number>();
        let rowsVisited = 0;
        let first = nearestInRow(scene, 0, 1, Number.NEGATIVE_INFINITY);
        while (first >= 0) {
          rowsVisited++;
          let bar = first;
          seen.add(bar);
          for (;;) {
            const next = moveFocus(scene, bar, rows[bar], starts[bar], 'right');
            if (next === bar) break;
            expect(starts[next]).toBeGreaterThanOrEqual(starts[bar]);
            expect(seen.has(next)).toBe(false);
            seen.add(next);
            bar = next;
          }
          const down = moveFocus(scene, first, rows[first], starts[first], 'down');
          if (down === first) break;
          expect(rows[down]).toBeGreaterThan(rows[first]);
          first = nearestInRow(scene, rows[down], 1, Number.NEGATIVE_INFINITY);
        }
        expect(seen.size).toBe(starts.length);
        expect(rowsVisited).toBe(new Set(rows).size);
      }),
    );
  });
});

describe('when new bars arrive under a focused bar', () => {
  it('finds the bar with the same key wherever it went, and none when it is gone', () => {
    const keys = ['b', 'a', 'c'];
    expect(barOfKey(keys.length, (bar) => keys[bar], 'a')).toBe(1);
    expect(barOfKey(keys.length, (bar) => keys[bar], 'z')).toBe(-1);
    expect(barOfKey(0, (bar) => keys[bar], 'a')).toBe(-1);
  });
});
