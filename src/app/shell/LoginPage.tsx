import { useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { type LoginField, loginFormMachine } from '../../machines/loginForm.ts';
import { TextInput } from '../../widgets/TextInput.tsx';
import { fieldMessage, formMessage } from '../api/errors.ts';
import { DemoMark } from './DemoMark.tsx';

const CONTROLS: readonly LoginField[] = ['login', 'password'];

/** Where to go after login: the `next` of the address when it is a path of this site, else the start page. */
function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** The login page: login and password checked by the shared schema, errors under the controls. */
export function LoginPage() {
  const form = useActorRef(loginFormMachine, { input: { next: nextPath() } });
  const values = useSelector(form, (snapshot) => snapshot.context.values);
  const errors = useSelector(form, (snapshot) => snapshot.context.errors);
  const message = useSelector(form, (snapshot) => snapshot.context.message);
  const submitting = useSelector(form, (snapshot) => snapshot.hasTag('submitting'));
  const shown = formMessage(message ? { message, fields: errors } : null, CONTROLS);

  function change(field: LoginField) {
    return (value: string) => form.send({ type: 'FIELD.CHANGE', field, value });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.send({ type: 'FORM.SUBMIT' });
  }

  return (
    <main className="shell-login">
      <DemoMark variant="login" />
      <form className="shell-login__form" onSubmit={submit} aria-label="Вход в систему" noValidate>
        <h1>Наземное обслуживание</h1>
        <TextInput
          label="Логин"
          name="login"
          autoComplete="username"
          autoFocus
          value={values.login}
          error={fieldMessage(errors, 'login')}
          readOnly={submitting}
          onChange={change('login')}
        />
        <TextInput
          label="Пароль"
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={fieldMessage(errors, 'password')}
          readOnly={submitting}
          onChange={change('password')}
        />
        {shown ? (
          <p role="alert" className="shell-login__error">
            {shown}
          </p>
        ) : null}
        <button type="submit" className="w-button" disabled={submitting}>
          Войти
        </button>
      </form>
    </main>
  );
}
