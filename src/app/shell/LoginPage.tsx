import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../shared/messages.ts';
import { login } from './session.ts';

function nextPath(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** The login page: login and password; on success the user goes back to where they were sent from. */
export function LoginPage() {
  const [loginName, setLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!loginName.trim() || !password) {
      setError(MESSAGES.required);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await login(loginName.trim(), password);
      location.assign(nextPath());
    } catch (failure) {
      const data = (failure as { data?: { message?: string } }).data;
      setError(data?.message ?? 'Сервер недоступен. Повторите попытку');
      setPending(false);
    }
  }

  return (
    <main className="shell-login">
      <form className="shell-login__form" onSubmit={submit} aria-label="Вход в систему">
        <h1>Наземное обслуживание</h1>
        <label>
          Логин
          <input
            className="w-input"
            name="login"
            autoComplete="username"
            value={loginName}
            autoFocus
            onChange={(e) => setLoginName(e.target.value)}
          />
        </label>
        <label>
          Пароль
          <input
            className="w-input"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className="shell-login__error">
            {error}
          </p>
        ) : null}
        <button type="submit" className="w-button" disabled={pending}>
          Войти
        </button>
      </form>
    </main>
  );
}
