import { CALC_TYPE, JOB_PARAMS } from '../../shared/tariff-calc.ts';
import { FieldError } from '../../widgets/FieldError.tsx';
import { Select } from '../../widgets/index.ts';
import type { CalcModalView } from './useCalcModal.ts';

const chosen = (id: number | null | undefined) => (id === undefined || id === null || id === -1 ? null : id);

/**
 * Duration: one row per entry (start job and param, end job and param) chosen among the selected jobs, with
 * «Добавить работу». Indicators: one row per selected job with its indicator.
 */
export function JobEntries({ view }: { view: CalcModalView }) {
  const { form, refs, jobs, options, saving, error, send } = view;
  const entries = form.calcJob ?? [];
  const jobOptions = refs.jobs
    .filter((job) => jobs.includes(job.id))
    .map((job) => ({ id: job.id, name: job.name }));
  const jobName = (id: number | null | undefined) => refs.jobs.find((job) => job.id === id)?.name ?? '—';
  const change = (index: number, patch: Record<string, number | null>) =>
    send({ type: 'ENTRY.CHANGE', index, patch });

  if (form.calc_type_id === CALC_TYPE.indicators) {
    return (
      <div className="calc-entries">
        {entries.map((entry, index) => (
          <div key={`${entry.start_job_id}`} className="calc-entry calc-entry--indicator">
            <span className="calc-entry__job">{jobName(entry.start_job_id)}</span>
            <Select
              label={`Показатель работы ${index + 1}`}
              options={options.indicators
                .filter((indicator) => indicator.job_id === entry.start_job_id)
                .map((indicator) => ({ id: indicator.id, name: indicator.indicator_name }))}
              value={chosen(entry.job_indicator_id)}
              disabled={saving}
              error={error(`calcJob.${index}.job_indicator_id`)}
              onChange={(id) => change(index, { job_indicator_id: id === null ? null : Number(id) })}
            />
            <FieldError message={error(`calcJob.${index}`)} />
          </div>
        ))}
      </div>
    );
  }

  return (
    <div className="calc-entries">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: entries are positional; their payload paths are indexes
        <fieldset key={index} className="calc-entry" aria-label={`Работа ${index + 1}`}>
          <Select
            label={`Начальная работа ${index + 1}`}
            options={jobOptions}
            value={chosen(entry.start_job_id)}
            disabled={saving}
            error={error(`calcJob.${index}.start_job_id`)}
            onChange={(id) => change(index, { start_job_id: id === null ? -1 : Number(id) })}
          />
          <Select
            label={`Параметр начала ${index + 1}`}
            options={JOB_PARAMS}
            value={entry.start_param ?? null}
            disabled={saving}
            error={error(`calcJob.${index}.start_param`)}
            onChange={(id) => change(index, { start_param: id === null ? null : Number(id) })}
          />
          <Select
            label={`Конечная работа ${index + 1}`}
            options={jobOptions}
            value={chosen(entry.end_job_id)}
            disabled={saving}
            error={error(`calcJob.${index}.end_job_id`)}
            onChange={(id) => change(index, { end_job_id: id === null ? -1 : Number(id) })}
          />
          <Select
            label={`Параметр окончания ${index + 1}`}
            options={JOB_PARAMS}
            value={entry.end_param ?? null}
            disabled={saving}
            error={error(`calcJob.${index}.end_param`)}
            onChange={(id) => change(index, { end_param: id === null ? null : Number(id) })}
          />
          {entries.length > 1 ? (
            <button
              type="button"
              className="w-button w-button--secondary calc-entry__remove"
              aria-label={`Удалить работу ${index + 1}`}
              disabled={saving}
              onClick={() => send({ type: 'ENTRY.REMOVE', index })}
            >
              ×
            </button>
          ) : (
            <span className="calc-entry__remove" />
          )}
          <FieldError message={error(`calcJob.${index}`)} />
        </fieldset>
      ))}
      <button
        type="button"
        className="w-button w-button--secondary"
        disabled={saving}
        onClick={() => send({ type: 'ENTRY.ADD' })}
      >
        Добавить работу
      </button>
    </div>
  );
}
