import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import './Modal.css';

/** What the close question asks when a form with unsaved input would be closed. */
export const CLOSE_QUESTION = { title: 'Закрыть форму?', text: 'Введённые данные не сохранятся.' } as const;

/** How a button in a screen's own footer closes the modal: through the same unsaved-input question as Esc. */
const RequestClose = createContext<() => void>(() => undefined);

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
  /**
   * The form holds unsaved input: Esc, an outside click, × , 'Отмена' (and a footer's `ModalCloseButton`) first ask
   * «Закрыть форму?»; an untouched form closes at once.
   */
  dirty?: boolean;
}

/**
 * A footer button that closes the modal as Esc does (asking first while the form is dirty); for a screen's own footer.
 * Example: `<ModalCloseButton disabled={sending}>Отмена</ModalCloseButton>`.
 */
export function ModalCloseButton({
  children,
  disabled = false,
}: {
  children: ReactNode;
  disabled?: boolean;
}) {
  const requestClose = useContext(RequestClose);
  return (
    <button type="button" className="w-button w-button--secondary" disabled={disabled} onClick={requestClose}>
      {children}
    </button>
  );
}

/** The question over a dirty form: keep editing (the default, also Esc) or close and lose the input. */
function CloseQuestion({ onKeep, onClose }: { onKeep: () => void; onClose: () => void }) {
  return (
    <Modal
      open
      role="alertdialog"
      title={CLOSE_QUESTION.title}
      width={440}
      onClose={onKeep}
      footer={
        <>
          <button type="button" className="w-button w-button--secondary" onClick={onKeep}>
            Продолжить редактирование
          </button>
          <button type="button" className="w-button w-button--danger" onClick={onClose}>
            Закрыть без сохранения
          </button>
        </>
      }
    >
      <p style={{ margin: 0 }}>{CLOSE_QUESTION.text}</p>
    </Modal>
  );
}

/** What can take the focus by Tab (a control not disabled, a link, a tab stop of its own). */
const TABBABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), ' +
  'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Where a dialog's focus starts. A question (alertdialog) starts on its footer's first answer, the least destructive
 * one («Отмена», «Продолжить редактирование»), so Enter keeps things as they are and one Tab reaches the action; a
 * form starts on its first control, so the user can type at once; else the footer's first button; null leaves it to
 * floating-ui (the first tab stop, ×).
 * Example: `initialFocusOf(dialog, 'alertdialog')` → the «Отмена» button.
 */
function initialFocusOf(dialog: HTMLElement | null, role: 'dialog' | 'alertdialog'): HTMLElement | null {
  if (!dialog) return null;
  const footer = dialog.querySelector<HTMLElement>(`.w-modal__footer :is(${TABBABLE})`);
  if (role === 'alertdialog') return footer;
  return dialog.querySelector<HTMLElement>(`.w-modal__body :is(${TABBABLE})`) ?? footer;
}

/**
 * A form whose controls arrive after it opened (a list still loading) has its first focus on the footer: once the
 * first control appears, the focus moves to it, unless the user has moved it meanwhile.
 */
function useLateFirstControl(dialog: HTMLDivElement | null, role: 'dialog' | 'alertdialog') {
  useEffect(() => {
    const body = dialog?.querySelector<HTMLElement>('.w-modal__body');
    if (role === 'alertdialog' || !body || body.querySelector(TABBABLE)) return;
    const start = initialFocusOf(dialog, role);
    const observer = new MutationObserver(() => {
      const first = body.querySelector<HTMLElement>(TABBABLE);
      if (!first) return;
      observer.disconnect();
      const active = document.activeElement;
      if (active === start || active === dialog || active === document.body) first.focus();
    });
    observer.observe(body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    return () => observer.disconnect();
  }, [dialog, role]);
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
  dirty = false,
}: ModalProps) {
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (disabled) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  const { refs, context } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) requestClose();
    },
  });
  // While the question is up, Esc and clicks belong to it, not to the form under it.
  const dismissible = !disabled && !asking;
  const dismiss = useDismiss(context, { outsidePress: dismissible, escapeKey: dismissible });
  const dialogRole = useRole(context, { role: role === 'alertdialog' ? 'alertdialog' : 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, dialogRole]);
  // floating-ui reads `current` once the dialog is in the document (a microtask after mount), so a getter finds it.
  const dialog = useRef<HTMLDivElement | null>(null);
  // The element as state too: the portal puts it in the document a render after `open`.
  const [dialogElement, setDialogElement] = useState<HTMLDivElement | null>(null);
  const dialogRef = useMergeRefs<HTMLDivElement>([refs.setFloating, dialog, setDialogElement]);
  const initialFocus = useMemo(
    () => ({
      get current() {
        return initialFocusOf(dialog.current, role);
      },
    }),
    [role],
  );
  useLateFirstControl(dialogElement, role);
  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay className="w-modal-overlay" lockScroll>
        <FloatingFocusManager context={context} initialFocus={initialFocus} returnFocus modal>
          <div
            ref={dialogRef}
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
                onClick={requestClose}
              >
                ×
              </button>
            </header>
            {/* A scrolling body would be a tab stop of its own in Chromium, one the focus trap does not know of:
                its controls take the focus, and the body scrolls to them. */}
            <div className="w-modal__body" tabIndex={-1}>
              {children}
            </div>
            {footer === undefined ? (
              <footer className="w-modal__footer">
                <button
                  type="button"
                  className="w-button w-button--secondary"
                  disabled={disabled}
                  onClick={requestClose}
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
              <RequestClose.Provider value={requestClose}>
                <footer className="w-modal__footer">{footer}</footer>
              </RequestClose.Provider>
            )}
            {asking && open ? (
              <CloseQuestion
                onKeep={() => setAsking(false)}
                onClose={() => {
                  setAsking(false);
                  onClose();
                }}
              />
            ) : null}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
