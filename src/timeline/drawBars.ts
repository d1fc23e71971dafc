import { drawBarExtras } from './drawStyled.ts';
import { BAR_INSET, type BarArrays, type Frame, LANE_HEIGHT, plotOf } from './frame.ts';
import { minutes, px } from './geometry/units.ts';
import { type HitScene, queryRows, rowsInView } from './geometry/viewport.ts';

/** Bar colours by kind on the light theme: normal blue, understaffed orange, conflict red, muted grey. */
export const KIND_COLOURS = ['#2f6fdb', '#e8590c', '#d6262b', '#a8b0b9'] as const;
/** When bars of different kinds merge into one covered run, the run takes the kind ranked highest here. */
const KIND_RANK = [1, 2, 3, 0];
/** Below this width a bar is merged with its lane neighbours into covered runs of pixel columns. */
const THIN_PX = 2;
/** Numbers per queued rectangle: x, y, w, h, colour class, bar id (−1 for a covered run). */
const RECT_STRIDE = 6;

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
    rects: new Float32Array(1024 * RECT_STRIDE),
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

function pushRect(
  scratch: Scratch,
  count: number,
  x: number,
  y: number,
  w: number,
  h: number,
  kind: number,
  id = -1,
) {
  if ((count + 1) * RECT_STRIDE > scratch.rects.length) {
    const grown = new Float32Array(scratch.rects.length * 2);
    grown.set(scratch.rects);
    scratch.rects = grown;
  }
  const at = count * RECT_STRIDE;
  const r = scratch.rects;
  r[at] = x;
  r[at + 1] = y;
  r[at + 2] = w;
  r[at + 3] = h;
  r[at + 4] = kind;
  r[at + 5] = id;
  return count + 1;
}

/** Queues lane l's open run of thin bars (if any) in the row whose top is `rowY`; answers the new rect count. */
function flushRun(scratch: Scratch, count: number, l: number, rowY: number): number {
  if (scratch.runX1[l] <= scratch.runX0[l]) return count;
  return pushRect(
    scratch,
    count,
    scratch.runX0[l],
    rowY + l * LANE_HEIGHT + BAR_INSET,
    scratch.runX1[l] - scratch.runX0[l],
    LANE_HEIGHT - 2 * BAR_INSET,
    scratch.runKind[l],
  );
}

/**
 * Draws the visible bars straight from the typed arrays: x = (start − origin) ÷ minutes per px, one lane per
 * `LANE_HEIGHT`; bars thinner than 2 px merge with their lane neighbours into covered runs of whole pixel columns,
 * so a month on one screen draws at most one rectangle per pixel column and lane. One fill per colour: the kind's,
 * or the bar's style when the bars carry styles (then borders, conflict marks and `barText` follow, drawStyled.ts).
 */
export function drawBars(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  scratch: Scratch,
  barText?: (bar: number) => string,
): Drawn {
  const drawn = visibleBars(scene, frame, scratch);
  const plot = plotOf(frame);
  const { starts, ends, rows, kind, style, styles } = bars;
  const styled = style !== undefined && styles !== undefined && styles.length > 0;
  const palette: readonly string[] = styled ? styles.map((s) => s.fill) : KIND_COLOURS;
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
        count = flushRun(scratch, count, l, top + rowTop[row]);
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
    const c = styled ? Math.min(style[id], palette.length - 1) : kind ? kind[id] : 0;
    if (w >= THIN_PX) {
      count = pushRect(
        scratch,
        count,
        x,
        top + rowTop[r] + l * LANE_HEIGHT + BAR_INSET,
        w >= 4 ? w - 1 : w,
        LANE_HEIGHT - 2 * BAR_INSET,
        c,
        id,
      );
      continue;
    }
    // A thin bar: extend the lane's open run when it touches it, else flush the run and open a new one.
    const c0 = Math.floor(x);
    const c1 = Math.max(c0 + 1, Math.ceil(x + w));
    if (scratch.runX1[l] > scratch.runX0[l] && c0 <= scratch.runX1[l]) {
      if (c1 > scratch.runX1[l]) scratch.runX1[l] = c1;
      if (!styled && KIND_RANK[c] > KIND_RANK[scratch.runKind[l]]) scratch.runKind[l] = c;
    } else {
      count = flushRun(scratch, count, l, top + rowTop[r]);
      scratch.runX0[l] = c0;
      scratch.runX1[l] = c1;
      scratch.runKind[l] = c;
    }
  }
  for (let l = 0; l < lanes; l++) {
    count = flushRun(scratch, count, l, top + rowTop[row]);
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  const rects = scratch.rects;
  for (let c = 0; c < palette.length; c++) {
    let any = false;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      const at = i * RECT_STRIDE;
      if (rects[at + 4] !== c) continue;
      ctx.rect(rects[at], rects[at + 1], rects[at + 2], rects[at + 3]);
      any = true;
    }
    if (any) {
      ctx.fillStyle = palette[c];
      ctx.fill();
    }
  }
  if (styled || bars.mark || barText) drawBarExtras(ctx, rects, count, bars, barText);
  ctx.restore();
  drawn.rects = count;
  return drawn;
}
