import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { calcHistoryMachine } from '../../machines/calcHistory.ts';
import type { GridActorRef } from '../../widgets/index.ts';

/** The attribute naming the row of a «Переименовать» button, by calculation id (set in the actions cell). */
const RENAME_ROW_ATTRIBUTE = 'data-rename-id';

const renameButton = (id: number) => document.querySelector<HTMLElement>(`[${RENAME_ROW_ATTRIBUTE}="${id}"]`);

/**
 * Gives focus back to a row's «Переименовать» when its rename ends (saved by Enter or «Сохранить», or cancelled by
 * Escape or «Отмена»): the input and the rename's buttons that held it are gone, and focus would fall to the page.
 * A saved rename reloads the list, which may draw the row in another slot (sorted by name), so focus is given again
 * once the list has loaded, unless the user has moved it elsewhere meanwhile. A rename left for the delete question
 * is not followed: the dialog gives focus back to its own opener.
 */
export function useRenameFocus(history: ActorRefFrom<typeof calcHistoryMachine>, grid: GridActorRef): void {
  useEffect(() => {
    let editing = history.getSnapshot().context.editing?.id ?? null;
    /** The row to focus again after the list's reload. */
    let pending: number | null = null;
    const focus = (id: number) => requestAnimationFrame(() => renameButton(id)?.focus());
    const historySub = history.subscribe((snapshot) => {
      const id = snapshot.context.editing?.id ?? null;
      if (editing !== null && id === null && !snapshot.hasTag('confirming')) {
        focus(editing);
        pending = grid.getSnapshot().hasTag('loading') ? editing : null;
      } else if (id !== null) pending = null;
      editing = id;
    });
    const gridSub = grid.subscribe((snapshot) => {
      if (pending === null || snapshot.hasTag('loading')) return;
      const id = pending;
      pending = null;
      const active = document.activeElement;
      if (!active || active === document.body || active.hasAttribute(RENAME_ROW_ATTRIBUTE)) focus(id);
    });
    return () => {
      historySub.unsubscribe();
      gridSub.unsubscribe();
    };
  }, [history, grid]);
}
