import { RUSH_LIMITS } from '../../shared/rush-baggage.ts';
import { TextInput } from '../../widgets/index.ts';
import { type FieldErrors, fieldMessage } from '../api/errors.ts';

export interface EmailListProps {
  emails: readonly string[];
  errors: FieldErrors;
  disabled: boolean;
  onSet: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** The e-mail addresses told of the rush (spec 3, 5: valid e-mails); errors under their row (`emailAddresses.1`). */
export function EmailList({ emails, errors, disabled, onSet, onAdd, onRemove }: EmailListProps) {
  return (
    <fieldset className="rush-emails" disabled={disabled}>
      <legend>Уведомить по электронной почте</legend>
      {emails.map((email, index) => (
        // The rows have no identity but their place, which is also how errors name them.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className="rush-emails__row">
          <TextInput
            label={`Адрес ${index + 1}`}
            type="email"
            value={email}
            onChange={(value) => onSet(index, value)}
            placeholder="name@example.com"
            error={fieldMessage(errors, `emailAddresses.${index}`)}
          />
          <button
            type="button"
            className="w-button w-button--secondary"
            aria-label={`Удалить адрес ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            ×
          </button>
        </div>
      ))}
      {fieldMessage(errors, 'emailAddresses') ? (
        <p className="w-field__error rush-list-error" role="alert">
          {fieldMessage(errors, 'emailAddresses')}
        </p>
      ) : null}
      <button
        type="button"
        className="w-button w-button--secondary"
        onClick={onAdd}
        disabled={emails.length >= RUSH_LIMITS.emails}
      >
        Добавить адрес
      </button>
    </fieldset>
  );
}
