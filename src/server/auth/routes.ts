import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, sessionUserSchema } from '../../shared/auth.ts';
import { z } from '../../shared/messages.ts';
import { queryArray } from '../http/query.ts';
import { bearerToken } from './plugin.ts';

export interface AuthRoutesOptions {
  /** Login attempts allowed per client address per minute. */
  loginRateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Вход: логин и пароль в обмен на токен',
        body: loginSchema,
        response: { 200: z.object({ token: z.string(), user: sessionUserSchema }) },
      },
    },
    async (request) => app.auth.login(request.body.login, request.body.password),
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: 'Выход: токен больше не действует' } },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await app.auth.logout(token);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Текущий пользователь и его правила',
        response: { 200: sessionUserSchema },
      },
    },
    async (request) => request.user,
  );

  app.get(
    '/v1/rule',
    {
      schema: {
        tags: ['auth'],
        summary: 'Какие из названных правил есть у пользователя (spec 7.2)',
        querystring: z.object({ names: queryArray(z.string()).optional() }),
        response: { 200: z.array(z.string()) },
      },
    },
    async (request) => {
      const asked = request.query.names ?? [];
      return asked.filter((name) => request.user.rules.includes(name));
    },
  );
};
