import { useId, useState } from 'react';
import { REQUIRED_MESSAGE } from '../machines/select.ts';
import { FieldError } from './FieldError.tsx';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** An error from outside (a server field error); shown instead of the required error. */
  error?: string | null;
  type?: 'text' | 'search' | 'email' | 'password';
  /** Passed to the input: password managers read `name` and `autoComplete` on login and password forms. */
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
}

/** A labelled text input that says 'Заполните данное поле' on blur when required and empty (spec 5). */
export function TextInput({
  label,
  value,
  onChange,
  required,
  placeholder,
  disabled,
  error,
  type = 'text',
  ...native
}: TextInputProps) {
  const id = useId();
  const [missing, setMissing] = useState(false);
  const shown = error ?? (missing ? REQUIRED_MESSAGE : null);
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...native}
        id={id}
        className="w-input"
        type={type}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          if (event.target.value.trim() !== '') setMissing(false);
        }}
        onBlur={() => setMissing(Boolean(required) && value.trim() === '')}
      />
      <FieldError id={`${id}-error`} message={shown} />
    </div>
  );
}
