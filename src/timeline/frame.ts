import type { TimeView } from './view.ts';

/** Fixed parts of the picture, in CSS pixels. */
export const LANE_HEIGHT = 20;
export const ROW_GAP = 4;
export const BAR_INSET = 3;
export const AXIS_HEIGHT = 40;
export const CURVE_HEIGHT = 80;

/** The font and the colours the layers share. */
export const FONT = '12px Roboto, "Segoe UI", Arial, sans-serif';
export const TEXT = '#212529';
export const MUTED_TEXT = '#6c757d';
export const GRID = '#e3e6ea';
export const STRIPE = '#f6f7f9';

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

/** Colours of one bar style (an airline's colours on the team timeline). */
export interface BarStyle {
  fill: string;
  border: string;
  text: string;
}

export interface BarArrays {
  starts: Float64Array;
  ends: Float64Array;
  rows: Int32Array;
  kind?: Uint8Array;
  /** Index into `styles` per bar; when given, bars are filled in their style instead of their kind's colour. */
  style?: Uint16Array;
  styles?: readonly BarStyle[];
  /** 1 marks a bar as a conflict: a red outline and a red corner, whatever its fill. */
  mark?: Uint8Array;
}

/** The colour of conflict marks. */
export const CONFLICT_COLOUR = '#d6262b';

/** The rows area of a frame: left, top, width, height. */
export function plotOf(frame: Frame): { x: number; y: number; w: number; h: number } {
  return {
    x: frame.labelWidth,
    y: AXIS_HEIGHT,
    w: Math.max(0, frame.width - frame.labelWidth),
    h: Math.max(0, frame.height - AXIS_HEIGHT - frame.bandHeight),
  };
}

/** The text cut to fit `width` px, with an ellipsis when cut. */
export function fitText(ctx: CanvasRenderingContext2D, text: string, width: number): string {
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
