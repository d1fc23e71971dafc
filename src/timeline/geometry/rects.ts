import { type Arena, freshArena } from './arena.ts';
import type { View } from './units.ts';

export interface BarRects {
  /** Left edge of each bar in pixels from the view's origin. */
  x: Float32Array;
  /** Width of each bar in pixels; never negative. */
  width: Float32Array;
}

/**
 * Pixel x and width of each bar: x = (start − origin) ÷ scale × pxPerSlot, width = (end − start) ÷ scale × pxPerSlot.
 * Example: a 09:00–09:30 bar with origin 08:00, scale 15 → x 160, width 80.
 */
export function barRects(
  starts: Float64Array,
  ends: Float64Array,
  view: View,
  arena: Arena = freshArena,
): BarRects {
  const n = starts.length;
  const x = arena.float32(n);
  const width = arena.float32(n);
  const origin = view.originMinute;
  const k = view.pxPerSlot / view.scaleMinutes;
  for (let i = 0; i < n; i++) {
    const s = starts[i];
    const d = ends[i] - s;
    x[i] = (s - origin) * k;
    width[i] = d > 0 ? d * k : 0;
  }
  return { x, width };
}
