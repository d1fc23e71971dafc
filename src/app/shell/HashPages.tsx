import { useLocation } from 'react-router';
import { hashAddress } from '../access/availability.ts';
import type { RouteEntry } from '../routes.ts';
import { RouteListPage } from './RouteListPage.tsx';
import { Screen } from './Screen.tsx';

/** A base path whose pages are chosen by hash (`/system/config#kpi_report`); with no known hash, their list. */
export function HashPages({ entries }: { entries: RouteEntry[] }) {
  const { pathname, hash } = useLocation();
  const entry = entries.find((candidate) => candidate.path === hashAddress(pathname, hash));
  if (entry) return <Screen entry={entry} />;
  return <RouteListPage title="Настройки" entries={entries} />;
}
