import { describe, expect, it } from 'vitest';
import { drawNow, NOW_COLOUR } from './drawBackground.ts';
import { AXIS_HEIGHT, type Frame, plotOf } from './frame.ts';

const frame: Frame = {
  width: 500,
  height: 300,
  labelWidth: 100,
  bandHeight: 0,
  view: { origin: 1_000, minutesPerPx: 0.5 },
  scrollTop: 40,
};

/** A canvas context that records the stroked lines (from, to) and the filled paths' first point, with colours. */
function recordingContext() {
  const lines: { colour: string; from: number[]; to: number[] }[] = [];
  const fills: { colour: string; at: number[] }[] = [];
  let path: number[][] = [];
  const ctx = {
    strokeStyle: '',
    fillStyle: '',
    lineWidth: 1,
    save() {},
    restore() {},
    beginPath() {
      path = [];
    },
    closePath() {},
    moveTo(x: number, y: number) {
      path.push([x, y]);
    },
    lineTo(x: number, y: number) {
      path.push([x, y]);
    },
    stroke() {
      lines.push({ colour: String(ctx.strokeStyle), from: path[0], to: path[1] });
    },
    fill() {
      fills.push({ colour: String(ctx.fillStyle), at: path[0] });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, lines, fills };
}

describe('the current time on the timeline', () => {
  it('is a line at its minute from the axis to the bottom of the rows, with a mark on the axis', () => {
    const { ctx, lines, fills } = recordingContext();
    drawNow(ctx, frame, 1_100);
    const plot = plotOf(frame);
    const x = plot.x + 200 + 0.5;
    expect(lines).toEqual([{ colour: NOW_COLOUR, from: [x, AXIS_HEIGHT / 2], to: [x, plot.y + plot.h] }]);
    expect(fills).toEqual([{ colour: NOW_COLOUR, at: [x - 5, AXIS_HEIGHT / 2] }]);
  });

  it('is not drawn when its minute is off screen, on either side or under the labels', () => {
    const plot = plotOf(frame);
    for (const minute of [999, 1_000 + (plot.w + 1) * 0.5, -1e9, Number.NaN]) {
      const { ctx, lines, fills } = recordingContext();
      drawNow(ctx, frame, minute);
      expect(lines).toEqual([]);
      expect(fills).toEqual([]);
    }
  });
});
