import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeTimeZone } from '../api/storage.ts';
import { nowMinute, useNowMinute } from './useNowMinute.ts';

/** The minute of a wall clock read on the runtime's clock, as the timelines lay their bars. */
const local = (year: number, month: number, day: number, hour: number, minute: number) =>
  new Date(year, month - 1, day, hour, minute).getTime() / 60_000;

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('nowMinute', () => {
  it('is the wall clock of the chosen zone, read on the runtime clock, to the minute', () => {
    const at = Date.UTC(2026, 2, 10, 9, 0, 30);
    expect(nowMinute(at, 'Asia/Vladivostok')).toBe(local(2026, 3, 10, 19, 0));
    expect(nowMinute(at, 'Europe/Moscow')).toBe(local(2026, 3, 10, 12, 0));
    expect(nowMinute(at, 'UTC')).toBe(local(2026, 3, 10, 9, 0));
  });
});

describe('useNowMinute', () => {
  it('reads the zone chosen in the frame and moves on at the start of each minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 2, 10, 9, 0, 50));
    writeTimeZone('Asia/Vladivostok');
    const { result, unmount } = renderHook(() => useNowMinute());
    expect(result.current).toBe(local(2026, 3, 10, 19, 0));
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(result.current).toBe(local(2026, 3, 10, 19, 0));
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(local(2026, 3, 10, 19, 1));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(result.current).toBe(local(2026, 3, 10, 19, 2));
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
