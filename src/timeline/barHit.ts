import { BAR_INSET, type BarArrays, type Frame, LANE_HEIGHT, plotOf, ROW_GAP } from './frame.ts';
import { px } from './geometry/units.ts';
import { type HitScene, hitTest, rowsInView } from './geometry/viewport.ts';

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

/**
 * The row under stage height y, or −1 outside the rows area or below the last row.
 * Example: rows 44 px tall, no scroll, y = AXIS_HEIGHT + 50 → row 1.
 */
export function rowAt(scene: HitScene, frame: Frame, y: number): number {
  const plot = plotOf(frame);
  if (y < plot.y || y >= plot.y + plot.h) return -1;
  const content = y - plot.y + frame.scrollTop;
  const rowCount = scene.rowTop.length - 1;
  if (content < 0 || content >= scene.rowTop[rowCount]) return -1;
  const [first] = rowsInView(scene.rowTop, px(content), px(content + 0.5));
  return first < rowCount ? first : -1;
}
