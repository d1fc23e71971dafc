import { useSelector } from '@xstate/react';
import { ALLOCATION_ERROR_TITLES } from '../../machines/allocationModal.ts';
import { ErrorPopup, Modal } from '../../widgets/index.ts';
import type { AllocationModalRef } from './AllocationModal.tsx';

/** The delete question, not closable while deleting, and the popup of the get and deleteFail errors (spec 4, 8). */
export function DeleteAllocation({ modal }: { modal: AllocationModalRef }) {
  const confirming = useSelector(modal, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(
    modal,
    (snapshot) => snapshot.hasTag('confirming') && snapshot.hasTag('saving'),
  );
  const target = useSelector(modal, (snapshot) => snapshot.context.target);
  const errorType = useSelector(modal, (snapshot) => snapshot.context.errorType);
  const message = useSelector(modal, (snapshot) => snapshot.context.message);
  const popup = errorType === 'get' || errorType === 'deleteFail' ? errorType : null;
  return (
    <>
      <Modal
        open={confirming}
        role="alertdialog"
        title="Удалить настройку аллокации?"
        width={600}
        disabled={deleting}
        submitDisabled={deleting}
        submitLabel="Удалить"
        onClose={() => modal.send({ type: 'MODAL.CLOSE' })}
        onSubmit={() => modal.send({ type: 'DELETE.CONFIRM' })}
      >
        <p style={{ margin: 0 }}>{target?.name}. Настройка будет удалена без возможности восстановления.</p>
      </Modal>
      <ErrorPopup
        open={popup !== null}
        title={popup ? ALLOCATION_ERROR_TITLES[popup] : ''}
        message={message ?? ''}
        onClose={() => modal.send({ type: 'ERROR.CLOSE' })}
      />
    </>
  );
}
