import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bars, barsArb } from './fixtures.ts';
import { layout } from './layout.ts';
import { bucketBy, sortByStart } from './order.ts';
import { minutes, PX_PER_SLOT, px } from './units.ts';
import { buildIndex, hitTest, queryRange, queryRows, rowsInView } from './viewport.ts';

const ORIGIN = 28_000_000;

function indexOf({ starts, ends, rows, rowCount }: Bars) {
  const order = sortByStart(starts);
  return buildIndex(starts, ends, order, bucketBy(rows, rowCount, order));
}

const meets = (bars: Bars, i: number, from: number, to: number) => bars.starts[i] < to && bars.ends[i] > from;

const windowArb = fc
  .tuple(fc.integer({ min: -20, max: 320 }), fc.integer({ min: 0, max: 120 }))
  .map(([a, length]) => [ORIGIN + a, ORIGIN + a + length] as const);

describe('queryRange', () => {
  it('answers the bars meeting a window, not those ending at its start or starting at its end', () => {
    const bars: Bars = {
      starts: Float64Array.of(0, 20, 10, 30),
      ends: Float64Array.of(10, 30, 20, 40),
      rows: Int32Array.of(0, 0, 0, 0),
      rowCount: 1,
    };
    expect([...queryRange(indexOf(bars), minutes(10), minutes(30))]).toEqual([2, 1]);
  });

  it('finds a long bar that started long before the window', () => {
    const bars: Bars = {
      starts: Float64Array.of(0, 5, 100),
      ends: Float64Array.of(1000, 6, 110),
      rows: Int32Array.of(0, 0, 0),
      rowCount: 1,
    };
    expect([...queryRange(indexOf(bars), minutes(200), minutes(300))]).toEqual([0]);
  });

  it('answers the same bars as a filter, in start order', () => {
    fc.assert(
      fc.property(barsArb(), windowArb, (bars, [from, to]) => {
        const order = sortByStart(bars.starts);
        const expected = [...order].filter((i) => meets(bars, i, from, to));
        expect([...queryRange(indexOf(bars), minutes(from), minutes(to), new Uint32Array(64))]).toEqual(
          expected,
        );
      }),
    );
  });
});

describe('queryRows', () => {
  it('answers the bars of the chosen rows meeting a window, as a filter does', () => {
    fc.assert(
      fc.property(barsArb(), windowArb, fc.nat(5), fc.nat(5), (bars, [from, to], a, b) => {
        const [rowFrom, rowTo] = [Math.min(a, b), Math.max(a, b)];
        const expected = [...bars.starts.keys()]
          .filter((i) => bars.rows[i] >= rowFrom && bars.rows[i] < rowTo && meets(bars, i, from, to))
          .sort();
        const found = [...queryRows(indexOf(bars), rowFrom, rowTo, minutes(from), minutes(to))].sort();
        expect(found).toEqual(expected);
      }),
    );
  });
});

describe('hitTest', () => {
  const view = {
    originMinute: minutes(ORIGIN),
    scaleMinutes: 15,
    pxPerSlot: PX_PER_SLOT,
    laneHeight: px(20),
  };

  it('answers the bar under the point and −1 beside it', () => {
    const scene = layout({
      starts: Float64Array.of(ORIGIN, ORIGIN),
      ends: Float64Array.of(ORIGIN + 15, ORIGIN + 30),
      rows: Int32Array.of(0, 0),
      rowCount: 1,
      view,
    });
    expect(hitTest(scene, px(20), px(5))).toBe(0);
    expect(hitTest(scene, px(50), px(25))).toBe(1);
    expect(hitTest(scene, px(50), px(5))).toBe(-1);
    expect(hitTest(scene, px(20), px(45))).toBe(-1);
    expect(hitTest(scene, px(-1), px(5))).toBe(-1);
  });

  it('answers the bar whose row, lane and time span contain the point, as a search of every bar does', () => {
    fc.assert(
      fc.property(
        barsArb(),
        fc.double({ min: -10, max: 1200, noNaN: true }),
        fc.double({ min: -5, max: 700, noNaN: true }),
        (bars, x, y) => {
          const scene = layout({ ...bars, view: { ...view, rowGap: px(3) } });
          const t = ORIGIN + (x / 40) * 15;
          const expected = [...bars.starts.keys()].filter((i) => {
            const top = scene.rowTop[bars.rows[i]] + scene.lane[i] * 20;
            return y >= top && y < top + 20 && bars.starts[i] <= t && t < bars.ends[i];
          });
          expect(expected.length).toBeLessThanOrEqual(1);
          expect(hitTest(scene, px(x), px(y))).toBe(expected[0] ?? -1);
        },
      ),
    );
  });
  it('answers each bar for a point in the middle of its drawn rectangle', () => {
    fc.assert(
      fc.property(
        barsArb().filter((bars) => bars.starts.length > 0),
        fc.nat(),
        (bars, pick) => {
          const scene = layout({ ...bars, view });
          const i = pick % bars.starts.length;
          const x = scene.x[i] + scene.width[i] / 2;
          const y = scene.rowTop[bars.rows[i]] + scene.lane[i] * 20 + 10;
          expect(hitTest(scene, px(x), px(y))).toBe(i);
        },
      ),
    );
  });
});

describe('rowsInView', () => {
  it('answers the rows meeting a vertical span', () => {
    expect(rowsInView(Float32Array.of(0, 20, 40, 60), px(25), px(45))).toEqual([1, 3]);
    expect(rowsInView(Float32Array.of(0, 20, 40, 60), px(0), px(20))).toEqual([0, 1]);
  });

  it('answers no rows for a span below the last row', () => {
    expect(rowsInView(Float32Array.of(0, 20, 40, 60), px(60), px(80))).toEqual([3, 3]);
  });
});
