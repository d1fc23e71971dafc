import { useSelector } from '@xstate/react';
import type { FlightActionsRef } from '../../machines/flightActions.ts';
import { hasUnsavedTgoChoice } from '../../machines/flightActionsTypes.ts';
import { Modal } from '../../widgets/index.ts';

/** 'Выбор ТГО': the TGOs every chosen row may take; 'Применить' regenerates the rows' tasks from the chosen one. */
export function TgoDialog({ actor }: { actor: FlightActionsRef }) {
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('tgoDialog'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const { tgos, tgoId, error, aids } = useSelector(actor, (snapshot) => snapshot.context);
  const dirty = useSelector(actor, (snapshot) => hasUnsavedTgoChoice(snapshot.context));
  return (
    <Modal
      open={open}
      title="Выбор ТГО"
      onClose={() => actor.send({ type: 'TGO.CANCEL' })}
      onSubmit={() => actor.send({ type: 'TGO.APPLY' })}
      submitLabel="Применить"
      submitDisabled={tgoId === null || busy}
      disabled={busy}
      dirty={dirty}
    >
      <p className="flight-table__hint">Общие ТГО выбранных рейсов ({aids.length}):</p>
      <fieldset className="flight-tgos">
        <legend className="w-visually-hidden">ТГО</legend>
        {tgos.map((tgo) => (
          <label key={tgo.id} className="flight-tgos__item">
            <input
              type="radio"
              name="tgo"
              checked={tgo.id === tgoId}
              onChange={() => actor.send({ type: 'TGO.CHOOSE', tgoId: tgo.id })}
            />
            {tgo.name}
            {tgo.current ? <span className="flight-tgos__current">текущее</span> : null}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="flight-table__error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
