import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from './client.ts';
import { epochMs, rawRows } from './rawRows.ts';

describe('epochMs and rawRows on the database', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openTestDb();
  });
  afterAll(() => db.close());

  it('answers the instant a Date parsed from the timestamp would hold, as a number, and null for null', async () => {
    const texts = [
      '2026-03-10 09:00:00+00',
      '2026-03-10 12:00:00.0009+03',
      '2026-10-25 02:30:00.123999+03',
      '1999-12-31 23:59:59.999999+00',
    ];
    const rows = await rawRows<{ ms: number | null; text: string | null }>(
      db.db,
      sql`select ${epochMs(sql`x::timestamptz`)} as ms, x as text
          from unnest(${`{${texts.map((t) => `"${t}"`).join(',')},NULL}`}::text[]) with ordinality u(x, n)
          order by n`,
    );
    expect(rows.map((r) => r.ms)).toEqual([...texts.map((text) => new Date(text).getTime()), null]);
    expect(rows.every((r) => r.ms === null || typeof r.ms === 'number')).toBe(true);
    // Far from the epoch too: cut toward earlier, as Date does, and exact past 2^31 seconds.
    const [far] = await rawRows<{ ms: number }>(
      db.db,
      sql`select ${epochMs(sql`'2100-01-01 00:00:00.0015+00'::timestamptz`)} as ms`,
    );
    expect(far.ms).toBe(Date.parse('2100-01-01T00:00:00.001Z'));
  });
});
