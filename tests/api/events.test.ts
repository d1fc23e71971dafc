import net from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/server/auth/service.ts';
import { openDb } from '../../src/server/db/client.ts';
import { turnarounds } from '../../src/server/db/schema/index.ts';
import type { LiveHub } from '../../src/server/events/hub.ts';
import { notifyChange } from '../../src/server/events/notify.ts';
import { eventsRoutes } from '../../src/server/events/routes.ts';
import type { LiveNotice } from '../../src/shared/events.ts';
import { withDatabase } from '../support/globalDb.ts';
import { createTestApp, loginAs, loginHolding } from '../support/testApp.ts';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** A second app on the same database: the same embedded handle (one process), or a second pool on PostgreSQL. */
async function secondApp(first: App): Promise<App> {
  const url = process.env.DATABASE_URL;
  if (!url) return createTestApp({ db: first.dbh, closeDbOnClose: false });
  const [{ name }] = await first.dbh.query<{ name: string }>('select current_database() as name');
  return createTestApp({ db: await openDb({ databaseUrl: withDatabase(url, name) }) });
}

/** Opens the feed of a listening app and collects its frames until closed. */
async function openFeed(base: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const frames: string[] = [];
  let text = '';
  const waiters: (() => void)[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          frames.push(text.slice(0, end));
          text = text.slice(end + 2);
          end = text.indexOf('\n\n');
        }
        for (const wake of waiters.splice(0)) wake();
      }
    } catch {
      // aborted
    }
  })();
  /** Waits until a frame matches, else fails after two seconds. */
  const waitFor = async (match: (frame: string) => boolean) => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame in ${JSON.stringify(frames)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { response, frames, waitFor, ended, close: () => controller.abort() };
}

const dataOf = (frame: string) =>
  JSON.parse(
    frame
      .split('\n')
      .find((line) => line.startsWith('data: '))
      ?.slice(6) ?? 'null',
  );

describe('GET /api/events', () => {
  let a: App;
  let b: App;
  let base: string;
  let token: string;

  beforeAll(async () => {
    a = await createTestApp({ liveSessionCheckMs: 100 });
    b = await secondApp(a);
    base = await a.listen({ port: 0, host: '127.0.0.1' });
    token = await loginAs(a, 'viewer');
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('refuses a request without a session with 401', async () => {
    const res = await a.inject({ url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 406 to a signed-in call that does not ask for an event stream', async () => {
    const res = await a.inject({ url: '/api/events', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(406);
  });

  it('tells a client of app A about a row deleted through the API of app B', async () => {
    const feed = await openFeed(base, token);
    try {
      await feed.waitFor((frame) => frame.includes('event: ready'));
      const [row] = await b.db.insert(turnarounds).values({}).returning();
      const res = await b.inject({
        url: `/api/v1/race/delete?id=${row.aid}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const frame = await feed.waitFor((f) => f.startsWith('event: change') && f.includes('"turnaround"'));
      expect(dataOf(frame)).toMatchObject({ entity: 'turnaround', ids: [row.aid] });
      expect(dataOf(frame).by).toBeTypeOf('number');
    } finally {
      feed.close();
    }
  });

  it('ends the stream of a session that logs out, and keeps a signed-in one open', async () => {
    const leaving = await loginAs(a, 'planner');
    const feed = await openFeed(base, leaving);
    const staying = await openFeed(base, token);
    try {
      await feed.waitFor((frame) => frame.includes('event: ready'));
      await staying.waitFor((frame) => frame.includes('event: ready'));
      const out = await a.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${leaving}` },
      });
      expect(out.statusCode).toBe(204);
      const outcome = await Promise.race([
        feed.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]);
      expect(outcome).toBe('ended');
      const other = await Promise.race([
        staying.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 400)),
      ]);
      expect(other).toBe('still open');
    } finally {
      feed.close();
      staying.close();
    }
  });

  it("closes a user's oldest stream when a sixth opens, told to come back in a minute, and leaves others alone", async () => {
    const tabs = await loginHolding(a, 'many_tabs', ['read-department-team']);
    const other = await openFeed(base, token);
    const feeds: Awaited<ReturnType<typeof openFeed>>[] = [];
    try {
      await other.waitFor((frame) => frame.includes('event: ready'));
      for (let i = 0; i < 6; i += 1) {
        const feed = await openFeed(base, tabs);
        feeds.push(feed);
        expect(feed.response.status).toBe(200);
        await feed.waitFor((frame) => frame.includes('event: ready'));
      }
      const [oldest, ...rest] = feeds;
      const outcome = await Promise.race([
        oldest.ended.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 3000)),
      ]);
      expect(outcome).toBe('ended');
      expect(oldest.frames).toContain('retry: 60000');
      const stillOpen = await Promise.race([
        Promise.any([...rest, other].map((feed) => feed.ended)).then(() => 'one ended'),
        new Promise((resolve) => setTimeout(() => resolve('all open'), 400)),
      ]);
      expect(stillOpen).toBe('all open');
      // Every open stream still hears the news.
      await b.db.transaction(async (tx) => notifyChange(tx, { entity: 'team', ids: [5], by: null }));
      for (const feed of [...rest, other]) await feed.waitFor((f) => f.includes('"ids":[5]'));
    } finally {
      for (const feed of [...feeds, other]) feed.close();
    }
  });

  it('streams uncompressed server-sent events that open with a ready frame', async () => {
    const feed = await openFeed(base, token);
    try {
      expect(feed.response.status).toBe(200);
      expect(feed.response.headers.get('content-type')).toContain('text/event-stream');
      expect(feed.response.headers.get('content-encoding') ?? 'identity').toBe('identity');
      await feed.waitFor((frame) => frame.includes('event: ready'));
    } finally {
      feed.close();
    }
  });

  it('tells a client of app A about a write committed through app B on the same database', async () => {
    const feed = await openFeed(base, token);
    try {
      await feed.waitFor((frame) => frame.includes('event: ready'));
      const notice: LiveNotice = { entity: 'task', ids: [7, 8], by: 1 };
      await b.db.transaction(async (tx) => notifyChange(tx, notice));
      const frame = await feed.waitFor((f) => f.startsWith('event: change'));
      expect(dataOf(frame)).toEqual(notice);
    } finally {
      feed.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'listens again after the server ends its listening connection',
    async () => {
      const feed = await openFeed(base, token);
      try {
        await feed.waitFor((frame) => frame.includes('event: ready'));
        const ended = await b.dbh.query<{ ended: boolean }>(
          "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
        );
        expect(ended.length).toBeGreaterThan(0);
        // Until the listener is back (after a second), notices are missed: the feed says `ready` again when the
        // connection is lost and once it is back, and the client refreshes what it shows.
        const deadline = Date.now() + 8000;
        for (;;) {
          await b.db.transaction(async (tx) =>
            notifyChange(tx, { entity: 'team_flight', ids: [9], by: null }),
          );
          if (feed.frames.some((f) => f.includes('"team_flight"')) || Date.now() > deadline) break;
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        expect(feed.frames.some((f) => f.includes('"team_flight"'))).toBe(true);
        expect(feed.frames.filter((f) => f.includes('event: ready')).length).toBeGreaterThanOrEqual(3);
      } finally {
        feed.close();
      }
    },
  );

  it('says nothing of a write that was rolled back', async () => {
    const feed = await openFeed(base, token);
    try {
      await feed.waitFor((frame) => frame.includes('event: ready'));
      await b.db
        .transaction(async (tx) => {
          await notifyChange(tx, { entity: 'flight', ids: [1], by: null });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await b.db.transaction(async (tx) => notifyChange(tx, { entity: 'team', ids: [2], by: null }));
      // Only the entity of this test counts: the test before writes notices in a loop until one is heard, and the
      // last of them may still arrive here (seen on PostgreSQL).
      const change = (entity: string) => (f: string) =>
        f.startsWith('event: change') && dataOf(f).entity === entity;
      const frame = await feed.waitFor(change('team'));
      expect(dataOf(frame)).toEqual({ entity: 'team', ids: [2], by: null });
      // Notices arrive in commit order: the rolled-back write's would have come before the team's.
      expect(feed.frames.filter(change('flight'))).toHaveLength(0);
      expect(feed.frames.filter(change('team'))).toHaveLength(1);
    } finally {
      feed.close();
    }
  });
});

/** The feed route alone, on a fake hub whose clients the test drives; the user id is the `x-user` header. */
async function feedOnFakeHub(options: { maxStreams?: number; maxBufferedBytes?: number }) {
  const clients = new Set<{ write(chunk: string): void; end(): void }>();
  let removed = 0;
  const hub: LiveHub = {
    async subscribe(client) {
      clients.add(client);
      return () => {
        if (clients.delete(client)) removed += 1;
      };
    },
    get size() {
      return clients.size;
    },
    async close() {},
  };
  const app = Fastify();
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request) => {
    request.user = {
      id: Number(request.headers['x-user']),
      login: 'u',
      name: 'u',
      rules: [],
      department_id: null,
    };
  });
  await app.register(eventsRoutes, { hub, stillSignedIn: async () => true, ...options });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base, clients, removed: () => removed };
}

const untilTrue = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return check();
};

describe('GET /api/events bounds', () => {
  it('refuses a stream beyond the process cap with 503 and a Russian message', async () => {
    const { app, base, clients } = await feedOnFakeHub({ maxStreams: 2 });
    const controllers: AbortController[] = [];
    const open = async (user: number) => {
      const controller = new AbortController();
      controllers.push(controller);
      return fetch(`${base}/events`, {
        headers: { accept: 'text/event-stream', 'x-user': String(user) },
        signal: controller.signal,
      });
    };
    try {
      expect((await open(1)).status).toBe(200);
      expect((await open(2)).status).toBe(200);
      expect(await untilTrue(() => clients.size === 2)).toBe(true);
      const refused = await open(3);
      expect(refused.status).toBe(503);
      expect((await refused.json()).message).toMatch(/Повторите позже/);
      // A stream that ends frees its place.
      controllers[0].abort();
      expect(await untilTrue(() => clients.size === 1)).toBe(true);
      expect((await open(3)).status).toBe(200);
    } finally {
      for (const controller of controllers) controller.abort();
      await app.close();
    }
  });

  it('drops a stream whose client reads nothing once a megabyte waits unsent', async () => {
    const { app, base, clients, removed } = await feedOnFakeHub({});
    const { port } = new URL(base);
    const socket = net.connect(Number(port), '127.0.0.1');
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write('GET /events HTTP/1.1\r\nhost: x\r\naccept: text/event-stream\r\nx-user: 1\r\n\r\n');
      // Reads the head, then nothing more.
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      socket.pause();
      expect(await untilTrue(() => clients.size === 1)).toBe(true);
      const [client] = clients;
      const notice = `event: change\ndata: ${'x'.repeat(64 * 1024)}\n\n`;
      // Far more than the kernel's buffers take on both ends; the stream must be dropped on the way.
      for (let i = 0; i < 1024 && clients.size > 0; i += 1) {
        client.write(notice);
        if (i % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await untilTrue(() => removed() === 1)).toBe(true);
    } finally {
      socket.destroy();
      await app.close();
    }
  });
});
