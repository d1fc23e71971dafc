import { existsSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MESSAGES } from '../shared/messages.ts';
import type { LoginLimits } from './auth/loginLimit.ts';
import { authPlugin } from './auth/plugin.ts';
import { authRoutes } from './auth/routes.ts';
import { createAuthService } from './auth/service.ts';
import type { MailConfig } from './config.ts';
import type { Db, DbHandle } from './db/client.ts';
import { createLiveHub } from './events/hub.ts';
import { eventsRoutes } from './events/routes.ts';
import { actorHook } from './http/actor.ts';
import { type AnswerCacheOptions, createAnswerCache } from './http/answerCache.ts';
import { answerCachePlugin } from './http/answerCachePlugin.ts';
import { BODY_LIMIT } from './http/bodyLimit.ts';
import { clientErrorHandler, frameworkErrors } from './http/clientError.ts';
import { errorHandler } from './http/errorHandler.ts';
import { limitJsonDepth } from './http/jsonBody.ts';
import { parseQueryString } from './http/query.ts';
import { requestTimeZone } from './http/timeZone.ts';
import { createAuditPurger } from './modules/audit/retention.ts';
import { createServices, modules, type Services } from './modules/index.ts';
import { createSpoolPurger } from './modules/printing/retention.ts';

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
  /** How often an open live-feed stream checks that its session still stands (default one minute). */
  liveSessionCheckMs?: number;
  /** Proxies whose X-Forwarded-For entries are trusted, counted from the server (0 or omitted: none). */
  trustProxy?: number;
  /** Failed-login limits (per login, per address, window); the defaults of auth/loginLimit.ts otherwise. */
  loginLimits?: Partial<LoginLimits>;
  /** Services to use instead of the real ones (tests pass fakes); the rest are built from `db`. */
  services?: Partial<Services>;
  /** Outgoing mail (config `mail`); without it rush e-mails only wait in the outbox. */
  mail?: MailConfig;
  /** The domains rush mail may go to (config `rushMailDomains`); empty or left out: any address. */
  rushMailDomains?: readonly string[];
  /** Closes the database when the app closes (true for main.ts). */
  closeDbOnClose?: boolean;
  /** Longest a handler may run (503 after it); tests shorten it. */
  handlerTimeoutMs?: number;
  /** The GET answer cache's bounds (`maxBytes: 0` turns it off; docs/DECISIONS.md, "Answer cache"). */
  answerCache?: AnswerCacheOptions;
  /** How long a session lookup is held in memory (default 30 s, 0 off). */
  sessionCacheMs?: number;
  /**
   * Audit rows older than this many days are purged a minute after the app is ready and then hourly (config
   * `auditRetentionDays`); 0 or omitted purges nothing, so tests never purge unless they ask.
   */
  auditRetentionDays?: number;
  /** Spooled tag PDFs older than this many days are deleted likewise (config `printRetentionDays`); 0 or omitted: none. */
  printRetentionDays?: number;
}

/**
 * Compression of answers over 1 KB: brotli when the client takes it, else gzip. Brotli quality 3 and gzip level 3
 * keep the biggest answer fast: a month of staff planning (~30 MB of JSON) takes ~76 ms at quality 3 for 1.3 MB,
 * against ~125 ms for 1.1 MB at the plugin's default 4 (docs/DECISIONS.md, "Staff planning: the flight answer").
 */
const COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
  zlibOptions: { level: 3 },
  // Text, JSON, XML and JavaScript, but never text/event-stream: a compressor holds events back until its buffer
  // fills, and the live feed must reach the browser one event at a time.
  customTypes:
    /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|\/javascript(?:;|$)/u,
} satisfies Parameters<typeof compress>[1];

/**
 * The API docs' own CSP (swagger-ui replaces helmet's on its routes). Not the plugin's `staticCSP: true`: that one
 * asks `upgrade-insecure-requests`, so the docs opened over plain http by address (an airport intranet) loaded their
 * scripts over https and stayed blank, and it refused the inline styles swagger-ui sets. Inline styles only, no
 * inline scripts, no outside hosts (no validator: the server may have no internet).
 */
export const API_DOCS_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; " +
  "object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'";

/** Longest a handler may take before the server answers 503 and aborts `request.signal`. */
const HANDLER_TIMEOUT_MS = 60_000;

/** Builds the Fastify instance; used by main.ts and by every API test. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    routerOptions: { querystringParser: parseQueryString },
    // The router's refusals (a URL that is not valid percent-encoding) answer in Russian and never quote the URL.
    frameworkErrors,
    // Errors Node's HTTP parser raises before routing (431 header too large, a malformed request line).
    clientErrorHandler,
    // 1 MB; the routes that need more, or much less, say so (src/server/http/bodyLimit.ts).
    bodyLimit: BODY_LIMIT,
    // A hop count as a function: Fastify 5.12 takes a plain number for "trust nothing" (it cannot check the peer).
    trustProxy: options.trustProxy
      ? (_address: string, hop: number) => hop < (options.trustProxy ?? 0)
      : false,
    // One line per request, written by the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Time to receive a whole request, and to answer it: a stalled client or a runaway handler never holds on.
    requestTimeout: 30_000,
    handlerTimeout: options.handlerTimeoutMs ?? HANDLER_TIMEOUT_MS,
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  limitJsonDepth(app);
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const { method, url } = request;
    request.log.info(
      { method, url, status: reply.statusCode, ms },
      `${method} ${url} ${reply.statusCode} ${ms} ms`,
    );
  });

  const services: Services = {
    ...createServices({ db: options.db, rushMailDomains: options.rushMailDomains }),
    ...options.services,
  };
  app.decorate('dbh', options.db);
  app.decorate('db', options.db.db);
  if (options.closeDbOnClose) app.addHook('onClose', () => options.db.close());
  // The live feed's streams never end by themselves: they are ended before the server waits for its connections.
  const liveHub = createLiveHub(options.db);
  app.addHook('preClose', () => liveHub.close());
  const retentionDays = options.auditRetentionDays ?? 0;
  if (retentionDays > 0) {
    const purger = createAuditPurger({
      db: options.db,
      retentionDays,
      onPurged: (deleted) =>
        app.log.info({ deleted }, `audit trail: ${deleted} rows older than ${retentionDays} days deleted`),
      onError: (error) => app.log.warn({ err: error }, 'audit trail purge failed; tried again in an hour'),
    });
    app.addHook('onReady', async () => purger.start());
    // Before the database closes (onClose): a purge under way stops after its current batch.
    app.addHook('preClose', () => purger.stop());
  }
  const printRetentionDays = options.printRetentionDays ?? 0;
  if (printRetentionDays > 0) {
    const spoolPurger = createSpoolPurger({
      db: options.db,
      retentionDays: printRetentionDays,
      onPurged: (deleted) =>
        app.log.info(
          { deleted },
          `print spool: ${deleted} PDFs older than ${printRetentionDays} days deleted`,
        ),
      onError: (error) => app.log.warn({ err: error }, 'print spool purge failed; tried again in an hour'),
    });
    app.addHook('onReady', async () => spoolPurger.start());
    // Before the database closes (onClose): a purge under way stops after its current batch.
    app.addHook('preClose', () => spoolPurger.stop());
  }

  const defaultZone = options.defaultTimeZone ?? 'Europe/Moscow';
  app.decorateRequest('timeZone', defaultZone);
  app.addHook('onRequest', async (request, reply) => {
    request.timeZone = requestTimeZone(request.headers['time-zone'], defaultZone);
    // API answers carry sessions and data: never cached. Static files set their own policy below.
    reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply) => {
    // HSTS only where the browser came over https (directly or, with TRUST_PROXY, through the balancer).
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
  });

  // First, so that every route registered after it (docs included) passes its access check.
  const auth = createAuthService(options.db, {
    sessionTtlMs: options.sessionTtlMs,
    loginLimits: options.loginLimits,
    sessionCacheMs: options.sessionCacheMs,
  });
  await app.register(authPlugin, { auth });
  // The signed-in user's writes are audited under their id (docs/DECISIONS.md, "Audit trail").
  app.addHook('preHandler', actorHook);
  await app.register(helmet, {
    hsts: false,
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
  // Before the routes: the plugin hooks every route registered after it, the static client's included.
  await app.register(compress, COMPRESSION);
  // After authentication, helmet and compression (a hit answers from onRequest with their headers set, and is sent
  // already compressed), before the routes.
  await app.register(answerCachePlugin, { cache: createAnswerCache(options.answerCache), db: options.db });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Наземное обслуживание: API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });

  await app.register(
    async (api) => {
      // Liveness: the process answers (the benches probe the HTTP thread with it; it asks nothing of the database).
      api.get('/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({
        ok: true,
      }));
      // Readiness: the database answers a trivial query within 2 s (a load balancer's or an operator's check).
      api.get('/ready', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
        const late = new Promise<'late'>((resolve) => setTimeout(resolve, 2000, 'late').unref());
        const answer = await Promise.race([
          options.db.query('select 1').then(() => 'ok' as const),
          late,
        ]).catch(() => 'down' as const);
        if (answer === 'ok') return { ok: true };
        return reply.status(503).send({ message: MESSAGES.databaseDown });
      });
      await api.register(authRoutes, { loginRateLimit: options.loginRateLimit ?? 120 });
      for (const module of modules) await api.register(module, { services, mail: options.mail });
      await api.register(eventsRoutes, {
        hub: liveHub,
        stillSignedIn: (token) =>
          auth.authenticate(token).then(
            () => true,
            () => false,
          ),
        sessionCheckMs: options.liveSessionCheckMs,
      });
    },
    { prefix: '/api' },
  );

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: path.resolve(clientDir),
      wildcard: false,
      index: false,
      cacheControl: false,
      // Vite names assets by content hash, so they never change under the same name.
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // The static routes list the files present at start; an asset of a client rebuilt since is looked up here.
    const asset = hasClient ? builtSinceStart(clientDir, request.method, request.url) : undefined;
    if (asset) return reply.sendFile(asset);
    if (!hasClient || !servesClientPage(request.method, request.url)) {
      return reply.status(404).send({ message: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}

/**
 * The path under the client folder of an asset that was not there when the server started (the client was rebuilt
 * under a running server, whose page now names new hashed files), or undefined: only plain names directly under
 * `/assets/` that exist now.
 * Example: `builtSinceStart('dist/client', 'GET', '/assets/main-def456.js')` → `'assets/main-def456.js'`.
 */
function builtSinceStart(clientDir: string, method: string, url: string): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  const name = /^\/assets\/([\w.-]+)$/.exec(url.split(/[?#]/)[0])?.[1];
  if (!name || name.startsWith('.')) return undefined;
  const file = `assets/${name}`;
  return existsSync(path.join(clientDir, file)) ? file : undefined;
}

/**
 * True when an unmatched request should get the client's page (a screen URL the browser reloads), false when it
 * gets a JSON 404: anything that looks like an API path however spelt (`/API/…`, `//api/…`, `/%61pi/…`), a missing
 * asset, or a method other than GET and HEAD.
 * Example: `servesClientPage('GET', '/team-planning')` → true; `servesClientPage('GET', '//api/x')` → false.
 */
export function servesClientPage(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  let pathname = url.split(/[?#]/)[0];
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const normal = pathname
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return !/^\/(api|assets)(\/|$)/.test(normal);
}
