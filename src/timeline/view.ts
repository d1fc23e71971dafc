import { PX_PER_SLOT } from './geometry/units.ts';

/**
 * What the timeline shows horizontally: the minute at the left edge of the plot and the minutes one pixel covers.
 * The spec's scale (minutes per 40-px slot) is `minutesPerPx × 40`.
 */
export interface TimeView {
  origin: number;
  minutesPerPx: number;
}

/** The finest zoom: 5-minute slots at 40 px. */
const FINEST_SCALE = 5;

/** Minutes per pixel of a scale preset. Example: `minutesPerPxOf(15)` → 0.375. */
export function minutesPerPxOf(scaleMinutes: number): number {
  return scaleMinutes / PX_PER_SLOT;
}

/** The spec's scale of a view (minutes per 40-px slot). Example: `scaleOf({ origin: 0, minutesPerPx: 0.375 })` → 15. */
export function scaleOf(view: TimeView): number {
  return view.minutesPerPx * PX_PER_SLOT;
}

/** Zoom limits for a plot `width` px wide: 5-minute slots, and the whole range on screen (never finer than that). */
export function zoomLimits(range: { from: number; to: number }, width: number): { min: number; max: number } {
  const min = minutesPerPxOf(FINEST_SCALE);
  const whole = (range.to - range.from) / Math.max(1, width);
  return { min, max: Math.max(min, whole) };
}

/**
 * Keeps the view inside the data: zoom within the limits, and the left edge so that the plot never runs past
 * either end of the range. Example: range 0–1000, width 100, view { origin: 950, minutesPerPx: 1 } → origin 900.
 */
export function clampView(view: TimeView, range: { from: number; to: number }, width: number): TimeView {
  const { min, max } = zoomLimits(range, width);
  const minutesPerPx = Math.min(max, Math.max(min, view.minutesPerPx));
  const last = range.to - width * minutesPerPx;
  const origin = last <= range.from ? range.from : Math.min(last, Math.max(range.from, view.origin));
  return { origin, minutesPerPx };
}

/**
 * Zooms by `factor` (> 1 zooms out) keeping the minute under pixel `x` of the plot where it is, then clamps.
 * Example: view { origin: 0, minutesPerPx: 1 }, x 50, factor 2 → { origin: −50, … } before clamping.
 */
export function zoomAt(
  view: TimeView,
  x: number,
  factor: number,
  range: { from: number; to: number },
  width: number,
): TimeView {
  const { min, max } = zoomLimits(range, width);
  const minutesPerPx = Math.min(max, Math.max(min, view.minutesPerPx * factor));
  const pinned = view.origin + x * view.minutesPerPx;
  return clampView({ origin: pinned - x * minutesPerPx, minutesPerPx }, range, width);
}

/** Zoom factor of a wheel delta in pixels: smooth, symmetric (in then out by the same delta is the identity). */
export function wheelFactor(deltaPixels: number): number {
  return Math.exp(deltaPixels * 0.0015);
}

/** What one press of + or − does to the minutes per pixel (the spec's scale halves or doubles). */
const KEY_ZOOM = 2;
/** The share of the plot one Shift+←/→ pans (PageUp/PageDown pan a whole plot). */
const KEY_PAN = 1 / 4;

/** The keys of a keyboard event that `keyView` reads. */
export type ViewKey = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'altKey' | 'metaKey'>;

/**
 * The view after a zoom or pan key, or null for any other key (and with Ctrl, Alt or Meta: the browser's own zoom).
 * `+`/`=` zoom in and `-` out keeping minute `pin` where it is (the focused bar's middle; the plot's centre when it
 * is absent or off screen), Shift+←/→ pan a quarter of the plot, PageUp/PageDown a whole one; `zoomed` tells a zoom
 * from a pan. Example: view { origin: 0, minutesPerPx: 1 }, width 400, Shift+→ → origin 100 (before clamping).
 */
export function keyView(
  key: ViewKey,
  view: TimeView,
  pin: number | undefined,
  range: { from: number; to: number },
  width: number,
): { view: TimeView; zoomed: boolean } | null {
  if (key.ctrlKey || key.altKey || key.metaKey) return null;
  const zoom =
    key.key === '+' || key.key === '=' ? 1 / KEY_ZOOM : key.key === '-' || key.key === '_' ? KEY_ZOOM : 0;
  if (zoom) {
    const at = pin === undefined ? -1 : (pin - view.origin) / view.minutesPerPx;
    const x = at >= 0 && at <= width ? at : width / 2;
    return { view: zoomAt(view, x, zoom, range, width), zoomed: true };
  }
  let shift = 0;
  if (key.shiftKey && key.key === 'ArrowLeft') shift = -KEY_PAN;
  else if (key.shiftKey && key.key === 'ArrowRight') shift = KEY_PAN;
  else if (key.key === 'PageUp') shift = -1;
  else if (key.key === 'PageDown') shift = 1;
  if (!shift) return null;
  const origin = view.origin + shift * width * view.minutesPerPx;
  return { view: clampView({ origin, minutesPerPx: view.minutesPerPx }, range, width), zoomed: false };
}

/** A view showing `window` (clamped to the range) across a plot `width` px wide. */
export function viewOfWindow(
  window: { from: number; to: number },
  range: { from: number; to: number },
  width: number,
): TimeView {
  return clampView(
    { origin: window.from, minutesPerPx: (window.to - window.from) / Math.max(1, width) },
    range,
    width,
  );
}

/** A view at a scale preset, keeping the minute at the plot's centre in the centre. */
export function viewAtScale(
  view: TimeView,
  scaleMinutes: number,
  range: { from: number; to: number },
  width: number,
): TimeView {
  return zoomAt(view, width / 2, minutesPerPxOf(scaleMinutes) / view.minutesPerPx, range, width);
}

/** A label of the time axis: its minute and its text; `major` marks a day boundary. */
export interface Tick {
  minute: number;
  major: boolean;
}

/** Tick steps in minutes, finest first. */
const STEPS = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880, 10080];
const DAY = 1440;

/**
 * The smallest step whose ticks stand at least `minPx` apart. Example: `tickStep(0.375, 60)` → 30 (80 px apart).
 */
export function tickStep(minutesPerPx: number, minPx = 60): number {
  for (const step of STEPS) if (step / minutesPerPx >= minPx) return step;
  return STEPS[STEPS.length - 1];
}

/**
 * Ticks of the time axis over [from, to): every `step` minutes of local wall time (`offset` = minutes the local
 * zone is ahead of UTC), with day boundaries marked major. Weeks start on whole days.
 * Example: from 0, to 180, step 60, offset 0 → ticks at 0 (major), 60, 120.
 */
export function axisTicks(from: number, to: number, step: number, offset = 0): Tick[] {
  const ticks: Tick[] = [];
  const unit = Math.min(step, DAY);
  let t = Math.ceil((from + offset) / unit) * unit - offset;
  if (step > DAY) {
    // Multi-day steps: the next whole day, then every `step`.
    t = Math.ceil((from + offset) / DAY) * DAY - offset;
  }
  for (; t < to; t += step) {
    ticks.push({ minute: t, major: (t + offset) % DAY === 0 });
    if (ticks.length > 10_000) break;
  }
  return ticks;
}

/**
 * The current time when it lies inside the bars' span (the first view opens there), else undefined.
 * Example: range 0–1440, now 600 → 600; now 1440 → undefined.
 */
export function presentIn(p: { range: { from: number; to: number }; now?: number }): number | undefined {
  const { now, range } = p;
  return now !== undefined && now > range.from && now < range.to ? now : undefined;
}

/**
 * Where the first view starts: with the current time inside the bars' span, a quarter of the screen before it (the
 * dispatcher's present and what is next); otherwise at the first bar. Example: range 0–1440, now 600, 480 minutes on
 * screen → 480.
 */
export function firstOrigin(
  p: { range: { from: number; to: number }; now?: number },
  minutesOnScreen: number,
): number {
  const now = presentIn(p);
  return now !== undefined ? now - minutesOnScreen / 4 : p.range.from;
}

/**
 * The first row (in row order) with a bar still running or to come at `now`: where the first view scrolls, so the
 * present's rows are at the top; −1 when there is none. Example: rows [0, 1, 1], ends [50, 120, 200], now 100 → 1.
 */
export function nowRow(bars: { ends: ArrayLike<number>; rows: ArrayLike<number> }, now: number): number {
  let row = -1;
  for (let i = 0; i < bars.ends.length; i += 1) {
    if (bars.ends[i] > now && (row < 0 || bars.rows[i] < row)) row = bars.rows[i];
  }
  return row;
}
