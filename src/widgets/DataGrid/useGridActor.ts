import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import {
  type GridInput,
  gridMachine,
  type LoadPage,
  type LoadPageParams,
  type LoadPageResult,
} from '../../machines/grid.ts';
import { GRID_LOAD_FAILED } from '../../machines/gridError.ts';
import { showAlert } from '../Alert/alertStore.ts';

export type GridActorRef = ActorRefFrom<typeof gridMachine>;

/**
 * The grid machine with a screen's list call plugged in. Keep the actor to send 'GRID.RELOAD' after a save,
 * or 'MODAL.OPEN' / 'MODAL.CLOSE' / 'MODAL.DISABLE' for the update and delete modals. A failed load raises the
 * global alert with the server's message.
 */
export function useGridActor<T>(loadPage: LoadPage<T>, input: GridInput = {}): GridActorRef {
  const latest = useRef(loadPage);
  latest.current = loadPage;
  const [logic] = useState(() =>
    gridMachine.provide({
      actors: {
        loadPage: fromPromise<LoadPageResult<unknown>, LoadPageParams>(({ input: params, signal }) =>
          latest.current(params, signal).catch((error: unknown) => {
            // A load cancelled by its own actor (a newer query, or React mounting twice in development) is not a
            // failure to tell the user about: it never settles, and the actor that started it is gone or moved on.
            if (signal.aborted) return new Promise<never>(() => undefined);
            throw error;
          }),
        ),
      },
      actions: {
        alertError: ({ context }) => showAlert(context.errorMessage ?? GRID_LOAD_FAILED, 'Danger'),
      },
    }),
  );
  return useActorRef(logic, { input });
}
