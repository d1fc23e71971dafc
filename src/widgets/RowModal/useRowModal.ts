import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { RowModalActor } from '../../machines/rowModalTypes.ts';
import type { GridActorRef } from '../DataGrid/useGridActor.ts';

/**
 * Ties a row modal to its screen's grid: a save or a delete asks the grid for its page again, and the modal hears
 * when the list has loaded (its `needUpdate` goes back to false).
 */
export function useRowModalList(modal: RowModalActor, grid: GridActorRef) {
  useEffect(() => {
    const changed = modal.on('LIST.CHANGED', () => grid.send({ type: 'GRID.RELOAD' }));
    const loaded = grid.subscribe((snapshot) => {
      if (!snapshot.hasTag('loading') && modal.getSnapshot().context.needUpdate)
        modal.send({ type: 'LIST.LOADED' });
    });
    return () => {
      changed.unsubscribe();
      loaded.unsubscribe();
    };
  }, [modal, grid]);
}

/** Whether the modal is open, reading its row or saving; `busy` (either) locks the controls. */
export function useRowModalStatus(modal: RowModalActor) {
  const open = useSelector(modal, (snapshot) => snapshot.hasTag('open'));
  const loading = useSelector(modal, (snapshot) => snapshot.hasTag('loading'));
  const saving = useSelector(modal, (snapshot) => snapshot.hasTag('saving') && snapshot.hasTag('open'));
  return { open, loading, saving, busy: loading || saving };
}
