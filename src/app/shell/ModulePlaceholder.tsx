import { Page, PageCard, PageTitle } from '../../widgets/index.ts';
import { useRouteEntry } from './RouteEntryContext.ts';

/** Stands for a screen whose issue has not landed yet: its title and a short note. */
export function ModulePlaceholder() {
  const entry = useRouteEntry();
  const title = entry?.title ?? 'Раздел';
  return (
    <Page label={title}>
      <PageTitle title={title} />
      <PageCard>
        <p>Экран «{title}» готовится и появится в одной из ближайших версий.</p>
      </PageCard>
    </Page>
  );
}
