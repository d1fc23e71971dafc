import { FloatingFocusManager, FloatingPortal } from '@floating-ui/react';
import { CalendarPanel } from './CalendarPanel.tsx';
import type { usePicker } from './usePicker.ts';
import './DatePicker.css';

interface PickerShellProps {
  picker: ReturnType<typeof usePicker>;
  label: string;
  text: string;
  placeholder: string;
  disabled?: boolean;
  hideLabel?: boolean;
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
        <span>{text || placeholder}</span>
        <span aria-hidden="true">📅</span>
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
