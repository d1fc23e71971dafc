import { useSelector } from '@xstate/react';

import type { CalcEvaluation } from '../../shared/tariff-calc.ts';
import { wallClockText } from '../../shared/wallClock.ts';
import { FieldError } from '../../widgets/FieldError.tsx';
import { TurnaroundPicker } from '../turnaround/TurnaroundPicker.tsx';
import type { CalcModalRef } from './useCalcModal.ts';

const number = new Intl.NumberFormat('ru', { maximumFractionDigits: 4 });
const show = (value: number | null) => (value === null ? '—' : number.format(value));
const PARAM = { 1: 'начало', 2: 'окончание' } as Record<number, string>;

function Legs({ result }: { result: CalcEvaluation }) {
  const legs = [result.arrival, result.departure].filter((leg) => leg !== null);
  if (legs.length === 0) return null;
  return (
    <p className="calc-eval__legs">
      {legs
        .map(
          (leg) =>
            `${leg.direction === 2 ? 'Прилёт' : 'Вылет'} ${leg.flight_number}, ${wallClockText(leg.plan_at)}`,
        )
        .join(' · ')}
    </p>
  );
}

function Result({ result }: { result: CalcEvaluation }) {
  return (
    <div className="calc-eval__result">
      <Legs result={result} />
      <p>
        Найдено задач: {result.tasks.length}. Исходная величина: {show(result.raw)} {result.raw_unit}
      </p>
      {result.entries.length ? (
        <ul className="calc-eval__entries">
          {result.entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries are listed in the calc's own order
            <li key={index}>
              {entry.start_job.name} ({PARAM[entry.start_param ?? 0] ?? '—'}) → {entry.end_job?.name ?? '—'} (
              {PARAM[entry.end_param ?? 0] ?? '—'}): {show(entry.minutes)} мин
              {entry.note ? ` — ${entry.note}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      <table className="calc-eval__steps">
        <caption>Шаги расчёта</caption>
        <thead>
          <tr>
            <th scope="col">Шаг</th>
            <th scope="col">До</th>
            <th scope="col">После</th>
          </tr>
        </thead>
        <tbody>
          {result.steps.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are listed in the order applied
            <tr key={index}>
              <th scope="row">{step.label}</th>
              <td>{show(step.before)}</td>
              <td>{show(step.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calc-eval__total">
        Итого: <strong>{show(result.result)}</strong> {result.format.name}
      </p>
      {result.notes.map((note) => (
        <p key={note} className="calc-eval__note">
          {note}
        </p>
      ))}
    </div>
  );
}

/**
 * «Рассчитать на рейсе»: the saved calc evaluated on a turnaround, chosen by day from a searchable list, with its
 * steps.
 */
export function EvaluationPanel({ actor }: { actor: CalcModalRef }) {
  const evaluation = useSelector(actor, (snapshot) => snapshot.context.evaluation);
  const running = useSelector(actor, (snapshot) => snapshot.hasTag('evaluating'));
  return (
    <section className="calc-eval" aria-label="Рассчитать на рейсе">
      <h3>Рассчитать на рейсе</h3>
      <p className="calc-eval__hint">Рассчитывается сохранённая версия расчёта.</p>
      <form
        className="calc-eval__form"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'EVALUATION.RUN' });
        }}
      >
        <TurnaroundPicker
          value={evaluation.flightAid}
          onChange={(aid) => actor.send({ type: 'EVALUATION.FLIGHT', flightAid: aid })}
        />
        <button type="submit" className="w-button" disabled={running || evaluation.flightAid === null}>
          {running ? 'Считаем…' : 'Рассчитать'}
        </button>
      </form>
      <FieldError message={evaluation.message} />
      {evaluation.result ? <Result result={evaluation.result} /> : null}
    </section>
  );
}
