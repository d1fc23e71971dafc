import { availableRoutes } from '../access/availability.ts';
import { useRules } from '../access/rules.ts';
import { ROUTES } from '../routes.ts';
import { RouteListPage } from './RouteListPage.tsx';
import { useSessionUser } from './session.ts';

/** The start page: a greeting and the screens the user may open. */
export function Home() {
  const user = useSessionUser();
  const entries = availableRoutes(ROUTES, useRules()).filter((entry) => entry.inMenu);
  return <RouteListPage title={`Добро пожаловать, ${user?.name ?? ''}`} entries={entries} />;
}
