/**
 * Who may call a route. Every route declares it in its config (`config: { access: ... }`); the authentication hook
 * reads it from the matched route, never from the URL, and a route without it cannot be registered.
 */
import type { RuleName } from '../../shared/rules.ts';

/**
 * - `'public'`: no session needed (login, health, docs, static files);
 * - `'session'`: any signed-in user;
 * - `{ anyOf: [...] }`: a signed-in user holding at least one of the rules (403 otherwise).
 */
export type Access = 'public' | 'session' | { readonly anyOf: readonly RuleName[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (see `Access`). */
    access?: Access;
  }
}

/** Access for the holders of any of the rules. Example: `anyRule('tariff-calc-create')` → `{anyOf: ['tariff-calc-create']}`. */
export function anyRule(...names: [RuleName, ...RuleName[]]): Access {
  return { anyOf: names };
}

/** The rules of an access, empty for public and session routes. Example: `rulesOf('session')` → []. */
export function rulesOf(access: Access): readonly RuleName[] {
  return typeof access === 'object' ? access.anyOf : [];
}
