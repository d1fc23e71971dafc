import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSigningOut, redirectToLogin } from './session.ts';

afterEach(() => {
  markSigningOut(false);
  vi.unstubAllGlobals();
});

function stubLocation(pathname: string) {
  const assign = vi.fn();
  vi.stubGlobal('location', { pathname, search: '', hash: '', assign });
  return assign;
}

describe('when a call answers 401', () => {
  it('drops the token and sends the user to login, to come back to the screen', () => {
    localStorage.setItem('token', 'stale');
    const assign = stubLocation('/tariff/service');
    redirectToLogin();
    expect(localStorage.getItem('token')).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login?next=%2Ftariff%2Fservice');
  });

  it('does nothing while the user is signing out: the screen is being left on purpose', () => {
    const assign = stubLocation('/tariff/service');
    markSigningOut(true);
    redirectToLogin();
    expect(assign).not.toHaveBeenCalled();
  });
});
