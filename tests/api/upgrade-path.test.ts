/**
 * Upgrade path: a database an older build made (migrations up to 0024, as that build applied them, with rows and an
 * audit trail written then) is migrated by this build. Every other test starts from an empty, fully migrated database;
 * this one checks that the later migrations apply to a populated one, keep its rows, reshape its old trail (0027), and
 * are not applied twice. Always on embedded PGlite (an empty in-memory database of its own).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, newestKnownMigration, openDb } from '../../src/server/db/client.ts';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/server/db/migrations');
const journal = (
  JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  }
).entries;
/** The older build: the last migration it held. */
const OLD_LAST = '0024_rush_tags_airline_at';

let db: DbHandle;
const result = { schedule: Array.from({ length: 400 }, (_, i) => ({ slot: i, cover: [1, 2, 3] })) };
const resultBytes = async () =>
  (
    await db.query<{ n: number }>(`select octet_length($1::jsonb::text)::int as n`, [JSON.stringify(result)])
  )[0].n;

/** Applies the migrations up to `last` as Drizzle's migrator does (its table, the file's hash, the journal's time). */
async function migrateUpTo(last: string): Promise<void> {
  await db.exec(`create schema if not exists drizzle;
    create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  for (const entry of journal) {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    await db.exec(`begin; ${text.split('--> statement-breakpoint').join('\n')}; commit;`);
    await db.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      createHash('sha256').update(text).digest('hex'),
      entry.when,
    ]);
    if (entry.tag === last) break;
  }
  // What the older build's start ran after its migrations (0022, 0023).
  await db.query('select audit_attach_all()');
  await db.query('select data_notify_attach_all()');
}

const counts = async () =>
  (
    await db.query<{ migrations: number; calcs: number; trail: number }>(
      `select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
              (select count(*) from planning_calcs)::int as calcs,
              (select count(*) from audit_log)::int as trail`,
    )
  )[0];

beforeAll(async () => {
  db = await openDb();
  await migrateUpTo(OLD_LAST);
  // Used under the older build: two saved schedules (the trail then kept their whole result), one renamed, one deleted.
  await db.query(
    `insert into planning_calcs (name, "begin", "end", params, result, solve_ms)
     values ('Черновик', '2026-03-02', '2026-03-08', '{}', $1, 10), ('удалить', '2026-03-02', '2026-03-08', '{}', $1, 10)`,
    [JSON.stringify(result)],
  );
  await db.exec(`update planning_calcs set name = 'Ёлочный график' where name = 'Черновик';
    delete from planning_calcs where name = 'удалить'`);
}, 60_000);
afterAll(() => db.close());

describe('a database of an older build (migrations up to 0024, with rows)', () => {
  it('held the whole result in its trail before the upgrade', async () => {
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from audit_log where entity = 'planning_calcs' and change->'result' ? 'schedule'`,
    );
    expect(n).toBe(3);
  });

  it('is migrated by this build to its newest migration, keeping its rows, and not again at the next start', async () => {
    const before = await counts();
    await db.migrate();
    const after = await counts();
    expect(after.migrations).toBe(journal.length);
    expect(after.calcs).toBe(before.calcs);
    const [{ last }] = await db.query<{ last: string }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    expect(Number(last)).toBe(newestKnownMigration().when);
    await db.migrate();
    expect(await counts()).toEqual(after);
  });

  it("keeps the saved schedule whole and its old trail entries with the result's size only (0027)", async () => {
    const [calc] = await db.query<{ name: string; result: unknown }>(
      'select name, result from planning_calcs',
    );
    expect(calc).toEqual({ name: 'Ёлочный график', result });
    const trail = await db.query<{ action: string; change: Record<string, unknown> }>(
      `select action, change from audit_log where entity = 'planning_calcs' order by id`,
    );
    const size = await resultBytes();
    expect(trail.map((entry) => [entry.action, entry.change.result ?? entry.change.name])).toEqual([
      ['insert', { omitted: size }],
      ['insert', { omitted: size }],
      ['update', ['Черновик', 'Ёлочный график']],
      ['delete', { omitted: size }],
    ]);
  });

  it('audits the tables the later migrations added, except those audit_skip lists, like a fresh database', async () => {
    const missing = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and c.relname not in (select entity from audit_skip)
          and c.relname <> 'audit_log'
          and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname like 'audit%')`,
    );
    expect(missing).toEqual([]);
    const [{ n }] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relname = 'print_files' and t.tgname like 'audit%'`,
    );
    expect(n).toBe(0);
  });
});
