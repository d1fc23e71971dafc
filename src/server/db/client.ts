import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createGate, type Gate } from './gate.ts';
import { startPgliteWorker } from './pgliteWorker.ts';
import * as schema from './schema/index.ts';

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

/** Opens the database the options name: PostgreSQL when a URL is given, else embedded PGlite in a worker thread. */
export async function openDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      statement_timeout: options.statementTimeoutMs ?? 30_000,
    });
    return handleOf(pool, 'pg', createGate(options.heavyCapacity ?? 4), {
      dump: () => Promise.reject(new Error('dump is for PGlite only')),
      close: () => pool.end(),
    });
  }
  const worker = await startPgliteWorker({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // One connection: PGlite is one session, so a transaction must own it while it runs.
  const pool = new pg.Pool({
    host: worker.socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: 1,
  });
  return handleOf(pool, 'pglite', createGate(1), {
    dump: (file) => worker.dump(file),
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
  rest: Pick<DbHandle, 'dump' | 'close'>,
): DbHandle {
  // An idle connection that the server drops (restart, failover) must not take the process down: the pool opens a
  // new one on the next query.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind,
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    heavy: (work, signal) => gate.run(work, signal),
    migrate: () => migratePg(db as never, { migrationsFolder }),
    ...rest,
  };
}
