import { BAR_INSET, type BarArrays, FONT, type Frame, fitText, LANE_HEIGHT, plotOf } from './frame.ts';
import type { HitScene } from './geometry/viewport.ts';
import type { BarDrag } from './useLive.ts';

const TARGET = 'rgba(47, 111, 219, 0.16)';
const TARGET_EDGE = '#2f6fdb';
const GHOST = '#2f6fdb';

/**
 * The drag layer: the row under the pointer outlined, and the dragged bar at its own times following the pointer's
 * height, half transparent, with its label. Nothing else is drawn while the bar moves, so a frame costs one row and
 * one bar whatever the board holds.
 */
export function drawDrag(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  drag: BarDrag,
): void {
  const plot = plotOf(frame);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  if (drag.row >= 0 && drag.row !== drag.sourceRow) {
    const top = plot.y - frame.scrollTop + scene.rowTop[drag.row];
    const height = scene.rowTop[drag.row + 1] - scene.rowTop[drag.row];
    ctx.fillStyle = TARGET;
    ctx.fillRect(plot.x, top, plot.w, height);
    ctx.strokeStyle = TARGET_EDGE;
    ctx.lineWidth = 1;
    ctx.strokeRect(plot.x + 0.5, top + 0.5, plot.w - 1, height - 1);
  }
  const k = 1 / frame.view.minutesPerPx;
  const x = plot.x + (drag.start - frame.view.origin) * k;
  const w = Math.max(4, (drag.end - drag.start) * k);
  const h = LANE_HEIGHT - 2 * BAR_INSET;
  const y = drag.y - h / 2;
  const style = drag.style >= 0 && bars.styles ? bars.styles[drag.style] : undefined;
  ctx.globalAlpha = 0.85;
  ctx.fillStyle = style ? style.fill : GHOST;
  ctx.fillRect(x, y, w, h);
  ctx.globalAlpha = 1;
  ctx.strokeStyle = '#111827';
  ctx.lineWidth = 1.5;
  ctx.strokeRect(x - 0.5, y - 0.5, w + 1, h + 1);
  if (drag.label && w > 28) {
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    ctx.fillStyle = style ? style.text : '#ffffff';
    ctx.fillText(fitText(ctx, drag.label, w - 8), x + 4, y + h / 2);
  }
  ctx.restore();
}
