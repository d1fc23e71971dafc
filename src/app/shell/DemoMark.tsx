import { useDemoMode } from './demoMode.ts';

/** The hint beside the «Демо-режим» mark: what it means and how to leave it. */
export const DEMO_HINT =
  'Учётные записи с паролем, равным логину. Смените пароли или отключите демо-пользователей.';

/** A visible «Демо-режим» mark while the demo users exist (issue 7); nothing otherwise. */
export function DemoMark({ variant }: { variant: 'frame' | 'login' }) {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    // In the frame the hint is one line cut with an ellipsis (a four-line bar at 1280 px); the title holds it whole.
    <p
      className={`shell-demo shell-demo--${variant}`}
      role="note"
      aria-label="Демо-режим"
      title={variant === 'frame' ? DEMO_HINT : undefined}
    >
      <strong className="shell-demo__badge">Демо-режим</strong>
      <span className="shell-demo__hint">{DEMO_HINT}</span>
    </p>
  );
}
