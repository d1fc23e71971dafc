import { formatMinute, localOffset } from './clock.ts';
import { minutes, px } from './geometry/units.ts';
import { type HitScene, hitTest, queryRows, rowsInView } from './geometry/viewport.ts';
import { axisTicks, type TimeView, tickStep } from './view.ts';

/** Bar colours by kind on the light theme: normal blue, understaffed orange, conflict red, muted grey. */
const KIND_COLOURS = ['#2f6fdb', '#e8590c', '#d6262b', '#a8b0b9'] as const;
/** When bars of different kinds merge into one covered run, the run takes the kind ranked highest here. */
const KIND_RANK = [1, 2, 3, 0];

/** Fixed parts of the picture, in CSS pixels. */
export const LANE_HEIGHT = 20;
export const ROW_GAP = 4;
const BAR_INSET = 3;
export const AXIS_HEIGHT = 40;
export const CURVE_HEIGHT = 80;
/** Below this width a bar is merged with its lane neighbours into covered runs of pixel columns. */
const THIN_PX = 2;

const FONT = '12px Roboto, "Segoe UI", Arial, sans-serif';
const TEXT = '#212529';
const MUTED_TEXT = '#6c757d';
const GRID = '#e3e6ea';
const STRIPE = '#f6f7f9';

/** Where things are on the stage for one frame. */
export interface Frame {
  width: number;
  height: number;
  labelWidth: number;
  /** Height of the curve band at the bottom, 0 without a curve. */
  bandHeight: number;
  view: TimeView;
  /** Content pixels scrolled off the top of the rows area. */
  scrollTop: number;
}

export interface BarArrays {
  starts: Float64Array;
  ends: Float64Array;
  rows: Int32Array;
  kind?: Uint8Array;
}

/** The rows area of a frame: left, top, width, height. */
export function plotOf(frame: Frame): { x: number; y: number; w: number; h: number } {
  return {
    x: frame.labelWidth,
    y: AXIS_HEIGHT,
    w: Math.max(0, frame.width - frame.labelWidth),
    h: Math.max(0, frame.height - AXIS_HEIGHT - frame.bandHeight),
  };
}

/** Scratch buffers reused from frame to frame, so drawing allocates nothing once warm. */
export interface Scratch {
  ids: Uint32Array;
  rects: Float32Array;
  runX0: Float64Array;
  runX1: Float64Array;
  runKind: Int32Array;
}

export function createScratch(): Scratch {
  return {
    ids: new Uint32Array(1024),
    rects: new Float32Array(1024 * 5),
    runX0: new Float64Array(64),
    runX1: new Float64Array(64),
    runKind: new Int32Array(64),
  };
}

/** What one draw of the bar layer covered: the rows in view and the visible bar ids (a view into scratch). */
export interface Drawn {
  rowFrom: number;
  rowTo: number;
  ids: Uint32Array;
  rects: number;
}

/**
 * The bars meeting the frame's window in the rows in view, row by row, in start order within a row.
 * Example: a frame showing minutes 0–100 of rows 0–1 → the ids of those rows' bars with start < 100 and end > 0.
 */
export function visibleBars(scene: HitScene, frame: Frame, scratch: Scratch): Drawn {
  const plot = plotOf(frame);
  const [rowFrom, rowTo] = rowsInView(scene.rowTop, px(frame.scrollTop), px(frame.scrollTop + plot.h));
  const from = frame.view.origin;
  const to = from + plot.w * frame.view.minutesPerPx;
  const span = rowTo > rowFrom ? scene.rowOffset[rowTo] - scene.rowOffset[rowFrom] : 0;
  if (scratch.ids.length < span) scratch.ids = new Uint32Array(Math.max(span, scratch.ids.length * 2));
  const ids = queryRows(scene, rowFrom, rowTo, minutes(from), minutes(to), scratch.ids);
  return { rowFrom, rowTo, ids, rects: 0 };
}

function pushRect(scratch: Scratch, count: number, x: number, y: number, w: number, h: number, kind: number) {
  if ((count + 1) * 5 > scratch.rects.length) {
    const grown = new Float32Array(scratch.rects.length * 2);
    grown.set(scratch.rects);
    scratch.rects = grown;
  }
  const at = count * 5;
  const r = scratch.rects;
  r[at] = x;
  r[at + 1] = y;
  r[at + 2] = w;
  r[at + 3] = h;
  r[at + 4] = kind;
  return count + 1;
}

/**
 * Draws the visible bars straight from the typed arrays: x = (start − origin) ÷ minutes per px, one lane per
 * `LANE_HEIGHT`; bars thinner than 2 px merge with their lane neighbours into covered runs of whole pixel columns,
 * so a month on one screen draws at most one rectangle per pixel column and lane. One fill per colour.
 */
export function drawBars(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  scratch: Scratch,
): Drawn {
  const drawn = visibleBars(scene, frame, scratch);
  const plot = plotOf(frame);
  const { starts, ends, rows, kind } = bars;
  const { lane, rowTop } = scene;
  const k = 1 / frame.view.minutesPerPx;
  const origin = frame.view.origin;
  const top = plot.y - frame.scrollTop;
  const ids = drawn.ids;
  let count = 0;
  let row = -1;
  let lanes = 0;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const r = rows[id];
    if (r !== row) {
      // Flush the open runs of the previous row.
      for (let l = 0; l < lanes; l++) {
        if (scratch.runX1[l] > scratch.runX0[l]) {
          count = pushRect(
            scratch,
            count,
            scratch.runX0[l],
            top + rowTop[row] + l * LANE_HEIGHT + BAR_INSET,
            scratch.runX1[l] - scratch.runX0[l],
            LANE_HEIGHT - 2 * BAR_INSET,
            scratch.runKind[l],
          );
        }
      }
      row = r;
      lanes = scene.laneCount[r];
      if (scratch.runX0.length < lanes) {
        scratch.runX0 = new Float64Array(lanes * 2);
        scratch.runX1 = new Float64Array(lanes * 2);
        scratch.runKind = new Int32Array(lanes * 2);
      }
      scratch.runX0.fill(0, 0, lanes);
      scratch.runX1.fill(0, 0, lanes);
    }
    const l = lane[id];
    const x = plot.x + (starts[id] - origin) * k;
    const w = (ends[id] - starts[id]) * k;
    const c = kind ? kind[id] : 0;
    if (w >= THIN_PX) {
      count = pushRect(
        scratch,
        count,
        x,
        top + rowTop[r] + l * LANE_HEIGHT + BAR_INSET,
        w >= 4 ? w - 1 : w,
        LANE_HEIGHT - 2 * BAR_INSET,
        c,
      );
      continue;
    }
    // A thin bar: extend the lane's open run when it touches it, else flush the run and open a new one.
    const c0 = Math.floor(x);
    const c1 = Math.max(c0 + 1, Math.ceil(x + w));
    if (scratch.runX1[l] > scratch.runX0[l] && c0 <= scratch.runX1[l]) {
      if (c1 > scratch.runX1[l]) scratch.runX1[l] = c1;
      if (KIND_RANK[c] > KIND_RANK[scratch.runKind[l]]) scratch.runKind[l] = c;
    } else {
      if (scratch.runX1[l] > scratch.runX0[l]) {
        count = pushRect(
          scratch,
          count,
          scratch.runX0[l],
          top + rowTop[r] + l * LANE_HEIGHT + BAR_INSET,
          scratch.runX1[l] - scratch.runX0[l],
          LANE_HEIGHT - 2 * BAR_INSET,
          scratch.runKind[l],
        );
      }
      scratch.runX0[l] = c0;
      scratch.runX1[l] = c1;
      scratch.runKind[l] = c;
    }
  }
  for (let l = 0; l < lanes; l++) {
    if (scratch.runX1[l] > scratch.runX0[l]) {
      count = pushRect(
        scratch,
        count,
        scratch.runX0[l],
        top + rowTop[row] + l * LANE_HEIGHT + BAR_INSET,
        scratch.runX1[l] - scratch.runX0[l],
        LANE_HEIGHT - 2 * BAR_INSET,
        scratch.runKind[l],
      );
    }
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  const rects = scratch.rects;
  for (let c = 0; c < KIND_COLOURS.length; c++) {
    let any = false;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const at = i * 5;
      if (rects[at + 4] !== c) continue;
      ctx.rect(rects[at], rects[at + 1], rects[at + 2], rects[at + 3]);
      any = true;
    }
    if (any) {
      ctx.fillStyle = KIND_COLOURS[c];
      ctx.fill();
    }
  }
  ctx.restore();
  drawn.rects = count;
  return drawn;
}

/** The rectangle of bar `id` on the stage, or null when its row is off screen. */
export function barBox(
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  id: number,
): { x: number; y: number; w: number; h: number } {
  const plot = plotOf(frame);
  const k = 1 / frame.view.minutesPerPx;
  const x = plot.x + (bars.starts[id] - frame.view.origin) * k;
  const w = Math.max(2, (bars.ends[id] - bars.starts[id]) * k);
  const y = plot.y - frame.scrollTop + scene.rowTop[bars.rows[id]] + scene.lane[id] * LANE_HEIGHT + BAR_INSET;
  return { x, y, w, h: LANE_HEIGHT - 2 * BAR_INSET };
}

/**
 * The bar under stage point (x, y), or −1: the worker's index hit test with the frame's view (its `view` array
 * replaced by [origin, minutes per px, 1 px, lane height, row gap]), outside the rows area nothing.
 */
export function barAt(scene: HitScene, frame: Frame, x: number, y: number): number {
  const plot = plotOf(frame);
  if (x < plot.x || x >= plot.x + plot.w || y < plot.y || y >= plot.y + plot.h) return -1;
  const view = Float64Array.of(frame.view.origin, frame.view.minutesPerPx, 1, LANE_HEIGHT, ROW_GAP);
  return hitTest({ ...scene, view }, px(x - plot.x), px(y - plot.y + frame.scrollTop));
}

/** Hover outline and focus ring, clipped to the rows area. */
export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  hover: number,
  focus: number,
  focused: boolean,
): void {
  const plot = plotOf(frame);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  if (hover >= 0) {
    const b = barBox(scene, bars, frame, hover);
    ctx.strokeStyle = '#111827';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(b.x - 0.5, b.y - 0.5, b.w + 1, b.h + 1);
  }
  if (focus >= 0) {
    const b = barBox(scene, bars, frame, focus);
    ctx.strokeStyle = focused ? '#f59f00' : '#868e96';
    ctx.lineWidth = 2.5;
    ctx.setLineDash(focused ? [] : [3, 2]);
    ctx.strokeRect(b.x - 2.5, b.y - 2.5, b.w + 5, b.h + 5);
  }
  ctx.restore();
}

function fitText(ctx: CanvasRenderingContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/**
 * Row stripes, the label column, the time axis with labels adapted to the zoom (dates, hours, minutes), the
 * grid lines and a scroll thumb; `rowLabel` is called for the rows in view only.
 */
export function drawBackground(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  frame: Frame,
  rowLabel: (row: number) => string,
): void {
  const plot = plotOf(frame);
  const { rowTop } = scene;
  const rowCount = rowTop.length - 1;
  const [rowFrom, rowTo] = rowsInView(rowTop, px(frame.scrollTop), px(frame.scrollTop + plot.h));
  const top = plot.y - frame.scrollTop;
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, frame.width, frame.height);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  // Rows: stripes and labels.
  ctx.beginPath();
  ctx.rect(0, plot.y, frame.width, plot.h);
  ctx.clip();
  ctx.fillStyle = STRIPE;
  for (let r = rowFrom; r < rowTo; r++) {
    if (r % 2 === 1) ctx.fillRect(0, top + rowTop[r], frame.width, rowTop[r + 1] - rowTop[r]);
  }
  // Time grid lines through the rows.
  const step = tickStep(frame.view.minutesPerPx);
  const from = frame.view.origin;
  const to = from + plot.w * frame.view.minutesPerPx;
  const offset = localOffset(from);
  const ticks = axisTicks(from, to, step, offset);
  ctx.beginPath();
  for (const tick of ticks) {
    const x = Math.round(plot.x + (tick.minute - from) / frame.view.minutesPerPx) + 0.5;
    ctx.moveTo(x, plot.y);
    ctx.lineTo(x, plot.y + plot.h);
  }
  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, plot.y, frame.labelWidth, plot.h);
  ctx.fillStyle = TEXT;
  for (let r = rowFrom; r < rowTo; r++) {
    if (r % 2 === 1) {
      ctx.fillStyle = STRIPE;
      ctx.fillRect(0, top + rowTop[r], frame.labelWidth, rowTop[r + 1] - rowTop[r]);
      ctx.fillStyle = TEXT;
    }
    const y = top + rowTop[r] + Math.min(LANE_HEIGHT, rowTop[r + 1] - rowTop[r]) / 2;
    ctx.fillText(fitText(ctx, rowLabel(r), frame.labelWidth - 12), 6, y);
  }
  ctx.restore();
  // Label column border and axis.
  ctx.save();
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, frame.width, AXIS_HEIGHT);
  ctx.strokeStyle = '#ced4da';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(frame.labelWidth + 0.5, 0);
  ctx.lineTo(frame.labelWidth + 0.5, plot.y + plot.h);
  ctx.moveTo(0, AXIS_HEIGHT - 0.5);
  ctx.lineTo(frame.width, AXIS_HEIGHT - 0.5);
  ctx.stroke();
  ctx.beginPath();
  ctx.rect(plot.x, 0, plot.w, AXIS_HEIGHT);
  ctx.clip();
  const showDays = step >= 1440;
  ctx.fillStyle = TEXT;
  ctx.beginPath();
  for (const tick of ticks) {
    const x = Math.round(plot.x + (tick.minute - from) / frame.view.minutesPerPx) + 0.5;
    ctx.moveTo(x, tick.major ? 0 : AXIS_HEIGHT / 2);
    ctx.lineTo(x, AXIS_HEIGHT);
    if (showDays) {
      ctx.fillText(formatMinute(tick.minute, offset, 'day'), x + 4, AXIS_HEIGHT * 0.75);
    } else {
      ctx.fillText(formatMinute(tick.minute, offset, 'time'), x + 4, AXIS_HEIGHT * 0.75);
      if (tick.major) ctx.fillText(formatMinute(tick.minute, offset, 'date'), x + 4, AXIS_HEIGHT * 0.25);
    }
  }
  ctx.stroke();
  if (!showDays) {
    // The date of the left edge, unless a day boundary label is about to cover it.
    const firstMajor = ticks.find((tick) => tick.major);
    const room = firstMajor ? (firstMajor.minute - from) / frame.view.minutesPerPx : plot.w;
    if (room > 110) {
      ctx.fillStyle = MUTED_TEXT;
      ctx.fillText(formatMinute(from, offset, 'date'), plot.x + 4, AXIS_HEIGHT * 0.25);
    }
  }
  ctx.restore();
  // Scroll thumb on the right edge when the rows overflow.
  const total = rowTop[rowCount];
  if (total > plot.h && plot.h > 0) {
    const thumb = Math.max(24, (plot.h * plot.h) / total);
    const y = plot.y + (frame.scrollTop / (total - plot.h)) * (plot.h - thumb);
    ctx.fillStyle = 'rgba(33, 37, 41, 0.25)';
    ctx.fillRect(frame.width - 6, y, 4, thumb);
  }
}

export interface Curve {
  from: number;
  step: number;
  values: Float32Array;
  label: string;
}

/** The largest value of a curve (0 for none). */
export function curveMax(values: Float32Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** The curve band under the rows: the values as a step area on the bars' x axis, its maximum labelled. */
export function drawCurve(ctx: CanvasRenderingContext2D, curve: Curve, max: number, frame: Frame): void {
  const plot = plotOf(frame);
  const y0 = plot.y + plot.h;
  const h = frame.bandHeight;
  ctx.save();
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, y0, frame.width, h);
  ctx.strokeStyle = '#ced4da';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, y0 + 0.5);
  ctx.lineTo(frame.width, y0 + 0.5);
  ctx.stroke();
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  ctx.fillStyle = TEXT;
  ctx.fillText(fitText(ctx, curve.label, frame.labelWidth - 12), 6, y0 + 14);
  ctx.fillStyle = MUTED_TEXT;
  ctx.fillText(`макс. ${max.toLocaleString('ru')}`, 6, y0 + 32);
  ctx.beginPath();
  ctx.rect(plot.x, y0 + 1, plot.w, h - 1);
  ctx.clip();
  const { view } = frame;
  const k = 1 / view.minutesPerPx;
  const to = view.origin + plot.w * view.minutesPerPx;
  const n = curve.values.length;
  const first = Math.max(0, Math.floor((view.origin - curve.from) / curve.step));
  const last = Math.min(n, Math.ceil((to - curve.from) / curve.step));
  const base = y0 + h - 4;
  const scale = max > 0 ? (h - 14) / max : 0;
  if (last > first) {
    ctx.beginPath();
    ctx.moveTo(plot.x + (curve.from + first * curve.step - view.origin) * k, base);
    if (curve.step * k >= 2) {
      for (let i = first; i < last; i++) {
        const y = base - curve.values[i] * scale;
        ctx.lineTo(plot.x + (curve.from + i * curve.step - view.origin) * k, y);
        ctx.lineTo(plot.x + (curve.from + (i + 1) * curve.step - view.origin) * k, y);
      }
    } else {
      // Slots narrower than 2 px: the largest value per pixel column, so the path has at most one step per column.
      let column = Number.NaN;
      let peak = 0;
      for (let i = first; i <= last; i++) {
        const x = Math.floor(plot.x + (curve.from + i * curve.step - view.origin) * k);
        if (x !== column || i === last) {
          if (!Number.isNaN(column)) {
            const y = base - peak * scale;
            ctx.lineTo(column, y);
            ctx.lineTo(i === last ? x : column + 1, y);
          }
          column = x;
          peak = 0;
        }
        if (i < last && curve.values[i] > peak) peak = curve.values[i];
      }
    }
    ctx.lineTo(plot.x + (curve.from + last * curve.step - view.origin) * k, base);
    ctx.closePath();
    ctx.fillStyle = 'rgba(47, 111, 219, 0.18)';
    ctx.fill();
    ctx.strokeStyle = '#2f6fdb';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  // The maximum as a dashed line with its value.
  if (max > 0) {
    const y = Math.round(base - max * scale) + 0.5;
    ctx.setLineDash([4, 3]);
    ctx.strokeStyle = '#d6262b';
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(plot.x, y);
    ctx.lineTo(plot.x + plot.w, y);
    ctx.stroke();
    ctx.setLineDash([]);
    // Haloed, so the value stays legible over the curve.
    const text = max.toLocaleString('ru');
    ctx.lineWidth = 3;
    ctx.strokeStyle = '#ffffff';
    ctx.strokeText(text, plot.x + plot.w - 40, y + 8);
    ctx.fillStyle = '#d6262b';
    ctx.fillText(text, plot.x + plot.w - 40, y + 8);
  }
  ctx.restore();
}
