import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createGate, type Gate } from './gate.ts';
import { createListenerConnection, createListeners } from './listeners.ts';
import { startPgliteWorker } from './pgliteWorker.ts';
import * as schema from './schema/index.ts';
import { writeSettings } from './writeContext.ts';
import { createWriteWatch, type WriteListener } from './writes.ts';

type Schema = typeof schema;
/** The Drizzle database, whichever database is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Runs raw SQL (several statements allowed) with no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and answers its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs heavy read work (month-long planning queries) through a gate, so that it never crowds out the light calls;
   * work whose caller has gone (the signal aborted) before its turn never starts.
   */
  heavy<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` with the payload of every NOTIFY on the channel (committed transactions only), until the
   * answered stop is called. PostgreSQL: one dedicated LISTEN connection per handle for all its channels, reopened
   * after a loss (src/server/db/listeners.ts). PGlite:
   * one session for everyone, so its notifications arrive on the pool's own connection (the one that committed) and
   * the LISTEN is issued once on it; no second connection is needed. `onGap` is called when notices may have been
   * missed: as the PostgreSQL listening connection is lost and again once it is back (PGlite never loses it); a
   * cache then drops what it holds, a feed tells its clients to refresh.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onGap?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with the tables of every write committed through this handle, as the commit completes (before
   * the writer goes on); null tables mean "not known". Answers the unsubscribe. See src/server/db/writes.ts.
   */
  onWrite(listener: WriteListener): () => void;
  /** PGlite only: writes a tarball of the whole database to the file, loadable through `loadDataDir`. */
  dump(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... switches to a PostgreSQL server. */
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; omitted or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A tarball written by `dump()` of a migrated PGlite database, to start from (tests). */
  loadDataDir?: string;
  /** PostgreSQL only: `statement_timeout` of every connection (PGlite, single-threaded WASM, cannot interrupt). */
  statementTimeoutMs?: number;
  /** Heavy jobs at a time on PostgreSQL (PGlite always runs one). */
  heavyCapacity?: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this build holds, oldest first: tag and `when` (what Drizzle records as `created_at`). */
export function knownMigrations(): { tag: string; when: number }[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The newest migration this build holds. */
export function newestKnownMigration(): { tag: string; when: number } {
  const newest = knownMigrations().at(-1);
  if (!newest) throw new Error('no migrations in the journal');
  return newest;
}

/** Thrown by `migrate()` on a database a newer build has migrated. */
export class NewerDatabaseError extends Error {}

/**
 * Refuses a database that a newer build has migrated (a build installed over the data, then an older one started
 * again): Drizzle's migrator would skip everything and the older code would run on tables it does not know
 * (session 20's upgrade walk: an old build printed into a dropped column and answered 500, having used up a tag
 * serial). Restoring the backup taken before the upgrade is the way back (docs/DECISIONS.md, "Upgrades").
 */
async function refuseNewerDatabase(pool: pg.Pool): Promise<void> {
  const [{ exists }] = (
    await pool.query<{ exists: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as exists",
    )
  ).rows;
  if (!exists) return;
  const [row] = (
    await pool.query<{ created_at: string | null; applied: number }>(
      'select max(created_at)::text as created_at, count(*)::int as applied from drizzle.__drizzle_migrations',
    )
  ).rows;
  const known = newestKnownMigration();
  if (row?.created_at == null || Number(row.created_at) <= known.when) return;
  throw new NewerDatabaseError(
    `the database was migrated by a newer build of this application (${row.applied} migrations applied, the newest ` +
      `from ${new Date(Number(row.created_at)).toISOString()}; this build knows up to ${known.tag}): start that ` +
      'build, or restore the backup taken before the upgrade. Nothing was changed.',
  );
}

/** Opens the database the options name: PostgreSQL when a URL is given, else embedded PGlite in a worker thread. */
export async function openDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
    });
    const listeners = createListeners();
    const connection = createListenerConnection(options.databaseUrl, listeners);
    return handleOf(pool, 'pg', createGate(options.heavyCapacity ?? 4), {
      dump: () => Promise.reject(new Error('dump is for PGlite only')),
      listen: (channel, onPayload, onGap) =>
        listeners.add(channel, { onPayload, onGap }, () => connection.listen(channel)),
      close: async () => {
        await listeners.close();
        await pool.end();
      },
    });
  }
  const worker = await startPgliteWorker({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const listeners = createListeners();
  // One connection: PGlite is one session, so a transaction must own it while it runs.
  const pool = new pg.Pool({
    host: worker.socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    // pg-pool awaits the promise before handing the connection out; its types still say void.
    onConnect: (async (client: pg.ClientBase) => {
      // Every connection of the pool relays the session's notifications.
      client.on('notification', (message) => listeners.dispatch(message.channel, message.payload ?? ''));
      // All connections share PGlite's one session, so the named statements an earlier connection prepared are
      // still there while this connection's driver believes none are (it would fail with "already exists").
      await client.query('DEALLOCATE ALL');
    }) as (client: pg.ClientBase) => void,
  });
  return handleOf(pool, 'pglite', createGate(1), {
    dump: (file) => worker.dump(file),
    listen: (channel, onPayload, onGap) =>
      listeners.add(channel, { onPayload, onGap }, async () => {
        await pool.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          await pool.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        };
      }),
    close: async () => {
      await pool.end();
      await worker.close();
    },
  });
}

function handleOf(
  pool: pg.Pool,
  kind: DbHandle['kind'],
  gate: Gate,
  rest: Pick<DbHandle, 'dump' | 'close' | 'listen'>,
): DbHandle {
  // An idle connection that the server drops (restart, failover) must not take the process down: the pool opens a
  // new one on the next query.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  auditedPoolWrites(pool);
  const writes = createWriteWatch();
  writes.watchPool(pool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  auditedTransactions(db);
  return {
    db,
    kind,
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[],
    heavy: (work, signal) => gate.run(work, signal),
    migrate: async () => {
      await refuseNewerDatabase(pool);
      await migratePg(db as never, { migrationsFolder });
      // Every table a migration added gets the audit triggers unless it is listed in audit_skip (docs/DECISIONS.md,
      // "Audit trail"), so a new module's writes are audited without a line of its own.
      await pool.query('select audit_attach_all()');
      // Likewise every new table notifies the answer caches of its writes (migration 0023, "Answer cache").
      await pool.query('select data_notify_attach_all()');
    },
    onWrite: (listener) => writes.onWrite(listener),
    ...rest,
  };
}

/**
 * Every transaction begins by telling PostgreSQL who writes (`gow.actor`) and whether to audit (`gow.audit`), both
 * transaction-local, when the code runs in a write context (src/server/db/writeContext.ts); the audit triggers read
 * them. Nested transactions (savepoints) inherit the outer transaction's settings.
 */
function auditedTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) => {
    const settings = writeSettings();
    if (!settings) return transaction(work, config);
    return transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('gow.actor', ${settings[0]}, true), set_config('gow.audit', ${settings[1]}, true)`,
      );
      return work(tx);
    }, config);
  }) as Db['transaction'];
}

/** A statement that may write rows: INSERT, UPDATE, DELETE, MERGE, or a WITH query holding one of them. */
const WRITE_STATEMENT =
  /^\s*(?:insert|update|delete|merge)\b|^\s*with\b[\s\S]*\b(?:insert|update|delete|merge)\b/i;

/**
 * A write statement issued outside a transaction (`db.insert(...)` or `query('update …')` on the pool) in a write
 * context runs in a transaction of its own that sets the context first, so its audit rows name the user too;
 * reads and system writes go straight to the pool as before. (Session-level settings cannot carry the user: the
 * pool's connections, and PGlite's one session, serve every request in turn.)
 */
function auditedPoolWrites(pool: pg.Pool): void {
  const plain = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const query = async (config: unknown, values: unknown, settings: [string, string]) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      try {
        await client.query(
          "select set_config('gow.actor', $1, true), set_config('gow.audit', $2, true)",
          settings,
        );
        const result = await client.query(config as pg.QueryConfig, values as unknown[]);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      client.release();
    }
  };
  pool.query = ((...args: unknown[]) => {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
    const settings = writeSettings();
    if (!settings || typeof text !== 'string' || args.some((arg) => typeof arg === 'function'))
      return plain(...args);
    if (!WRITE_STATEMENT.test(text)) return plain(...args);
    return query(config, values, settings);
  }) as typeof pool.query;
}
