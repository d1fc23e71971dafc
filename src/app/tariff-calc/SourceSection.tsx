import { CALC_SOURCE, CALC_TYPE } from '../../shared/tariff-calc.ts';
import { MultiSelect, Select } from '../../widgets/index.ts';
import { JobEntries } from './JobEntries.tsx';
import { asOptions, type CalcModalView, numbers } from './useCalcModal.ts';

const SOURCES = [
  { id: CALC_SOURCE.job, name: 'Работы' },
  { id: CALC_SOURCE.med, name: 'Медицинские услуги' },
  { id: CALC_SOURCE.vip, name: 'VIP-услуги' },
];

/** The source (jobs, medical or VIP services), its selection, the calc type and the job entries. */
export function SourceSection({ view }: { view: CalcModalView }) {
  const { form, refs, jobs, saving, error, send } = view;
  const source = form.calcSourceType ?? null;
  const calcType = form.calc_type_id === -1 ? null : (form.calc_type_id ?? null);
  return (
    <fieldset className="calc-section">
      <legend>Источник</legend>
      <Select
        label="Источник"
        options={SOURCES}
        value={source}
        required
        disabled={saving}
        error={error('calcSourceType')}
        onChange={(id) => {
          if (id !== null) send({ type: 'SOURCE.SET', source: Number(id) as 1 | 2 | 3 });
        }}
      />
      {source === CALC_SOURCE.med ? (
        <MultiSelect
          label="Медицинские услуги"
          allWord="медицинские услуги"
          searchable
          options={asOptions(refs.medServices)}
          value={form.calcMedService ?? []}
          disabled={saving}
          error={error('calcMedService')}
          onChange={(ids) => send({ type: 'FIELD.SET', field: 'calcMedService', value: numbers(ids) })}
        />
      ) : null}
      {source === CALC_SOURCE.vip ? (
        <MultiSelect
          label="VIP-услуги"
          allWord="VIP-услуги"
          searchable
          options={asOptions(refs.vipServices)}
          value={form.calcVipService ?? []}
          disabled={saving}
          error={error('calcVipService')}
          onChange={(ids) => send({ type: 'FIELD.SET', field: 'calcVipService', value: numbers(ids) })}
        />
      ) : null}
      {source === CALC_SOURCE.job ? (
        <MultiSelect
          label="Работы"
          allWord="работы"
          searchable
          options={asOptions(refs.jobs)}
          value={jobs}
          disabled={saving}
          error={error('calcJob')}
          onChange={(ids) => send({ type: 'JOBS.SET', jobs: numbers(ids) })}
        />
      ) : null}
      <Select
        label="Тип расчёта"
        options={asOptions(refs.calcTypes)}
        value={calcType}
        required
        disabled={saving || source === CALC_SOURCE.med || source === CALC_SOURCE.vip}
        error={error('calc_type_id')}
        onChange={(id) => {
          if (id !== null) send({ type: 'CALC_TYPE.SET', calcType: Number(id) as 1 | 2 | 3 });
        }}
      />
      {source === CALC_SOURCE.job && calcType !== null && calcType !== CALC_TYPE.operations ? (
        <JobEntries view={view} />
      ) : null}
    </fieldset>
  );
}
