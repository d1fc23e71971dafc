import { useSelector } from '@xstate/react';
import { hasUnsavedCalc } from '../../machines/calcModalEdits.ts';
import { Modal } from '../../widgets/index.ts';
import { AmountSection } from './AmountSection.tsx';
import { CheckBlock } from './CheckBlock.tsx';
import { DirectionSection } from './DirectionSection.tsx';
import { EvaluationPanel } from './EvaluationPanel.tsx';
import { ServiceSection } from './ServiceSection.tsx';
import { SourceSection } from './SourceSection.tsx';
import { type CalcModalRef, useCalcModal } from './useCalcModal.ts';

/** Number inputs apply on blur (spec 5): blur the focused one so Enter sends what was typed. */
function applyFocusedInput() {
  const focused = document.activeElement;
  if (focused instanceof HTMLInputElement) focused.blur();
}

/**
 * The 600 px calc modal (spec 2.5, 4.5): every section, errors under their fields, not closable while saving, asking
 * before closing with unsaved input.
 */
export function CalcModal({ actor }: { actor: CalcModalRef }) {
  const view = useCalcModal(actor);
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('open'));
  const loadingOptions = useSelector(actor, (snapshot) => snapshot.hasTag('loadingOptions'));
  const dirty = useSelector(actor, (snapshot) => snapshot.hasTag('open') && hasUnsavedCalc(snapshot.context));
  const { form, saving, message, errors, send } = view;
  const submit = () => {
    applyFocusedInput();
    send({ type: 'FORM.SUBMIT' });
  };
  // A failure whose messages sit under fields says it better there; otherwise its message shows above the buttons.
  const shownMessage = message && Object.keys(errors).length === 0 ? message : null;
  return (
    <Modal
      open={open}
      title={form.id === null ? 'Новый расчёт услуги' : 'Редактирование расчёта услуги'}
      width={600}
      disabled={saving}
      submitDisabled={saving}
      dirty={dirty}
      onClose={() => send({ type: 'CALC.CLOSE' })}
      onSubmit={submit}
    >
      <form
        className="calc-form"
        aria-label="Расчёт услуги"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ServiceSection view={view} />
        <DirectionSection view={view} />
        <SourceSection view={view} />
        <AmountSection view={view} />
        <CheckBlock view={view} loading={loadingOptions} />
        {shownMessage ? (
          <p role="alert" className="calc-form__error">
            {shownMessage}
          </p>
        ) : null}
        {/* Enter in a field submits; the visible button is the modal's «Сохранить». */}
        <button type="submit" hidden />
      </form>
      {form.id !== null ? <EvaluationPanel key={form.id} actor={actor} /> : null}
    </Modal>
  );
}
