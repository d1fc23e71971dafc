/**
 * Backups of the embedded database: data written into a data folder, backed up, restored into a fresh folder and
 * found there. On the PostgreSQL pass the documented pg_dump / pg_restore commands are run instead, when installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../../src/server/cli/backupCommands.ts';
import { type DbHandle, openDb } from '../../src/server/db/client.ts';
import { lockFileOf } from '../../src/server/db/pgliteWorker.ts';
import { airlines } from '../../src/server/db/schema/index.ts';
import { withDatabase } from '../support/globalDb.ts';

const AIRLINES = 300;
const dir = mkdtempSync(path.join(os.tmpdir(), 'gow-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 300 airlines with known names and codes, and one with Cyrillic and a quote, to find after the restore. */
async function writeData(db: DbHandle) {
  await db.db.insert(airlines).values(
    Array.from({ length: AIRLINES }, (_, i) => ({
      nameRu: `Авиакомпания ${i}`,
      nameEn: `Airline ${i}`,
      iataCode: `Q${i}`,
      numericCode: String(100 + i).padStart(3, '0'),
      countryCode: 'RU',
    })),
  );
  await db.db.insert(airlines).values({
    nameRu: "Авиалинии «Кама» d'Арк",
    nameEn: 'Kama',
    iataCode: 'KM',
    numericCode: '977',
    countryCode: 'RU',
  });
}

async function findData(db: DbHandle) {
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from airlines where name_en like 'Airline %'",
  );
  const kama = await db.db.select().from(airlines).where(eq(airlines.iataCode, 'KM'));
  return { n, kama: kama.map((a) => ({ nameRu: a.nameRu, numericCode: a.numericCode })) };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('a backup of the embedded database', () => {
  const source = path.join(dir, 'source', 'pg');
  const file = path.join(dir, 'backup.tar.gz');

  beforeAll(async () => {
    // The run's migrated template, restored the way an operator would: the restore command is under test too.
    await restoreDataDir(source, inject('dbTemplate'));
    const db = await openDb({ dataDir: source });
    await writeData(db);
    await db.close();
  });

  it('restored into a fresh folder holds every row that was written, the special row included', async () => {
    const written = await backupDataDir(source, file);
    expect(written.bytes).toBeGreaterThan(0);
    expect(written.migrations).toBeGreaterThan(0);
    expect(readdirSync(dir).filter((name) => name.includes('partial') || name.endsWith('.tar'))).toEqual([]);

    const target = path.join(dir, 'target', 'pg');
    const restored = await restoreDataDir(target, file);
    expect(restored).toMatchObject({ tables: written.tables, migrations: written.migrations });
    expect(existsSync(lockFileOf(target))).toBe(false);
    const db = await openDb({ dataDir: target });
    try {
      await db.migrate();
      expect(await findData(db)).toEqual({
        n: AIRLINES,
        kama: [{ nameRu: "Авиалинии «Кама» d'Арк", numericCode: '977' }],
      });
      // Changed after the restore, so that the next test can tell this folder from a second restore.
      await db.query("delete from airlines where iata_code = 'KM'");
    } finally {
      await db.close();
    }
  }, 240_000);

  it('with --force moves a non-empty folder aside instead of deleting it, and restores beside it', async () => {
    const target = path.join(dir, 'target', 'pg');
    const again = await restoreDataDir(target, file, { force: true, now: new Date('2026-11-23T10:00:00Z') });
    expect(again.movedAside).toBe(`${target}.before-restore-2026-11-23T10-00-00-000Z`);
    const restored = await openDb({ dataDir: target });
    const aside = await openDb({ dataDir: again.movedAside });
    try {
      expect((await findData(restored)).kama).toHaveLength(1);
      // The first test deleted the row in the folder that is now aside.
      expect((await findData(aside)).kama).toHaveLength(0);
    } finally {
      await restored.close();
      await aside.close();
    }
  }, 240_000);
});

/** The newest PostgreSQL client tools installed by the distribution, if any. */
function pgTool(name: string): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin', name)).find((tool) => existsSync(tool));
}

describe.runIf(process.env.DATABASE_URL)('the documented pg_dump / pg_restore commands', () => {
  const url = process.env.DATABASE_URL as string;
  const names = [`gow_backup_src_${process.pid}`, `gow_backup_dst_${process.pid}`];
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${names[0]} template ${inject('dbTemplate')}`);
    await admin.query(`create database ${names[1]}`);
  });
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it.skipIf(!pgTool('pg_dump'))('copy every row into an empty database', async () => {
    const source = await openDb({ databaseUrl: withDatabase(url, names[0]) });
    await writeData(source);
    await source.close();
    const file = path.join(dir, 'backup.dump');
    // The commands of postgresEquivalent(), with the URL passed as the variable names it.
    execFileSync(pgTool('pg_dump') as string, [
      '--format=custom',
      '--no-owner',
      `--file=${file}`,
      withDatabase(url, names[0]),
    ]);
    execFileSync(pgTool('pg_restore') as string, [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${withDatabase(url, names[1])}`,
      file,
    ]);
    const target = await openDb({ databaseUrl: withDatabase(url, names[1]) });
    try {
      await target.migrate();
      expect(await findData(target)).toEqual({
        n: AIRLINES,
        kama: [{ nameRu: "Авиалинии «Кама» d'Арк", numericCode: '977' }],
      });
    } finally {
      await target.close();
    }
  });
});
