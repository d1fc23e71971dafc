import type { ActorRefFrom } from 'xstate';
import type {
  DatePickerContext,
  datePickerMachine,
  TimeTarget,
  TimeUnit,
} from '../../machines/datePicker.ts';

type PickerRef = ActorRefFrom<typeof datePickerMachine>;

const NAMES: Record<TimeTarget, string> = { date: '', from: ' начала', to: ' окончания' };

function TimePart({
  actorRef,
  context,
  target,
  unit,
}: {
  actorRef: PickerRef;
  context: DatePickerContext;
  target: TimeTarget;
  unit: TimeUnit;
}) {
  return (
    <input
      className="w-input w-calendar__time"
      inputMode="numeric"
      aria-label={`${unit === 'hour' ? 'Часы' : 'Минуты'}${NAMES[target]}`}
      value={context.time[target][unit]}
      onChange={(event) => actorRef.send({ type: 'TIME.CHANGE', target, unit, value: event.target.value })}
    />
  );
}

/** Hour and minute inputs: one pair for a single picker, start and end pairs for a range picker. */
export function TimeInputs({ actorRef, context }: { actorRef: PickerRef; context: DatePickerContext }) {
  const targets: TimeTarget[] = context.mode === 'single' ? ['date'] : ['from', 'to'];
  return (
    <div className="w-calendar__times">
      {targets.map((target) => (
        <div key={target} className="w-calendar__time-row">
          <span>{target === 'to' ? 'Конец' : target === 'from' ? 'Начало' : 'Время'}</span>
          <TimePart actorRef={actorRef} context={context} target={target} unit="hour" />
          <span aria-hidden="true">:</span>
          <TimePart actorRef={actorRef} context={context} target={target} unit="minute" />
        </div>
      ))}
    </div>
  );
}
