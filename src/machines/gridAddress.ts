/**
 * What the grid machine (grid.ts) keeps outside itself: its query in the address bar's query string, read on the
 * first load and rewritten after each change, and the `task_time` filter in a cookie at path / (spec 4.2). The only
 * part of the grid that touches `window` and `document`, each call a no-op outside a browser.
 */
import { type GridFilter, type GridQuery, writeGridQuery } from './gridQuery.ts';

/** The filter key that the spec also keeps in a cookie at path / (spec 4.2). */
export const COOKIE_FILTER_KEY = 'task_time';

/** The page's query string, '' outside a browser. */
export function browserSearch(): string {
  return typeof window === 'undefined' ? '' : window.location.search;
}

/** Stores the `task_time` filter in its cookie, or drops the cookie when the filter is empty (spec 4.2). */
export function writeFilterCookie(context: { filters: GridFilter[]; filterKeys: string[] | null }): void {
  if (typeof document === 'undefined') return;
  if (context.filterKeys !== null && !context.filterKeys.includes(COOKIE_FILTER_KEY)) return;
  const value = context.filters.find((filter) => filter.key === COOKIE_FILTER_KEY)?.value ?? '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from jsdom and Firefox ESR
  document.cookie =
    value === ''
      ? `${COOKIE_FILTER_KEY}=; path=/; max-age=0`
      : `${COOKIE_FILTER_KEY}=${encodeURIComponent(value)}; path=/`;
}

/** Writes the asked query into the address bar in place (no history entry), unless the grid must not touch it. */
export function writeAddressQuery(
  context: { syncQuery: boolean; filterKeys: string[] | null; defaultPerPage: number },
  asked: GridQuery,
): void {
  if (!context.syncQuery || typeof window === 'undefined') return;
  const search = writeGridQuery(window.location.search, asked, context.filterKeys, context.defaultPerPage);
  if (search === window.location.search) return;
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${search}${window.location.hash}`,
  );
}
