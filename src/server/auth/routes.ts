import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authModeSchema, loginSchema, passwordChangeSchema, sessionUserSchema } from '../../shared/auth.ts';
import { z } from '../../shared/messages.ts';
import { CREDENTIALS_BODY_LIMIT } from '../http/bodyLimit.ts';
import { queryArray } from '../http/query.ts';
import { bearerToken } from './plugin.ts';

export interface AuthRoutesOptions {
  /**
   * Flood control: login requests, whatever their outcome, per client address per minute in this process. Guessing
   * is limited by the failed-login counts in the database (auth service), not by this.
   */
  loginRateLimit: number;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: { max: options.loginRateLimit, timeWindow: '1 minute' } },
      bodyLimit: CREDENTIALS_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Вход: логин и пароль в обмен на токен',
        body: loginSchema,
        response: { 200: z.object({ token: z.string(), user: sessionUserSchema }) },
      },
    },
    async (request) => app.auth.login(request.body.login, request.body.password, request.ip),
  );

  app.get(
    '/auth/mode',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Демо-режим: есть ли включённые демо-пользователи (пароль равен логину)',
        response: { 200: authModeSchema },
      },
    },
    async () => app.auth.mode(),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'session' },
      schema: { tags: ['auth'], summary: 'Выход: токен больше не действует' },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await app.auth.logout(token);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/password',
    {
      config: { access: 'session' },
      bodyLimit: CREDENTIALS_BODY_LIMIT,
      schema: {
        tags: ['auth'],
        summary: 'Смена своего пароля; остальные сеансы пользователя завершаются',
        body: passwordChangeSchema,
      },
    },
    async (request, reply) => {
      await app.auth.changePassword(request.user.id, request.body, bearerToken(request), request.ip);
      return reply.status(204).send();
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'session' },
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
      config: { access: 'session' },
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
