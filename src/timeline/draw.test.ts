import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barAt, barBox } from './barHit.ts';
import { demoBars, runningPerSlot } from './demoBars.ts';
import { createScratch, drawBars, visibleBars } from './drawBars.ts';
import { AXIS_HEIGHT, type Frame, LANE_HEIGHT, plotOf, ROW_GAP } from './frame.ts';
import { barsArb, overlaps } from './geometry/fixtures.ts';
import { layout } from './geometry/layout.ts';
import { minutes, px } from './geometry/units.ts';

const sceneOf = (bars: { starts: Float64Array; ends: Float64Array; rows: Int32Array }, rowCount: number) =>
  layout({
    ...bars,
    rowCount,
    view: {
      originMinute: minutes(0),
      scaleMinutes: 5,
      pxPerSlot: px(40),
      laneHeight: px(LANE_HEIGHT),
      rowGap: px(ROW_GAP),
    },
  });

/** A canvas context that records the rectangles of each fill and their colour. */
function recordingContext() {
  const fills: { colour: string; rects: number[][] }[] = [];
  let path: number[][] = [];
  const ctx = {
    fillStyle: '',
    save() {},
    restore() {},
    clip() {},
    beginPath() {
      path = [];
    },
    rect(x: number, y: number, w: number, h: number) {
      path.push([x, y, w, h]);
    },
    fill() {
      fills.push({ colour: String(ctx.fillStyle), rects: path });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, fills };
}

const frameOf = (origin: number, minutesPerPx: number, scrollTop: number, height: number): Frame => ({
  width: 400,
  height,
  labelWidth: 100,
  bandHeight: 0,
  view: { origin, minutesPerPx },
  scrollTop,
});

describe('visible bars', () => {
  it('are exactly the bars of the rows in view that meet the time window (brute force)', () => {
    fc.assert(
      fc.property(
        barsArb({ maxBars: 50 }),
        fc.integer({ min: -20, max: 260 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: AXIS_HEIGHT + 1, max: AXIS_HEIGHT + 150 }),
        (bars, start, minutesPerPx, scrollTop, height) => {
          const scene = sceneOf(bars, bars.rowCount);
          const frame = frameOf(28_000_000 + start, minutesPerPx, scrollTop, height);
          const plot = plotOf(frame);
          const from = frame.view.origin;
          const to = from + plot.w * minutesPerPx;
          const drawn = visibleBars(scene, frame, createScratch());
          const expected: number[] = [];
          for (let i = 0; i < bars.starts.length; i++) {
            const r = bars.rows[i];
            const rowVisible = scene.rowTop[r + 1] > scrollTop && scene.rowTop[r] < scrollTop + plot.h;
            if (rowVisible && overlaps(bars.starts[i], bars.ends[i], from, to)) expected.push(i);
          }
          expect([...drawn.ids].sort((a, b) => a - b)).toEqual(expected);
        },
      ),
    );
  });
});

describe('hit test against the picture', () => {
  it('finds each visible bar at the middle of the box it is drawn in, and no bar in the label column', () => {
    fc.assert(
      fc.property(
        barsArb({ maxBars: 40 }),
        fc.integer({ min: -20, max: 200 }),
        fc.double({ min: 0.05, max: 0.5, noNaN: true }),
        fc.integer({ min: 0, max: 60 }),
        (bars, start, minutesPerPx, scrollTop) => {
          const scene = sceneOf(bars, bars.rowCount);
          const frame = frameOf(28_000_000 + start, minutesPerPx, scrollTop, AXIS_HEIGHT + 120);
          const plot = plotOf(frame);
          for (const id of visibleBars(scene, frame, createScratch()).ids) {
            const box = barBox(scene, bars, frame, id);
            const x = box.x + box.w / 2;
            const y = box.y + box.h / 2;
            const inside = x >= plot.x && x < plot.x + plot.w && y >= plot.y && y < plot.y + plot.h;
            if (inside && (bars.ends[id] - bars.starts[id]) / minutesPerPx >= 2) {
              expect(barAt(scene, frame, x, y)).toBe(id);
            }
            expect(barAt(scene, frame, plot.x - 1, y)).toBe(-1);
          }
        },
      ),
    );
  });
});

describe('drawing bars', () => {
  it('places a bar at (start − origin) ÷ minutes per px right of the label column, in its lane, one fill per kind', () => {
    const bars = {
      starts: Float64Array.of(60, 90, 75),
      ends: Float64Array.of(120, 150, 80),
      rows: Int32Array.of(0, 0, 1),
      kind: Uint8Array.of(0, 2, 0),
    };
    const scene = sceneOf(bars, 2);
    const { ctx, fills } = recordingContext();
    const drawn = drawBars(ctx, scene, bars, frameOf(0, 0.5, 0, 300), createScratch());
    expect(drawn.ids.length).toBe(3);
    const blue = fills.find((f) => f.colour === '#2f6fdb');
    const red = fills.find((f) => f.colour === '#d6262b');
    // Bar 0: x = 100 + 60 / 0.5 = 220, 120 px wide (less the 1-px gap), lane 0 of row 0.
    expect(blue?.rects).toContainEqual([220, AXIS_HEIGHT + 3, 119, LANE_HEIGHT - 6]);
    // Bar 1 overlaps bar 0, so it takes lane 1.
    expect(red?.rects).toEqual([[280, AXIS_HEIGHT + LANE_HEIGHT + 3, 119, LANE_HEIGHT - 6]]);
    expect(fills).toHaveLength(2);
  });

  it('merges bars thinner than 2 px into covered runs: at most one rectangle per pixel column and lane', () => {
    const bars = demoBars(5_000, 3, 0, 30);
    const scene = sceneOf(bars, 3);
    const { ctx, fills } = recordingContext();
    // The whole month across 300 px: a 90-minute bar is 0.6 px wide.
    const frame = frameOf(0, (30 * 1440) / 300, 0, 2000);
    const drawn = drawBars(ctx, scene, bars, frame, createScratch());
    expect(drawn.ids.length).toBe(5_000);
    let lanes = 0;
    for (let r = 0; r < 3; r++) lanes += scene.laneCount[r];
    const rects = fills.flatMap((f) => f.rects);
    expect(rects.length).toBeLessThanOrEqual(lanes * 301);
    expect(rects.length).toBeLessThan(5_000);
    for (const [x, , w] of rects) {
      expect(Number.isInteger(x)).toBe(true);
      expect(w).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('generated bars', () => {
  it('last 20 to 90 whole minutes, start inside the days and fall in the rows, the same on every run', () => {
    const a = demoBars(2_000, 7, 1_000, 2);
    for (let i = 0; i < 2_000; i++) {
      expect(a.ends[i] - a.starts[i]).toBeGreaterThanOrEqual(20);
      expect(a.ends[i] - a.starts[i]).toBeLessThanOrEqual(90);
      expect(a.starts[i]).toBeGreaterThanOrEqual(1_000);
      expect(a.ends[i]).toBeLessThanOrEqual(1_000 + 2 * 1440);
      expect(a.rows[i]).toBeGreaterThanOrEqual(0);
      expect(a.rows[i]).toBeLessThan(7);
    }
    expect(demoBars(2_000, 7, 1_000, 2)).toEqual(a);
  });

  it('count the bars running in each slot', () => {
    expect([...runningPerSlot(Float64Array.of(0, 10), Float64Array.of(30, 14), 0, 15, 3)]).toEqual([2, 1, 0]);
  });
});
