/** The audit trail's retention without HTTP: which rows the purge deletes, in batches, under one process's lock. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { DATA_CHANNEL } from '../../db/writes.ts';
import { createAuditPurger, purgeAudit } from './retention.ts';

let dbh: DbHandle;

beforeAll(async () => {
  dbh = await openTestDb();
});
afterAll(() => dbh.close());

/** Each test starts from a trail without the rows of the others. */
beforeEach(async () => {
  await dbh.exec(`delete from audit_log where entity = 'retention_test'`);
});

/** Writes one audit row of the test per age, `at` the database's now minus the age, keyed by the age. */
async function agedRows(ages: string[]): Promise<void> {
  for (const age of ages) {
    await dbh.query(
      `insert into audit_log (at, user_id, action, entity, entity_id, change)
       values (now() - $1::interval, null, 'insert', 'retention_test', $2, '{}'::jsonb)`,
      [age, age],
    );
  }
}

const testRows = async () =>
  (
    await dbh.query<{ entity_id: string }>(
      `select entity_id from audit_log where entity = 'retention_test' order by at`,
    )
  ).map((r) => r.entity_id);

const trailSize = async () => (await dbh.query<{ n: number }>('select count(*)::int n from audit_log'))[0].n;

const old = (n: number) => Array.from({ length: n }, (_, i) => `${401 + i} days`);

describe('purging the audit trail', () => {
  it('deletes exactly the rows older than the cutoff and keeps the newer ones', async () => {
    await agedRows(['500 days', '400 days 1 hour', '399 days 23 hours', '10 days', '0 days']);
    const before = await trailSize();
    expect(await purgeAudit(dbh, { olderThanDays: 400 })).toBe(2);
    expect(await testRows()).toEqual(['399 days 23 hours', '10 days', '0 days']);
    expect(await trailSize()).toBe(before - 2);
  });

  it('works through several batches until one comes back short, and answers the total', async () => {
    await agedRows([...old(25), '1 day']);
    expect(await purgeAudit(dbh, { olderThanDays: 400, batch: 10 })).toBe(25);
    expect(await testRows()).toEqual(['1 day']);
  });

  it('goes on past a batch that is exactly full', async () => {
    await agedRows(old(20));
    expect(await purgeAudit(dbh, { olderThanDays: 400, batch: 10 })).toBe(20);
    expect(await testRows()).toEqual([]);
  });

  it('answers 0 when nothing is old enough', async () => {
    await agedRows(['399 days']);
    expect(await purgeAudit(dbh, { olderThanDays: 400, batch: 10 })).toBe(0);
    expect(await testRows()).toEqual(['399 days']);
  });

  it('leaves no audit rows of its own: audit_log has no trigger', async () => {
    await agedRows([...old(3), '1 day']);
    const maxId = async () =>
      (await dbh.query<{ id: string | null }>('select max(id)::text id from audit_log'))[0].id;
    const last = await maxId();
    expect(await purgeAudit(dbh, { olderThanDays: 400, batch: 2 })).toBe(3);
    expect(await maxId()).toBe(last);
    const triggers = await dbh.query(
      `select tgname from pg_trigger where tgrelid = 'audit_log'::regclass and not tgisinternal`,
    );
    expect(triggers).toEqual([]);
  });

  it('tells every process that answers may have changed, once per purge that deleted rows', async () => {
    const notices: string[] = [];
    const stop = await dbh.listen(DATA_CHANNEL, (payload) => notices.push(payload));
    const settled = () => new Promise((resolve) => setTimeout(resolve, 100));
    try {
      await agedRows(['399 days', ...old(3)]);
      expect(await purgeAudit(dbh, { olderThanDays: 400, batch: 2 })).toBe(3);
      await expect.poll(() => notices.length, { timeout: 2000 }).toBe(1);
      expect(await purgeAudit(dbh, { olderThanDays: 400 })).toBe(0);
      await settled();
      expect(notices).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('refuses 0 days, which would delete the whole trail', async () => {
    await agedRows(['1 day']);
    await expect(purgeAudit(dbh, { olderThanDays: 0 })).rejects.toThrow(/olderThanDays/);
    expect(await testRows()).toEqual(['1 day']);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'deletes nothing and answers null while another process holds the purge lock (PostgreSQL)',
    async () => {
      await agedRows(old(3));
      const answer = await dbh.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(418581342580::bigint)`);
        return purgeAudit(dbh, { olderThanDays: 400 });
      });
      expect(answer).toBeNull();
      expect(await testRows()).toHaveLength(3);
      expect(await purgeAudit(dbh, { olderThanDays: 400 })).toBe(3);
    },
  );
});

describe('the purge schedule', () => {
  it('purges once shortly after the start and tells how many rows went', async () => {
    await agedRows(old(4));
    const purged = new Promise<number>((resolve, reject) => {
      const purger = createAuditPurger({
        db: dbh,
        retentionDays: 400,
        firstDelayMs: 0,
        onPurged: (deleted) => {
          purger.stop().then(() => resolve(deleted));
        },
        onError: reject,
      });
      purger.start();
    });
    expect(await purged).toBe(4);
    expect(await testRows()).toEqual([]);
  });

  it('reports a failed purge and tries again at the next tick', async () => {
    let calls = 0;
    const failingOnce = {
      ...dbh,
      query: async <T>(text: string, params?: unknown[]) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return dbh.query<T>(text, params);
      },
    };
    await agedRows(old(2));
    const errors: string[] = [];
    const purged = new Promise<number>((resolve) => {
      const purger = createAuditPurger({
        db: failingOnce,
        retentionDays: 400,
        firstDelayMs: 0,
        intervalMs: 20,
        onPurged: (deleted) => {
          purger.stop().then(() => resolve(deleted));
        },
        onError: (error) => errors.push((error as Error).message),
      });
      purger.start();
    });
    expect(await purged).toBe(2);
    expect(errors).toEqual(['connection lost']);
  });

  it('stops a purge under way after its current batch when stopped', async () => {
    await agedRows(old(6));
    const purger = createAuditPurger({ db: dbh, retentionDays: 400, batch: 2 });
    purger.start();
    const running = purger.runOnce();
    await purger.stop();
    expect(await running).toBeLessThan(6);
    expect(await testRows()).toHaveLength(6 - ((await running) ?? 0));
  });
});
