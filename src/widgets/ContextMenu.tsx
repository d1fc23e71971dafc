import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';

export interface ContextMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A destructive item (delete), drawn in red. */
  danger?: boolean;
}

export interface ContextMenuProps {
  /** Where the menu opens (client coordinates of the right click); null keeps it closed. */
  position: { x: number; y: number } | null;
  items: ContextMenuItem[];
  onClose: () => void;
  label?: string;
}

/** The keys that move along the items, and where each goes from `at` (-1: none focused) among `count`. */
const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowUp: (at, count) => (at === -1 ? count - 1 : (at - 1 + count) % count),
  Home: () => 0,
  End: (_, count) => count - 1,
};

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  const buttons = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)'),
  );
  if (!move || buttons.length === 0) return;
  buttons[move(buttons.indexOf(document.activeElement as HTMLButtonElement), buttons.length)].focus();
  event.preventDefault();
}

/** A menu at a point: ↑/↓, Home and End move between items, Enter chooses, Esc and outside click close. */
export function ContextMenu({ position, items, onClose, label = 'Контекстное меню' }: ContextMenuProps) {
  const open = position !== null;
  // What had the focus when the menu opened (a row's menu button): Escape and a chosen item give the focus back to it
  // before anything else happens, so that a modal the item opens traps the focus and later returns it there. (The
  // focus manager's own return runs a microtask after the menu is gone and would pull the focus out of that modal.)
  const opener = useRef<HTMLElement | null>(null);
  if (!open) opener.current = null;
  else if (opener.current === null && typeof document !== 'undefined')
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  const restoreFocus = () => {
    if (opener.current?.isConnected) opener.current.focus({ preventScroll: true });
  };
  const choose = (item: ContextMenuItem) => {
    restoreFocus();
    onClose();
    item.onSelect();
  };
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: (next, _event, reason) => {
      if (next) return;
      if (reason === 'escape-key') restoreFocus();
      onClose();
    },
    placement: 'right-start',
    middleware: [offset(2), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role: 'menu' })]);
  useLayoutEffect(() => {
    if (!position) return;
    refs.setPositionReference({
      getBoundingClientRect: () => ({
        x: position.x,
        y: position.y,
        left: position.x,
        top: position.y,
        right: position.x,
        bottom: position.y,
        width: 0,
        height: 0,
      }),
    });
  }, [position, refs]);
  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} initialFocus={0} returnFocus={false}>
        <div
          ref={refs.setFloating}
          role="menu"
          className="w-popover w-menu"
          style={floatingStyles}
          aria-label={label}
          {...getFloatingProps({
            onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
              moveFocus(event);
            },
          })}
        >
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger ? 'w-menu__item w-menu__item--danger' : 'w-menu__item'}
              disabled={item.disabled}
              onClick={() => choose(item)}
              onKeyDown={(event) => {
                // Chosen on the key press itself: the Enter must not reach (and submit) a form the item opens.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                choose(item);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
