import { useActorRef, useSelector } from '@xstate/react';
import {
  hasTypedPassword,
  type PasswordField,
  passwordChangeMachine,
} from '../../machines/passwordChange.ts';
import { Modal } from '../../widgets/Modal.tsx';
import { TextInput } from '../../widgets/TextInput.tsx';
import { fieldMessage, formMessage } from '../api/errors.ts';

const FIELDS: readonly { field: PasswordField; label: string; autoComplete: string }[] = [
  { field: 'currentPassword', label: 'Текущий пароль', autoComplete: 'current-password' },
  { field: 'newPassword', label: 'Новый пароль', autoComplete: 'new-password' },
  { field: 'repeat', label: 'Повторите новый пароль', autoComplete: 'new-password' },
];
const CONTROLS = FIELDS.map(({ field }) => field);

/** «Сменить пароль» in the frame's user area: a modal with the current password, the new one and its repeat. */
export function PasswordChange() {
  const form = useActorRef(passwordChangeMachine);
  const open = useSelector(form, (snapshot) => snapshot.hasTag('open'));
  const submitting = useSelector(form, (snapshot) => snapshot.hasTag('submitting'));
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const errors = useSelector(form, (snapshot) => snapshot.context.errors);
  const message = useSelector(form, (snapshot) => snapshot.context.message);
  const dirty = useSelector(form, (snapshot) => hasTypedPassword(snapshot.context));
  const shown = formMessage(message ? { message, fields: errors } : null, CONTROLS);

  return (
    <>
      <button
        type="button"
        className="w-button w-button--secondary"
        onClick={() => form.send({ type: 'PASSWORD.OPEN' })}
      >
        Сменить пароль
      </button>
      <Modal
        open={open}
        title="Смена пароля"
        width={420}
        disabled={submitting}
        submitDisabled={submitting}
        onClose={() => form.send({ type: 'PASSWORD.CLOSE' })}
        onSubmit={() => form.send({ type: 'FORM.SUBMIT' })}
        dirty={dirty}
      >
        <form
          className="shell-password"
          aria-label="Смена пароля"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            form.send({ type: 'FORM.SUBMIT' });
          }}
        >
          {FIELDS.map(({ field, label, autoComplete }, index) => (
            <TextInput
              key={field}
              label={label}
              name={field}
              type="password"
              autoComplete={autoComplete}
              autoFocus={index === 0}
              value={values[field]}
              error={fieldMessage(errors, field)}
              readOnly={submitting}
              onChange={(value) => form.send({ type: 'FIELD.CHANGE', field, value })}
            />
          ))}
          {shown ? (
            <p role="alert" className="shell-password__error">
              {shown}
            </p>
          ) : null}
          {/* Enter in a field submits; the visible button is the modal's «Сохранить». */}
          <button type="submit" hidden />
        </form>
      </Modal>
    </>
  );
}
