import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { turnaroundPickerMachine } from '../../machines/turnaroundPicker.ts';
import { instantToDay } from '../../shared/wallClock.ts';
import { DatePicker } from '../../widgets/DatePicker/DatePicker.tsx';
import { FieldError } from '../../widgets/FieldError.tsx';
import { Select } from '../../widgets/Select/Select.tsx';
import { readTimeZone } from '../api/storage.ts';
import './turnaroundPicker.css';

export interface TurnaroundPickerProps {
  /** The chosen turnaround's `aid`. */
  value: number | null;
  onChange: (aid: number | null) => void;
}

/** A day, then one of its turnarounds from a searchable list («SU 1234 → SU 1235 · 14:20–15:30 · A320»). */
export function TurnaroundPicker({ value, onChange }: TurnaroundPickerProps) {
  const start = useMemo(() => instantToDay(new Date(), readTimeZone()), []);
  const picker = useActorRef(turnaroundPickerMachine, { input: { day: start } });
  const day = useSelector(picker, (snapshot) => snapshot.context.day);
  const options = useSelector(picker, (snapshot) => snapshot.context.options);
  const error = useSelector(picker, (snapshot) => snapshot.context.error);
  const loading = useSelector(picker, (snapshot) => snapshot.hasTag('loading'));
  return (
    <div className="turnaround-picker">
      <DatePicker
        label="День"
        value={`${day} 00:00`}
        onChange={(stamp) => {
          if (!stamp) return;
          picker.send({ type: 'DAY.CHANGE', day: stamp.slice(0, 10) });
          onChange(null);
        }}
      />
      <Select
        label="Оборот"
        options={options}
        value={value}
        onChange={(id) => onChange(typeof id === 'number' ? id : null)}
        searchable
        disabled={loading}
        placeholder={loading ? 'Загрузка…' : 'Выберите оборот'}
      />
      <FieldError message={error} />
    </div>
  );
}
