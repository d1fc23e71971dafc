import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { twoRowTimeline } from './fixtures.ts';
import { Timeline } from './Timeline.tsx';

describe('when the timeline renders where there is no canvas size (jsdom)', () => {
  it('offers a focusable, labelled canvas region and lays out on the main thread without drawing', async () => {
    const onFirstPaint = vi.fn();
    render(<Timeline {...twoRowTimeline()} onFirstPaint={onFirstPaint} />);
    const region = screen.getByRole('application', { name: 'Задачи' });
    expect(region.tabIndex).toBe(0);
    await waitFor(() => expect(region.dataset.ready).toBe('true'));
    expect(screen.getByRole('list', { name: 'Задачи: строки и задачи на экране' })).toBeInTheDocument();
    // Nothing has a size in jsdom, so nothing is drawn and the first paint is not claimed.
    expect(onFirstPaint).not.toHaveBeenCalled();
  });
});

describe('when the current time is given', () => {
  it('describes the canvas with it, and leaves it out otherwise', async () => {
    const props = twoRowTimeline();
    // The bars' minutes are the browser's wall clock (clock.ts).
    const now = new Date(2026, 10, 24, 23, 15).getTime() / 60_000;
    const { rerender } = render(<Timeline {...props} now={now} />);
    const region = screen.getByRole('application', { name: 'Задачи' });
    expect(region).toHaveAccessibleDescription(/^\s*Текущее время: 24\.11 23:15 Стрелки: /);
    rerender(<Timeline {...props} now={now + 1} />);
    expect(region).toHaveAccessibleDescription(/^\s*Текущее время: 24\.11 23:16 Стрелки: /);
    rerender(<Timeline {...props} />);
    expect(region).not.toHaveAccessibleDescription(/Текущее время/);
  });
});

describe('when a screen reader reaches the canvas', () => {
  it('describes its keys (zoom and pan too), the menu keys only when the bars have a menu', () => {
    const props = twoRowTimeline();
    const { rerender } = render(<Timeline {...props} />);
    const region = screen.getByRole('application', { name: 'Задачи' });
    expect(region).toHaveAccessibleDescription(
      /^\s*Стрелки: переход по задачам; Enter: подробности; Escape: скрыть; \+ и −: масштаб; Shift\+← и Shift\+→: сдвиг на четверть экрана; PageUp и PageDown: на экран$/,
    );
    rerender(<Timeline {...props} barMenu={() => [{ label: 'Открыть', onSelect: () => undefined }]} />);
    expect(region).toHaveAccessibleDescription(
      /^\s*Стрелки: переход по задачам; Enter: подробности; Shift\+F10 или клавиша меню: действия; Escape: скрыть; \+ и −: масштаб;/,
    );
  });
});
