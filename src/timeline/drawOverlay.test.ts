import { describe, expect, it } from 'vitest';
import { barBox } from './barHit.ts';
import { drawOverlay, SELECTED_COLOUR } from './drawOverlay.ts';
import { type Frame, LANE_HEIGHT, ROW_GAP } from './frame.ts';
import { layout } from './geometry/layout.ts';
import { minutes, px } from './geometry/units.ts';

const bars = {
  starts: Float64Array.of(0, 30, 120),
  ends: Float64Array.of(60, 90, 150),
  rows: Int32Array.of(0, 0, 1),
};
const scene = layout({
  ...bars,
  rowCount: 2,
  view: {
    originMinute: minutes(0),
    scaleMinutes: 5,
    pxPerSlot: px(40),
    laneHeight: px(LANE_HEIGHT),
    rowGap: px(ROW_GAP),
  },
});
const frame: Frame = {
  width: 500,
  height: 300,
  labelWidth: 100,
  bandHeight: 0,
  view: { origin: 0, minutesPerPx: 0.5 },
  scrollTop: 0,
};

/** A canvas context that records each outline with its colour. */
function recordingContext() {
  const strokes: { colour: string; rect: number[] }[] = [];
  const ctx = {
    strokeStyle: '',
    lineWidth: 1,
    save() {},
    restore() {},
    beginPath() {},
    rect() {},
    clip() {},
    setLineDash() {},
    strokeRect(x: number, y: number, w: number, h: number) {
      strokes.push({ colour: String(ctx.strokeStyle), rect: [x, y, w, h] });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes };
}

describe('the overlay of the timeline', () => {
  it('rings the selected bar around its box, with no hover or focus', () => {
    const { ctx, strokes } = recordingContext();
    drawOverlay(ctx, scene, bars, frame, -1, -1, false, 2);
    const box = barBox(scene, bars, frame, 2);
    expect(strokes).toEqual([
      { colour: SELECTED_COLOUR, rect: [box.x - 2, box.y - 2, box.w + 4, box.h + 4] },
    ]);
  });

  it('draws the hover and focus over the selection ring', () => {
    const { ctx, strokes } = recordingContext();
    drawOverlay(ctx, scene, bars, frame, 0, 1, true, 1);
    expect(strokes.map((s) => s.colour)).toEqual([SELECTED_COLOUR, '#111827', '#f59f00']);
  });

  it('draws nothing when no bar is selected, hovered or focused', () => {
    const { ctx, strokes } = recordingContext();
    drawOverlay(ctx, scene, bars, frame, -1, -1, false);
    expect(strokes).toEqual([]);
  });
});
