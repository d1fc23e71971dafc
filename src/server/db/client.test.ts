import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import { type DbHandle, NewerDatabaseError, newestKnownMigration } from './client.ts';

let db: DbHandle;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec('create table probe (id int primary key)');
});
afterAll(() => db.close());

describe('when a statement fails', () => {
  it('answers the error and keeps serving the next statements', async () => {
    await db.query('insert into probe values (1)');
    for (let i = 0; i < 3; i += 1) {
      await expect(db.query('insert into probe values (1)')).rejects.toThrow(/duplicate key/);
      await expect(db.query('select 1/0')).rejects.toThrow(/division by zero/);
      expect(await db.query<{ n: string }>('select count(*)::text as n from probe')).toEqual([{ n: '1' }]);
    }
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (2)`);
        await tx.execute(sql`insert into probe values (1)`);
      }),
    ).rejects.toThrow();
    expect(await db.query('select id from probe where id = 2')).toEqual([]);
  });
});

describe('when many statements arrive at once', () => {
  it('runs every one of them, each in its own turn', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => i + 100);
    await Promise.all(ids.map((id) => db.query('insert into probe values ($1)', [id])));
    const [{ n }] = await db.query<{ n: string }>('select count(*)::text as n from probe where id >= 100');
    expect(Number(n)).toBe(ids.length);
  });

  it('keeps a transaction apart from statements sent while it runs', async () => {
    let outside: Promise<{ n: string }[]> | undefined;
    const inside = db.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (500)`);
      // Sent while the transaction holds its connection: it must never see the uncommitted row.
      outside = db.query<{ n: string }>('select count(*)::text as n from probe where id = 500');
      await new Promise((resolve) => setTimeout(resolve, 50));
      tx.rollback();
    });
    await expect(inside).rejects.toThrow();
    expect(await outside).toEqual([{ n: '0' }]);
    expect(await db.query('select id from probe where id = 500')).toEqual([]);
  });
});

describe('migrate on a database a newer build has migrated', () => {
  it('refuses with the reason and changes nothing', async () => {
    const handle = await openTestDb();
    try {
      const newer = newestKnownMigration().when + 86_400_000;
      await handle.exec(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-build', ${newer})`,
      );
      const before = await handle.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const refused = handle.migrate();
      await expect(refused).rejects.toBeInstanceOf(NewerDatabaseError);
      await expect(refused).rejects.toThrow(`this build knows up to ${newestKnownMigration().tag}`);
      expect(await handle.query('select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual(
        before,
      );
    } finally {
      await handle.close();
    }
  });

  it('migrates as before a database at this build', async () => {
    const handle = await openTestDb();
    try {
      await expect(handle.migrate()).resolves.toBeUndefined();
      await expect(handle.migrate()).resolves.toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
