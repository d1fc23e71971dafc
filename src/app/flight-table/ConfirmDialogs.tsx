import { useSelector } from '@xstate/react';
import type { FlightActionsRef } from '../../machines/flightActions.ts';
import { Modal } from '../../widgets/index.ts';

/**
 * The confirmations the flight table's actions ask first: «Разделить» a paired row, «Снять сотрудников» of the
 * chosen rows, and «Удалить» them (with the server's refusal under the question).
 */
export function ConfirmDialogs({ actor }: { actor: FlightActionsRef }) {
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const confirmingDelete = useSelector(actor, (snapshot) => snapshot.hasTag('confirmingDelete'));
  const confirmingDivide = useSelector(actor, (snapshot) => snapshot.hasTag('confirmingDivide'));
  const confirmingDrop = useSelector(actor, (snapshot) => snapshot.hasTag('confirmingDrop'));
  const { error, aids: asked, legs: dividing } = useSelector(actor, (snapshot) => snapshot.context);
  const send = actor.send;
  return (
    <>
      <Modal
        open={confirmingDivide}
        role="alertdialog"
        title="Разделение рейса"
        onClose={() => send({ type: 'DIVIDE.CANCEL' })}
        onSubmit={() => send({ type: 'DIVIDE.CONFIRM' })}
        submitLabel="Разделить"
        submitDisabled={busy}
        disabled={busy}
        width={440}
      >
        <p>Разделить связанный рейс {dividing} на две строки: прилёт и вылет?</p>
      </Modal>
      <Modal
        open={confirmingDrop}
        role="alertdialog"
        title="Снятие сотрудников"
        onClose={() => send({ type: 'DROP.CANCEL' })}
        onSubmit={() => send({ type: 'DROP.CONFIRM' })}
        submitLabel="Снять"
        submitDisabled={busy}
        disabled={busy}
        width={440}
      >
        <p>
          Снять всех назначенных сотрудников с задач выбранных строк ({asked.length})? У выполненных рейсов
          пропадёт запись о том, кто их обслуживал.
        </p>
      </Modal>
      <DeleteConfirm
        open={confirmingDelete}
        count={asked.length}
        busy={busy}
        error={error}
        onConfirm={() => send({ type: 'DELETE.CONFIRM' })}
        onCancel={() => send({ type: 'DELETE.CANCEL' })}
      />
    </>
  );
}

function DeleteConfirm(props: {
  open: boolean;
  count: number;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={props.open}
      role="alertdialog"
      title="Удаление рейсов"
      onClose={props.onCancel}
      onSubmit={props.onConfirm}
      submitLabel="Удалить"
      submitDisabled={props.busy}
      disabled={props.busy}
      width={440}
    >
      <p>
        Удалить выбранные строки ({props.count}) вместе с задачами, назначениями сотрудников и багажом рейсов?
      </p>
      {props.error ? (
        <p role="alert" className="flight-table__error">
          {props.error}
        </p>
      ) : null}
    </Modal>
  );
}
