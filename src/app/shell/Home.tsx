import { Page, PageCard, PageTitle } from '../../widgets/index.ts';
import { availableRoutes } from '../access/availability.ts';
import { useRules } from '../access/rules.ts';
import { ROUTES } from '../routes.ts';
import { useSessionUser } from './session.ts';

/** The start page: a greeting and the screens the user may open. */
export function Home() {
  const user = useSessionUser();
  const entries = availableRoutes(ROUTES, useRules()).filter((entry) => entry.inMenu);
  return (
    <Page label="Главная">
      <PageTitle title={`Добро пожаловать, ${user?.name ?? ''}`} />
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
