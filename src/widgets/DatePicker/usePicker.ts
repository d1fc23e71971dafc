import {
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import {
  type DatePickerEmitted,
  type DatePickerInput,
  datePickerMachine,
} from '../../machines/datePicker.ts';

/** The picker machine bound to a floating panel; calls onChanged after Apply. */
export function usePicker(input: DatePickerInput, onChanged: (event: DatePickerEmitted) => void) {
  const actorRef = useActorRef(datePickerMachine, { input });
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('open'));
  const latest = useRef(onChanged);
  latest.current = onChanged;
  useEffect(() => {
    const subscription = actorRef.on('changed', (event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [actorRef]);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next) => actorRef.send({ type: next ? 'PICKER.OPEN' : 'PICKER.CANCEL' }),
    placement: 'bottom-start',
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context)]);
  return { actorRef, open, refs, floatingStyles, context, getReferenceProps, getFloatingProps };
}
