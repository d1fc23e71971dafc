import { barBox } from './barHit.ts';
import { type BarArrays, type Frame, plotOf } from './frame.ts';
import type { HitScene } from './geometry/viewport.ts';

/** The ring of the selected bar: a colour no bar kind uses, so it reads on blue, orange, red and grey fills. */
export const SELECTED_COLOUR = '#7048e8';

/** Selection ring, hover outline and focus ring (drawn in that order, −1: none), clipped to the rows area. */
export function drawOverlay(
  ctx: CanvasRenderingContext2D,
  scene: HitScene,
  bars: BarArrays,
  frame: Frame,
  hover: number,
  focus: number,
  focused: boolean,
  selected = -1,
): void {
  const plot = plotOf(frame);
  ctx.save();
  ctx.beginPath();
  ctx.rect(plot.x, plot.y, plot.w, plot.h);
  ctx.clip();
  if (selected >= 0) {
    const b = barBox(scene, bars, frame, selected);
    ctx.strokeStyle = SELECTED_COLOUR;
    ctx.lineWidth = 2;
    ctx.strokeRect(b.x - 2, b.y - 2, b.w + 4, b.h + 4);
  }
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
