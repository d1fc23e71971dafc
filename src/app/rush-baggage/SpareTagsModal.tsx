import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { SearchOption } from '../../machines/searchSelect.ts';
import { hasUnsavedSpareTags, spareTagsMachine } from '../../machines/spareTags.ts';
import type { NewTag, NewTagsPayload } from '../../shared/rush-baggage.ts';
import { Modal, ModalCloseButton, TextInput } from '../../widgets/index.ts';
import { fieldMessage } from '../api/errors.ts';
import { requestNewTags } from './api.ts';
import { PrintTagModal } from './print/PrintTagModal.tsx';
import { SearchSelect } from './SearchSelect.tsx';
import { airlineSearch } from './searchers.ts';

const logic = spareTagsMachine.provide({
  actors: { requestTags: fromPromise<NewTag[], NewTagsPayload>(({ input }) => requestNewTags(input)) },
});

export interface SpareTagsModalProps {
  /** The carrier the form starts with: the page flight's. */
  airline: SearchOption | null;
  onClose: () => void;
}

/**
 * «Новые бирки» (spec 1 "obtain new tags"): spare rush tags of a carrier, not tied to a bag, issued by the server
 * from the carrier's counter and listed with «Печать» (the print modal on their ids).
 */
export function SpareTagsModal({ airline, onClose }: SpareTagsModalProps) {
  const actor = useActorRef(logic, { input: { airline } });
  const context = useSelector(actor, (s) => s.context);
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const created = useSelector(actor, (s) => s.hasTag('created'));
  // Issued tags are on the server already: only a form not yet sent holds input that closing would lose.
  const dirty = useSelector(actor, (s) => s.matches('editing') && hasUnsavedSpareTags(s.context));
  const [printing, setPrinting] = useState(false);
  const ids = context.tags.map((tag) => tag.id);

  const footer = (
    <>
      {context.message ? (
        <span className="w-field__error rush-modal__message" role="alert">
          {context.message}
        </span>
      ) : null}
      <ModalCloseButton disabled={submitting}>{created ? 'Закрыть' : 'Отмена'}</ModalCloseButton>
      {created ? (
        <>
          <button
            type="button"
            className="w-button w-button--secondary"
            onClick={() => actor.send({ type: 'FORM.REOPEN' })}
          >
            Ещё бирки
          </button>
          <button type="button" className="w-button" onClick={() => setPrinting(true)}>
            Печать
          </button>
        </>
      ) : (
        <button type="submit" form="spare-tags-form" className="w-button" disabled={submitting}>
          {submitting ? 'Получение…' : 'Получить'}
        </button>
      )}
    </>
  );

  return (
    <Modal
      open
      title="Новые бирки"
      onClose={onClose}
      width={560}
      disabled={submitting || printing}
      dirty={dirty}
      footer={footer}
    >
      {created ? (
        <div className="rush-created">
          <p role="status">Получено бирок: {context.tags.length}</p>
          <table className="rush-created__table" aria-label="Новые бирки">
            <thead>
              <tr>
                <th>№</th>
                <th>Новая бирка</th>
              </tr>
            </thead>
            <tbody>
              {context.tags.map((tag, index) => (
                <tr key={tag.id}>
                  <td>{index + 1}</td>
                  <td className="rush-created__tag">{tag.new_tag}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <form
          id="spare-tags-form"
          className="rush-spare"
          aria-busy={submitting}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'FORM.SUBMIT' });
          }}
        >
          <p className="rush-muted">
            Бирки выдаются из счётчика перевозчика и не привязаны к багажу: их можно напечатать заранее.
          </p>
          <SearchSelect
            label="Авиакомпания"
            logic={airlineSearch}
            value={context.airline}
            onChange={(option) => actor.send({ type: 'AIRLINE.SET', option })}
            error={fieldMessage(context.errors, 'aviacompany_id')}
            disabled={submitting}
          />
          <TextInput
            label="Количество бирок"
            name="count_tag"
            value={context.count}
            readOnly={submitting}
            error={fieldMessage(context.errors, 'count_tag')}
            onChange={(value) => actor.send({ type: 'COUNT.SET', value })}
          />
        </form>
      )}
      {printing ? <PrintTagModal tagIds={ids} onClose={() => setPrinting(false)} /> : null}
    </Modal>
  );
}
