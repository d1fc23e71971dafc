import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '../shared/messages.ts';
import { authPlugin } from './auth/plugin.ts';
import { authRoutes } from './auth/routes.ts';
import { createAuthService } from './auth/service.ts';
import type { Db, DbHandle } from './db/client.ts';
import { errorHandler } from './http/errorHandler.ts';
import { parseQueryString } from './http/query.ts';
import { requestTimeZone } from './http/timeZone.ts';
import { modules } from './modules/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database handle (raw SQL, driver kind). */
    dbh: DbHandle;
    /** The Drizzle database. */
    db: Db;
  }
  interface FastifyRequest {
    /** IANA zone of the request's `Time-Zone` header, or the server default. */
    timeZone: string;
  }
}

export interface AppOptions {
  db: DbHandle;
  /** Pino logger options, or false in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built client to serve; omitted in API tests. */
  clientDir?: string;
  /** Zone used when a request sends no valid Time-Zone header. */
  defaultTimeZone?: string;
  loginRateLimit?: number;
  sessionTtlMs?: number;
  /** Trust X-Forwarded-For from a load balancer. */
  trustProxy?: boolean;
  /** Closes the database when the app closes (true for main.ts). */
  closeDbOnClose?: boolean;
}

/** Builds the Fastify instance; used by main.ts and by every API test. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { querystringParser: parseQueryString },
    bodyLimit: 10 * 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  app.decorate('dbh', options.db);
  app.decorate('db', options.db.db);
  if (options.closeDbOnClose) app.addHook('onClose', () => options.db.close());

  const defaultZone = options.defaultTimeZone ?? 'Europe/Moscow';
  app.decorateRequest('timeZone', defaultZone);
  app.addHook('onRequest', async (request) => {
    request.timeZone = requestTimeZone(request.headers['time-zone'], defaultZone);
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      // No upgrade-insecure-requests: airport intranets often serve plain http by address, and the upgrade breaks them.
      directives: {
        'worker-src': ["'self'", 'blob:'],
        'img-src': ["'self'", 'data:', 'blob:'],
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Наземное обслуживание: API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin, {
    auth: createAuthService(options.db, { sessionTtlMs: options.sessionTtlMs }),
  });
  await app.register(
    async (api) => {
      api.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
      await api.register(authRoutes, { loginRateLimit: options.loginRateLimit ?? 10 });
      for (const module of modules) await api.register(module);
    },
    { prefix: '/api' },
  );

  const clientDir = options.clientDir;
  if (clientDir && existsSync(path.join(clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: false,
      index: false,
      // Vite names assets by content hash, so they never change under the same name.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api')) {
        return reply.status(404).send({ message: MESSAGES.notFound });
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: MESSAGES.notFound }));
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
