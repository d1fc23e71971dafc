import { useId } from 'react';
import { FieldError } from '../../widgets/FieldError.tsx';

export interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the control (the shared schema's or the server's `fields`), or null. */
  error: string | null;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  readOnly?: boolean;
}

/**
 * A labelled input with its error beneath, for the shell's forms. Unlike the TextInput widget it passes `name` and
 * `autoComplete` through, which password managers need on the login and password forms.
 */
export function FormField({ label, error, onChange, type = 'text', ...input }: FormFieldProps) {
  const id = useId();
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="w-input"
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
