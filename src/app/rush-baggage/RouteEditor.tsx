import type { LegDraft, LegField, LegValue } from '../../machines/rushDraft.ts';
import { RUSH_LIMITS } from '../../shared/rush-baggage.ts';
import { DatePicker, TextInput } from '../../widgets/index.ts';
import { type FieldErrors, fieldMessage } from '../api/errors.ts';
import { SearchSelect } from './SearchSelect.tsx';
import { airlineSearch, airportSearch } from './searchers.ts';

export interface RouteEditorProps {
  route: readonly LegDraft[];
  errors: FieldErrors;
  disabled: boolean;
  onSet: (index: number, field: LegField, value: LegValue) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/**
 * The new route's legs in order (spec 3 `rushBaggageRoute`): carrier, destination airport, flight number and date
 * per leg; legs are added at the end and removed anywhere, and are numbered by their place when sent. Server and
 * schema errors show under the field they name (`rushBaggageRoute.1.date`).
 */
export function RouteEditor({ route, errors, disabled, onSet, onAdd, onRemove }: RouteEditorProps) {
  const error = (index: number, key: string) => fieldMessage(errors, `rushBaggageRoute.${index}.${key}`);
  return (
    <fieldset className="rush-route" disabled={disabled}>
      <legend>Новый маршрут</legend>
      {route.length === 0 ? (
        <p className="rush-muted">Нет участков: выберите рейс досылки или добавьте участок</p>
      ) : null}
      <ol className="rush-route__legs">
        {route.map((leg, index) => (
          <li key={leg.key} className="rush-route__leg" aria-label={`Участок ${index + 1}`}>
            <span className="rush-route__number" aria-hidden="true">
              {index + 1}
            </span>
            <SearchSelect
              label={`Авиакомпания участка ${index + 1}`}
              logic={airlineSearch}
              value={leg.airline}
              onChange={(option) => onSet(index, 'airline', option)}
              error={error(index, 'aviacompany_id')}
              disabled={disabled}
            />
            <SearchSelect
              label={`Аэропорт участка ${index + 1}`}
              logic={airportSearch}
              value={leg.airport}
              onChange={(option) => onSet(index, 'airport', option)}
              error={error(index, 'airport_id')}
              disabled={disabled}
            />
            <TextInput
              label={`Рейс участка ${index + 1}`}
              value={leg.flightNumber}
              onChange={(value) => onSet(index, 'flightNumber', value)}
              placeholder="1234"
              error={error(index, 'flight_number')}
            />
            <div className="rush-route__date">
              <DatePicker
                label={`Дата участка ${index + 1}`}
                value={leg.date === '' ? null : leg.date}
                onChange={(stamp) => onSet(index, 'date', stamp === null ? '' : stamp.slice(0, 10))}
                disabled={disabled}
              />
              {error(index, 'date') ? (
                <span className="w-field__error" role="alert">
                  {error(index, 'date')}
                </span>
              ) : null}
            </div>
            <button
              type="button"
              className="w-button w-button--secondary rush-route__remove"
              aria-label={`Удалить участок ${index + 1}`}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      {fieldMessage(errors, 'rushBaggageRoute') ? (
        <p className="w-field__error rush-list-error" role="alert">
          {fieldMessage(errors, 'rushBaggageRoute')}
        </p>
      ) : null}
      <button
        type="button"
        className="w-button w-button--secondary"
        onClick={onAdd}
        disabled={route.length >= RUSH_LIMITS.legs}
      >
        Добавить участок
      </button>
    </fieldset>
  );
}
