import type { FastifyPluginAsync } from 'fastify';
import { bearerToken } from '../auth/plugin.ts';
import { type LiveHub, READY_FRAME } from './hub.ts';

const DESCRIPTION =
  'Поток server-sent events (text/event-stream, без сжатия): `event: ready` при открытии, затем `event: change` с data ' +
  '{entity: flight|turnaround|task|task_employee|team|team_flight, ids: number[], by: id пользователя|null} после ' +
  'каждой записи, изменившей эти данные (в любом процессе сервера на той же базе: PostgreSQL LISTEN/NOTIFY), и ' +
  'строка-комментарий `: ping` примерно каждые 20 с. Данные из уведомления не берутся: клиент тихо перезапрашивает ' +
  'то, что показывает. Требуется сессия (заголовок Authorization: Bearer), поэтому поток читается через fetch, а не ' +
  'EventSource.';

/** Streams one user may hold open in one process; a further one closes that user's oldest (see `eventsRoutes`). */
const LIVE_STREAMS_PER_USER = 5;
/** Streams one process holds open at most; a further one is refused with 503. */
const LIVE_STREAMS_PER_PROCESS = 2000;
/** Bytes a stream may hold unsent (its client reads nothing) before it is dropped: ~10,000 notices. */
const LIVE_STREAM_BUFFER_BYTES = 1024 * 1024;
/** The `retry` an evicted stream is told before it ends: a tab beyond the cap comes back after a minute, not 3 s. */
const EVICTED_RETRY_MS = 60_000;

const TOO_MANY_STREAMS = 'Сервер перегружен открытыми потоками уведомлений. Повторите позже';

interface LiveFeedOptions {
  hub: LiveHub;
  /** Per-user and per-process stream caps and the unsent-bytes bound; the constants above otherwise (tests). */
  maxStreamsPerUser?: number;
  maxStreams?: number;
  maxBufferedBytes?: number;
  /** Whether the stream's session still stands (not logged out, expired or disabled). */
  stillSignedIn: (token: string | undefined) => Promise<boolean>;
  /** How often an open stream asks `stillSignedIn`. */
  sessionCheckMs?: number;
}

/**
 * `GET /api/events`: the live feed of this process (DOMAIN, Live feed). A stream ends within `sessionCheckMs` of its
 * session ending, as every other call of that session is refused at once.
 *
 * Bounds: a user holds at most `maxStreamsPerUser` streams in this process; opening one more closes that user's
 * OLDEST stream (told `retry: 60000` first) rather than refusing the new one. The newest stream is the tab the user
 * is looking at, while the oldest is the likeliest to be dead (a tab of a laptop that slept or lost its network,
 * whose half-open connection the server only notices minutes later): refusing would leave the current tab without
 * live updates for that long. With more live tabs than the cap, tabs take turns, one reconnection a minute. The
 * process refuses streams beyond `maxStreams` with 503, and drops (destroys) a stream holding more than
 * `maxBufferedBytes` unsent: its client reads nothing, and the buffer would otherwise grow without end.
 */
export const eventsRoutes: FastifyPluginAsync<LiveFeedOptions> = async (
  app,
  {
    hub,
    stillSignedIn,
    sessionCheckMs = 60_000,
    maxStreamsPerUser = LIVE_STREAMS_PER_USER,
    maxStreams = LIVE_STREAMS_PER_PROCESS,
    maxBufferedBytes = LIVE_STREAM_BUFFER_BYTES,
  },
) => {
  /** Open streams per user id, oldest first; each entry ends its stream. */
  const byUser = new Map<number, (() => void)[]>();
  let openStreams = 0;
  app.get(
    '/events',
    {
      config: { access: 'session' },
      schema: {
        tags: ['Живая лента'],
        summary: 'Уведомления об изменениях рейсов, задач и бригад',
        description: DESCRIPTION,
      },
    },
    async (request, reply) => {
      // Only a client that asks for a stream gets one: any other call (a link followed, a route walk) gets a short
      // answer instead of a connection that never ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        return reply.code(406).send({ message: 'Ожидается заголовок Accept: text/event-stream' });
      const userId = request.user.id;
      const mine = byUser.get(userId) ?? [];
      // At the user's cap the oldest stream makes room, so the process total does not grow.
      if (mine.length < maxStreamsPerUser && openStreams >= maxStreams)
        return reply.code(503).header('retry-after', '60').send({ message: TOO_MANY_STREAMS });
      // The stream is written by hand: no serializer, and no onSend hook (compression, ...) ever buffers it.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'content-encoding': 'identity',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);
      let closed = false;
      const client = {
        write: (chunk: string) => {
          if (closed) return;
          raw.write(chunk);
          // A client that reads nothing: what it has not taken is dropped with the connection.
          if (raw.writableLength > maxBufferedBytes) {
            closed = true;
            raw.destroy();
          }
        },
        end: () => {
          if (closed) return;
          closed = true;
          raw.end();
        },
      };
      const evict = () => {
        client.write(`retry: ${EVICTED_RETRY_MS}\n\n`);
        client.end();
        // A dead tab's half-open connection would hold its place in the count until TCP gives up (minutes).
        setTimeout(() => raw.destroy(), 5000).unref();
      };
      mine.push(evict);
      byUser.set(userId, mine);
      openStreams += 1;
      while (mine.length > maxStreamsPerUser) mine.shift()?.();
      let unsubscribe: (() => void) | undefined;
      const token = bearerToken(request);
      const sessionCheck = setInterval(() => {
        void stillSignedIn(token).then((signedIn) => {
          if (!signedIn) client.end();
        });
      }, sessionCheckMs);
      sessionCheck.unref();
      // The response's close: the client went away (the request's own close fires once its body is read).
      let gone = false;
      const onClose = () => {
        if (gone) return;
        gone = true;
        closed = true;
        const at = mine.indexOf(evict);
        if (at >= 0) mine.splice(at, 1);
        if (mine.length === 0 && byUser.get(userId) === mine) byUser.delete(userId);
        openStreams -= 1;
        clearInterval(sessionCheck);
        unsubscribe?.();
      };
      raw.on('close', onClose);
      // The client may have left while the session was looked up: its close has fired already.
      if (raw.destroyed || request.raw.socket?.destroyed) onClose();
      try {
        unsubscribe = await hub.subscribe(client);
      } catch (error) {
        request.log.error({ err: error }, 'live feed: cannot listen');
        client.end();
        return;
      }
      if (closed) unsubscribe();
      else client.write(`retry: 3000\n${READY_FRAME}`);
    },
  );
};
