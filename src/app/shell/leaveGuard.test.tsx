import { renderHook } from '@testing-library/react';
import type { MouseEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmLeave, LEAVE_QUESTION, useLeaveGuard } from './leaveGuard.ts';

afterEach(() => vi.unstubAllGlobals());

/** Dispatches a cancelable beforeunload; true when a listener asked the browser to confirm. */
function leaveAsked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('the leave guard', () => {
  it('asks before the document is left only while there is unsaved work, and stops asking after', () => {
    const { rerender, unmount } = renderHook(({ dirty }) => useLeaveGuard(dirty), {
      initialProps: { dirty: false },
    });
    expect(leaveAsked()).toBe(false);
    rerender({ dirty: true });
    expect(leaveAsked()).toBe(true);
    rerender({ dirty: false });
    expect(leaveAsked()).toBe(false);
    rerender({ dirty: true });
    unmount();
    expect(leaveAsked()).toBe(false);
  });

  it('follows an in-app link with unsaved work only when the user confirms', () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const click = () => {
      const event = { preventDefault: vi.fn() } as unknown as MouseEvent;
      return event;
    };
    const refused = click();
    confirmLeave(true)(refused);
    expect(confirm).toHaveBeenCalledWith(LEAVE_QUESTION);
    expect(refused.preventDefault).toHaveBeenCalled();
    confirm.mockReturnValue(true);
    const accepted = click();
    confirmLeave(true)(accepted);
    expect(accepted.preventDefault).not.toHaveBeenCalled();
    confirm.mockClear();
    const clean = click();
    confirmLeave(false)(clean);
    expect(confirm).not.toHaveBeenCalled();
    expect(clean.preventDefault).not.toHaveBeenCalled();
  });
});
