import { CALC_SOURCE } from '../../shared/tariff-calc.ts';
import { MultiSelect } from '../../widgets/index.ts';
import { asOptions, type CalcModalView, numbers } from './useCalcModal.ts';

/**
 * The optional check block (spec 2.5, 4.5): positions, resource types and resources offered for the chosen jobs.
 * «Добавить проверку» with no job chosen flags the jobs instead of opening.
 */
export function CheckBlock({ view, loading }: { view: CalcModalView; loading: boolean }) {
  const { form, options, checkOpen, saving, error, send } = view;
  if (form.calcSourceType !== CALC_SOURCE.job) return null;
  if (!checkOpen) {
    return (
      <button
        type="button"
        className="w-button w-button--secondary calc-check__add"
        disabled={saving}
        onClick={() => send({ type: 'CHECK.OPEN' })}
      >
        Добавить проверку
      </button>
    );
  }
  return (
    <fieldset className="calc-section" aria-busy={loading}>
      <legend>Проверка</legend>
      <MultiSelect
        label="Должности проверки"
        allWord="должности"
        searchable
        options={asOptions(options.positions)}
        value={form.calc_employee_position_id ?? []}
        disabled={saving}
        error={error('calc_employee_position_id')}
        onChange={(ids) => send({ type: 'CHECK.SET', field: 'calc_employee_position_id', ids: numbers(ids) })}
      />
      <MultiSelect
        label="Типы ресурсов проверки"
        allWord="типы ресурсов"
        searchable
        options={asOptions(options.resourceTypes)}
        value={form.calc_resource_type_id ?? []}
        disabled={saving}
        error={error('calc_resource_type_id')}
        onChange={(ids) => send({ type: 'CHECK.SET', field: 'calc_resource_type_id', ids: numbers(ids) })}
      />
      <MultiSelect
        label="Ресурсы проверки"
        allWord="ресурсы"
        searchable
        options={asOptions(options.resources)}
        value={form.calc_resource_id ?? []}
        disabled={saving}
        error={error('calc_resource_id')}
        onChange={(ids) => send({ type: 'CHECK.SET', field: 'calc_resource_id', ids: numbers(ids) })}
      />
      <button
        type="button"
        className="w-button w-button--secondary"
        disabled={saving}
        onClick={() => send({ type: 'CHECK.CLOSE' })}
      >
        Убрать проверку
      </button>
    </fieldset>
  );
}
