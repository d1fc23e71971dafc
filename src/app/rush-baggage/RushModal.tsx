import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import { hasUnsavedDraft, type rushBaggageMachine } from '../../machines/rushBaggage.ts';
import { mixedRoutes } from '../../machines/rushDraft.ts';
import { RUSH_MESSAGES, type RushAnswer } from '../../shared/rush-baggage.ts';
import { Modal, ModalCloseButton } from '../../widgets/index.ts';
import { formMessage } from '../api/errors.ts';
import { PrintTagModal } from './print/PrintTagModal.tsx';
import { RushForm } from './RushForm.tsx';

/** Controls of the form whose errors show under them; any other error shows as the form's message. */
const CONTROLS = [
  'baggageRelations',
  'rushBaggageInfo.airport_id',
  'rushBaggageInfo.rush_baggage_code_id',
  'rushBaggageInfo.act_number',
  'rushBaggageInfo.claim_number',
  'rushBaggageInfo.comment',
  'rush_flight_id',
];

/** One new tag of the answer: the piece's original tag, the new one and the rush tag's id for printing. */
interface CreatedTag {
  original: string;
  tag: string;
  passenger: string;
  id: number | null;
}

/** The new tags of a rush answer, each major bag's before its minor pieces'. */
function createdTags(answer: RushAnswer): CreatedTag[] {
  return answer.baggage.flatMap((bag) => [
    ...(bag.new_tag
      ? [{ original: bag.tag, tag: bag.new_tag, passenger: bag.name, id: bag.new_tag_id }]
      : []),
    ...bag.minorBaggage.flatMap((piece) =>
      piece.new_tag
        ? [{ original: piece.tag, tag: piece.new_tag, passenger: bag.name, id: piece.new_tag_id }]
        : [],
    ),
  ]);
}

/** What a created rush shows: the new tags, and 'Печать' opening the print modal on them. */
function Created({
  answer,
  printing,
  setPrinting,
}: {
  answer: RushAnswer;
  printing: boolean;
  setPrinting: (printing: boolean) => void;
}) {
  const tags = createdTags(answer);
  const ids = tags.flatMap((tag) => (tag.id === null ? [] : [tag.id]));
  return (
    <div className="rush-created">
      <p role="status">Досылка оформлена. Новые бирки:</p>
      <table className="rush-created__table" aria-label="Новые бирки">
        <thead>
          <tr>
            <th>Бирка</th>
            <th>Новая бирка</th>
            <th>Пассажир</th>
          </tr>
        </thead>
        <tbody>
          {tags.map((tag) => (
            <tr key={tag.tag}>
              <td>{tag.original}</td>
              <td className="rush-created__tag">{tag.tag}</td>
              <td>{tag.passenger}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        className="w-button"
        disabled={ids.length === 0}
        onClick={() => setPrinting(true)}
      >
        Печать
      </button>
      {printing ? <PrintTagModal tagIds={ids} onClose={() => setPrinting(false)} /> : null}
    </div>
  );
}

/**
 * The rush modal (spec 3, 4): while `fetching` it loads the chosen bags, then the form; 'Отправить' checks and
 * sends; `created` shows the new tags with 'Печать'. It cannot be closed while the rush is being sent, and with unsaved
 * input closing asks first.
 */
export function RushModal({ actor }: { actor: Actor<typeof rushBaggageMachine> }) {
  const context = useSelector(actor, (s) => s.context);
  const fetching = useSelector(actor, (s) => s.hasTag('fetching'));
  const submitting = useSelector(actor, (s) => s.hasTag('submitting'));
  const created = useSelector(actor, (s) => s.hasTag('created'));
  const fetchFailed = useSelector(actor, (s) => s.matches({ rush: 'fetchFailed' }));
  const dirty = useSelector(actor, hasUnsavedDraft);
  // While the print modal is open above, a click or Esc there must not close this one under it.
  const [printing, setPrinting] = useState(false);
  const close = () => actor.send({ type: 'RUSH.CLOSE' });
  // Bags of different routes: the form says so above; nothing to send until the choice is one route.
  const mixed = context.draft !== null && mixedRoutes(context.draft, context.rushBags);
  const message = formMessage(
    context.message === null ? null : { message: context.message, fields: context.errors },
    [
      ...CONTROLS,
      ...Object.keys(context.errors).filter((key) => /^(rushBaggageRoute|emailAddresses)/.test(key)),
    ],
  );
  const footer = (
    <>
      {message ? (
        <span className="w-field__error rush-modal__message" role="alert">
          {message}
        </span>
      ) : null}
      <ModalCloseButton disabled={submitting}>{created ? 'Закрыть' : 'Отмена'}</ModalCloseButton>
      {fetchFailed ? (
        <button type="button" className="w-button" onClick={() => actor.send({ type: 'LOAD.RETRY' })}>
          Повторить
        </button>
      ) : null}
      {created || fetchFailed ? null : (
        <button
          type="button"
          className="w-button"
          disabled={fetching || submitting || mixed}
          title={mixed ? RUSH_MESSAGES.mixedRoutes : undefined}
          onClick={() => actor.send({ type: 'RUSH.SUBMIT' })}
        >
          {submitting ? 'Отправка…' : 'Отправить'}
        </button>
      )}
    </>
  );
  return (
    <Modal
      open
      title="Досылка багажа"
      onClose={close}
      width={920}
      disabled={submitting || printing}
      dirty={dirty}
      footer={footer}
    >
      <div aria-busy={fetching || submitting}>
        {fetching ? <p className="rush-muted">Загрузка багажа…</p> : null}
        {created && context.answer ? (
          <Created answer={context.answer} printing={printing} setPrinting={setPrinting} />
        ) : null}
        {!created && context.draft && context.flight ? (
          <RushForm
            actor={actor}
            flight={context.flight}
            bags={context.rushBags}
            draft={context.draft}
            directory={context.directory}
            errors={context.errors}
            disabled={submitting}
          />
        ) : null}
      </div>
    </Modal>
  );
}
