import type { DbHandle } from '../../src/server/db/client.ts';

/** Per table (`schema.table`): the rows its committed writes changed since the watch was set up. */
type Changes = Map<string, string>;

/** The table of the counts, and the prefix of the triggers that keep it: test-only objects, never in migrations. */
const COUNTS = 'fuzz_changes';
const TRIGGER = 'fuzz_count';

/**
 * Raw SQL: test-only DDL. One statement-level trigger per table and event adds the rows the statement changed (its
 * transition table) to the table's count, inside the writer's transaction: a rollback takes the count back with the
 * rows, a statement that changed no row (an update of a missing id) leaves it alone.
 */
const SETUP_SQL = `
create table if not exists ${COUNTS} (t text primary key, n bigint not null default 0);
create or replace function ${TRIGGER}() returns trigger language plpgsql as $$
declare
  changed bigint;
begin
  if tg_op = 'TRUNCATE' then
    changed := 1;
  elsif tg_op = 'DELETE' then
    select count(*) into changed from fuzz_old;
  else
    select count(*) into changed from fuzz_new;
  end if;
  if changed > 0 then
    insert into ${COUNTS} (t, n) values (format('%I.%I', tg_table_schema, tg_table_name), changed)
    on conflict (t) do update set n = ${COUNTS}.n + excluded.n;
  end if;
  return null;
end $$;`;

function triggersSql(table: string): string {
  const on = `on ${table}`;
  return [
    `create or replace trigger ${TRIGGER}_i after insert ${on} referencing new table as fuzz_new for each statement execute function ${TRIGGER}()`,
    `create or replace trigger ${TRIGGER}_u after update ${on} referencing new table as fuzz_new for each statement execute function ${TRIGGER}()`,
    `create or replace trigger ${TRIGGER}_d after delete ${on} referencing old table as fuzz_old for each statement execute function ${TRIGGER}()`,
    `create or replace trigger ${TRIGGER}_t after truncate ${on} for each statement execute function ${TRIGGER}()`,
  ].join(';\n');
}

/**
 * Watches a database for writes between two moments, exactly and cheaply (docs/DECISIONS.md, "Fuzzing").
 *
 * The cheap check: the snapshot's xmax (the next transaction id to be assigned). PostgreSQL assigns an id to every
 * transaction that inserts, updates or deletes a row, and to no read-only one, so an unchanged xmax proves that no
 * row changed; one query of well under a millisecond.
 *
 * When xmax moved (a refused request that wrote and rolled back, or really wrote), the exact check: the counts of
 * changed rows per table that test-only triggers keep in the writers' own transactions (SETUP_SQL). A committed
 * insert, update, delete or truncate raises its table's count; a rolled-back one leaves no trace, like its rows. So
 * equal counts mean no committed change to any row, read from one small table instead of scanning every table.
 * Sequences are not rows: a rolled-back insert may still have advanced one. Tables created after the watch are not
 * watched.
 */
export function createDbWatch(dbh: Pick<DbHandle, 'query' | 'exec'>, ignoredTables: readonly string[] = []) {
  const ignored = new Set([
    `public.${COUNTS}`,
    ...ignoredTables.map((t) => (t.includes('.') ? t : `public.${t}`)),
  ]);

  /** Installs the counts, and the triggers on every table that has none yet (an earlier watch set up the rest). */
  async function setUp(): Promise<void> {
    await dbh.exec(SETUP_SQL);
    const bare = await dbh.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables t
       where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') and tablename <> '${COUNTS}'
         and not exists (select 1 from pg_trigger g
                         where g.tgrelid = format('%I.%I', t.schemaname, t.tablename)::regclass
                           and g.tgname = '${TRIGGER}_i')
       order by 1`,
    );
    if (bare.length) await dbh.exec(bare.map((t) => triggersSql(t.name)).join(';\n'));
  }

  async function changes(): Promise<Changes> {
    const rows = await dbh.query<{ t: string; n: string }>(`select t, n::text as n from ${COUNTS}`);
    return new Map(rows.filter((row) => !ignored.has(row.t)).map((row) => [row.t, row.n]));
  }

  async function xmax(): Promise<string> {
    const [row] = await dbh.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x');
    return row.x;
  }

  let ready: Promise<void> | undefined;
  let baseline: Changes | undefined;
  /** The xmax at the end of the last case: nothing runs between cases, so it is the next case's "before". */
  let mark: string | undefined;
  /** Exact checks run (xmax moved), for the report. */
  let exactChecks = 0;

  return {
    /** Takes the moment "before": the xmax, and the counts when the last write left them unknown. */
    async before(): Promise<void> {
      ready ??= setUp();
      await ready;
      baseline ??= await changes();
      mark ??= await xmax();
    },
    /**
     * After a refusal: the tables that changed since `before`, empty when none did. After an answer that may have
     * written, call `accepted` instead.
     */
    async changedSince(): Promise<string[]> {
      const before = mark;
      mark = await xmax();
      if (mark === before) return [];
      exactChecks += 1;
      const now = await changes();
      const changed = [...now].filter(([table, n]) => baseline?.get(table) !== n).map(([table]) => table);
      baseline = now;
      return changed;
    },
    /** After an answer that may have written: the next `before` reads the counts again when xmax moved. */
    async accepted(): Promise<void> {
      const before = mark;
      mark = await xmax();
      if (mark !== before) baseline = undefined;
    },
    get exactChecks() {
      return exactChecks;
    },
  };
}
