/**
 * Serves GET calls from the answer cache (src/server/http/answerCache.ts) and fills it. Opt-out: every GET route
 * that needs a session is cached when it answers 200 with JSON and no Set-Cookie, unless its config says
 * `answerCache: false` or it is one of NEVER_CACHED below. A route must opt out when its answer depends on anything but
 * the database, the user, the URL, the time zone and (for at most the cache's age) the clock: in-memory job state,
 * files, other services; and a GET that writes. Downloads (.xlsx, PDF) and the live feed are never JSON, so never held.
 *
 * The lookup runs in onRequest, after authentication and the access check; a hit answers there (no validation,
 * no handler). A miss builds as usual; onSend takes the answer's bytes and headers, holds them if no write came
 * since the build began, and sends them compressed once per entry. Requests for the same key while a build runs
 * wait for it and share its answer (a build began in the same generation).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbHandle } from '../db/client.ts';
import { yieldToEvents } from '../db/gate.ts';
import { DATA_CHANNEL, type WrittenTables } from '../db/writes.ts';
import { type AnswerCache, answerKey, type CachedAnswer, type Encoding } from './answerCache.ts';
import { acceptsEncoding } from './precompressed.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers are never cached (src/server/http/answerCachePlugin.ts says when). */
    answerCache?: boolean;
  }
}

/** Tables no cached answer reads: their writes (logins) keep the cache. */
const UNREAD_TABLES = new Set(['sessions', 'login_failures']);

/**
 * Routes never cached: the live feed, the session's own calls (cheap, and about the session), the planning month (it
 * has its own cache, flightCache.ts; holding its 30 MB twice would crowd out everything else), and the GETs that
 * write (the spec names them so: they divide, combine and delete flights; each call must run, and concurrent ones
 * must not share one build).
 */
export const NEVER_CACHED: ReadonlySet<string> = new Set([
  '/api/events',
  '/api/auth/me',
  '/api/auth/mode',
  '/api/v1/rule',
  '/api/planning/flight',
  '/api/race/divide-flight/:aid',
  '/api/race/combine-flight',
  '/api/v1/race/delete',
]);

/** Headers of an answer that are not the handler's to replay. */
const NOT_KEPT = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'vary',
  'date',
  'connection',
  'strict-transport-security',
]);

/** Marks an answer served from the cache (for operators and tests): `x-answer-cache: hit`. */
export const HIT_HEADER = 'x-answer-cache';

/** Answer text (characters) past which encoding it to bytes waits for a turn of the event loop (~1 ms a 100 KB). */
const LONG_TEXT = 100_000;

/** Below this the compression plugin leaves answers as they are (app.ts, threshold). */
const COMPRESS_FROM = 1024;

interface Build {
  generation: number;
  promise: Promise<CachedAnswer | undefined>;
  resolve: (entry: CachedAnswer | undefined) => void;
}

interface Miss {
  key: string;
  generation: number;
  /** The build others wait for, when this request runs it. */
  build?: Build;
}

/** True when a committed write may change an answer. Example: `touchesAnswers(['sessions'])` → false. */
export function touchesAnswers(tables: WrittenTables): boolean {
  return tables === null || tables.some((table) => !UNREAD_TABLES.has(table));
}

/**
 * The encoding to send an answer of `length` bytes in: brotli, else gzip, when the client takes it, else none.
 * Example: `chooseEncoding('gzip, br', 5000)` → 'br'; `chooseEncoding('gzip', 100)` → undefined.
 */
export function chooseEncoding(header: string | string[] | undefined, length: number): Encoding | undefined {
  if (length < COMPRESS_FROM) return undefined;
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return undefined;
}

function cacheable(request: FastifyRequest): boolean {
  if (request.method !== 'GET' || !request.user) return false;
  const { config, url } = request.routeOptions;
  if (config.answerCache === false || config.access === 'public' || config.access === undefined) return false;
  return url !== undefined && !NEVER_CACHED.has(url);
}

/** The headers the handler set that a replay must set again. */
function keptHeaders(reply: FastifyReply): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || NOT_KEPT.has(name)) continue;
    kept[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return kept;
}

/** Sets the entry's headers and answers the bytes to send (compressed when the client takes it). */
async function payloadOf(
  cache: AnswerCache,
  key: string,
  entry: CachedAnswer,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer> {
  reply.headers(entry.headers);
  const encoding =
    request.headers['x-no-compression'] === undefined
      ? chooseEncoding(request.headers['accept-encoding'], entry.bytes.length)
      : undefined;
  if (!encoding) return entry.bytes;
  const bytes = await cache.variant(key, entry, encoding);
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return bytes;
}

/**
 * Calls `onChange` after every committed write an answer may read: this process's as it commits (before the writer
 * goes on), other processes' by the data channel's NOTIFY, and whenever notices may have been lost. `ready()` starts
 * listening (once, tried again after a failure) and answers whether the channel is listened to: until it is, a cache
 * may neither read nor store. Example: `const { ready, stop } = watchAnswerData(db, () => cache.bump())`.
 */
export function watchAnswerData(db: Pick<DbHandle, 'listen' | 'onWrite'>, onChange: () => void) {
  const stopWatch = db.onWrite((tables) => {
    if (touchesAnswers(tables)) onChange();
  });
  let listening: Promise<boolean> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  return {
    ready(): Promise<boolean> {
      listening ??= db.listen(DATA_CHANNEL, onChange, onChange).then(
        (stop) => {
          stopListening = stop;
          return true;
        },
        () => {
          listening = undefined; // tried again by the next call
          return false;
        },
      );
      return listening;
    },
    async stop(): Promise<void> {
      stopWatch();
      await stopListening?.();
    },
  };
}

/**
 * The cache's hooks on every route registered after it. `ready()` answers whether the cross-process notices are
 * listened to; until they are, nothing is read or stored.
 */
export const answerCachePlugin = fp(
  async (app: FastifyInstance, options: { cache: AnswerCache; db: Pick<DbHandle, 'listen' | 'onWrite'> }) => {
    const { cache, db } = options;
    if (!cache.enabled) return;
    const { ready, stop } = watchAnswerData(db, () => cache.bump());
    app.addHook('onClose', stop);

    const builds = new Map<string, Build>();
    const misses = new WeakMap<FastifyRequest, Miss>();
    const finish = (request: FastifyRequest, entry: CachedAnswer | undefined) => {
      const miss = misses.get(request);
      if (!miss) return;
      misses.delete(request);
      if (!miss.build) return;
      if (builds.get(miss.key) === miss.build) builds.delete(miss.key);
      miss.build.resolve(entry);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!cacheable(request) || !(await ready())) return;
      const key = answerKey(request.user.id, request.method, request.url, request.timeZone);
      const found = cache.lookup(key);
      const generation = cache.generation;
      const running = builds.get(key);
      let entry = found?.fresh ? found.entry : undefined;
      if (!entry && running?.generation === generation) entry = found?.entry ?? (await running.promise);
      if (entry) {
        const payload = await payloadOf(cache, key, entry, request, reply);
        reply.code(200).header(HIT_HEADER, 'hit').send(payload);
        return reply;
      }
      const miss: Miss = { key, generation };
      if (!builds.get(key)) {
        let resolve: Build['resolve'] = () => {};
        const promise = new Promise<CachedAnswer | undefined>((done) => {
          resolve = done;
        });
        miss.build = { generation, promise, resolve };
        builds.set(key, miss.build);
      }
      misses.set(request, miss);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const miss = misses.get(request);
      if (!miss) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      const storable =
        reply.statusCode === 200 &&
        (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
        type.startsWith('application/json') &&
        !reply.hasHeader('set-cookie') &&
        !reply.hasHeader('content-encoding') &&
        !reply.hasHeader('content-disposition');
      if (!storable) {
        finish(request, undefined);
        return payload;
      }
      // Encoding megabytes of text with Cyrillic in it takes tens of ms: the event loop gets a turn first.
      if (typeof payload === 'string' && payload.length > LONG_TEXT) await yieldToEvents();
      const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const entry = cache.set(miss.key, bytes, keptHeaders(reply), miss.generation);
      finish(request, entry);
      return payloadOf(cache, miss.key, entry, request, reply);
    });
    // Answers that never reached onSend (an aborted request) free the callers waiting on them.
    app.addHook('onResponse', async (request) => finish(request, undefined));
    app.addHook('onRequestAbort', async (request) => finish(request, undefined));
  },
  { name: 'answer-cache' },
);
