import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Runs raw SQL (several statements allowed) with no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and answers its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  migrate(): Promise<void>;
  /** PGlite only: a tarball of the whole database, loadable through `loadDataDir`. */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... switches to a PostgreSQL server through `pg`. */
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; omitted or 'memory://' keeps it in memory. */
  dataDir?: string;
  /** A dump made by `dumpDataDir()` of a migrated PGlite database, to start from (tests). */
  loadDataDir?: Blob | File;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database the options name: PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDb(options: DbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) return openPg(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<DbHandle> {
  if (dataDir && !dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

async function openPg(url: string): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server drops (restart, failover) must not take the process down: the pool opens a
  // new one on the next query.
  pool.on('error', (error) => console.error('database connection lost:', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pg',
    exec: async (sql) => {
      await pool.query(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    migrate: () => migratePg(db as never, { migrationsFolder }),
    dump: () => Promise.reject(new Error('dump is for PGlite only')),
    close: () => pool.end(),
  };
}
