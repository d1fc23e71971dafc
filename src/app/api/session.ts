import { writeToken } from './storage.ts';

/** True from the moment the user signs out until the next sign-in. */
let signingOut = false;

/**
 * Marks a sign-out in progress (or over, with false at the next sign-in): the screen's requests still in flight
 * answer 401 once the server has ended the session, and that must not turn the way to the login page into a
 * «come back to this screen» redirect.
 */
export function markSigningOut(value: boolean): void {
  signingOut = value;
}

/** Drops the token and sends the user to the login page, to come back to where they were. */
export function redirectToLogin(): void {
  if (signingOut) return;
  writeToken(null);
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname === '/login') return;
  location.assign(`/login?next=${encodeURIComponent(here)}`);
}
