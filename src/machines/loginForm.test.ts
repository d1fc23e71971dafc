import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import type { LoginPayload } from '../shared/auth.ts';
import { MESSAGES } from '../shared/messages.ts';
import { loginFormMachine } from './loginForm.ts';

/** A login form whose sign-in and navigation are fakes: `answer` decides how the server replies. */
function start(answer: (payload: LoginPayload) => Promise<void> = async () => undefined) {
  const sent: LoginPayload[] = [];
  const enterApp = vi.fn();
  const signIn = fromPromise<void, LoginPayload>(({ input }) => {
    sent.push(input);
    return answer(input);
  });
  const actor = createActor(loginFormMachine.provide({ actors: { signIn }, actions: { enterApp } }), {
    input: { next: '/tariff/service' },
  }).start();
  return { actor, sent, enterApp };
}

function fill(actor: ReturnType<typeof start>['actor'], login: string, password: string) {
  actor.send({ type: 'FIELD.CHANGE', field: 'login', value: login });
  actor.send({ type: 'FIELD.CHANGE', field: 'password', value: password });
}

describe('when editing', () => {
  it('starts empty, without errors and not submitting', () => {
    const { actor } = start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('editing');
    expect(snapshot.context).toMatchObject({
      values: { login: '', password: '' },
      errors: {},
      message: null,
    });
    expect(snapshot.hasTag('submitting')).toBe(false);
  });

  it('keeps what is typed', () => {
    const { actor } = start();
    fill(actor, 'admin', 'secret');
    expect(actor.getSnapshot().context.values).toEqual({ login: 'admin', password: 'secret' });
  });
});

describe('when validating before sending', () => {
  it('puts the shared required message under each empty control and sends nothing', () => {
    const { actor, sent } = start();
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      login: [MESSAGES.required],
      password: [MESSAGES.required],
    });
    expect(sent).toEqual([]);
  });

  it('treats a login of spaces as empty', () => {
    const { actor, sent } = start();
    fill(actor, '   ', 'secret');
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ login: [MESSAGES.required] });
    expect(sent).toEqual([]);
  });

  it('clears the error of a control once it is edited, leaving the others', () => {
    const { actor } = start();
    actor.send({ type: 'FORM.SUBMIT' });
    actor.send({ type: 'FIELD.CHANGE', field: 'login', value: 'a' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: [MESSAGES.required] });
  });
});

describe('when submitting', () => {
  it('sends the trimmed login and is busy until the answer', async () => {
    let release!: () => void;
    const { actor, sent } = start(() => new Promise<void>((resolve) => (release = resolve)));
    fill(actor, '  admin ', 'admin');
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(sent).toEqual([{ login: 'admin', password: 'admin' }]);
    actor.send({ type: 'FORM.SUBMIT' });
    expect(sent).toHaveLength(1);
    release();
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
  });
});

describe('when the sign-in succeeds', () => {
  it('enters the app once, at the page the user was sent from', async () => {
    const { actor, enterApp } = start();
    fill(actor, 'admin', 'admin');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'success');
    expect(enterApp).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.next).toBe('/tariff/service');
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
  });
});

describe('when the sign-in fails', () => {
  it('shows the server message of a refused login and stays on the form', async () => {
    const { actor, enterApp } = start(() =>
      Promise.reject(new ApiError('Неверный логин или пароль', {}, 401)),
    );
    fill(actor, 'admin', 'wrong');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'failure');
    expect(actor.getSnapshot().context.message).toBe('Неверный логин или пароль');
    expect(actor.getSnapshot().hasTag('submitting')).toBe(false);
    expect(enterApp).not.toHaveBeenCalled();
  });

  it('puts the server field errors under the matching controls', async () => {
    const { actor } = start(() =>
      Promise.reject(
        new ApiError('Проверьте заполнение полей', { login: ['Учётная запись отключена'] }, 422),
      ),
    );
    fill(actor, 'ivanov', 'secret');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'failure');
    expect(actor.getSnapshot().context.errors).toEqual({ login: ['Учётная запись отключена'] });
  });

  it('reads a raw network failure through the one parser', async () => {
    const { actor } = start(() => Promise.reject(new TypeError('Failed to fetch')));
    fill(actor, 'admin', 'admin');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'failure');
    expect(actor.getSnapshot().context.message).toMatch(/Сервер недоступен/);
  });

  it('goes back to editing on a change and sends again on submit', async () => {
    let attempt = 0;
    const { actor, sent, enterApp } = start(() =>
      attempt++ === 0
        ? Promise.reject(new ApiError('Неверный логин или пароль', {}, 401))
        : Promise.resolve(),
    );
    fill(actor, 'admin', 'wrong');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'failure');
    actor.send({ type: 'FIELD.CHANGE', field: 'password', value: 'admin' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.value === 'success');
    expect(sent.map((payload) => payload.password)).toEqual(['wrong', 'admin']);
    expect(actor.getSnapshot().context.message).toBeNull();
    expect(enterApp).toHaveBeenCalledTimes(1);
  });
});
