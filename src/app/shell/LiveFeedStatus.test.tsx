import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_AFTER_MS, subscribeLiveFeed } from '../api/events.ts';
import { LiveFeedStatus, STALE_TEXT } from './LiveFeedStatus.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the frame’s live feed status', () => {
  it('warns that the data may be stale while the feed is down for a few seconds, and is empty otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<LiveFeedStatus />);
    // No status of its own while the feed is up: the screens' statuses stay the only ones.
    expect(screen.queryByRole('status')).toBeNull();
    const stop = subscribeLiveFeed(() => undefined);
    await act(() => vi.advanceTimersByTimeAsync(STALE_AFTER_MS - 100));
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('status')).toHaveTextContent(STALE_TEXT);
    act(() => stop());
    expect(screen.queryByRole('status')).toBeNull();
  });
});
