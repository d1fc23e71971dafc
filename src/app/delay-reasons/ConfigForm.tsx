import { useActorRef, useSelector } from '@xstate/react';
import { delayReasonsConfigMachine } from '../../machines/delayReasonsConfig.ts';
import { UNFINISHED_MINUTES_MAX } from '../../shared/delay-reasons.ts';
import { NumberInput, PageCard } from '../../widgets/index.ts';

/** The setting of the page: minutes an unfinished task stays shown after its planned end. */
export function ConfigForm() {
  const actor = useActorRef(delayReasonsConfigMachine);
  const context = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const saved = useSelector(actor, (s) => s.hasTag('saved'));
  const failed = useSelector(actor, (s) => s.matches('failed'));

  return (
    <PageCard title="Незавершённые задачи">
      <form
        className="delay-config"
        aria-label="Незавершённые задачи"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'FORM.SUBMIT' });
        }}
      >
        <NumberInput
          label={`Показывать после планового окончания, мин (0–${UNFINISHED_MINUTES_MAX})`}
          value={context.value}
          onChange={(value) => actor.send({ type: 'VALUE.CHANGE', value })}
          disabled={loading || saving || failed}
          error={context.error}
        />
        <button type="submit" className="w-button w-button--success" disabled={loading || saving || failed}>
          Сохранить
        </button>
        {saved ? <span aria-live="polite">Сохранено</span> : null}
      </form>
      {context.message && !context.error ? (
        <div role="alert" className="delay-error">
          {context.message}
          {failed ? (
            <button
              type="button"
              className="w-button w-button--secondary"
              onClick={() => actor.send({ type: 'LOAD.RETRY' })}
            >
              Повторить
            </button>
          ) : null}
        </div>
      ) : null}
    </PageCard>
  );
}
