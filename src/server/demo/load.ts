import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.ts';
import { currentWriteContext, withoutAudit } from '../db/writeContext.ts';
import { type DemoData, type DemoOptions, generateDemoAirport } from './generate.ts';
import type { Cell, DemoTable } from './table.ts';
import { loadDemoTeams } from './teams.ts';

/** Rows per INSERT statement: big enough to amortise a round trip, small enough for PGlite's memory. */
const BATCH_ROWS = 4000;

/** An SQL literal of a cell. Example: `literal("O'Hare")` → `'O''Hare'`. */
export function literal(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : 'NULL';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return `'${cell.replace(/'/g, "''")}'`;
}

/** Reports how far a load is: a step ('tasks'), what of it is done and its size, in rows or in steps. */
export type DemoProgress = (step: string, done: number, total: number) => void;

export interface DemoLoadOptions extends DemoOptions {
  /** Called at each step and each written batch, so a terminal can show what is loading and how far. */
  onProgress?: DemoProgress;
}

/**
 * Multi-row INSERT statements of a table, with the rows each one holds; columns from the Drizzle schema.
 * Example: 5,000 rows → 2 statements of 4,000 and 1,000 rows.
 */
function insertStatements(table: DemoTable): { text: string; rows: number }[] {
  const head = `insert into "${table.name}" (${table.columns.map((c) => `"${c.name}"`).join(', ')}) values `;
  const out: { text: string; rows: number }[] = [];
  for (let start = 0; start < table.rows.length; start += BATCH_ROWS) {
    const batch = table.rows.slice(start, start + BATCH_ROWS);
    const values = batch
      .map((row) => `(${table.columns.map((c) => literal(row[c.key])).join(',')})`)
      .join(',');
    out.push({ text: head + values, rows: batch.length });
  }
  return out;
}

/** The step name of a table in progress reports. Example: `stepName('task_employees')` → 'task employees'. */
function stepName(table: string): string {
  return table.replaceAll('_', ' ');
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
export async function loadDemoAirport(handle: DbHandle, options: DemoLoadOptions = {}): Promise<void> {
  const { onProgress, ...demo } = options;
  onProgress?.('generating', 0, 1);
  const data = generateDemoAirport(demo);
  onProgress?.('generating', 1, 1);
  await writeDemoData(handle, data, onProgress);
}

/**
 * Writes generated data; split from loadDemoAirport so callers can time generation and writing apart.
 * Raw SQL on purpose: one multi-row INSERT per 4,000 rows of literals is what keeps the load near 20 s on PGlite,
 * and dropping and rebuilding indexes has no query-builder form.
 */
export async function writeDemoData(
  handle: DbHandle,
  data: DemoData,
  onProgress?: DemoProgress,
): Promise<void> {
  // The generated airport is no one's change: written with the audit trail off (docs/DECISIONS.md, "Audit trail").
  if (!currentWriteContext()?.auditOff) return withoutAudit(() => writeDemoData(handle, data, onProgress));
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
      let done = 0;
      for (const statement of insertStatements(table)) {
        await run(statement.text);
        done += statement.rows;
        onProgress?.(stepName(table.name), done, table.rows.length);
      }
    }
    for (const [i, index] of plain.entries()) {
      await run(index.def);
      onProgress?.('indexes', i + 1, plain.length);
    }
    // The planning answer's task digests: the triggers that keep them were off (replica role) or ran batch by batch;
    // one grouped pass writes them all.
    onProgress?.('task digests', 0, 1);
    await run('select rebuild_task_digests()');
    onProgress?.('task digests', 1, 1);
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
  await loadDemoTeams(handle, data);
  onProgress?.('statistics', 0, 1);
  await handle.exec('analyze');
  onProgress?.('statistics', 1, 1);
}
