import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '../../machines/passwordChange.ts';
import { alertActor } from '../../widgets/Alert/alertStore.ts';
import { json, type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import { PasswordChange } from './PasswordChange.tsx';

afterEach(() => vi.unstubAllGlobals());

async function openAndFill(current: string, next: string, repeat: string) {
  render(<PasswordChange />);
  await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
  const dialog = screen.getByRole('dialog', { name: 'Смена пароля' });
  await userEvent.type(within(dialog).getByLabelText('Текущий пароль'), current);
  await userEvent.type(within(dialog).getByLabelText('Новый пароль'), next);
  await userEvent.type(within(dialog).getByLabelText('Повторите новый пароль'), repeat);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
  return dialog;
}

describe('when changing the password from the frame', () => {
  it('says under the repeat that the passwords differ, and sends nothing', async () => {
    const seen = stubFetch(() => json(500, {}));
    const dialog = await openAndFill('planner', 'new-secret-1', 'new-secret-2');
    expect(within(dialog).getByLabelText('Повторите новый пароль')).toHaveAccessibleDescription(
      PASSWORD_MESSAGES.mismatch,
    );
    expect(seen).toEqual([]);
  });

  it('puts the server field error under the current password', async () => {
    stubFetch(() =>
      json(422, { message: 'Проверьте заполнение полей', fields: { currentPassword: ['Неверный пароль'] } }),
    );
    const dialog = await openAndFill('wrong', 'new-secret-1', 'new-secret-1');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Текущий пароль')).toHaveAccessibleDescription('Неверный пароль'),
    );
    expect(screen.getByRole('dialog', { name: 'Смена пароля' })).toBeVisible();
  });

  it('sends both passwords, closes and confirms on success', async () => {
    const seen: SeenRequest[] = stubFetch(() => new Response(null, { status: 204 }));
    await openAndFill('planner', 'new-secret-1', 'new-secret-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen).toMatchObject([
      {
        method: 'POST',
        path: '/api/auth/password',
        body: { currentPassword: 'planner', newPassword: 'new-secret-1' },
      },
    ]);
    expect(alertActor.getSnapshot().context).toEqual({ message: PASSWORD_MESSAGES.changed, type: 'Success' });
  });
});

describe('when closing the password form', () => {
  it('closes an untouched form at once, and asks first once a password is typed', async () => {
    render(<PasswordChange />);
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    const dialog = screen.getByRole('dialog', { name: 'Смена пароля' });
    await userEvent.type(within(dialog).getByLabelText('Текущий пароль'), 'planner');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    const question = screen.getByRole('alertdialog', { name: 'Закрыть форму?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Продолжить редактирование' }));
    expect(within(dialog).getByLabelText('Текущий пароль')).toHaveValue('planner');

    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть без сохранения' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
