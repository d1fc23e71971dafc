import { type BarArrays, CONFLICT_COLOUR, FONT, fitText } from './frame.ts';

/** Numbers per queued rectangle (see drawBars.ts): x, y, w, h, colour class, bar id. */
const STRIDE = 6;
/** A bar narrower than this gets no border and no text; a conflict keeps its mark. */
const DETAIL_PX = 4;
/** Text is written into bars at least this wide. */
const TEXT_PX = 28;
/** Side of the red corner triangle of a conflict bar. */
const CORNER_PX = 7;

/**
 * What styled bars add over their fill, for the queued rectangles of real bars (covered runs have no id): the
 * style's border, the conflict mark (a red outline and a red top-left corner) and the bar's text in the style's
 * font colour, cut to fit. Example: a 60 px bar of style {border: '#000', text: '#fff'} marked 1 gets a black
 * border, a red outline and its text in white.
 */
export function drawBarExtras(
  ctx: CanvasRenderingContext2D,
  rects: Float32Array,
  count: number,
  bars: BarArrays,
  barText?: (bar: number) => string,
): void {
  const { style, styles, mark } = bars;
  ctx.lineWidth = 1;
  for (let i = 0; i < count; i++) {
    const at = i * STRIDE;
    const id = rects[at + 5];
    const w = rects[at + 2];
    if (id < 0 || w < DETAIL_PX) continue;
    const s = style && styles ? styles[Math.min(style[id], styles.length - 1)] : undefined;
    if (s) {
      ctx.strokeStyle = s.border;
      ctx.strokeRect(rects[at] + 0.5, rects[at + 1] + 0.5, w - 1, rects[at + 3] - 1);
    }
  }
  if (mark) {
    ctx.strokeStyle = CONFLICT_COLOUR;
    ctx.fillStyle = CONFLICT_COLOUR;
    ctx.lineWidth = 2;
    for (let i = 0; i < count; i++) {
      const at = i * STRIDE;
      const id = rects[at + 5];
      if (id < 0 || mark[id] !== 1) continue;
      const x = rects[at];
      const y = rects[at + 1];
      ctx.strokeRect(x, y, Math.max(2, rects[at + 2]), rects[at + 3]);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x + CORNER_PX, y);
      ctx.lineTo(x, y + CORNER_PX);
      ctx.closePath();
      ctx.fill();
    }
  }
  if (!barText) return;
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  for (let i = 0; i < count; i++) {
    const at = i * STRIDE;
    const id = rects[at + 5];
    const w = rects[at + 2];
    if (id < 0 || w < TEXT_PX) continue;
    const text = barText(id);
    if (!text) continue;
    const s = style && styles ? styles[Math.min(style[id], styles.length - 1)] : undefined;
    ctx.fillStyle = s ? s.text : '#ffffff';
    ctx.fillText(fitText(ctx, text, w - 8), rects[at] + 4, rects[at + 1] + rects[at + 3] / 2);
  }
}
