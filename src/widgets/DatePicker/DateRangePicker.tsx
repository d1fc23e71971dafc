import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { formatRange, type Stamp } from '../../shared/dates.ts';
import { PickerShell } from './PickerShell.tsx';
import { usePicker } from './usePicker.ts';

/** An applied range: both ends 'YYYY-MM-DD HH:mm'. */
export interface DateRange {
  from: string;
  to: string;
}

export interface DateRangePickerProps {
  label: string;
  /** The applied range; without it the picker starts at today 00:00–23:59 (spec 9). */
  value?: DateRange | null;
  onChange: (range: DateRange) => void;
  withTime?: boolean;
  /** Blocks days farther than this many days from the chosen start (spec 5). */
  limitDays?: number | null;
  placeholder?: string;
  disabled?: boolean;
  hideLabel?: boolean;
}

/** A range picker over two consecutive months; the range changes only on 'Применить' (spec 4.1). */
export function DateRangePicker({
  label,
  value,
  onChange,
  withTime = false,
  limitDays = null,
  placeholder = 'Выберите дату',
  disabled,
  hideLabel,
}: DateRangePickerProps) {
  const picker = usePicker(
    {
      mode: 'range',
      withTime,
      limitDays,
      ...(value === undefined ? {} : { from: value?.from ?? null, to: value?.to ?? null }),
    },
    (event) => {
      if (event.from !== null && event.to !== null) onChange({ from: event.from, to: event.to });
    },
  );
  const { actorRef } = picker;
  const from: Stamp = useSelector(actorRef, (snapshot) => snapshot.context.from);
  const to: Stamp = useSelector(actorRef, (snapshot) => snapshot.context.to);
  useEffect(() => {
    if (value === undefined) return;
    const context = actorRef.getSnapshot().context;
    const next = { from: value?.from ?? null, to: value?.to ?? null };
    if (context.from !== next.from || context.to !== next.to) actorRef.send({ type: 'VALUE.SET', ...next });
  }, [actorRef, value]);
  return (
    <PickerShell
      picker={picker}
      label={label}
      text={formatRange(from, to, withTime)}
      placeholder={placeholder}
      disabled={disabled}
      hideLabel={hideLabel}
    />
  );
}
