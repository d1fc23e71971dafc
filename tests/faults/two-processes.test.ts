/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: sessions, the live feed, rush tags and
 * the failed-login limits must hold across them. PGlite is one process per data folder (the folder lock refuses a
 * second), so without DATABASE_URL there is nothing to test and the suite says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_STATUS } from '../../src/shared/team-planning.ts';
import {
  call,
  createTestDatabase,
  type Server,
  signIn,
  startServer,
  stopAll,
  type TestDatabase,
} from './servers.ts';

const url = process.env.DATABASE_URL;
const ENV = { DEMO_DAYS: '1', DEMO_SCALE: '0.2', LOGIN_RATE_LIMIT: '10000', LOGIN_FAILURES_PER_LOGIN: '5' };

describe.skipIf(!url)(
  'two server processes on one PostgreSQL (only with DATABASE_URL: a PGlite folder serves one process)',
  () => {
    let database: TestDatabase;
    let a: Server;
    let b: Server;

    beforeAll(async () => {
      database = await createTestDatabase();
      // One after the other: the first loads the demo airport, the second finds it loaded.
      a = await startServer({ ...database.env, ...ENV });
      b = await startServer({ ...database.env, ...ENV });
      expect(b.output()).toContain('demo airport already loaded');
    }, 300_000);
    afterAll(async () => {
      await stopAll();
      await database?.drop();
    });

    it('a session opened on one process works on the other, and a logout on one ends it on both', async () => {
      const headers = await signIn(a.base, 'planner');
      const me = await call(b.base, headers, 'GET', '/auth/me');
      expect(me.status).toBe(200);
      expect((me.body as { login: string }).login).toBe('planner');
      expect((await call(b.base, headers, 'POST', '/auth/logout')).status).toBeLessThan(300);
      expect((await call(a.base, headers, 'GET', '/auth/me')).status).toBe(401);
    });

    it("a write through one process reaches the other's live-feed clients", async () => {
      const headers = await signIn(a.base, 'admin');
      const feed = new AbortController();
      const res = await fetch(`${b.base}/api/events`, {
        headers: { ...headers, accept: 'text/event-stream' },
        signal: feed.signal,
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      /** Reads the feed until the predicate holds of what arrived, or fails after 15 s. */
      const until = async (predicate: (text: string) => boolean) => {
        const deadline = Date.now() + 15_000;
        while (!predicate(text)) {
          if (Date.now() > deadline) throw new Error(`not in the feed in time:\n${text}`);
          const { value, done } = await reader.read();
          if (done) throw new Error(`the feed ended:\n${text}`);
          text += decoder.decode(value, { stream: true });
        }
      };
      try {
        await until((t) => t.includes('event: ready'));
        const [position] = (await call(a.base, headers, 'GET', '/team-planning/employee-position')).body as {
          id: number;
          department_id: number;
        }[];
        const created = await call(a.base, headers, 'POST', '/team-planning/v1/team', {
          name: 'Бригада двух процессов',
          begin_datetime: '2026-03-10 08:00:00',
          end_datetime: '2026-03-10 20:00:00',
          team_status_id: TEAM_STATUS.formed,
          department_id: position.department_id,
          employeePositionRules: [{ employee_position_id: position.id, count: 1, employees: [] }],
        });
        expect(created.status).toBe(200);
        const { id } = created.body as { id: number };
        await until((t) =>
          t
            .split('\n')
            .filter((line) => line.startsWith('data: {'))
            .map((line) => JSON.parse(line.slice(6)) as { entity: string; ids: number[] })
            .some((notice) => notice.entity === 'team' && notice.ids.includes(id)),
        );
      } finally {
        feed.abort();
        await reader.cancel().catch(() => undefined);
      }
    });

    it('rush tags stay unique and gapless when both processes issue them at once', async () => {
      const headers = await signIn(a.base, 'viewer');
      const airlines = (await call(a.base, headers, 'GET', '/aviacompany?per-page=100')).body as {
        id: number;
        numeric_code: string | null;
      }[];
      // A carrier of its own for this test: the counter starts from whatever the demo left.
      const carrier = airlines.filter((x) => x.numeric_code).at(-1);
      if (!carrier) throw new Error('no carrier code in the demo airport');
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          call(i % 2 ? b.base : a.base, headers, 'POST', '/rush-baggage', {
            count_tag: 2,
            aviacompany_id: carrier.id,
          }),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(answers.map(() => 200));
      const tags = answers.flatMap((x) => (x.body as { new_tag: string }[]).map((t) => t.new_tag));
      expect(new Set(tags).size).toBe(200);
      const serials = tags.map((t) => Number(t.slice(4))).sort((x, y) => x - y);
      expect(serials).toEqual(serials.map((_, i) => serials[0] + i));
    });

    it('counts failed logins across both: guesses spread over them, even at once, meet one limit', async () => {
      const login = (base: string, password: string) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'tariff', password }),
        }).then((res) => res.status);
      expect(await login(a.base, 'wrong-1')).toBe(401);
      expect(await login(b.base, 'wrong-2')).toBe(401);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(i % 2 ? a.base : b.base, `wrong-${i + 3}`)),
      );
      // Five failures per login and window (LOGIN_FAILURES_PER_LOGIN): three more get a password check, the rest 429.
      expect(burst.filter((s) => s === 401)).toHaveLength(3);
      expect(burst.filter((s) => s === 429)).toHaveLength(17);
      expect(await login(a.base, 'tariff')).toBe(429);
      expect(await login(b.base, 'tariff')).toBe(429);
    });
  },
);
