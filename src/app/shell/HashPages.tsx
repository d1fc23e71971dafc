import { useLocation } from 'react-router';
import { Page, PageCard, PageTitle } from '../../widgets/index.ts';
import type { RouteEntry } from '../routes.ts';
import { Screen } from './Screen.tsx';

/** A base path whose pages are chosen by hash (`/system/config#kpi_report`); with no known hash, their list. */
export function HashPages({ entries }: { entries: RouteEntry[] }) {
  const { pathname, hash } = useLocation();
  const entry = entries.find((candidate) => candidate.path === pathname + hash);
  if (entry) return <Screen entry={entry} />;
  return (
    <Page label="Настройки">
      <PageTitle title="Настройки" />
      <PageCard>
        <ul>
          {entries.map((candidate) => (
            <li key={candidate.path}>
              <a href={candidate.path}>{candidate.title}</a>
            </li>
          ))}
        </ul>
      </PageCard>
    </Page>
  );
}
