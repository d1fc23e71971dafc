import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChunkErrorBanner, ScreenBoundary } from './ChunkError.tsx';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

describe('when a page chunk fails to load', () => {
  it('handles vite:preloadError with a Russian message and a reload button', () => {
    render(<ChunkErrorBanner />);
    expect(screen.queryByRole('alert')).toBeNull();
    const event = new Event('vite:preloadError', { cancelable: true });
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить раздел приложения');
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeVisible();
  });

  it('shows the same message in place of a screen whose import failed', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <ScreenBoundary>
          <Broken />
        </ScreenBoundary>,
      );
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('alert')).toHaveTextContent('Не удалось загрузить раздел приложения');
  });
});
