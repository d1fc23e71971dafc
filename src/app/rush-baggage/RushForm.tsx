import type { Actor } from 'xstate';
import type { rushBaggageMachine } from '../../machines/rushBaggage.ts';
import { type Directory, mixedRoutes, type RushDraft, rushDetour } from '../../machines/rushDraft.ts';
import { type Baggage, type FlightSearchItem, RUSH_MESSAGES } from '../../shared/rush-baggage.ts';
import { DatePicker, TextInput } from '../../widgets/index.ts';
import { type FieldErrors, fieldMessage } from '../api/errors.ts';
import { EmailList } from './EmailList.tsx';
import { routeText } from './labels.ts';
import { RouteEditor } from './RouteEditor.tsx';
import { SearchSelect } from './SearchSelect.tsx';
import { airportSearch, flightSearch, rushCodeSearch } from './searchers.ts';

export interface RushFormProps {
  actor: Actor<typeof rushBaggageMachine>;
  flight: FlightSearchItem;
  bags: readonly Baggage[];
  draft: RushDraft;
  directory: Directory;
  errors: FieldErrors;
  disabled: boolean;
}

/** The pieces of the chosen bags with their original routes; a tick leaves a piece in or out of the rush. */
function Pieces({ actor, bags, draft, directory, errors, disabled }: Omit<RushFormProps, 'flight'>) {
  const chosen = (tag: string) => draft.pieces.some((piece) => piece.tag === tag && piece.chosen);
  const toggle = (tag: string) => actor.send({ type: 'PIECE.TOGGLE', tag });
  // Bags of different routes cannot share a rush: said as soon as they are chosen, not only on «Отправить».
  const message = mixedRoutes(draft, bags)
    ? RUSH_MESSAGES.mixedRoutes
    : fieldMessage(errors, 'baggageRelations');
  return (
    <fieldset className="rush-pieces" disabled={disabled}>
      <legend>Багаж</legend>
      <ul className="rush-pieces__list">
        {bags.map((bag) => (
          <li key={bag.id}>
            <label className="rush-pieces__major">
              <input type="checkbox" checked={chosen(bag.tag)} onChange={() => toggle(bag.tag)} />
              <span className="rush-pieces__tag">{bag.tag}</span>
              <span>{bag.name}</span>
            </label>
            <span className="rush-muted rush-pieces__route">
              Исходный маршрут: {routeText(bag.baggageRoute, directory) || '—'}
            </span>
            {bag.minorBaggage.length > 0 ? (
              <ul className="rush-pieces__minor">
                {bag.minorBaggage.map((piece) => (
                  <li key={piece.id}>
                    <label>
                      <input type="checkbox" checked={chosen(piece.tag)} onChange={() => toggle(piece.tag)} />
                      <span className="rush-pieces__tag">{piece.tag}</span>
                      <span className="rush-muted">доп. место</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {message ? (
        <span className="w-field__error" role="alert">
          {message}
        </span>
      ) : null}
    </fieldset>
  );
}

/**
 * The rush modal's form (spec 3 "Rush payload"): pieces, the rush flight searched on a day among the station's
 * departures that have not left, other than the page flight, station, rush code, act and claim numbers, comment, the new route and the
 * e-mails. Every control sends one event to the `rushBaggage` machine; errors show under the field they name.
 */
export function RushForm(props: RushFormProps) {
  const { actor, flight, draft, errors, disabled } = props;
  const error = (path: string) => fieldMessage(errors, path);
  const detour = rushDetour(draft);
  const text = (field: 'actNumber' | 'claimNumber' | 'comment') => (value: string) =>
    actor.send({ type: 'DRAFT.TEXT', field, value });
  const flightParams = {
    'filter[date]': draft.flightDate,
    'filter[airport_id]': draft.airport?.id ?? null,
    'filter[direction_id]': 1,
    // Only flights that have not left yet (spec 7: 1 = plan only): a bag cannot be forwarded on a departed one.
    'filter[fact]': 1,
    'filter[ignore_flight_id]': flight.id,
  };
  return (
    <div className="rush-form">
      <Pieces {...props} />
      <fieldset className="rush-form__grid" disabled={disabled}>
        <legend>Досылка</legend>
        <SearchSelect
          label="Аэропорт досылки"
          logic={airportSearch}
          value={draft.airport}
          onChange={(option) => actor.send({ type: 'DRAFT.CHOOSE', field: 'airport', option })}
          error={error('rushBaggageInfo.airport_id')}
          disabled={disabled}
        />
        <DatePicker
          label="Дата рейса досылки"
          value={draft.flightDate}
          onChange={(stamp) =>
            actor.send({ type: 'DRAFT.TEXT', field: 'flightDate', value: stamp?.slice(0, 10) ?? '' })
          }
          disabled={disabled}
        />
        <SearchSelect
          label="Рейс досылки"
          logic={flightSearch}
          params={flightParams}
          value={draft.rushFlight}
          onChange={(option) => actor.send({ type: 'DRAFT.FLIGHT', option })}
          error={error('rush_flight_id')}
          disabled={disabled}
          placeholder="Номер рейса"
        />
        {detour ? (
          <p className="rush-detour" role="status">
            {detour}
          </p>
        ) : null}
        <SearchSelect
          label="Код причины"
          logic={rushCodeSearch}
          value={draft.code}
          onChange={(option) => actor.send({ type: 'DRAFT.CHOOSE', field: 'code', option })}
          error={error('rushBaggageInfo.rush_baggage_code_id')}
          disabled={disabled}
        />
        <TextInput
          label="Номер акта"
          value={draft.actNumber}
          onChange={text('actNumber')}
          error={error('rushBaggageInfo.act_number')}
        />
        <TextInput
          label="Номер претензии"
          value={draft.claimNumber}
          onChange={text('claimNumber')}
          error={error('rushBaggageInfo.claim_number')}
        />
        <div className="rush-form__wide">
          <TextInput
            label="Комментарий"
            value={draft.comment}
            onChange={text('comment')}
            error={error('rushBaggageInfo.comment')}
          />
        </div>
      </fieldset>
      <RouteEditor
        route={draft.route}
        errors={errors}
        disabled={disabled}
        onSet={(index, field, value) => actor.send({ type: 'LEG.SET', index, field, value })}
        onAdd={() => actor.send({ type: 'LEG.ADD' })}
        onRemove={(index) => actor.send({ type: 'LEG.REMOVE', index })}
      />
      <EmailList
        emails={draft.emails}
        errors={errors}
        disabled={disabled}
        onSet={(index, value) => actor.send({ type: 'EMAIL.SET', index, value })}
        onAdd={() => actor.send({ type: 'EMAIL.ADD' })}
        onRemove={(index) => actor.send({ type: 'EMAIL.REMOVE', index })}
      />
    </div>
  );
}
