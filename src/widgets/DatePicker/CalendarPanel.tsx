import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  type DatePickerContext,
  type datePickerMachine,
  shownMonths,
  shownYear,
} from '../../machines/datePicker.ts';
import { dayLabel, WEEKDAYS_RU, yearGrid } from '../../shared/dates.ts';
import { TimeInputs } from './TimeInputs.tsx';

type PickerRef = ActorRefFrom<typeof datePickerMachine>;

function DayView({ actorRef, context }: { actorRef: PickerRef; context: DatePickerContext }) {
  const months = shownMonths(context);
  return (
    <div className="w-calendar__months">
      {months.map((month, index) => (
        <div key={month.month} className="w-calendar__month">
          <div className="w-calendar__head">
            {index === 0 ? (
              <button
                type="button"
                className="w-calendar__nav"
                aria-label="Предыдущий месяц"
                onClick={() => actorRef.send({ type: 'NAV.PREV' })}
              >
                ‹
              </button>
            ) : (
              <span className="w-calendar__nav-gap" />
            )}
            <button
              type="button"
              className="w-calendar__title"
              aria-label={`${month.title}, выбрать год`}
              onClick={() => actorRef.send({ type: 'VIEW.YEARS' })}
            >
              {month.title}
            </button>
            {index === months.length - 1 ? (
              <button
                type="button"
                className="w-calendar__nav"
                aria-label="Следующий месяц"
                onClick={() => actorRef.send({ type: 'NAV.NEXT' })}
              >
                ›
              </button>
            ) : (
              <span className="w-calendar__nav-gap" />
            )}
          </div>
          <div className="w-calendar__weekdays" aria-hidden="true">
            {WEEKDAYS_RU.map((weekday, at) => (
              <span key={weekday} className={at >= 5 ? 'is-weekend' : undefined}>
                {weekday}
              </span>
            ))}
          </div>
          <fieldset
            className="w-calendar__days"
            onMouseLeave={() => actorRef.send({ type: 'DAY.HOVER', day: null })}
          >
            <legend className="w-visually-hidden">{month.title}</legend>
            {month.cells.map((cell) =>
              cell.isEmpty ? (
                <span key={cell.day} className="w-calendar__empty" />
              ) : (
                <button
                  key={cell.day}
                  type="button"
                  aria-label={dayLabel(cell.day)}
                  aria-pressed={cell.isSelected}
                  aria-current={cell.isToday ? 'date' : undefined}
                  disabled={cell.isBlocked}
                  className={[
                    'w-calendar__day',
                    cell.isWeekend && 'is-weekend',
                    cell.isSelected && 'is-selected',
                    cell.isHighlight && 'is-highlight',
                    cell.isToday && 'is-today',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                  onMouseEnter={() => actorRef.send({ type: 'DAY.HOVER', day: cell.day })}
                  onClick={() => actorRef.send({ type: 'DAY.PICK', day: cell.day })}
                >
                  {cell.label}
                </button>
              ),
            )}
          </fieldset>
        </div>
      ))}
    </div>
  );
}

function YearView({ actorRef, context }: { actorRef: PickerRef; context: DatePickerContext }) {
  const year = shownYear(context);
  const years = yearGrid(year);
  return (
    <div className="w-calendar__years-view">
      <div className="w-calendar__head">
        <button
          type="button"
          className="w-calendar__nav"
          aria-label="Предыдущие годы"
          onClick={() => actorRef.send({ type: 'NAV.PREV' })}
        >
          ‹
        </button>
        <span className="w-calendar__title">
          {years[0]} – {years[years.length - 1]}
        </span>
        <button
          type="button"
          className="w-calendar__nav"
          aria-label="Следующие годы"
          onClick={() => actorRef.send({ type: 'NAV.NEXT' })}
        >
          ›
        </button>
      </div>
      <div className="w-calendar__years">
        {years.map((item) => (
          <button
            key={item}
            type="button"
            aria-pressed={item === year}
            className={`w-calendar__year${item === year ? ' is-selected' : ''}`}
            onClick={() => actorRef.send({ type: 'YEAR.PICK', year: item })}
          >
            {item}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The calendar of both pickers: day or year view, time inputs and 'Отмена' / 'Применить'. */
export function CalendarPanel({ actorRef }: { actorRef: PickerRef }) {
  const context = useSelector(actorRef, (snapshot) => snapshot.context);
  const yearView = useSelector(actorRef, (snapshot) => snapshot.hasTag('yearView'));
  return (
    <div className="w-calendar">
      {yearView ? (
        <YearView actorRef={actorRef} context={context} />
      ) : (
        <DayView actorRef={actorRef} context={context} />
      )}
      {context.withTime ? <TimeInputs actorRef={actorRef} context={context} /> : null}
      <div className="w-calendar__footer">
        <button
          type="button"
          className="w-button w-button--secondary"
          onClick={() => actorRef.send({ type: 'PICKER.CANCEL' })}
        >
          Отмена
        </button>
        <button type="button" className="w-button" onClick={() => actorRef.send({ type: 'PICKER.APPLY' })}>
          Применить
        </button>
      </div>
    </div>
  );
}
