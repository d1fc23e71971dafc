import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { calcModalMachine } from '../../machines/calcModal.ts';
import { fieldMessage } from '../api/errors.ts';

export type CalcModalRef = ActorRefFrom<typeof calcModalMachine>;

/** What the modal's sections read from the machine, and the message under a payload path. */
export function useCalcModal(actor: CalcModalRef) {
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const error = (path: string) => fieldMessage(context.errors, path);
  return { ...context, saving, error, send: actor.send };
}

export type CalcModalView = ReturnType<typeof useCalcModal>;

/** `{id, name}` items as select options. */
export function asOptions(items: readonly { id: number; name: string }[]) {
  return items.map((item) => ({ id: item.id, name: item.name }));
}

/** Multiselect ids (string | number) back to numbers. */
export function numbers(ids: readonly (string | number)[]): number[] {
  return ids.map(Number);
}
