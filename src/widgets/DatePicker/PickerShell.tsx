import { FloatingFocusManager, FloatingPortal } from '@floating-ui/react';
import { CalendarPanel } from './CalendarPanel.tsx';
import type { usePicker } from './usePicker.ts';
import './DatePicker.css';

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill="none"
      stroke="#6b7785"
      strokeWidth="1.4"
    >
      <rect x="1.5" y="2.5" width="13" height="12" rx="1.5" />
      <path d="M1.5 6.5h13M5 1v3M11 1v3" />
    </svg>
  );
}

interface PickerShellProps {
  picker: ReturnType<typeof usePicker>;
  label: string;
  text: string;
  placeholder: string;
  disabled?: boolean;
  hideLabel?: boolean;
}

/**
 * A range's two ends each kept on one line, so a narrow trigger breaks the text at the dash ('24.11.2026 00:00 -' over
 * '24.12.2026 23:59'), never inside a stamp; the text stays the same.
 */
function ends(text: string) {
  const [from, ...rest] = text.split(' - ');
  if (rest.length === 0) return text;
  return (
    <>
      <span className="w-picker__end">{from}</span> -{' '}
      <span className="w-picker__end">{rest.join(' - ')}</span>
    </>
  );
}

/** The trigger button showing the applied value (or 'Выберите дату') and the floating calendar dialog. */
export function PickerShell({ picker, label, text, placeholder, disabled, hideLabel }: PickerShellProps) {
  return (
    <div className="w-field w-picker">
      {hideLabel ? null : <span className="w-field__label">{label}</span>}
      <button
        type="button"
        ref={picker.refs.setReference}
        className={`w-input w-picker__trigger${text ? '' : ' is-placeholder'}`}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={picker.open}
        disabled={disabled}
        {...picker.getReferenceProps({ onClick: () => picker.actorRef.send({ type: 'PICKER.TOGGLE' }) })}
      >
        <span>{text ? ends(text) : placeholder}</span>
        <CalendarIcon />
      </button>
      {picker.open ? (
        <FloatingPortal>
          <FloatingFocusManager context={picker.context} modal={false} returnFocus>
            <div
              ref={picker.refs.setFloating}
              className="w-popover w-picker__panel"
              style={picker.floatingStyles}
              {...picker.getFloatingProps({ role: 'dialog', 'aria-label': label })}
            >
              <CalendarPanel actorRef={picker.actorRef} />
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      ) : null}
    </div>
  );
}
