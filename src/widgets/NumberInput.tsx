import { useEffect, useId, useState } from 'react';
import { FieldError } from './FieldError.tsx';
import { isNonNegativeDraft, parseNonNegative } from './numberInput.ts';

export interface NumberInputProps {
  label: string;
  value: number | null;
  /** Called on blur with the number, or null when the input is empty. */
  onChange: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
  error?: string | null;
}

/** A labelled input for non-negative numbers; empty means null and the value is applied on blur (spec 5). */
export function NumberInput({ label, value, onChange, disabled, placeholder, error }: NumberInputProps) {
  const id = useId();
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  useEffect(() => setDraft(value === null ? '' : String(value)), [value]);
  return (
    <div className="w-field">
      <label className="w-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="w-input"
        inputMode="decimal"
        value={draft}
        disabled={disabled}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          if (isNonNegativeDraft(event.target.value)) setDraft(event.target.value);
        }}
        onBlur={() => {
          const parsed = parseNonNegative(draft);
          if (parsed === undefined) {
            setDraft(value === null ? '' : String(value));
            return;
          }
          if (parsed !== value) onChange(parsed);
        }}
      />
      <FieldError message={error} />
    </div>
  );
}
