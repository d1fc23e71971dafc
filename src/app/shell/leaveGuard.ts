/**
 * Unsaved work is not lost by leaving the page unasked. The menu's links reload the document (a module's route is a
 * page of its own), as do closing the tab and reloading: the browser asks first while `dirty` holds. A link that
 * navigates inside the app calls `confirmLeave` from its click handler instead, as `beforeunload` does not fire then.
 */
import { type MouseEvent, useEffect } from 'react';

/** What the in-app confirmation asks (browsers show their own text for `beforeunload`). */
export const LEAVE_QUESTION = 'Есть несохранённые изменения. Уйти без сохранения?';

/** While `dirty`, leaving the document (menu, reload, closing the tab) asks the browser's confirmation first. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
}

/** A click handler for an in-app link: while `dirty`, the link is followed only when the user confirms. */
export function confirmLeave(dirty: boolean) {
  return (event: MouseEvent) => {
    if (dirty && !window.confirm(LEAVE_QUESTION)) event.preventDefault();
  };
}
