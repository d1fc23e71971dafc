import { FieldError } from '../FieldError.tsx';
import { isAllChosen, multiSummary, type OptionGroup, type SelectOption } from './options.ts';
import type { OptionId } from './Select.tsx';
import { SelectPanel } from './SelectPanel.tsx';
import { useSelectCore } from './useSelectCore.ts';
import './Select.css';

export interface MultiSelectProps {
  label: string;
  options: readonly SelectOption[];
  value: readonly OptionId[];
  /** `all` is true when every enabled option is chosen, which the spec treats as 'all'. */
  onChange: (ids: OptionId[], meta: { all: boolean }) => void;
  /** The dictionary word of 'Все <word>', for example 'авиакомпании'. */
  allWord: string;
  groups?: readonly OptionGroup[];
  searchable?: boolean;
  required?: boolean;
  placeholder?: string;
  disabled?: boolean;
  error?: string | null;
  hideLabel?: boolean;
}

/** A multiselect: stays open while choosing, 'Выбрать все', 'Все <word>' summary, list up to 380 px. */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  allWord,
  groups,
  searchable = false,
  required = false,
  placeholder = 'Выберите',
  disabled,
  error,
  hideLabel,
}: MultiSelectProps) {
  const emit = (ids: OptionId[]) => {
    onChange(ids, { all: isAllChosen(options, ids) });
    core.actorRef.send({ type: 'OPTION.CHOOSE', hasValue: ids.length > 0, keepOpen: true });
  };
  const core = useSelectCore({
    options,
    groups,
    required,
    hasValue: value.length > 0,
    // Spec 9: the multiselect's list is 380 px wherever it opens (the select's is 180 or 340).
    heights: [380, 380],
    onChoose: (option) =>
      emit(value.includes(option.id) ? value.filter((id) => id !== option.id) : [...value, option.id]),
  });
  const all = isAllChosen(options, value);
  const summary = multiSummary(options, value, allWord);
  const shownError = error ?? core.error;
  return (
    <div className="w-field w-select">
      {hideLabel ? null : <span className="w-field__label">{label}</span>}
      <button
        type="button"
        className={`w-input w-select__trigger${summary ? '' : ' is-placeholder'}`}
        disabled={disabled}
        title={summary || undefined}
        {...core.triggerProps(label, shownError)}
      >
        <span className="w-select__value">{summary || placeholder}</span>
        <span aria-hidden="true">▾</span>
      </button>
      <SelectPanel
        core={core}
        label={label}
        searchable={searchable}
        multiple
        isChosen={(option) => value.includes(option.id)}
        header={
          <label className="w-select__all">
            <input
              type="checkbox"
              checked={all}
              onChange={() =>
                emit(all ? [] : options.filter((option) => !option.disable).map((option) => option.id))
              }
            />
            Выбрать все
          </label>
        }
      />
      <FieldError id={`${core.baseId}-error`} message={shownError} />
    </div>
  );
}
