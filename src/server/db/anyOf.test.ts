import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import { anyOf } from './anyOf.ts';
import type { DbHandle } from './client.ts';
import { airlines } from './schema/index.ts';

describe('anyOf', () => {
  it('binds the whole list as one int[] parameter', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    const query = new PgDialect().sqlToQuery(anyOf(airlines.id, ids));
    expect(query.sql).toBe('"airlines"."id" = any($1::int[])');
    expect(query.params).toEqual([`{${ids.join(',')}}`]);
  });

  describe('on the database', () => {
    let db: DbHandle;
    beforeAll(async () => {
      db = await openTestDb();
    });
    afterAll(() => db.close());

    it('matches the rows an in-list would, and nothing for an empty list', async () => {
      const matching = async (ids: number[]) =>
        (
          (await db.db.execute(
            sql`select x from generate_series(1, 10) x where ${anyOf(sql`x`, ids)} order by x`,
          )) as unknown as { rows: { x: number }[] }
        ).rows.map((r) => r.x);
      expect(await matching([7, 2, 999_999, 2])).toEqual([2, 7]);
      expect(await matching([])).toEqual([]);
    });
  });
});
