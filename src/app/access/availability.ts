import type { RuleName } from '../../shared/rules.ts';
import type { RouteEntry } from '../routes.ts';

type Routable = Pick<RouteEntry, 'path' | 'rule' | 'extraRules'>;

/** The path before a trailing `/:id`, or the whole path. Example: `/flight/view/:id` → `/flight/view`. */
export function pathPrefix(path: string): string {
  return path.replace(/\/:id$/, '');
}

/** True when the rule is empty or the user holds it (any one of a list). Example: `(['a', 'b'], ['b'])` → true. */
export function isAvailable(rule: Routable['rule'], held: readonly string[]): boolean {
  if (typeof rule === 'string') return rule === '' || held.includes(rule);
  return rule.length === 0 || rule.some((name) => held.includes(name));
}

/**
 * The address a hash page is listed under: the path without a trailing slash, then the hash, so the group's base
 * written either way (`/system/config/#kpi_report`, as the spec gives the base, or `/system/config#kpi_report`)
 * finds its page. Example: `('/system/config/', '#kpi_report')` → '/system/config#kpi_report'.
 */
export function hashAddress(pathname: string, hash: string): string {
  return pathname.replace(/(.)\/+$/, '$1') + hash;
}

/**
 * The entry for a location (spec 2.1): the one equal to path plus hash, else the one whose prefix the path contains
 * (the longest such prefix, so `/team-planning-race` is not taken for `/team-planning`).
 * Example: `('/flight/view/42', '')` → the `/flight/view/:id` entry.
 */
export function matchRoute<T extends Routable>(
  routes: readonly T[],
  pathname: string,
  hash: string,
): T | undefined {
  const exact = routes.find((entry) => entry.path === hashAddress(pathname, hash) || entry.path === pathname);
  if (exact) return exact;
  let best: T | undefined;
  for (const entry of routes) {
    if (entry.path.includes('#')) continue;
    const prefix = pathPrefix(entry.path);
    if (pathname.includes(prefix) && (!best || prefix.length > pathPrefix(best.path).length)) best = entry;
  }
  return best;
}

/** Every rule name the route table mentions, gating or extra, each once. */
export function tableRuleNames(routes: readonly Routable[]): RuleName[] {
  const names = new Set<RuleName>();
  for (const entry of routes) {
    for (const name of typeof entry.rule === 'string' ? [entry.rule] : entry.rule) if (name) names.add(name);
    for (const name of entry.extraRules) names.add(name);
  }
  return [...names];
}

/** The entries the user may open. */
export function availableRoutes<T extends Routable>(routes: readonly T[], held: readonly string[]): T[] {
  return routes.filter((entry) => isAvailable(entry.rule, held));
}
