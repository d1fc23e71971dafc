import type { DbHandle } from '../../src/server/db/client.ts';

/** Per table: its row count and the newest transaction that wrote one of its live rows. */
type TableState = Map<string, string>;

/**
 * Watches a database for writes between two moments, exactly and cheaply (docs/DECISIONS.md, "Fuzzing").
 *
 * The cheap check: the snapshot's xmax (the next transaction id to be assigned). PostgreSQL assigns an id to every
 * transaction that inserts, updates or deletes a row, and to no read-only one, so an unchanged xmax proves that no
 * row changed; one query of well under a millisecond.
 *
 * When xmax moved (a refused request that wrote and rolled back, or really wrote), the exact check: per table the
 * row count and the largest `xmin` of its live rows. A committed insert or update leaves a row whose xmin is newer
 * than every earlier one, so the largest xmin grows; a committed delete alone lowers the count; rows of a rolled-back
 * transaction are not live. So equal states mean no committed change to any row. Sequences are not rows: a
 * rolled-back insert may still have advanced one.
 */
export function createDbWatch(dbh: Pick<DbHandle, 'query'>, ignoredTables: readonly string[] = []) {
  let stateSql: string | undefined;

  async function tableStateSql(): Promise<string> {
    if (stateSql) return stateSql;
    const tables = await dbh.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables
       where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
    );
    const watched = tables
      .map((t) => t.name)
      .filter((name) => !ignoredTables.includes(name.replace(/^public\./, '')));
    // Raw SQL: one statement over every table, named from the catalogue; the query builder has no such union.
    stateSql = watched
      .map(
        (name) =>
          `select '${name}' as t, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as s from ${name}`,
      )
      .join(' union all ');
    return stateSql;
  }

  async function tableState(): Promise<TableState> {
    const rows = await dbh.query<{ t: string; s: string }>(await tableStateSql());
    return new Map(rows.map((row) => [row.t, row.s]));
  }

  async function xmax(): Promise<string> {
    const [row] = await dbh.query<{ x: string }>('select pg_snapshot_xmax(pg_current_snapshot())::text as x');
    return row.x;
  }

  let baseline: TableState | undefined;
  /** The xmax at the end of the last case: nothing runs between cases, so it is the next case's "before". */
  let mark: string | undefined;
  /** Exact checks run (xmax moved), for the report. */
  let exactChecks = 0;

  return {
    /** Takes the moment "before": the xmax, and the tables' state when the last write left it unknown. */
    async before(): Promise<void> {
      if (!baseline) baseline = await tableState();
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
      const now = await tableState();
      const changed = [...now]
        .filter(([table, state]) => baseline?.get(table) !== state)
        .map(([table]) => table);
      baseline = now;
      return changed;
    },
    /** After an answer that may have written: the next `before` reads the tables again when xmax moved. */
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
