import {
  autoUpdate,
  FloatingFocusManager,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useState } from 'react';

export interface DropdownProps {
  /** Text of the button that opens the panel; also the panel's accessible name. */
  label: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  placement?: Placement;
  disabled?: boolean;
  className?: string;
}

/** A button that opens a floating panel; click toggles it, outside click and Esc close it (spec 4.1). */
export function Dropdown({
  label,
  children,
  placement = 'bottom-start',
  disabled,
  className,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        ref={refs.setReference}
        className={className ?? 'w-button w-button--secondary'}
        disabled={disabled}
        {...getReferenceProps()}
      >
        {label}
      </button>
      {open ? (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              role="dialog"
              className="w-popover"
              style={{ ...floatingStyles, padding: 12 }}
              aria-label={label}
              {...getFloatingProps()}
            >
              {typeof children === 'function' ? children(close) : children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </>
  );
}
