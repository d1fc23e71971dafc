import { useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { AlertBanner } from '../../widgets/index.ts';
import { availableRoutes } from '../access/availability.ts';
import { useRules } from '../access/rules.ts';
import { readTimeZone, writeTimeZone } from '../api/storage.ts';
import { ROUTES } from '../routes.ts';
import { ChunkErrorBanner } from './ChunkError.tsx';
import { DemoMark } from './DemoMark.tsx';
import { LiveFeedStatus } from './LiveFeedStatus.tsx';
import { PasswordChange } from './PasswordChange.tsx';
import { signOut, useSessionUser } from './session.ts';
import { zoneOptions } from './zones.ts';

/**
 * The skip link's action: focus goes to the screen's main region (made focusable from script only), past the menu's
 * links, so the next Tab reaches the screen's first control.
 */
function skipToContent() {
  const main =
    document.querySelector<HTMLElement>('.shell__main main') ?? document.querySelector<HTMLElement>('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}

/**
 * The frame around every screen: the skip link, the menu of routes the user may open, the demo mark, the live feed's
 * status, the time zone, the user with the password change, logout.
 */
export function AppFrame() {
  const user = useSessionUser();
  const rules = useRules();
  const [zone, setZone] = useState(readTimeZone);
  const menu = availableRoutes(ROUTES, rules).filter((entry) => entry.inMenu);

  function changeZone(next: string) {
    writeTimeZone(next);
    setZone(next);
    location.reload();
  }

  async function leave() {
    // The token is forgotten even when the server cannot be told; the login page follows either way.
    await signOut().catch(() => undefined);
    location.assign('/login');
  }

  return (
    <div className="shell">
      {/* A button, not a link to #main: the address's hash names a page of some screens (HashPages). */}
      <button type="button" className="shell__skip" onClick={skipToContent}>
        Перейти к содержимому
      </button>
      <aside className="shell__side">
        <a className="shell__brand" href="/">
          Наземное обслуживание
        </a>
        <nav aria-label="Разделы">
          <ul className="shell__menu">
            {menu.map((entry) => (
              <li key={entry.path}>
                {entry.path.includes('#') ? (
                  <a href={entry.path}>{entry.title}</a>
                ) : (
                  <NavLink to={entry.path} reloadDocument>
                    {entry.title}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="shell__main">
        <header className="shell__top">
          <ChunkErrorBanner />
          <DemoMark variant="frame" />
          <LiveFeedStatus />
          <label className="shell__zone">
            Часовой пояс
            <select value={zone} onChange={(e) => changeZone(e.target.value)}>
              {zoneOptions(zone).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="shell__user" aria-label="Пользователь">
            {user?.name}
          </fieldset>
          <PasswordChange />
          <button type="button" className="w-button w-button--secondary" onClick={leave}>
            Выйти
          </button>
        </header>
        <Outlet />
        <AlertBanner />
      </div>
    </div>
  );
}
