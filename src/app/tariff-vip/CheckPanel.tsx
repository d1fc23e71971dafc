import { useActorRef, useSelector } from '@xstate/react';
import { flightAidOf, vipFieldCheckMachine } from '../../machines/vipFieldModalCheck.ts';
import type { VipFieldEvaluation } from '../../shared/tariff-vip.ts';
import { FieldError } from '../../widgets/FieldError.tsx';
import { TurnaroundPicker } from '../turnaround/TurnaroundPicker.tsx';

type Step = VipFieldEvaluation['passenger_steps'][number];

const STATUS_TEXT: Record<Step['status'], string> = {
  match: '✓',
  mismatch: '✗',
  unchecked: '—',
};

function Steps({ caption, steps }: { caption: string; steps: Step[] }) {
  if (steps.length === 0) return null;
  return (
    <table className="tariff-vip__steps">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Условие</th>
          <th scope="col">В расчёте</th>
          <th scope="col">На рейсе</th>
          <th scope="col">Итог</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((step) => (
          <tr key={step.condition} className={`is-${step.status}`}>
            <th scope="row">{step.label}</th>
            <td>{step.expected}</td>
            <td>{step.actual ?? '—'}</td>
            <td>
              <span aria-hidden="true">{STATUS_TEXT[step.status]} </span>
              {step.note}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * «Проверить на рейсе»: the saved field evaluated on a turnaround of the airport, chosen by day from a searchable
 * list, leg by leg with its steps.
 */
export function CheckPanel({ fieldId }: { fieldId: number }) {
  const check = useActorRef(vipFieldCheckMachine, { input: { fieldId } });
  const running = useSelector(check, (snapshot) => snapshot.hasTag('running'));
  const flightAid = useSelector(check, (snapshot) => snapshot.context.flightAid);
  const result = useSelector(check, (snapshot) => snapshot.context.result);
  const error = useSelector(check, (snapshot) => snapshot.context.error);
  return (
    <section className="tariff-vip__check-panel" aria-label="Проверить на рейсе">
      <h3>Проверить на рейсе</h3>
      <p className="tariff-vip__hint">Проверяется сохранённый расчёт.</p>
      <form
        className="tariff-vip__check-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          check.send({ type: 'CHECK.RUN' });
        }}
      >
        <TurnaroundPicker
          value={flightAidOf(flightAid)}
          onChange={(aid) => check.send({ type: 'CHECK.FLIGHT', value: aid === null ? '' : String(aid) })}
        />
        <FieldError message={error} />
        <button type="submit" className="w-button w-button--secondary" disabled={running}>
          {running ? 'Проверка…' : 'Проверить'}
        </button>
      </form>
      {result ? (
        <div className="tariff-vip__result" aria-live="polite">
          <p className={`tariff-vip__summary ${result.matches ? 'is-match' : 'is-mismatch'}`}>
            <strong>{result.summary}</strong>
          </p>
          {result.legs.map((leg) => (
            <Steps
              key={leg.flight_id}
              caption={`${leg.title}: ${leg.matches ? 'подходит' : 'не подходит'}`}
              steps={leg.steps}
            />
          ))}
          <Steps caption="Условия пассажира" steps={result.passenger_steps} />
        </div>
      ) : null}
    </section>
  );
}
