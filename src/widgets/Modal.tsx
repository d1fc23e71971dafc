import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useId } from 'react';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Called by 'Сохранить'; without it the submit button is not shown. */
  onSubmit?: () => void;
  children: ReactNode;
  /** Width in px, 648 by default (spec 9). */
  width?: number;
  submitLabel?: string;
  cancelLabel?: string;
  /** A disabled submit does nothing (spec 4.3). */
  submitDisabled?: boolean;
  /** While true (an update is running) the modal cannot be closed by outside click, Esc or 'Отмена'. */
  disabled?: boolean;
  /**
   * Replaces the buttons of the default 'Отмена' / 'Сохранить' footer: the content goes into the modal's footer bar
   * (right-aligned, inset); null leaves the modal without a footer.
   */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog: open flag, outside click and Esc close it unless disabled, focus trapped and restored on close. */
export function Modal({
  open,
  title,
  onClose,
  onSubmit,
  children,
  width = 648,
  submitLabel = 'Сохранить',
  cancelLabel = 'Отмена',
  submitDisabled = false,
  disabled = false,
  footer,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const { refs, context } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next && !disabled) onClose();
    },
  });
  const dismiss = useDismiss(context, { outsidePress: !disabled, escapeKey: !disabled });
  const dialogRole = useRole(context, { role: role === 'alertdialog' ? 'alertdialog' : 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, dialogRole]);
  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay className="w-modal-overlay" lockScroll>
        <FloatingFocusManager context={context} returnFocus modal>
          <div
            ref={refs.setFloating}
            className="w-modal"
            style={{ width }}
            {...getFloatingProps({ role, 'aria-labelledby': titleId, 'aria-modal': true })}
          >
            <header className="w-modal__header">
              <h2 id={titleId}>{title}</h2>
              <button
                type="button"
                className="w-modal__close"
                aria-label="Закрыть"
                disabled={disabled}
                onClick={() => onClose()}
              >
                ×
              </button>
            </header>
            <div className="w-modal__body">{children}</div>
            {footer === undefined ? (
              <footer className="w-modal__footer">
                <button
                  type="button"
                  className="w-button w-button--secondary"
                  disabled={disabled}
                  onClick={() => onClose()}
                >
                  {cancelLabel}
                </button>
                {onSubmit ? (
                  <button
                    type="button"
                    className="w-button"
                    disabled={submitDisabled}
                    onClick={() => {
                      if (!submitDisabled) onSubmit();
                    }}
                  >
                    {submitLabel}
                  </button>
                ) : null}
              </footer>
            ) : footer === null ? null : (
              <footer className="w-modal__footer">{footer}</footer>
            )}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
