import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { buildBoard } from './board.ts';
import { useBoardTimeline } from './useBoardTimeline.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T09:00:30Z'));
});
afterEach(() => vi.useRealTimers());

it('renews only the current time each minute: the texts keep their identity, so the board is not rebuilt', () => {
  const model = buildBoard([], { begin: '2026-11-23 00:00:00', end: '2026-11-24 00:00:00' });
  const { result } = renderHook(() => useBoardTimeline(model));
  const before = result.current;
  act(() => {
    vi.advanceTimersByTime(60_000);
  });
  expect(result.current.now).toBe(before.now + 1);
  expect(result.current.rowLabel).toBe(before.rowLabel);
  expect(result.current.describeBar).toBe(before.describeBar);
  expect(result.current.barLabel).toBe(before.barLabel);
  expect(result.current.barText).toBe(before.barText);
});
