import { autoUpdate, flip, offset, size, useDismiss, useFloating, useInteractions } from '@floating-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { selectMachine } from '../../machines/select.ts';
import { buildRows, choosable, filterOptions, type OptionGroup, type SelectOption } from './options.ts';

/** The least a list is cut to when the window has less room than the spec's height: a few options and the search. */
const MIN_LIST_HEIGHT = 120;

interface CoreOptions {
  options: readonly SelectOption[];
  groups?: readonly OptionGroup[];
  required: boolean;
  hasValue: boolean;
  /** Heights the list may take (spec 9): the larger when there is room, else the smaller. */
  heights: readonly [small: number, large: number];
  onChoose: (option: SelectOption) => void;
}

/** Shared state of Select and MultiSelect: the select machine, the floating panel and keyboard handling. */
export function useSelectCore({ options, groups, required, hasValue, heights, onChoose }: CoreOptions) {
  const baseId = useId();
  const actorRef = useActorRef(selectMachine, { input: { required, hasValue } });
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('open'));
  const query = useSelector(actorRef, (snapshot) => snapshot.context.query);
  const activeIndex = useSelector(actorRef, (snapshot) => snapshot.context.activeIndex);
  const error = useSelector(actorRef, (snapshot) => snapshot.context.error);
  const [maxHeight, setMaxHeight] = useState(heights[1]);

  useEffect(() => {
    actorRef.send({ type: 'VALUE.CHANGED', hasValue, required });
  }, [actorRef, hasValue, required]);

  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next) => actorRef.send({ type: next ? 'SELECT.OPEN' : 'SELECT.CLOSE' }),
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ availableHeight, rects, elements }) {
          // The spec's height for the room there is, never past the window's edge (a short window, a low control).
          const wanted = availableHeight >= heights[1] + 60 ? heights[1] : heights[0];
          const list = elements.floating.querySelector('[role=listbox]');
          const chrome = list ? elements.floating.offsetHeight - (list as HTMLElement).offsetHeight : 0;
          const next = Math.min(wanted, Math.max(MIN_LIST_HEIGHT, Math.floor(availableHeight - chrome)));
          setMaxHeight((current) => (current === next ? current : next));
          elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([useDismiss(context)]);

  const rows = useMemo(() => buildRows(filterOptions(options, query), groups), [options, groups, query]);
  const navigable = useMemo(() => choosable(rows), [rows]);

  const choose = (option: SelectOption) => {
    if (option.disable) return;
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        actorRef.send({ type: 'SELECT.OPEN' });
      }
      return;
    }
    const count = navigable.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      actorRef.send({ type: 'ACTIVE.MOVE', delta: event.key === 'ArrowDown' ? 1 : -1, count });
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      actorRef.send({ type: 'ACTIVE.SET', index: count === 0 ? -1 : event.key === 'Home' ? 0 : count - 1 });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = navigable[activeIndex];
      if (option) choose(option);
    } else if (event.key === 'Tab') {
      actorRef.send({ type: 'SELECT.CLOSE' });
    }
  };

  return {
    baseId,
    actorRef,
    open,
    query,
    activeIndex,
    error,
    maxHeight,
    rows,
    refs,
    floatingStyles,
    context,
    getReferenceProps,
    getFloatingProps,
    onKeyDown,
    choose,
    optionId: (index: number) => `${baseId}-option-${index}`,
    /** ARIA, ref and handlers of the trigger button, the same for Select and MultiSelect. */
    triggerProps: (label: string, shownError: string | null | undefined) => ({
      ref: refs.setReference,
      role: 'combobox' as const,
      'aria-label': label,
      'aria-expanded': open,
      'aria-haspopup': 'listbox' as const,
      'aria-controls': open ? `${baseId}-listbox` : undefined,
      'aria-invalid': shownError ? true : undefined,
      'aria-describedby': shownError ? `${baseId}-error` : undefined,
      ...getReferenceProps({
        onClick: () => actorRef.send({ type: 'SELECT.TOGGLE' }),
        onKeyDown,
      }),
    }),
  };
}
