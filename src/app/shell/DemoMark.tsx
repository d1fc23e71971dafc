import { useDemoMode } from './demoMode.ts';

/** The hint beside the «Демо-режим» mark: what it means and how to leave it. */
export const DEMO_HINT =
  'Учётные записи с паролем, равным логину. Смените пароли или отключите демо-пользователей.';

/** A visible «Демо-режим» mark while the demo users exist (issue 7); nothing otherwise. */
export function DemoMark({ variant }: { variant: 'frame' | 'login' }) {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    <p className={`shell-demo shell-demo--${variant}`} role="note" aria-label="Демо-режим">
      <strong className="shell-demo__badge">Демо-режим</strong>
      <span className="shell-demo__hint">{DEMO_HINT}</span>
    </p>
  );
}
