import { Link } from 'react-router';
import { Page, PageCard, PageTitle } from '../../widgets/index.ts';

/** The page for a path that is not in the route table or not open to the user. */
export function NotFound() {
  return (
    <Page label="Страница не найдена">
      <PageTitle title="Страница не найдена" />
      <PageCard>
        <p>Такой страницы нет или у вас нет к ней доступа.</p>
        <Link to="/">На главную</Link>
      </PageCard>
    </Page>
  );
}
