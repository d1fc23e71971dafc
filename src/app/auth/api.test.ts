import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, CLIENT_MESSAGES } from '../api/errors.ts';
import { json, stubFetch } from '../api/stubFetch.ts';
import { changePassword, login, logout, me, mode, rules } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with one answer for every request and records what was sent. */
function answer(respond: () => Response) {
  return stubFetch(() => respond());
}

function reply(status: number, body: unknown) {
  return () => json(status, body);
}

const USER = { id: 1, login: 'admin', name: 'Администратор Демо', rules: ['team-all'], department_id: null };

describe('when signing in', () => {
  it('posts the login and password and answers the token and the user', async () => {
    const seen = answer(reply(200, { token: 'tok', user: USER }));
    await expect(login({ login: 'admin', password: 'admin' })).resolves.toEqual({ token: 'tok', user: USER });
    expect(seen).toMatchObject([
      { method: 'POST', path: '/api/auth/login', body: { login: 'admin', password: 'admin' } },
    ]);
  });

  it('rejects with the server message on a refused login', async () => {
    // A 401 sends the user to /login; being there already keeps jsdom from navigating.
    window.history.replaceState(null, '', '/login');
    answer(reply(401, { message: 'Неверный логин или пароль' }));
    const failure = await login({ login: 'admin', password: 'x' }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Неверный логин или пароль', fields: {}, status: 401 });
  });

  it('rejects an answer without a token as a bad answer', async () => {
    answer(reply(200, { user: USER }));
    await expect(login({ login: 'admin', password: 'admin' })).rejects.toMatchObject({
      message: CLIENT_MESSAGES.badAnswer,
    });
  });
});

describe('when asking about the session', () => {
  it('reads the user with the stored token', async () => {
    localStorage.setItem('token', 'tok');
    const seen = answer(reply(200, USER));
    await expect(me()).resolves.toEqual(USER);
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/auth/me', authorization: 'Bearer tok' });
  });

  it('refuses a user whose rules are not a list of strings', async () => {
    answer(reply(200, { ...USER, rules: 'all' }));
    await expect(me()).rejects.toMatchObject({ message: CLIENT_MESSAGES.badAnswer });
  });

  it('asks for the rules by repeated names[] and hands back the raw answer', async () => {
    const seen = answer(reply(200, { not: 'a list' }));
    await expect(rules(['calc-index', 'team-all'])).resolves.toEqual({ not: 'a list' });
    expect(seen[0]).toMatchObject({ path: '/api/v1/rule', query: '?names[]=calc-index&names[]=team-all' });
  });

  it('logs out with a POST answered by 204', async () => {
    const seen = answer(() => new Response(null, { status: 204 }));
    await expect(logout()).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/auth/logout' });
  });
});

describe('when asking for the mode', () => {
  it('answers whether the demo users exist', async () => {
    const seen = answer(reply(200, { demo: true }));
    await expect(mode()).resolves.toEqual({ demo: true });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/auth/mode' });
  });

  it('rejects with a network message when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(mode()).rejects.toMatchObject({ message: CLIENT_MESSAGES.network, status: null });
  });
});

describe('when changing the password', () => {
  const payload = { currentPassword: 'admin', newPassword: 'long-enough-1' };

  it('posts both passwords and resolves on 204', async () => {
    const seen = answer(() => new Response(null, { status: 204 }));
    await expect(changePassword(payload)).resolves.toBeUndefined();
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/auth/password', body: payload });
  });

  it('rejects with the field errors of a 422', async () => {
    answer(
      reply(422, { message: 'Проверьте заполнение полей', fields: { currentPassword: ['Неверный пароль'] } }),
    );
    await expect(changePassword(payload)).rejects.toMatchObject({
      status: 422,
      fields: { currentPassword: ['Неверный пароль'] },
    });
  });

  it('rejects with the status message when a proxy answers an HTML page', async () => {
    answer(() => new Response('<html>502</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(changePassword(payload)).rejects.toMatchObject({ message: 'Внутренняя ошибка сервера' });
  });
});
