import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../widgets/index.ts';
import { App } from './App.tsx';
import { matchRoute } from './access/availability.ts';
import { ROUTES } from './routes.ts';
import './shell/shell.css';

// A hash change to a module route reloads the page (spec 2.1), so the hash page starts afresh.
window.addEventListener('hashchange', () => {
  const entry = matchRoute(ROUTES, location.pathname, location.hash);
  if (entry?.path.includes('#')) location.reload();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
