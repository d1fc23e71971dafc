import { lazy, Suspense } from 'react';
import { Link, Outlet, Route, Routes } from 'react-router';
import { DatePickerDemo } from './DatePickerDemo.tsx';
import { GeometryDemo } from './GeometryDemo.tsx';
import { GridDemo } from './GridDemo.tsx';
import { ModalDemo } from './ModalDemo.tsx';
import { SelectDemo } from './SelectDemo.tsx';
import { ShowcaseMenu } from './ShowcaseMenu.tsx';
import { ToggleSwitchDemo } from './ToggleSwitchDemo.tsx';
import './showcase.css';

/** Konva stays out of the showcase chunk until the timeline page opens. */
const TimelineDemo = lazy(() =>
  import('./TimelineDemo.tsx').then((module) => ({ default: module.TimelineDemo })),
);

/** Base path of the showcase (spec 2.2); the shell mounts ShowcaseRoutes at `/react_app/*`. */
export const SHOWCASE_BASE = '/react_app';

function ShowcaseLayout() {
  return (
    <div className="showcase">
      <nav className="showcase__crumbs" aria-label="Витрина">
        <Link to={SHOWCASE_BASE}>Витрина компонентов</Link>
      </nav>
      <Outlet />
    </div>
  );
}

function NotFound() {
  return <p>Такой демонстрационной страницы нет.</p>;
}

/** The developer showcase: a menu and one demo page per shared widget (spec 2.2). */
export default function ShowcaseRoutes() {
  return (
    <Routes>
      <Route element={<ShowcaseLayout />}>
        <Route index element={<ShowcaseMenu />} />
        <Route path="date-picker" element={<DatePickerDemo />} />
        <Route path="select" element={<SelectDemo />} />
        <Route path="modal" element={<ModalDemo />} />
        <Route path="grid" element={<GridDemo />} />
        <Route path="toggle-switch" element={<ToggleSwitchDemo />} />
        <Route path="geometry" element={<GeometryDemo />} />
        <Route
          path="timeline"
          element={
            <Suspense fallback={<p>Загрузка…</p>}>
              <TimelineDemo />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
