/** Minutes since the Unix epoch: the time axis of every timeline. */
export type Minutes = number & { readonly __brand: 'Minutes' };

/** Canvas pixels: the drawing axis. */
export type Px = number & { readonly __brand: 'Px' };

/** Brands a number as minutes since the epoch. Example: `minutes(Date.UTC(2025, 0, 1) / 60_000)`. */
export const minutes = (value: number): Minutes => value as Minutes;

/** Brands a number as pixels. Example: `px(40)`. */
export const px = (value: number): Px => value as Px;

/** Minutes since the epoch of a JS timestamp. Example: `minutesOf(Date.UTC(1970, 0, 1, 1))` → 60. */
export const minutesOf = (epochMs: number): Minutes => (epochMs / 60_000) as Minutes;

/**
 * What the canvas shows: where time starts, the slot period of the scale (5, 15, 30, 60 ... minutes) and its width
 * in pixels (40 in the spec); rows are stacked from lanes of `laneHeight` pixels with `rowGap` pixels between rows.
 */
export interface View {
  originMinute: Minutes;
  scaleMinutes: number;
  pxPerSlot: Px;
  laneHeight?: Px;
  rowGap?: Px;
}

/** The spec's slot width: "duration in minutes ÷ scale period × 40 px". */
export const PX_PER_SLOT = 40 as Px;

export const DEFAULT_LANE_HEIGHT = 20 as Px;

/** Pixel x of a moment. Example: `xOf(90, { originMinute: 0, scaleMinutes: 15, pxPerSlot: 40 })` → 240. */
export function xOf(minute: number, view: View): Px {
  return (((minute - view.originMinute) / view.scaleMinutes) * view.pxPerSlot) as Px;
}

/** The moment at a pixel x, the inverse of `xOf`. Example: `minuteAt(240, { originMinute: 0, scaleMinutes: 15, pxPerSlot: 40 })` → 90. */
export function minuteAt(x: number, view: View): Minutes {
  return (view.originMinute + (x / view.pxPerSlot) * view.scaleMinutes) as Minutes;
}
