import { useEffect, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { availableRoutes } from './access/availability.ts';
import { useRules } from './access/rules.ts';
import { redirectToLogin } from './api/session.ts';
import { readToken } from './api/storage.ts';
import { ROUTES, type RouteEntry } from './routes.ts';
import { AppFrame } from './shell/AppFrame.tsx';
import { HashPages } from './shell/HashPages.tsx';
import { Home } from './shell/Home.tsx';
import { LoginPage } from './shell/LoginPage.tsx';
import { NotFound } from './shell/NotFound.tsx';
import { Screen } from './shell/Screen.tsx';
import { loadSession } from './shell/session.ts';

/** react-router paths of the available entries: hash pages grouped under their base path, the showcase as a tree. */
function moduleRoutes(entries: RouteEntry[]) {
  const hashGroups = new Map<string, RouteEntry[]>();
  const plain: RouteEntry[] = [];
  for (const entry of entries) {
    const [base, hash] = entry.path.split('#');
    if (hash) hashGroups.set(base, [...(hashGroups.get(base) ?? []), entry]);
    else plain.push(entry);
  }
  return [
    ...plain.map((entry) => (
      <Route
        key={entry.path}
        path={entry.module === 'showcase' ? `${entry.path}/*` : entry.path}
        element={<Screen entry={entry} />}
      />
    )),
    ...[...hashGroups].map(([base, group]) => (
      <Route key={base} path={base} element={<HashPages entries={group} />} />
    )),
  ];
}

function SignedIn() {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const rules = useRules();
  useEffect(() => {
    if (!readToken()) {
      redirectToLogin();
      return;
    }
    loadSession().then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, []);
  if (state === 'loading') return <p className="shell__loading">Загрузка…</p>;
  if (state === 'failed') {
    return (
      <p role="alert" className="shell__loading">
        Не удалось связаться с сервером. Обновите страницу.
      </p>
    );
  }
  return (
    <Routes>
      <Route element={<AppFrame />}>
        <Route index element={<Home />} />
        {moduleRoutes(availableRoutes(ROUTES, rules))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** The application: the login page, or the signed-in frame with only the routes the user may open. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<SignedIn />} />
      </Routes>
    </BrowserRouter>
  );
}
