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

interface LiveFeedOptions {
  hub: LiveHub;
  /** Whether the stream's session still stands (not logged out, expired or disabled). */
  stillSignedIn: (token: string | undefined) => Promise<boolean>;
  /** How often an open stream asks `stillSignedIn`. */
  sessionCheckMs?: number;
}

/**
 * `GET /api/events`: the live feed of this process (DOMAIN, Live feed). A stream ends within `sessionCheckMs` of its
 * session ending, as every other call of that session is refused at once.
 */
export const eventsRoutes: FastifyPluginAsync<LiveFeedOptions> = async (
  app,
  { hub, stillSignedIn, sessionCheckMs = 60_000 },
) => {
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
          if (!closed) raw.write(chunk);
        },
        end: () => {
          if (closed) return;
          closed = true;
          raw.end();
        },
      };
      let unsubscribe: (() => void) | undefined;
      const token = bearerToken(request);
      const sessionCheck = setInterval(() => {
        void stillSignedIn(token).then((signedIn) => {
          if (!signedIn) client.end();
        });
      }, sessionCheckMs);
      sessionCheck.unref();
      // The response's close: the client went away (the request's own close fires once its body is read).
      raw.on('close', () => {
        closed = true;
        clearInterval(sessionCheck);
        unsubscribe?.();
      });
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
