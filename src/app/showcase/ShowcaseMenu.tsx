import { Link } from 'react-router';
import { Page, PageCard, PageTitle } from '../../widgets/index.ts';

/** Demo pages of the widgets, relative to /react_app. */
const DEMO_LINKS: readonly { path: string; title: string }[] = [
  { path: 'date-picker', title: 'Выбор даты и периода' },
  { path: 'select', title: 'Выпадающие списки' },
  { path: 'modal', title: 'Модальные окна и уведомления' },
  { path: 'grid', title: 'Таблица данных' },
  { path: 'toggle-switch', title: 'Переключатели' },
  { path: 'geometry', title: 'Геометрия шкалы времени в воркере' },
  { path: 'timeline', title: 'Шкала времени на Konva' },
];

/** The real modules of spec 2.2; plain links, because a module route reloads the page. */
const MODULE_LINKS: readonly { href: string; title: string }[] = [
  { href: '/system/config#kpi_report', title: 'Настройки задержек, не зависящих от авиакомпании' },
  { href: '/system/config#postal-statements', title: 'Почтовые ведомости' },
  { href: '/workplace', title: 'Расстояния между рабочими местами' },
  { href: '/allocation', title: 'Аллокация подрядчиков' },
  { href: '/skill-access', title: 'Доступы навыков' },
  { href: '/team-planning', title: 'Планирование бригад' },
  { href: '/flight/view/123', title: 'Срочный багаж рейса' },
  { href: '/team-planning-race', title: 'Планирование бригад по рейсам' },
  { href: '/race-newest', title: 'Таблица рейсов' },
];

/** The /react_app menu. */
export function ShowcaseMenu() {
  return (
    <Page label="Витрина компонентов">
      <PageTitle title="Витрина компонентов" />
      <PageCard title="Демонстрационные страницы">
        <ul className="showcase__links">
          {DEMO_LINKS.map((link) => (
            <li key={link.path}>
              <Link to={link.path}>{link.title}</Link>
            </li>
          ))}
        </ul>
      </PageCard>
      <PageCard title="Модули">
        <ul className="showcase__links">
          {MODULE_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.title}</a>
            </li>
          ))}
        </ul>
      </PageCard>
    </Page>
  );
}
