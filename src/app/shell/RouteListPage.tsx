import { Page, PageCard, PageTitle } from '../../widgets/index.ts';
import type { RouteEntry } from '../routes.ts';

/** A page whose content is links to screens: the start page, the list of a hash-page group. */
export function RouteListPage({ title, entries }: { title: string; entries: readonly RouteEntry[] }) {
  return (
    <Page label={title}>
      <PageTitle title={title} />
      <PageCard title="Разделы">
        <ul className="shell-home__list">
          {entries.map((entry) => (
            <li key={entry.path}>
              <a href={entry.path}>{entry.title}</a>
            </li>
          ))}
        </ul>
      </PageCard>
    </Page>
  );
}
