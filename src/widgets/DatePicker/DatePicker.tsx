import { useEffect } from 'react';
import { formatStamp, type Stamp } from '../../shared/dates.ts';
import { PickerShell } from './PickerShell.tsx';
import { usePicker } from './usePicker.ts';

export interface DatePickerProps {
  label: string;
  /** 'YYYY-MM-DD HH:mm' or null. */
  value: Stamp;
  onChange: (value: Stamp) => void;
  withTime?: boolean;
  placeholder?: string;
  disabled?: boolean;
  hideLabel?: boolean;
}

/** A single date picker with optional time; the value changes only on 'Применить' (spec 4.1). */
export function DatePicker({
  label,
  value,
  onChange,
  withTime = false,
  placeholder = 'Выберите дату',
  disabled,
  hideLabel,
}: DatePickerProps) {
  const picker = usePicker({ mode: 'single', withTime, date: value }, (event) => {
    if (event.date !== value) onChange(event.date);
  });
  const { actorRef } = picker;
  useEffect(() => {
    if (actorRef.getSnapshot().context.date !== value) actorRef.send({ type: 'VALUE.SET', date: value });
  }, [actorRef, value]);
  return (
    <PickerShell
      picker={picker}
      label={label}
      text={formatStamp(value, withTime)}
      placeholder={placeholder}
      disabled={disabled}
      hideLabel={hideLabel}
    />
  );
}
