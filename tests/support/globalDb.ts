import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database. PostgreSQL: name of a migrated template database. */
    dbTemplate: string;
  }
}

/** Withdraws the database name from a postgres:// URL and puts another in. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Migrates once per run, so each test file starts from a copy instead of migrating again. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `gow_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const handle = await openDb({ databaseUrl: withDatabase(url, name) });
    await handle.migrate();
    await handle.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gow-template-'));
  const handle = await openDb();
  await handle.migrate();
  const file = path.join(dir, 'template.tar');
  await handle.dump(file);
  await handle.close();
  project.provide('dbTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
