import { FieldError } from '../FieldError.tsx';
import type { OptionGroup, SelectOption } from './options.ts';
import { SelectPanel } from './SelectPanel.tsx';
import { useSelectCore } from './useSelectCore.ts';
import './Select.css';

export type OptionId = string | number;

export interface SelectProps {
  /** The accessible name of the select and its visible label. */
  label: string;
  options: readonly SelectOption[];
  value: OptionId | null;
  onChange: (id: OptionId | null, option: SelectOption | null) => void;
  groups?: readonly OptionGroup[];
  searchable?: boolean;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Shows a 'Очистить' button when a value is chosen. */
  clearable?: boolean;
  /** An error from outside, shown instead of the required error. */
  error?: string | null;
  hideLabel?: boolean;
}

/** A single select: combobox, searchable list, groups, required error when closed empty (spec 5). */
export function Select({
  label,
  options,
  value,
  onChange,
  groups,
  searchable = false,
  required = false,
  placeholder = 'Выберите',
  disabled,
  clearable,
  error,
  hideLabel,
}: SelectProps) {
  const chosen = options.find((option) => option.id === value) ?? null;
  const core = useSelectCore({
    options,
    groups,
    required,
    hasValue: chosen !== null,
    heights: [180, 340],
    onChoose: (option) => {
      onChange(option.id, option);
      core.actorRef.send({ type: 'OPTION.CHOOSE', hasValue: true, keepOpen: false });
    },
  });
  const shownError = error ?? core.error;
  return (
    <div className="w-field w-select">
      {hideLabel ? null : (
        <span className="w-field__label" id={`${core.baseId}-label`}>
          {label}
        </span>
      )}
      <div className="w-select__control">
        <button
          type="button"
          className={`w-input w-select__trigger${chosen ? '' : ' is-placeholder'}`}
          disabled={disabled}
          {...core.triggerProps(label, shownError)}
        >
          <span className="w-select__value">{chosen ? chosen.name : placeholder}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {clearable && chosen && !disabled ? (
          <button
            type="button"
            className="w-select__clear"
            aria-label="Очистить"
            onClick={() => onChange(null, null)}
          >
            ×
          </button>
        ) : null}
      </div>
      <SelectPanel
        core={core}
        label={label}
        searchable={searchable}
        multiple={false}
        isChosen={(option) => option.id === value}
      />
      <FieldError id={`${core.baseId}-error`} message={shownError} />
    </div>
  );
}
