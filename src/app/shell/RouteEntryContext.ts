import { createContext, useContext } from 'react';
import type { RouteEntry } from '../routes.ts';

export const RouteEntryContext = createContext<RouteEntry | null>(null);

/** The route-table entry of the screen being shown. */
export function useRouteEntry(): RouteEntry | null {
  return useContext(RouteEntryContext);
}
