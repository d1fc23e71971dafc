import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from './client.ts';

let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/** Waits until `check` holds, polling, else fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The backends of this database whose last statement was a LISTEN: the listening connections. */
const listening = async () =>
  Number(
    (
      await db.query<{ n: string }>(
        "select count(*)::text as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
      )
    )[0].n,
  );

describe('NOTIFY subscriptions', () => {
  it('deliver each channel its own notices', async () => {
    const heard: string[] = [];
    const stopA = await db.listen('probe_a', (payload) => heard.push(`a:${payload}`));
    const stopB = await db.listen('probe_b', (payload) => heard.push(`b:${payload}`));
    await db.query("select pg_notify('probe_a', '1'), pg_notify('probe_b', '2')");
    await until(() => heard.length === 2);
    expect(heard.sort()).toEqual(['a:1', 'b:2']);
    await stopA();
    await db.query("select pg_notify('probe_a', '3'), pg_notify('probe_b', '4')");
    await until(() => heard.length === 3);
    expect(heard.at(-1)).toBe('b:4');
    await stopB();
  });

  it.runIf(process.env.DATABASE_URL)(
    'share one connection per handle on PostgreSQL, reopened after a loss with every channel and a gap reported to each',
    async () => {
      const heard: string[] = [];
      const gaps: string[] = [];
      const stops = await Promise.all(
        ['probe_c', 'probe_d', 'probe_e'].map((channel) =>
          db.listen(
            channel,
            (payload) => heard.push(`${channel}:${payload}`),
            () => gaps.push(channel),
          ),
        ),
      );
      expect(await listening()).toBe(1);
      await db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
      );
      // Lost (one gap per channel), then back after a second (another per channel).
      await until(() => gaps.length === 6);
      expect(gaps.sort()).toEqual(['probe_c', 'probe_c', 'probe_d', 'probe_d', 'probe_e', 'probe_e']);
      await db.query("select pg_notify('probe_c', '1'), pg_notify('probe_e', '2')");
      await until(() => heard.length === 2);
      expect(heard.sort()).toEqual(['probe_c:1', 'probe_e:2']);
      expect(await listening()).toBe(1);
      for (const stop of stops) await stop();
      await until(async () => (await listening()) === 0);
    },
  );
});
