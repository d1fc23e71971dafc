import { FONT, type Frame, fitText, MUTED_TEXT, plotOf, TEXT } from './frame.ts';

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
