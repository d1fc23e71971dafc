import { useSelector } from '@xstate/react';
import type { KeyboardEvent, ReactNode } from 'react';
import type { ActorRef, Snapshot } from 'xstate';
import {
  hasUnsavedForm,
  type RowModalActor,
  type RowModalFailure,
  saveFailureMessage,
} from '../../machines/rowModalTypes.ts';
import { ErrorPopup } from '../ErrorPopup.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { Modal } from '../Modal.tsx';
import { useRowModalStatus } from './useRowModal.ts';
import './RowModal.css';

/** The words before a failure's message, or the title of its popup, per failure. */
export type FailureTitles = Partial<Record<RowModalFailure, string>>;

export interface RowModalFormProps {
  modal: RowModalActor;
  /** The modal's title per modal type. */
  titles: Record<string, string>;
  /** The form's accessible name. */
  label: string;
  /** The controls whose server messages stand under them; a failed save's message stands above the buttons. */
  controls: readonly string[];
  /** Put before a failed save's message ('Не удалось создать настройку: …'); none by default. */
  failureTitles?: FailureTitles;
  onKeyDown?: (event: KeyboardEvent<HTMLFormElement>) => void;
  /** Inside the modal below the form. */
  after?: ReactNode;
  /** The controls. */
  children: ReactNode;
}

/**
 * The 600 px modal of a row modal's form: not closable while saving, asking before closing with unsaved input,
 * 'Сохранить' off while a row loads or saves, Enter in a text input submits, a failed save's message above the buttons.
 */
export function RowModalForm({
  modal,
  titles,
  label,
  controls,
  failureTitles = {},
  onKeyDown,
  after,
  children,
}: RowModalFormProps) {
  const { open, saving, busy } = useRowModalStatus(modal);
  const modalType = useSelector(modal, (snapshot) => snapshot.context.modalType);
  const failure = useSelector(modal, (snapshot) => snapshot.context.failure);
  const shown = useSelector(modal, (snapshot) => saveFailureMessage(snapshot.context, controls));
  const dirty = useSelector(modal, (snapshot) => open && hasUnsavedForm(snapshot.context));
  const before = failure ? failureTitles[failure] : undefined;
  const submit = () => modal.send({ type: 'FORM.SUBMIT' });
  return (
    <Modal
      open={open}
      title={modalType ? titles[modalType] : ''}
      width={600}
      disabled={saving}
      submitDisabled={busy}
      dirty={dirty}
      onClose={() => modal.send({ type: 'MODAL.CLOSE' })}
      onSubmit={submit}
    >
      <form
        className="w-row-modal__form"
        aria-label={label}
        aria-busy={busy}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        onKeyDown={onKeyDown}
      >
        {children}
        {shown ? (
          <p role="alert" className="w-row-modal__error">
            {before ? `${before}: ${shown}` : shown}
          </p>
        ) : null}
        {/* Enter in a text input submits; the visible button is the modal's «Сохранить». */}
        <button type="submit" hidden />
      </form>
      {after}
    </Modal>
  );
}

export interface RowDeleteDialogProps {
  modal: RowModalActor;
  /** The question about the named row, and the line under it. */
  title: (name: string) => string;
  text: (name: string) => string;
  /** The popup's title per failure; a failure without one gets no popup (a failed save stays in the form). */
  failureTitles: FailureTitles;
}

/** The delete question, not closable while deleting, and the error popup of the failures outside the form. */
export function RowDeleteDialog({ modal, title, text, failureTitles }: RowDeleteDialogProps) {
  const confirming = useSelector(modal, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(
    modal,
    (snapshot) => snapshot.hasTag('confirming') && snapshot.hasTag('saving'),
  );
  const name = useSelector(modal, (snapshot) => snapshot.context.target?.name ?? '');
  const failure = useSelector(modal, (snapshot) => snapshot.context.failure);
  const message = useSelector(modal, (snapshot) => snapshot.context.message);
  const popup = failure && failure !== 'create' && failure !== 'update' ? failureTitles[failure] : undefined;
  return (
    <>
      <Modal
        open={confirming}
        role="alertdialog"
        title={title(name)}
        width={600}
        disabled={deleting}
        submitDisabled={deleting}
        submitLabel="Удалить"
        onClose={() => modal.send({ type: 'MODAL.CLOSE' })}
        onSubmit={() => modal.send({ type: 'DELETE.CONFIRM' })}
      >
        <p style={{ margin: 0 }}>{text(name)}</p>
      </Modal>
      <ErrorPopup
        open={popup !== undefined}
        title={popup ?? ''}
        message={message ?? ''}
        onClose={() => modal.send({ type: 'ERROR.CLOSE' })}
      />
    </>
  );
}

/** What the notice reads of a machine: the tag `referencesFailed`, and `REFERENCES.RETRY` it takes. */
type ReferencesActor = Pick<
  ActorRef<Snapshot<unknown> & { hasTag: (tag: string) => boolean }, { type: 'REFERENCES.RETRY' }>,
  'send' | 'subscribe' | 'getSnapshot'
>;

/** The notice that the screen's choice lists did not load (`message`), with its retry button. */
export function ReferencesFailed({ modal, message }: { modal: ReferencesActor; message: string }) {
  const failed = useSelector(modal, (snapshot) => snapshot.hasTag('referencesFailed'));
  return (
    <LoadFailure
      className="w-row-modal__failure"
      message={failed ? message : null}
      onRetry={() => modal.send({ type: 'REFERENCES.RETRY' })}
    />
  );
}
