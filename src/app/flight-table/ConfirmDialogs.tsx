import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
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
      <Question
        open={confirmingDivide}
        title="Разделение рейса"
        action="Разделить"
        busy={busy}
        onConfirm={() => send({ type: 'DIVIDE.CONFIRM' })}
        onCancel={() => send({ type: 'DIVIDE.CANCEL' })}
      >
        <p>Разделить связанный рейс {dividing} на две строки: прилёт и вылет?</p>
      </Question>
      <Question
        open={confirmingDrop}
        title="Снятие сотрудников"
        action="Снять"
        busy={busy}
        onConfirm={() => send({ type: 'DROP.CONFIRM' })}
        onCancel={() => send({ type: 'DROP.CANCEL' })}
      >
        <p>
          Снять всех назначенных сотрудников с задач выбранных строк ({asked.length})? У выполненных рейсов
          пропадёт запись о том, кто их обслуживал.
        </p>
      </Question>
      <Question
        open={confirmingDelete}
        title="Удаление рейсов"
        action="Удалить"
        busy={busy}
        onConfirm={() => send({ type: 'DELETE.CONFIRM' })}
        onCancel={() => send({ type: 'DELETE.CANCEL' })}
      >
        <p>
          Удалить выбранные строки ({asked.length}) вместе с задачами, назначениями сотрудников и багажом
          рейсов?
        </p>
        {error ? (
          <p role="alert" className="flight-table__error">
            {error}
          </p>
        ) : null}
      </Question>
    </>
  );
}

/** One of the questions: 440 px, its action as the submit button, neither answer taken while an action runs. */
function Question(props: {
  open: boolean;
  title: string;
  action: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      role="alertdialog"
      title={props.title}
      onClose={props.onCancel}
      onSubmit={props.onConfirm}
      submitLabel={props.action}
      submitDisabled={props.busy}
      disabled={props.busy}
      width={440}
    >
      {props.children}
    </Modal>
  );
}
