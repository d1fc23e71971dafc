import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../app/api/errors.ts';
import { PASSWORD_MIN_LENGTH, type PasswordChangePayload } from '../shared/auth.ts';
import { MESSAGES } from '../shared/messages.ts';
import { PASSWORD_MESSAGES, type PasswordForm, passwordChangeMachine } from './passwordChange.ts';

const GOOD: PasswordForm = {
  currentPassword: 'planner',
  newPassword: 'new-secret-1',
  repeat: 'new-secret-1',
};

/** An opened password form whose server call and confirmation are fakes. */
function start(answer: (payload: PasswordChangePayload) => Promise<void> = async () => undefined) {
  const sent: PasswordChangePayload[] = [];
  const announceChanged = vi.fn();
  const changePassword = fromPromise<void, PasswordChangePayload>(({ input }) => {
    sent.push(input);
    return answer(input);
  });
  const actor = createActor(
    passwordChangeMachine.provide({ actors: { changePassword }, actions: { announceChanged } }),
  ).start();
  actor.send({ type: 'PASSWORD.OPEN' });
  return { actor, sent, announceChanged };
}

function fill(actor: ReturnType<typeof start>['actor'], values: PasswordForm) {
  for (const field of ['currentPassword', 'newPassword', 'repeat'] as const) {
    actor.send({ type: 'FIELD.CHANGE', field, value: values[field] });
  }
}

describe('when closed', () => {
  it('starts closed and opens with an empty form', () => {
    const actor = createActor(passwordChangeMachine).start();
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'PASSWORD.OPEN' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().context.values).toEqual({ currentPassword: '', newPassword: '', repeat: '' });
  });
});

describe('when editing', () => {
  it('closes on cancel and forgets what was typed by the next opening', () => {
    const { actor } = start();
    fill(actor, GOOD);
    actor.send({ type: 'PASSWORD.CLOSE' });
    expect(actor.getSnapshot().hasTag('open')).toBe(false);
    actor.send({ type: 'PASSWORD.OPEN' });
    expect(actor.getSnapshot().context.values.currentPassword).toBe('');
  });
});

describe('when validating before sending', () => {
  it('requires the current password and a new one of the shared minimum length', () => {
    const { actor, sent } = start();
    fill(actor, { currentPassword: '', newPassword: 'short', repeat: 'short' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: [MESSAGES.required],
      newPassword: [`Не короче ${PASSWORD_MIN_LENGTH} символов`],
    });
    expect(sent).toEqual([]);
  });

  it('refuses a repeat that differs from the new password', () => {
    const { actor, sent } = start();
    fill(actor, { ...GOOD, repeat: 'new-secret-2' });
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().context.errors).toEqual({ repeat: [PASSWORD_MESSAGES.mismatch] });
    expect(sent).toEqual([]);
  });

  it('clears the error of the control being edited', () => {
    const { actor } = start();
    actor.send({ type: 'FORM.SUBMIT' });
    actor.send({ type: 'FIELD.CHANGE', field: 'currentPassword', value: 'planner' });
    expect(actor.getSnapshot().context.errors).not.toHaveProperty('currentPassword');
    expect(actor.getSnapshot().context.errors).toHaveProperty('newPassword');
  });
});

describe('when submitting', () => {
  it('sends the current and new password without the repeat and cannot be closed meanwhile', async () => {
    let release!: () => void;
    const { actor, sent } = start(() => new Promise<void>((resolve) => (release = resolve)));
    fill(actor, GOOD);
    actor.send({ type: 'FORM.SUBMIT' });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    expect(sent).toEqual([{ currentPassword: 'planner', newPassword: 'new-secret-1' }]);
    actor.send({ type: 'PASSWORD.CLOSE' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    release();
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
  });
});

describe('when the change succeeds', () => {
  it('closes, confirms once and leaves no password in memory', async () => {
    const { actor, announceChanged } = start();
    fill(actor, GOOD);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(announceChanged).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.values).toEqual({ currentPassword: '', newPassword: '', repeat: '' });
  });
});

describe('when the change fails', () => {
  it('puts the server field errors under the current and new password', async () => {
    const { actor, announceChanged } = start(() =>
      Promise.reject(
        new ApiError(
          'Проверьте заполнение полей',
          {
            currentPassword: ['Неверный текущий пароль'],
            newPassword: ['Пароль не должен совпадать с логином'],
          },
          422,
        ),
      ),
    );
    fill(actor, GOOD);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'failure' }));
    expect(actor.getSnapshot().context.errors).toEqual({
      currentPassword: ['Неверный текущий пароль'],
      newPassword: ['Пароль не должен совпадать с логином'],
    });
    expect(announceChanged).not.toHaveBeenCalled();
  });

  it('keeps the form open with the message of a failure without fields', async () => {
    const { actor } = start(() => Promise.reject(new TypeError('Failed to fetch')));
    fill(actor, GOOD);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'failure' }));
    expect(actor.getSnapshot().context.message).toMatch(/Сервер недоступен/);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
  });

  it('sends again after a correction', async () => {
    let attempt = 0;
    const { actor, sent, announceChanged } = start(() =>
      attempt++ === 0
        ? Promise.reject(new ApiError('Проверьте заполнение полей', { currentPassword: ['Неверный'] }, 422))
        : Promise.resolve(),
    );
    fill(actor, GOOD);
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'failure' }));
    actor.send({ type: 'FIELD.CHANGE', field: 'currentPassword', value: 'planner2' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'FORM.SUBMIT' });
    await waitFor(actor, (snapshot) => !snapshot.hasTag('open'));
    expect(sent.map((payload) => payload.currentPassword)).toEqual(['planner', 'planner2']);
    expect(announceChanged).toHaveBeenCalledTimes(1);
  });
});
