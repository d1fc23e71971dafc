import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAdmin } from '../../src/server/auth/users.ts';
import { bearer, createTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
  await app.auth.createUser('dispatcher', 'Диспетчер', 'dispatcher-pass', ['viewer']);
});
afterAll(() => app.close());

const login = (login: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { login, password } });

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: bearer(token),
    payload: { currentPassword, newPassword },
  });

describe('when asking whether the app runs in demo mode', () => {
  it('answers without a token that demo users exist', async () => {
    const res = await app.inject({ url: '/api/auth/mode' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ demo: true });
  });
});

describe('when a signed-in user changes the password', () => {
  it('answers 204; the new password signs in, the old does not, and only the current session survives', async () => {
    const other = (await login('dispatcher', 'dispatcher-pass')).json().token;
    const current = (await login('dispatcher', 'dispatcher-pass')).json().token;
    const res = await changePassword(current, 'dispatcher-pass', 'a-new-password');
    expect(res.statusCode).toBe(204);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(current) })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(other) })).statusCode).toBe(401);
    expect((await login('dispatcher', 'dispatcher-pass')).statusCode).toBe(401);
    expect((await login('dispatcher', 'a-new-password')).statusCode).toBe(200);
  });

  it('answers 422 on currentPassword when it is wrong, and changes nothing', async () => {
    const token = (await login('dispatcher', 'a-new-password')).json().token;
    const res = await changePassword(token, 'not-my-password', 'yet-another-one');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Проверьте заполнение полей',
      fields: { currentPassword: ['Неверный текущий пароль'] },
    });
    expect((await login('dispatcher', 'a-new-password')).statusCode).toBe(200);
  });

  it('answers 422 on newPassword when it is shorter than the minimum or equal to the login', async () => {
    const token = (await login('dispatcher', 'a-new-password')).json().token;
    const short = await changePassword(token, 'a-new-password', 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().fields).toEqual({ newPassword: ['Не короче 8 символов'] });
    const same = await changePassword(token, 'a-new-password', 'Dispatcher');
    expect(same.statusCode).toBe(422);
    expect(same.json().fields).toEqual({ newPassword: ['Пароль не должен совпадать с логином'] });
    expect((await login('dispatcher', 'a-new-password')).statusCode).toBe(200);
  });

  it('answers 422 on newPassword when it is blank, longer than 256 characters or a common password', async () => {
    const token = (await login('dispatcher', 'a-new-password')).json().token;
    const refused = {
      [' '.repeat(8)]: 'Пароль не может состоять только из пробелов',
      ' \t  \n   \u00a0 ': 'Пароль не может состоять только из пробелов',
      ['x'.repeat(257)]: 'Не длиннее 256 символов',
      password: 'Слишком распространённый пароль, выберите другой',
      '12345678': 'Слишком распространённый пароль, выберите другой',
      ' Qwerty123 ': 'Слишком распространённый пароль, выберите другой',
      ADMIN123: 'Слишком распространённый пароль, выберите другой',
    };
    for (const [newPassword, message] of Object.entries(refused)) {
      const res = await changePassword(token, 'a-new-password', newPassword);
      expect(res.statusCode, JSON.stringify(newPassword)).toBe(422);
      expect(res.json().fields).toEqual({ newPassword: [message] });
    }
    expect((await login('dispatcher', 'a-new-password')).statusCode).toBe(200);
    // 256 characters are still a password.
    expect((await changePassword(token, 'a-new-password', 'y'.repeat(256))).statusCode).toBe(204);
    expect((await login('dispatcher', 'y'.repeat(256))).statusCode).toBe(200);
    expect((await changePassword(token, 'y'.repeat(256), 'a-new-password')).statusCode).toBe(204);
  });

  it('refuses a password longer than 256 characters at login with 422, before any hashing', async () => {
    const res = await login('dispatcher', 'x'.repeat(300));
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ password: ['Не длиннее 256 символов'] });
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { currentPassword: 'x', newPassword: 'long-enough' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes the demo mark off a demo user, and demo mode ends with the last one', async () => {
    for (const demo of ['admin', 'planner', 'tariff', 'brigadir']) {
      expect((await changePassword(await loginAs(app, demo), demo, `${demo}-changed-1`)).statusCode).toBe(
        204,
      );
    }
    expect((await app.inject({ url: '/api/auth/mode' })).json()).toEqual({ demo: true });
    expect(
      (await changePassword(await loginAs(app, 'viewer'), 'viewer', 'viewer-changed-1')).statusCode,
    ).toBe(204);
    expect((await app.inject({ url: '/api/auth/mode' })).json()).toEqual({ demo: false });
  });
});

describe('when a user is disabled', () => {
  it('refuses their open session at once and their login with the wrong-password message', async () => {
    const token = (await login('dispatcher', 'a-new-password')).json().token;
    await createUserAdmin(app.dbh).setEnabled('dispatcher', false);
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const res = await login('dispatcher', 'a-new-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Неверный логин или пароль' });
    await createUserAdmin(app.dbh).setEnabled('dispatcher', true);
    expect((await login('dispatcher', 'a-new-password')).statusCode).toBe(200);
  });

  it('refuses a session even when the flag is set without ending it', async () => {
    const token = (await login('dispatcher', 'a-new-password')).json().token;
    await app.dbh.query("update users set enabled = false where login = 'dispatcher'");
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    await app.dbh.query("update users set enabled = true where login = 'dispatcher'");
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
  });
});
