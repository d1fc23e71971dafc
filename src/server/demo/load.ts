import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { type DemoData, type DemoOptions, generateDemoAirport } from './generate.ts';
import type { Cell, Table } from './table.ts';

/** Rows per INSERT statement: big enough to amortise a round trip, small enough for PGlite's memory. */
const BATCH_ROWS = 4000;

/** An SQL literal of a cell. Example: `literal("O'Hare")` → `'O''Hare'`. */
export function literal(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : 'NULL';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return `'${cell.replace(/'/g, "''")}'`;
}

/** Multi-row INSERT statements of a table. Example: 5,000 rows → 2 statements. */
export function insertStatements(table: Table): string[] {
  const head = `insert into "${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) values `;
  const out: string[] = [];
  for (let start = 0; start < table.rows.length; start += BATCH_ROWS) {
    const values = table.rows
      .slice(start, start + BATCH_ROWS)
      .map((row) => `(${row.map(literal).join(',')})`)
      .join(',');
    out.push(head + values);
  }
  return out;
}

/** Row counts per table of generated data. Example: `rowCounts(data).flights` → 41,608 for the default scale. */
export function rowCounts(data: DemoData): Record<string, number> {
  return Object.fromEntries(data.tables.map((t) => [t.name, t.rows.length]));
}

/** True when a demo airport has been loaded into this database. */
export async function isDemoLoaded(handle: Pick<DbHandle, 'query'>): Promise<boolean> {
  const rows = await handle.query<{ loaded: boolean }>('select exists (select 1 from demo_loads) as loaded');
  return rows[0]?.loaded === true;
}

/**
 * Generates the demo airport and writes it in one transaction (nothing is left half-loaded),
 * then moves the id sequences past the generated ids and refreshes planner statistics.
 */
export async function loadDemoAirport(handle: DbHandle, options: DemoOptions = {}): Promise<void> {
  const data = generateDemoAirport(options);
  await writeDemoData(handle, data);
}

/** Writes generated data; split from loadDemoAirport so callers can time generation and writing apart. */
export async function writeDemoData(handle: DbHandle, data: DemoData): Promise<void> {
  const summary = JSON.stringify(rowCounts(data));
  await handle.db.transaction(async (tx) => {
    const run = async <T>(text: string) => (await tx.execute(sql.raw(text))) as unknown as { rows: T[] };
    const [{ super: isSuper }] = (
      await run<{ super: boolean }>('select rolsuper as super from pg_roles where rolname = current_user')
    ).rows;
    // Generated rows are consistent by construction; skipping the per-row FK triggers halves the load time.
    if (isSuper) await run('set local session_replication_role = replica');
    const big = data.tables.filter((t) => t.rows.length >= 10_000).map((t) => `'${t.name}'`);
    const plain = big.length
      ? (
          await run<{ name: string; def: string }>(
            `select indexname as name, indexdef as def from pg_indexes i where schemaname = 'public' and tablename in (${big.join(',')})
             and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
          )
        ).rows
      : [];
    for (const index of plain) await run(`drop index "${index.name}"`);
    for (const table of data.tables) {
      for (const statement of insertStatements(table)) await run(statement);
    }
    for (const index of plain) await run(index.def);
    for (const table of data.tables) {
      if (!table.serial || table.rows.length === 0) continue;
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('"${table.name}"', '${table.serial}'), (select max("${table.serial}") from "${table.name}"))`,
        ),
      );
    }
    await tx.execute(
      sql`insert into demo_loads (seed, scale, days, reference_at, summary) values (${data.seed}, ${String(data.scale)}, ${data.days}, ${data.referenceAt.toISOString()}, ${summary})`,
    );
  });
  await handle.exec('analyze');
}
