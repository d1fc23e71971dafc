import { useEffect, useState } from 'react';
import { encodeFilterValue } from '../../machines/gridQuery.ts';
import { DatePicker } from '../DatePicker/DatePicker.tsx';
import { Select } from '../Select/Select.tsx';
import type { GridColumn } from './types.ts';

interface FilterInputProps<T> {
  column: GridColumn<T>;
  /** The value the grid holds for this key, as sent to the server. */
  value: string;
  onApply: (value: string) => void;
}

function TextFilter<T>({ column, value, onApply }: FilterInputProps<T>) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const apply = () => onApply(encodeFilterValue(column.filterType ?? 'text', draft));
  return (
    <input
      className="w-input w-grid__filter"
      type={column.filterType === 'number' ? 'number' : 'text'}
      aria-label={`Фильтр: ${column.title}`}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}

/** The filter control of a column: text or number (applied on Enter or blur), date, or select (spec 4.2). */
export function FilterInput<T>(props: FilterInputProps<T>) {
  const { column, value, onApply } = props;
  if (column.filterType === 'date') {
    return (
      <DatePicker
        label={`Фильтр: ${column.title}`}
        hideLabel
        value={value ? `${value} 00:00` : null}
        onChange={(stamp) => onApply(encodeFilterValue('date', stamp))}
      />
    );
  }
  if (column.filterType === 'select') {
    const options = column.filterData ?? [];
    const encoded = (id: unknown) => {
      const option = options.find((item) => item.id === id);
      return encodeFilterValue('select', option?.value ?? id);
    };
    const chosen = options.find((option) => encoded(option.id) === value) ?? null;
    return (
      <Select
        label={`Фильтр: ${column.title}`}
        hideLabel
        options={options}
        value={chosen?.id ?? null}
        clearable
        placeholder="Все"
        onChange={(id) => onApply(id === null ? '' : encoded(id))}
      />
    );
  }
  return <TextFilter {...props} />;
}
