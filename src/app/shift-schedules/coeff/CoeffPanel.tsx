import { useActorRef, useSelector } from '@xstate/react';
import { coeffPanelMachine } from '../../../machines/coeffPanel.ts';
import type { Coeff } from '../../../shared/planning-calc.ts';
import { LoadFailure, TextInput } from '../../../widgets/index.ts';
import './coeff.css';

const hours = new Intl.NumberFormat('ru', { maximumFractionDigits: 2 });
const ratio = new Intl.NumberFormat('ru', { maximumFractionDigits: 4 });

/** The figures of spec 3 in the order a planner reads them, with what each means. */
const FIGURES: { key: keyof Coeff; label: string; hint: string; format: (value: number) => string }[] = [
  {
    key: 'plan_total',
    label: 'Потребность, чел.-ч',
    hint: 'человеко-часы типовой недели по потребности',
    format: hours.format,
  },
  {
    key: 'calc_plan_total',
    label: 'По графику, чел.-ч',
    hint: 'оплачиваемые человеко-часы смен графика',
    format: hours.format,
  },
  {
    key: 'effect_coeff',
    label: 'Коэффициент эффективности',
    hint: 'потребность ÷ часы графика',
    format: ratio.format,
  },
  { key: 'pers_kol', label: 'Сотрудников по графику', hint: 'Σ по должностям ⌈часы ÷ 40⌉', format: String },
  {
    key: 'required_emp',
    label: 'Требуется сотрудников',
    hint: '⌈по графику × (1 + отсутствие %)⌉ + дополнительно',
    format: String,
  },
  {
    key: 'emp_fact_total',
    label: 'Сотрудников в штате',
    hint: 'активные сотрудники должностей расчёта',
    format: String,
  },
  { key: 'emp_dif', label: 'Разница', hint: 'штат − требуется; меньше нуля — нехватка', format: String },
];

/** The coefficient panel of a saved calculation (spec 3): the two inputs and every figure, asked again as they change. */
export function CoeffPanel({ calcId }: { calcId: number }) {
  const actor = useActorRef(coeffPanelMachine, { input: { calcId } });
  const { absence, added, coeff, fields, message } = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <section className="coeff-panel" aria-label="Коэффициенты планирования" aria-busy={loading}>
      <div className="coeff-panel__inputs">
        <TextInput
          label="Коэффициент отсутствия, %"
          value={absence}
          placeholder="0"
          error={fields.absence_coeff ?? null}
          onChange={(value) => actor.send({ type: 'ABSENCE.CHANGE', value })}
        />
        <TextInput
          label="Дополнительно сотрудников"
          value={added}
          placeholder="0"
          error={fields.add_emp_count ?? null}
          onChange={(value) => actor.send({ type: 'ADDED.CHANGE', value })}
        />
      </div>
      {failed && !fields.absence_coeff && !fields.add_emp_count ? (
        <LoadFailure message={message ?? ''} onRetry={() => actor.send({ type: 'LOAD.RETRY' })} />
      ) : null}
      {coeff ? (
        <dl className="coeff-panel__figures">
          {FIGURES.map((figure) => {
            const value = coeff[figure.key];
            const shortage = figure.key === 'emp_dif' && typeof value === 'number' && value < 0;
            return (
              <div
                key={figure.key}
                className={
                  shortage ? 'coeff-panel__figure coeff-panel__figure--short' : 'coeff-panel__figure'
                }
              >
                <dt title={figure.hint}>{figure.label}</dt>
                <dd data-figure={figure.key}>{typeof value === 'number' ? figure.format(value) : '—'}</dd>
              </div>
            );
          })}
        </dl>
      ) : (
        <p className="coeff-panel__wait">{loading ? 'Загрузка…' : ''}</p>
      )}
    </section>
  );
}
