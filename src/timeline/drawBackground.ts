import { formatMinute, localOffset } from './clock.ts';
import {
  AXIS_HEIGHT,
  FONT,
  type Frame,
  fitText,
  GRID,
  LANE_HEIGHT,
  MUTED_TEXT,
  plotOf,
  STRIPE,
  TEXT,
} from './frame.ts';
import { px } from './geometry/units.ts';
import { type HitScene, rowsInView } from './geometry/viewport.ts';
import { axisTicks, tickStep } from './view.ts';

/** A span per row shaded behind its bars (a team's time on shift), in minutes; NaN for none. */
export interface RowShade {
  starts: Float64Array;
  ends: Float64Array;
}

const SHADE = 'rgba(47, 111, 219, 0.10)';

/** The current time's line: an orange no bar kind fills with. */
export const NOW_COLOUR = '#e8590c';

/**
 * Row stripes, each row's shaded span (when given), the label column, the time axis with labels adapted to the zoom (dates, hours, minutes), the
 * grid lines and a scroll thumb; `rowLabel` is called for the rows in view only.
 */
export function drawBackground(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  frame: Frame,
  rowLabel: (row: number) => string,
  rowShade?: RowShade,
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
  const from = frame.view.origin;
  const to = from + plot.w * frame.view.minutesPerPx;
  if (rowShade) {
    ctx.fillStyle = SHADE;
    const k = 1 / frame.view.minutesPerPx;
    for (let r = rowFrom; r < rowTo && r < rowShade.starts.length; r++) {
      const start = Math.max(rowShade.starts[r], from);
      const end = Math.min(rowShade.ends[r], to);
      if (!(end > start)) continue;
      ctx.fillRect(
        plot.x + (start - from) * k,
        top + rowTop[r],
        (end - start) * k,
        rowTop[r + 1] - rowTop[r],
      );
    }
  }
  // Time grid lines through the rows.
  const step = tickStep(frame.view.minutesPerPx);
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

/**
 * The current time (`now`, minutes on the bars' clock) as a line through the axis and the rows, with a mark on the
 * axis; nothing when it is off screen. Drawn over the background, under the bars.
 */
export function drawNow(ctx: CanvasRenderingContext2D, frame: Frame, now: number): void {
  const plot = plotOf(frame);
  const x = Math.round(plot.x + (now - frame.view.origin) / frame.view.minutesPerPx) + 0.5;
  if (!(x >= plot.x && x <= plot.x + plot.w)) return;
  ctx.save();
  ctx.strokeStyle = NOW_COLOUR;
  ctx.fillStyle = NOW_COLOUR;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x, AXIS_HEIGHT / 2);
  ctx.lineTo(x, plot.y + plot.h);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x - 5, AXIS_HEIGHT / 2);
  ctx.lineTo(x + 5, AXIS_HEIGHT / 2);
  ctx.lineTo(x, AXIS_HEIGHT / 2 + 6);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}
