import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Access, rulesOf } from '../http/access.ts';
import { ForbiddenError } from '../http/errors.ts';
import type { AuthService, SessionUser } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every request to a route that is not public. */
    user: SessionUser;
  }
  interface FastifyInstance {
    auth: AuthService;
    /** Every registered route with its declared access, in registration order (the access walk test reads it). */
    routeAccess: RouteAccess[];
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** The token of an `Authorization: Bearer …` header; the scheme is case-insensitive (RFC 7235). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^bearer[ \t]+([^\s]+)[ \t]*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Routes registered by plugins that cannot declare access themselves: the API docs and the built client's files. */
function implicitAccess(url: string): Access | undefined {
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return 'public';
  if (url !== '/api' && !url.startsWith('/api/')) return 'public';
  return undefined;
}

/**
 * Authenticates by the matched route's declared access, never by the URL: the router has already decoded and
 * matched the path (`/%61pi/...`, absolute-form request lines), so the access read here is the access of the
 * route that will answer. An /api route that declares no access cannot be registered.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorate('auth', options.auth);
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('user', null as unknown as SessionUser);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? implicitAccess(route.url);
    if (!access) throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
    route.config = { ...route.config, access };
    for (const method of [route.method].flat()) app.routeAccess.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // No route matched: the not-found handler answers, and it reaches no data.
    if (access === undefined) {
      if (request.is404) return;
      throw new ForbiddenError();
    }
    if (access === 'public') return;
    request.user = await options.auth.authenticate(bearerToken(request));
    const rules = rulesOf(access);
    if (rules.length > 0 && !rules.some((name) => request.user.rules.includes(name)))
      throw new ForbiddenError();
  });
});
