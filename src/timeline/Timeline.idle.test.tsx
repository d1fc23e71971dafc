import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { twoRowTimeline } from './fixtures.ts';
import { Timeline } from './Timeline.tsx';

/** Canvas clears since the test began: each paint clears and draws each layer it redraws. */
let clears = 0;

/** A 2D context that draws nothing and counts its clears (jsdom has no canvas). */
function countingContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const methods: Record<string, unknown> = {
    canvas,
    clearRect: () => {
      clears += 1;
    },
    measureText: (text: string) => ({ width: text.length * 6 }),
    createLinearGradient: () => ({ addColorStop: () => undefined }),
    // Konva's check for a browser that blurs reads: the grey it painted comes back unchanged.
    getImageData: (_x: number, _y: number, w: number, h: number) => ({
      data: Uint8ClampedArray.from({ length: w * h * 4 }, (_, i) => (i % 4 === 3 ? 255 : 40)),
    }),
  };
  return new Proxy(methods, {
    get: (target, key) => (typeof key === 'string' && key in target ? target[key] : () => undefined),
    set: () => true,
  }) as unknown as CanvasRenderingContext2D;
}

/** Lets `ms` of fake time pass a tenth of a second at a time, React committing what each step asked for. */
async function idle(ms: number) {
  for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
}

/** Renders the two-row timeline and lets its first paints and the list refresh after them happen. */
async function drawn() {
  const props = twoRowTimeline();
  const view = render(<Timeline {...props} />);
  await vi.waitFor(() =>
    expect(screen.getByRole('application', { name: 'Задачи' }).dataset.ready).toBe('true'),
  );
  await idle(1000);
  return { props, ...view };
}

beforeEach(() => {
  clears = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return countingContext(this);
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  // The container's size: with none, nothing is drawn at all.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('when nobody touches a drawn timeline', () => {
  it('draws it no more: the ARIA list it refreshes after a paint does not paint again', async () => {
    // The first paints, then the list refresh that follows them.
    await drawn();
    expect(clears).toBeGreaterThan(0);
    expect(screen.getByRole('list', { name: 'Задачи: строки и задачи на экране' })).toHaveTextContent(
      'Строка 1',
    );
    const settled = clears;
    // Ten idle seconds: with the loop, a paint every ~160 ms (~60 paints of two or three layers).
    await idle(10_000);
    expect(clears).toBe(settled);
  });

  it('still draws again when what it draws changes: new row labels', async () => {
    const { props, rerender } = await drawn();
    const settled = clears;
    rerender(<Timeline {...props} rowLabel={(row) => `Бригада ${row + 1}`} />);
    await idle(1000);
    expect(clears).toBeGreaterThan(settled);
    const redrawn = clears;
    await idle(5000);
    expect(clears).toBe(redrawn);
  });
});
