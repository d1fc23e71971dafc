import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/server/db/client.ts';
import { turnarounds } from '../../src/server/db/schema/index.ts';
import { notifyChange } from '../../src/server/events/notify.ts';
import type { LiveNotice } from '../../src/shared/events.ts';
import { withDatabase } from '../support/globalDb.ts';
import { createTestApp, loginAs } from '../support/testApp.ts';

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
      const frame = await feed.waitFor((f) => f.startsWith('event: change'));
      expect(dataOf(frame)).toEqual({ entity: 'team', ids: [2], by: null });
      expect(feed.frames.filter((f) => f.startsWith('event: change'))).toHaveLength(1);
    } finally {
      feed.close();
    }
  });
});
