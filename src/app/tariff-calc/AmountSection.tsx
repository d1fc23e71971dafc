import { GROUP_TYPES, NO_ROUNDING_ID } from '../../shared/tariff-calc.ts';
import { NumberInput, Select, ToggleSwitch } from '../../widgets/index.ts';
import type { CalcModalView } from './useCalcModal.ts';

const chosen = (id: number | null | undefined) => (id === undefined || id === null || id === -1 ? null : id);

/** Units, rounding and accuracy; grouping, factor and minimum; the calculation sequence; plan times. */
export function AmountSection({ view }: { view: CalcModalView }) {
  const { form, refs, saving, error, send } = view;
  const noRounding = form.rounding_id === NO_ROUNDING_ID;
  return (
    <>
      <fieldset className="calc-section calc-section--row">
        <legend>Единицы измерения и округление</legend>
        <Select
          label="Единицы измерения"
          options={refs.formats.map((item) => ({ id: item.id, name: item.name_full }))}
          value={chosen(form.format_id)}
          required
          disabled={saving}
          error={error('format_id')}
          onChange={(id) => {
            if (id !== null) send({ type: 'FIELD.SET', field: 'format_id', value: Number(id) });
          }}
        />
        <Select
          label="Округление"
          options={refs.roundings.map((item) => ({ id: item.id, name: item.name_full }))}
          value={chosen(form.rounding_id)}
          required
          disabled={saving}
          error={error('rounding_id')}
          onChange={(id) => {
            if (id !== null) send({ type: 'ROUNDING.SET', roundingId: Number(id) });
          }}
        />
        <NumberInput
          label="Точность"
          value={form.accuracy ?? null}
          disabled={saving || noRounding}
          error={error('accuracy')}
          onChange={(value) => send({ type: 'FIELD.SET', field: 'accuracy', value })}
        />
      </fieldset>
      <fieldset className="calc-section calc-section--row">
        <legend>Группировка</legend>
        <Select
          label="Тип группировки"
          options={GROUP_TYPES}
          value={form.group_type ?? null}
          disabled={saving}
          error={error('group_type')}
          onChange={(id) =>
            send({ type: 'FIELD.SET', field: 'group_type', value: id === null ? null : Number(id) })
          }
        />
        <NumberInput
          label="Коэффициент"
          value={form.coeff ?? null}
          disabled={saving}
          error={error('coeff')}
          onChange={(value) => send({ type: 'FIELD.SET', field: 'coeff', value })}
        />
        <NumberInput
          label="Минимальное значение"
          value={form.minimum_amount ?? null}
          disabled={saving}
          error={error('minimum_amount')}
          onChange={(value) => send({ type: 'FIELD.SET', field: 'minimum_amount', value })}
        />
      </fieldset>
      <fieldset className="calc-section">
        <legend>Последовательность расчёта</legend>
        <ToggleSwitch
          label="Округление до расчёта"
          checked={form.is_rounding_first ?? true}
          disabled={saving}
          onChange={(value) => send({ type: 'FIELD.SET', field: 'is_rounding_first', value })}
        />
        <ToggleSwitch
          label="Точность до расчёта"
          checked={form.is_accuracy_first ?? true}
          disabled={saving}
          onChange={(value) => send({ type: 'FIELD.SET', field: 'is_accuracy_first', value })}
        />
      </fieldset>
      <label className="calc-checkbox">
        <input
          type="checkbox"
          checked={form.is_using_plan_time ?? false}
          disabled={saving}
          onChange={(event) =>
            send({ type: 'FIELD.SET', field: 'is_using_plan_time', value: event.target.checked })
          }
        />
        Использовать плановое время
      </label>
    </>
  );
}
