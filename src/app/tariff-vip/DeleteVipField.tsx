import { useSelector } from '@xstate/react';
import { ErrorPopup, Modal } from '../../widgets/index.ts';
import type { VipModalRef } from './VipFieldModal.tsx';

/** The delete question with the field's name (spec 2.4), not closable while deleting, and its error popup. */
export function DeleteVipField({ modal }: { modal: VipModalRef }) {
  const confirming = useSelector(modal, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(
    modal,
    (snapshot) => snapshot.hasTag('confirming') && snapshot.hasTag('saving'),
  );
  const failed = useSelector(modal, (snapshot) => snapshot.hasTag('deleteFailed'));
  const target = useSelector(modal, (snapshot) => snapshot.context.target);
  const message = useSelector(modal, (snapshot) => snapshot.context.message);
  const close = () => modal.send({ type: 'MODAL.CLOSE' });
  return (
    <>
      <Modal
        open={confirming}
        role="alertdialog"
        title={`Вы уверены, что хотите удалить поле «${target?.name ?? ''}»?`}
        width={600}
        disabled={deleting}
        submitDisabled={deleting}
        submitLabel="Удалить"
        onClose={close}
        onSubmit={() => modal.send({ type: 'DELETE.CONFIRM' })}
      >
        <p style={{ margin: 0 }}>Расчёт будет удалён без возможности восстановления.</p>
      </Modal>
      <ErrorPopup open={failed} title="Ошибка удаления" message={message ?? ''} onClose={close} />
    </>
  );
}
