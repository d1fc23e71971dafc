import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from './client.ts';
import { statementKind, type WrittenTables } from './writes.ts';

describe('statementKind', () => {
  it('reads the written table of a plain statement', () => {
    expect(statementKind('insert into "users" ("login") values ($1)')).toEqual(['users']);
    expect(statementKind('UPDATE public.flights SET x = 1')).toEqual(['flights']);
    expect(statementKind('delete from sessions where token_hash = $1')).toEqual(['sessions']);
  });

  it('takes reads, locks and transaction steps for what they are', () => {
    expect(statementKind('select * from flights for update')).toBe('read');
    expect(statementKind('with x as (select 1) select * from x')).toBe('read');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind('COMMIT')).toBe('commit');
    expect(statementKind('rollback')).toBe('rollback');
    expect(statementKind('rollback to savepoint sp1')).toBe('read');
  });

  it('answers "some table" when it cannot tell', () => {
    expect(statementKind('with d as (delete from a returning id) insert into b select id from d')).toBeNull();
    expect(statementKind('truncate flights, tasks')).toBeNull();
    expect(statementKind('insert into a values (1); insert into b values (2)')).toBeNull();
  });
});

describe('committed writes through the handle', () => {
  let db: DbHandle;
  const seen: WrittenTables[] = [];

  beforeAll(async () => {
    db = await openTestDb();
    await db.exec('create table probe (id int primary key)');
    db.onWrite((tables) => seen.push(tables));
  });
  afterAll(() => db.close());

  it('reports a lone write when it completes, before the writer goes on', async () => {
    seen.length = 0;
    await db.query('insert into probe values (1)');
    expect(seen).toEqual([['probe']]);
  });

  it('reports a transaction once, at its commit, with the tables it wrote', async () => {
    seen.length = 0;
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (2)`);
      await tx.execute(sql`update probe set id = 3 where id = 2`);
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([['probe']]);
  });

  it('reports nothing for a transaction that rolled back, nor for reads', async () => {
    seen.length = 0;
    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (4)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await db.db.transaction(async (tx) => {
      await tx.execute(sql`select * from probe`);
    });
    await db.query('select count(*) from probe');
    await expect(db.query('insert into probe values (1)')).rejects.toThrow(/duplicate key/);
    expect(seen).toEqual([]);
  });
});
