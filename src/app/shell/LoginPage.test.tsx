import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { json, type SeenRequest, stubFetch } from '../api/stubFetch.ts';
import { DEMO_HINT } from './DemoMark.tsx';
import { loadDemoMode, resetDemoMode } from './demoMode.ts';
import { LoginPage } from './LoginPage.tsx';

beforeEach(() => {
  resetDemoMode();
  // On /login a 401 does not navigate, which jsdom cannot do.
  window.history.replaceState(null, '', '/login');
});
afterEach(() => vi.unstubAllGlobals());

/** A server that answers the mode and, for a login, what `login` says. */
function server(demo: boolean, login: (request: SeenRequest) => Response = () => json(500, {})) {
  return stubFetch((request) => (request.path === '/api/auth/mode' ? json(200, { demo }) : login(request)));
}

describe('when the login form is sent', () => {
  it('puts the shared required message under each empty control and sends no login', async () => {
    const seen = server(false);
    render(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(screen.getByLabelText('Логин')).toHaveAccessibleDescription(MESSAGES.required);
    expect(screen.getByLabelText('Пароль')).toHaveAccessibleDescription(MESSAGES.required);
    expect(seen.map((request) => request.path)).not.toContain('/api/auth/login');
  });

  it('puts a server field error under its control', async () => {
    server(false, () =>
      json(422, { message: 'Проверьте заполнение полей', fields: { login: ['Учётная запись отключена'] } }),
    );
    render(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Логин'), 'ivanov');
    await userEvent.type(screen.getByLabelText('Пароль'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Логин')).toHaveAccessibleDescription('Учётная запись отключена'),
    );
    expect(screen.queryByText('Проверьте заполнение полей')).toBeNull();
  });

  it('shows the message of a refused login above the button', async () => {
    const seen = server(false, () => json(401, { message: 'Неверный логин или пароль' }));
    render(<LoginPage />);
    await userEvent.type(screen.getByLabelText('Логин'), ' admin ');
    await userEvent.type(screen.getByLabelText('Пароль'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный логин или пароль');
    expect(seen.find((request) => request.path === '/api/auth/login')?.body).toEqual({
      login: 'admin',
      password: 'wrong',
    });
    expect(screen.getByRole('button', { name: 'Войти' })).toBeEnabled();
  });
});

describe('when the server is in demo mode', () => {
  it('shows the «Демо-режим» mark with its hint', async () => {
    server(true);
    render(<LoginPage />);
    const mark = await screen.findByRole('note', { name: 'Демо-режим' });
    expect(mark).toHaveTextContent(DEMO_HINT);
  });

  it('shows no mark when the demo users are gone or the server cannot say', async () => {
    const seen = server(false);
    const { unmount } = render(<LoginPage />);
    await act(() => loadDemoMode());
    expect(seen.map((request) => request.path)).toEqual(['/api/auth/mode']);
    expect(screen.queryByRole('note', { name: 'Демо-режим' })).toBeNull();
    unmount();
    resetDemoMode();
    const failed = stubFetch(() => json(404, { message: 'Не найдено' }));
    render(<LoginPage />);
    await act(() => loadDemoMode());
    expect(failed).toHaveLength(1);
    expect(screen.queryByRole('note', { name: 'Демо-режим' })).toBeNull();
  });
});
