import type { BrsConfigEvent, BrsEdit } from '../../machines/brsConfig.ts';
import { BRS_LABELS, type BrsSettings, PRIORITY_HANDLING, RUSH_HANDLING } from '../../shared/brs-config.ts';
import { FieldError } from '../../widgets/FieldError.tsx';
import { NumberInput, Select, ToggleSwitch } from '../../widgets/index.ts';
import { fieldMessage } from '../api/errors.ts';

const FLAGS = ['is_enabled', 'bsm_exchange', 'bpm_exchange'] as const;
const NUMBERS = ['max_bag_weight_kg', 'max_bag_pieces', 'loading_close_minutes'] as const;
const CHOICES = [
  ['priority_tag_handling', PRIORITY_HANDLING],
  ['rush_tag_handling', RUSH_HANDLING],
] as const;

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([id, name]) => ({ id, name }));

/** The inline edit of one airline's settings, with the messages under each control (spec 8). */
export function SettingsForm({
  airlineName,
  edit,
  saving,
  send,
}: {
  airlineName: string;
  edit: BrsEdit;
  saving: boolean;
  send: (event: BrsConfigEvent) => void;
}) {
  const change = (field: keyof BrsSettings, value: BrsEdit['draft'][keyof BrsSettings]) =>
    send({ type: 'EDIT.CHANGE', field, value });
  const error = (field: string) => fieldMessage(edit.errors, field);
  return (
    <form
      className="brs-form"
      aria-label={`Настройки БРС: ${airlineName}`}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'EDIT.SAVE' });
      }}
    >
      <div className="brs-form__flags">
        {FLAGS.map((field) => (
          <div key={field}>
            <ToggleSwitch
              label={BRS_LABELS[field]}
              checked={edit.draft[field]}
              disabled={saving}
              onChange={(checked) => change(field, checked)}
            />
            <FieldError message={error(field)} />
          </div>
        ))}
      </div>
      <div className="brs-form__fields">
        {NUMBERS.map((field) => (
          <NumberInput
            key={field}
            label={BRS_LABELS[field]}
            value={edit.draft[field]}
            disabled={saving}
            error={error(field)}
            onChange={(value) => change(field, value)}
          />
        ))}
        {CHOICES.map(([field, labels]) => (
          <Select
            key={field}
            label={BRS_LABELS[field]}
            options={options(labels)}
            value={edit.draft[field]}
            disabled={saving}
            error={error(field)}
            onChange={(id) => {
              if (id !== null) change(field, String(id) as BrsSettings[typeof field]);
            }}
          />
        ))}
      </div>
      {edit.message ? (
        <p className="brs-form__message" role="alert">
          {edit.message}
        </p>
      ) : null}
      <div className="brs-form__actions">
        <button type="submit" className="w-button" disabled={saving}>
          {saving ? 'Сохранение…' : 'Сохранить'}
        </button>
        <button
          type="button"
          className="w-button w-button--secondary"
          disabled={saving}
          onClick={() => send({ type: 'EDIT.CANCEL' })}
        >
          Отмена
        </button>
      </div>
    </form>
  );
}
