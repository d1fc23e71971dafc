import { writeToken } from './storage.ts';

/** Drops the token and sends the user to the login page, to come back to where they were. */
export function redirectToLogin(): void {
  writeToken(null);
  const here = `${location.pathname}${location.search}${location.hash}`;
  if (location.pathname === '/login') return;
  location.assign(`/login?next=${encodeURIComponent(here)}`);
}
