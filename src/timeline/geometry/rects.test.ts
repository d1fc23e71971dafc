import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barsArb } from './fixtures.ts';
import { barRects } from './rects.ts';
import { minuteAt, minutes, PX_PER_SLOT, px, type View, xOf } from './units.ts';

const eightOClock = minutes(28_000_000 + 8 * 60);
const view: View = { originMinute: eightOClock, scaleMinutes: 15, pxPerSlot: PX_PER_SLOT };

describe('barRects', () => {
  it('makes a half-hour bar 80 px wide at a 15-minute scale, one hour from the origin at 160 px', () => {
    const { x, width } = barRects(Float64Array.of(eightOClock + 60), Float64Array.of(eightOClock + 90), view);
    expect(x[0]).toBe(160);
    expect(width[0]).toBe(80);
  });

  it('gives a bar ending before it starts no width', () => {
    expect(barRects(Float64Array.of(eightOClock + 10), Float64Array.of(eightOClock), view).width[0]).toBe(0);
  });

  it('follows duration ÷ scale × 40 px for every scale', () => {
    fc.assert(
      fc.property(barsArb(), fc.constantFrom(5, 15, 30, 60, 1440), ({ starts, ends }, scaleMinutes) => {
        const v: View = { originMinute: minutes(28_000_000), scaleMinutes, pxPerSlot: PX_PER_SLOT };
        const { x, width } = barRects(starts, ends, v);
        starts.forEach((s, i) => {
          expect(x[i]).toBeCloseTo(((s - 28_000_000) / scaleMinutes) * 40, 3);
          expect(width[i]).toBeCloseTo(((ends[i] - s) / scaleMinutes) * 40, 3);
        });
      }),
    );
  });
});

describe('units', () => {
  it('converts a minute to a pixel and back', () => {
    expect(xOf(eightOClock + 90, view)).toBe(240);
    expect(minuteAt(px(240), view)).toBe(eightOClock + 90);
  });
});
