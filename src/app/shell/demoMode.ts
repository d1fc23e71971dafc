import { useEffect, useSyncExternalStore } from 'react';
import * as auth from '../auth/api.ts';

let demo = false;
let asked: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Asks `GET /api/auth/mode` once per page load. A failed answer leaves the mark off: the mark warns, it never
 * blocks, and the same page load asks again only after a reload.
 */
export function loadDemoMode(): Promise<void> {
  asked ??= auth.mode().then(
    (mode) => {
      demo = mode.demo;
      for (const listener of listeners) listener();
    },
    () => undefined,
  );
  return asked;
}

/** Forgets the answer; for tests. */
export function resetDemoMode(): void {
  demo = false;
  asked = null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the server says the demo users (password = login) exist. */
export function useDemoMode(): boolean {
  useEffect(() => {
    void loadDemoMode();
  }, []);
  return useSyncExternalStore(
    subscribe,
    () => demo,
    () => demo,
  );
}
