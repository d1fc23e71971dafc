import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../http/errors.ts';
import type { AuthService, SessionUser } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set on every /api request but the public ones. */
    user: SessionUser;
  }
  interface FastifyInstance {
    auth: AuthService;
    /** A preHandler that lets the request through when the user holds any of the rules. */
    requireRule(...names: string[]): preHandlerAsyncHookHandler;
  }
}

/** Paths that need no session. */
const PUBLIC = [/^\/api\/auth\/login$/, /^\/api\/docs(\/|$)/, /^\/api\/health$/];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** Authenticates every /api request and offers `requireRule()` to the routes. */
export const authPlugin = fp(async (app: FastifyInstance, options: { auth: AuthService }) => {
  app.decorate('auth', options.auth);
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/') || PUBLIC.some((re) => re.test(path))) return;
    request.user = await options.auth.authenticate(bearerToken(request));
  });
  app.decorate('requireRule', (...names: string[]): preHandlerAsyncHookHandler => {
    return async (request) => {
      if (names.length === 0) return;
      if (!names.some((name) => request.user?.rules.includes(name))) throw new ForbiddenError();
    };
  });
});
