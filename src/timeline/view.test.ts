import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  clampView,
  firstOrigin,
  keyView,
  minutesPerPxOf,
  nowRow,
  scaleOf,
  tickStep,
  viewOfWindow,
  wheelFactor,
  zoomAt,
  zoomLimits,
} from './view.ts';

const range = { from: 1_000_000, to: 1_000_000 + 30 * 1440 };
const width = 1000;

describe('zoom', () => {
  it('keeps the minute under the pointer where it is', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.125, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: width, noNaN: true }),
        (minutesPerPx, at, factor, x) => {
          const before = clampView(
            { origin: range.from + at * (range.to - range.from), minutesPerPx },
            range,
            width,
          );
          const after = zoomAt(before, x, factor, range, width);
          const { min, max } = zoomLimits(range, width);
          expect(after.minutesPerPx).toBeGreaterThanOrEqual(min - 1e-12);
          expect(after.minutesPerPx).toBeLessThanOrEqual(max + 1e-12);
          // Unless the view hit an end of the range, the pinned minute stays under the pointer.
          const pinned = before.origin + x * before.minutesPerPx;
          const unclamped = pinned - x * after.minutesPerPx;
          const lastOrigin = range.to - width * after.minutesPerPx;
          if (unclamped > range.from && unclamped < lastOrigin) {
            expect(after.origin + x * after.minutesPerPx).toBeCloseTo(pinned, 6);
          }
        },
      ),
    );
  });

  it('never zooms finer than 5-minute slots at 40 px nor coarser than the whole range on screen', () => {
    expect(zoomAt({ origin: range.from, minutesPerPx: 1 }, 0, 1e-6, range, width).minutesPerPx).toBe(5 / 40);
    const out = zoomAt({ origin: range.from, minutesPerPx: 1 }, 500, 1e6, range, width);
    expect(out.minutesPerPx).toBe((30 * 1440) / width);
    expect(out.origin).toBe(range.from);
  });

  it('keeps the plot inside the range when panning past either end', () => {
    expect(clampView({ origin: range.from - 500, minutesPerPx: 1 }, range, width).origin).toBe(range.from);
    expect(clampView({ origin: range.to, minutesPerPx: 1 }, range, width).origin).toBe(range.to - width);
  });

  it('turns scales and views into each other through the 40-px slot', () => {
    expect(minutesPerPxOf(15)).toBe(0.375);
    expect(scaleOf({ origin: 0, minutesPerPx: 0.375 })).toBe(15);
  });

  it('shows the initial window across the plot', () => {
    const view = viewOfWindow({ from: range.from + 1440, to: range.from + 2880 }, range, width);
    expect(view).toEqual({ origin: range.from + 1440, minutesPerPx: 1.44 });
  });

  it('zooms in and back out by the same wheel distance to where it started', () => {
    expect(wheelFactor(120) * wheelFactor(-120)).toBeCloseTo(1, 12);
    expect(wheelFactor(120)).toBeGreaterThan(1);
  });
});

describe('axis ticks', () => {
  it('picks the finest step whose labels stand at least 60 px apart', () => {
    expect(tickStep(5 / 40)).toBe(10);
    expect(tickStep(0.375)).toBe(30);
    expect(tickStep(1.44)).toBe(120);
    expect(tickStep(43.2)).toBe(2880);
  });

  it('puts ticks on whole steps of local time and marks midnights major', () => {
    const day = 20_000 * 1440;
    expect(axisTicks(day - 30, day + 150, 60, 0)).toEqual([
      { minute: day, major: true },
      { minute: day + 60, major: false },
      { minute: day + 120, major: false },
    ]);
    // Three hours ahead of UTC: local midnight is 21:00 UTC of the day before.
    expect(axisTicks(day - 200, day, 60, 180).filter((tick) => tick.major)).toEqual([
      { minute: day - 180, major: true },
    ]);
  });

  it('answers every tick inside the window, a step apart, aligned on the step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.constantFrom(5, 15, 60, 360, 1440, 2880),
        fc.constantFrom(0, 180, -300, 330),
        (from, span, step, offset) => {
          const ticks = axisTicks(from, from + span, step, offset);
          const unit = Math.min(step, 1440);
          const misplaced = ticks.filter(
            (tick, i) =>
              tick.minute < from ||
              tick.minute >= from + span ||
              (((tick.minute + offset) % unit) + unit) % unit !== 0 ||
              (i > 0 && tick.minute - ticks[i - 1].minute !== step),
          );
          expect(misplaced).toEqual([]);
          if (step <= 1440 && span >= step) expect(ticks.length).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('the first view', () => {
  it('starts a quarter of the screen before the current time when it lies within the bars', () => {
    expect(firstOrigin({ range: { from: 0, to: 1440 }, now: 600 }, 480)).toBe(480);
  });

  it('starts at the first bar when the current time is outside them, on their edge, or not given', () => {
    expect(firstOrigin({ range: { from: 0, to: 1440 }, now: 2000 }, 480)).toBe(0);
    expect(firstOrigin({ range: { from: 100, to: 1440 }, now: 50 }, 480)).toBe(100);
    expect(firstOrigin({ range: { from: 100, to: 1440 }, now: 100 }, 480)).toBe(100);
    expect(firstOrigin({ range: { from: 100, to: 1440 } }, 480)).toBe(100);
  });
});

describe('the row the first view scrolls to', () => {
  it('is the first row with a bar running or to come at the current time', () => {
    const bars = { ends: [50, 120, 200, 90], rows: [0, 2, 1, 3] };
    expect(nowRow(bars, 100)).toBe(1);
    expect(nowRow(bars, 40)).toBe(0);
    expect(nowRow(bars, 120)).toBe(1);
    expect(nowRow(bars, 200)).toBe(-1);
    expect(nowRow({ ends: [], rows: [] }, 0)).toBe(-1);
  });
});

describe('when the zoom and pan keys are pressed', () => {
  const key = (k: string, shiftKey = false) => ({
    key: k,
    shiftKey,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
  });
  const view = { origin: range.from + 10 * 1440, minutesPerPx: 1 };

  it("zooms in with + and = and out with −, keeping the focused bar's middle where it is", () => {
    const pin = view.origin + 300;
    for (const k of ['+', '=']) {
      const next = keyView(key(k, k === '+'), view, pin, range, width);
      expect(next?.zoomed).toBe(true);
      expect(next?.view.minutesPerPx).toBe(0.5);
      expect((pin - (next?.view.origin ?? 0)) / (next?.view.minutesPerPx ?? 1)).toBeCloseTo(300);
    }
    const out = keyView(key('-'), view, pin, range, width);
    expect(out?.view.minutesPerPx).toBe(2);
    expect((pin - (out?.view.origin ?? 0)) / 2).toBeCloseTo(300);
  });

  it('zooms around the centre of the plot when no bar is focused or the focused one is off screen', () => {
    const centre = view.origin + width / 2;
    for (const pin of [undefined, view.origin - 50, view.origin + 5 * width]) {
      const next = keyView(key('+'), view, pin, range, width);
      expect((next?.view.origin ?? 0) + (width / 2) * (next?.view.minutesPerPx ?? 0)).toBeCloseTo(centre);
    }
  });

  it('zooms as the wheel does: within the same limits', () => {
    let v = view;
    for (let i = 0; i < 20; i += 1) v = keyView(key('+'), v, undefined, range, width)?.view ?? v;
    expect(v.minutesPerPx).toBe(zoomLimits(range, width).min);
    for (let i = 0; i < 20; i += 1) v = keyView(key('-'), v, undefined, range, width)?.view ?? v;
    expect(v).toEqual({ origin: range.from, minutesPerPx: zoomLimits(range, width).max });
  });

  it('pans a quarter of the plot with Shift+←/→ and a whole plot with PageUp/PageDown, at the same zoom', () => {
    const moved = (k: string, shift = false) => {
      const next = keyView(key(k, shift), view, undefined, range, width);
      expect(next?.zoomed).toBe(false);
      expect(next?.view.minutesPerPx).toBe(1);
      return (next?.view.origin ?? 0) - view.origin;
    };
    expect(moved('ArrowRight', true)).toBe(250);
    expect(moved('ArrowLeft', true)).toBe(-250);
    expect(moved('PageDown')).toBe(1000);
    expect(moved('PageUp')).toBe(-1000);
  });

  it('stops panning at the ends of the range', () => {
    const first = { origin: range.from, minutesPerPx: 1 };
    expect(keyView(key('PageUp'), first, undefined, range, width)?.view.origin).toBe(range.from);
    const last = { origin: range.to - width, minutesPerPx: 1 };
    expect(keyView(key('ArrowRight', true), last, undefined, range, width)?.view.origin).toBe(
      range.to - width,
    );
  });

  it('leaves plain arrows to the bar focus, and Ctrl, Alt or Meta with + or − to the browser', () => {
    expect(keyView(key('ArrowRight'), view, undefined, range, width)).toBeNull();
    expect(keyView(key('ArrowLeft'), view, undefined, range, width)).toBeNull();
    expect(keyView(key('Enter'), view, undefined, range, width)).toBeNull();
    for (const modifier of ['ctrlKey', 'altKey', 'metaKey'] as const) {
      expect(keyView({ ...key('+'), [modifier]: true }, view, undefined, range, width)).toBeNull();
      expect(keyView({ ...key('PageDown'), [modifier]: true }, view, undefined, range, width)).toBeNull();
    }
  });
});
