import { CALC_DIRECTIONS, SERVICE_MAP_TYPES } from '../../shared/tariff-calc.ts';
import { MultiSelect } from '../../widgets/index.ts';
import { type CalcModalView, numbers } from './useCalcModal.ts';

/** Which legs are searched for tasks (departure, arrival) and the service map types the calc bills. */
export function DirectionSection({ view }: { view: CalcModalView }) {
  const { form, saving, error, send } = view;
  return (
    <fieldset className="calc-section">
      <legend>Направление рейса</legend>
      <MultiSelect
        label="Поиск по направлению рейса"
        allWord="направления"
        required
        options={[...CALC_DIRECTIONS]}
        value={form.calc_direction_id ?? []}
        disabled={saving}
        error={error('calc_direction_id')}
        onChange={(ids) => send({ type: 'FIELD.SET', field: 'calc_direction_id', value: numbers(ids) })}
      />
      <MultiSelect
        label="Направление рейса (карта услуг)"
        allWord="направления"
        options={[...SERVICE_MAP_TYPES]}
        value={form.calcServiceMapType ?? []}
        disabled={saving}
        error={error('calcServiceMapType')}
        onChange={(ids) => send({ type: 'FIELD.SET', field: 'calcServiceMapType', value: numbers(ids) })}
      />
    </fieldset>
  );
}
