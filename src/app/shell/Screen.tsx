import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import type { RouteEntry } from '../routes.ts';
import { ScreenBoundary } from './ChunkError.tsx';
import { RouteEntryContext } from './RouteEntryContext.ts';

const screens = new Map<string, LazyExoticComponent<ComponentType>>();

/** One lazy component per module, so two routes of one module share a chunk and a component. */
function screenOf(entry: RouteEntry) {
  let screen = screens.get(entry.module);
  if (!screen) {
    screen = lazy(entry.load);
    screens.set(entry.module, screen);
  }
  return screen;
}

/** Shows a route's module: loaded lazily, with its entry in context and failures caught. */
export function Screen({ entry }: { entry: RouteEntry }) {
  const Module = screenOf(entry);
  return (
    <RouteEntryContext.Provider value={entry}>
      <ScreenBoundary>
        <Suspense fallback={<p className="shell__loading">Загрузка…</p>}>
          <Module />
        </Suspense>
      </ScreenBoundary>
    </RouteEntryContext.Provider>
  );
}
