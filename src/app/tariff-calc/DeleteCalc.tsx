import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { calcDeleteMachine } from '../../machines/calcModalDelete.ts';
import { ErrorPopup, Modal } from '../../widgets/index.ts';

/** The delete confirmation, and the 420 px error popup of a refused delete (spec 2.5, 8). */
export function DeleteCalc({ actor }: { actor: ActorRefFrom<typeof calcDeleteMachine> }) {
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('failed'));
  const { calc, message } = useSelector(actor, (snapshot) => snapshot.context);
  return (
    <>
      <Modal
        open={confirming}
        title="Удаление расчёта"
        width={420}
        role="alertdialog"
        disabled={deleting}
        submitDisabled={deleting}
        submitLabel="Удалить"
        onClose={() => actor.send({ type: 'DELETE.CANCEL' })}
        onSubmit={() => actor.send({ type: 'DELETE.CONFIRM' })}
      >
        <p>Вы уверены, что хотите удалить расчёт «{calc?.name}»?</p>
      </Modal>
      <ErrorPopup
        open={failed}
        title="Ошибка удаления"
        message={message ?? ''}
        onClose={() => actor.send({ type: 'POPUP.CLOSE' })}
      />
    </>
  );
}
