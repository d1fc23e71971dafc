import { describe, expect, it } from 'vitest';
import { rowAt } from './barHit.ts';
import { drawBackground } from './drawBackground.ts';
import { createScratch, drawBars } from './drawBars.ts';
import { drawDrag } from './drawDrag.ts';
import { AXIS_HEIGHT, CONFLICT_COLOUR, type Frame, LANE_HEIGHT, ROW_GAP } from './frame.ts';
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

const frame: Frame = {
  width: 500,
  height: 300,
  labelWidth: 100,
  bandHeight: 0,
  view: { origin: 0, minutesPerPx: 0.5 },
  scrollTop: 0,
};

type Op = { op: string; style?: string; args: number[]; text?: string };

/** A canvas context that records fills, strokes and texts with the colour in force. */
function recordingContext() {
  const ops: Op[] = [];
  let path: number[][] = [];
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textBaseline: '',
    save() {},
    restore() {},
    clip() {},
    setLineDash() {},
    beginPath() {
      path = [];
    },
    rect(x: number, y: number, w: number, h: number) {
      path.push([x, y, w, h]);
    },
    moveTo() {},
    lineTo() {},
    closePath() {},
    stroke() {},
    fill() {
      for (const rect of path) ops.push({ op: 'fill', style: String(ctx.fillStyle), args: rect });
    },
    fillRect(x: number, y: number, w: number, h: number) {
      ops.push({ op: 'fillRect', style: String(ctx.fillStyle), args: [x, y, w, h] });
    },
    strokeRect(x: number, y: number, w: number, h: number) {
      ops.push({ op: 'strokeRect', style: String(ctx.strokeStyle), args: [x, y, w, h] });
    },
    fillText(text: string, x: number, y: number) {
      ops.push({ op: 'text', style: String(ctx.fillStyle), args: [x, y], text });
    },
    measureText(text: string) {
      return { width: text.length * 6 };
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, ops };
}

const STYLES = [
  { fill: '#112233', border: '#000000', text: '#ffffff' },
  { fill: '#ffcc00', border: '#996600', text: '#000000' },
];

describe('styled bars (the airline colours of the team timeline)', () => {
  const bars = {
    starts: Float64Array.of(60, 150),
    ends: Float64Array.of(120, 190),
    rows: Int32Array.of(0, 1),
    style: Uint16Array.of(1, 0),
    styles: STYLES,
    mark: Uint8Array.of(0, 1),
  };

  it('fill each bar in its style, border it in its border colour and write its text in its font colour', () => {
    const scene = sceneOf(bars, 2);
    const { ctx, ops } = recordingContext();
    drawBars(ctx, scene, bars, frame, createScratch(), (bar) => (bar === 0 ? 'SU 1234' : 'S7 10'));
    // Bar 0: x = 100 + 60 / 0.5 = 220, 120 px wide less the 1-px gap.
    expect(ops).toContainEqual({
      op: 'fill',
      style: '#ffcc00',
      args: [220, AXIS_HEIGHT + 3, 119, LANE_HEIGHT - 6],
    });
    expect(ops.filter((o) => o.op === 'strokeRect' && o.style === '#996600')).toHaveLength(1);
    expect(ops).toContainEqual(expect.objectContaining({ op: 'text', style: '#000000', text: 'SU 1234' }));
    expect(ops).toContainEqual(expect.objectContaining({ op: 'text', style: '#ffffff', text: 'S7 10' }));
  });

  it('outline only the conflict bars in red', () => {
    const scene = sceneOf(bars, 2);
    const { ctx, ops } = recordingContext();
    drawBars(ctx, scene, bars, frame, createScratch());
    const red = ops.filter((o) => o.op === 'strokeRect' && o.style === CONFLICT_COLOUR);
    expect(red).toHaveLength(1);
    // Bar 1 sits in row 1: its outline starts at x = 100 + 150 / 0.5.
    expect(red[0].args[0]).toBe(400);
  });

  it('leave unstyled bars in their kind colours, without borders or marks', () => {
    const plain = { starts: bars.starts, ends: bars.ends, rows: bars.rows };
    const { ctx, ops } = recordingContext();
    drawBars(ctx, sceneOf(plain, 2), plain, frame, createScratch());
    expect(ops.every((o) => o.op === 'fill' && o.style === '#2f6fdb')).toBe(true);
  });
});

describe('row shading (a team on shift)', () => {
  it('shades each row from its start to its end, clipped to the view', () => {
    const bars = { starts: Float64Array.of(0), ends: Float64Array.of(10), rows: Int32Array.of(0) };
    const scene = sceneOf(bars, 2);
    const { ctx, ops } = recordingContext();
    const shade = { starts: Float64Array.of(30, Number.NaN), ends: Float64Array.of(90, Number.NaN) };
    drawBackground(ctx, scene, frame, (row) => `Бригада ${row}`, shade);
    const shaded = ops.filter((o) => o.op === 'fillRect' && o.style?.startsWith('rgba(47, 111, 219'));
    expect(shaded).toHaveLength(1);
    expect(shaded[0].args.slice(0, 1)).toEqual([160]);
    expect(shaded[0].args[2]).toBe(120);
  });
});

describe('dragging a bar', () => {
  const bars = {
    starts: Float64Array.of(60, 60),
    ends: Float64Array.of(120, 120),
    rows: Int32Array.of(0, 2),
  };

  it('finds the row under a stage height, and none outside the rows', () => {
    const scene = sceneOf(bars, 3);
    const rowHeight = scene.rowTop[1] - scene.rowTop[0];
    expect(rowAt(scene, frame, AXIS_HEIGHT + 1)).toBe(0);
    expect(rowAt(scene, frame, AXIS_HEIGHT + rowHeight + 1)).toBe(1);
    expect(rowAt(scene, frame, AXIS_HEIGHT - 1)).toBe(-1);
    expect(rowAt(scene, frame, AXIS_HEIGHT + scene.rowTop[3] + 1)).toBe(-1);
    expect(rowAt(scene, { ...frame, scrollTop: rowHeight }, AXIS_HEIGHT + 1)).toBe(1);
  });

  it('draws the target row and the bar at its own times at the pointer height', () => {
    const scene = sceneOf(bars, 3);
    const { ctx, ops } = recordingContext();
    drawDrag(ctx, scene, bars, frame, {
      bar: 0,
      start: 60,
      end: 120,
      sourceRow: 0,
      row: 1,
      y: 100,
      label: 'SU 1234',
      style: -1,
    });
    const target = ops.find((o) => o.op === 'fillRect' && o.style?.startsWith('rgba'));
    expect(target?.args[1]).toBe(AXIS_HEIGHT + scene.rowTop[1]);
    const ghost = ops.find((o) => o.op === 'fillRect' && o.style === '#2f6fdb');
    expect(ghost?.args).toEqual([220, 100 - (LANE_HEIGHT - 6) / 2, 120, LANE_HEIGHT - 6]);
    expect(ops).toContainEqual(expect.objectContaining({ op: 'text', text: 'SU 1234' }));
  });

  it('marks no target while the pointer is over the row the bar came from', () => {
    const scene = sceneOf(bars, 3);
    const { ctx, ops } = recordingContext();
    drawDrag(ctx, scene, bars, frame, {
      bar: 0,
      start: 60,
      end: 120,
      sourceRow: 0,
      row: 0,
      y: 50,
      label: '',
      style: -1,
    });
    expect(ops.filter((o) => o.op === 'fillRect' && o.style?.startsWith('rgba'))).toHaveLength(0);
  });
});
