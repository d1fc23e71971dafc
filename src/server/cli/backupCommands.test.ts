import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestKnownMigration, openDb } from '../db/client.ts';
import { lockFileOf } from '../db/pgliteWorker.ts';
import {
  backupDataDir,
  parseBackupArgs,
  postgresEquivalent,
  restoreDataDir,
  runBackupCommand,
  UsePostgresToolsError,
} from './backupCommands.ts';
import { CommandError } from './userCommands.ts';

describe('reading the command line', () => {
  it('takes the command, one file and --force anywhere after the command', () => {
    expect(parseBackupArgs(['backup', 'b.tar.gz'])).toEqual({
      command: 'backup',
      file: 'b.tar.gz',
      force: false,
    });
    expect(parseBackupArgs(['restore', '--force', 'b.tar.gz'])).toEqual({
      command: 'restore',
      file: 'b.tar.gz',
      force: true,
    });
  });

  it('refuses a missing file, two files, an unknown option and an unknown command with the usage', () => {
    for (const argv of [['backup'], ['backup', 'a', 'b'], ['restore', '--yes'], ['dump', 'a']]) {
      expect(() => parseBackupArgs(argv), argv.join(' ')).toThrow(/usage: npm run backup/);
    }
  });
});

describe('with DATABASE_URL set', () => {
  it('names pg_dump for a backup and pg_restore for a restore, without printing the URL', async () => {
    const config = { dataDir: '/nowhere', databaseUrl: 'postgres://u:secret@host/db' };
    const backup = runBackupCommand(parseBackupArgs(['backup', 'b.dump']), config);
    await expect(backup).rejects.toThrow(UsePostgresToolsError);
    await expect(backup).rejects.toThrow(
      `pg_dump --format=custom --no-owner --file='b.dump' "$DATABASE_URL"`,
    );
    const restore = runBackupCommand(parseBackupArgs(['restore', 'b.dump']), config);
    await expect(restore).rejects.toThrow(
      `pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" 'b.dump'`,
    );
    await expect(restore).rejects.not.toThrow(/secret/);
  });

  it('quotes a file name with a quote for the shell', () => {
    expect(postgresEquivalent({ command: 'backup', file: "it's.dump" })).toContain(`--file='it'\\''s.dump'`);
  });
});

describe('when the folder is not what the command needs', () => {
  let dir: string;
  let holder: ChildProcess;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gow-backup-unit-'));
    holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  });
  afterAll(() => {
    holder.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses to back up a folder without a database', async () => {
    await expect(backupDataDir(path.join(dir, 'none'), path.join(dir, 'b.tar.gz'))).rejects.toThrow(
      /no embedded database in/,
    );
  });

  it('refuses to back up or restore while another live process holds the folder, naming it', async () => {
    const pg = path.join(dir, 'held');
    mkdirSync(pg);
    writeFileSync(path.join(pg, 'PG_VERSION'), '17\n');
    writeFileSync(lockFileOf(pg), JSON.stringify({ pid: holder.pid }));
    const message = `is in use by process ${holder.pid}`;
    await expect(backupDataDir(pg, path.join(dir, 'b.tar.gz'))).rejects.toThrow(message);
    writeFileSync(path.join(dir, 'some.tar.gz'), 'x');
    await expect(restoreDataDir(pg, path.join(dir, 'some.tar.gz'), { force: true })).rejects.toThrow(message);
  });

  it('refuses to overwrite an existing backup file without --force', async () => {
    const pg = path.join(dir, 'free');
    mkdirSync(pg);
    writeFileSync(path.join(pg, 'PG_VERSION'), '17\n');
    writeFileSync(path.join(dir, 'old.tar.gz'), 'x');
    await expect(backupDataDir(pg, path.join(dir, 'old.tar.gz'))).rejects.toThrow(/exists; pass --force/);
  });

  it('refuses to restore into a non-empty folder without --force, and a file that is no backup', async () => {
    const pg = path.join(dir, 'full');
    mkdirSync(pg);
    writeFileSync(path.join(pg, 'keep'), 'x');
    writeFileSync(path.join(dir, 'junk.tar.gz'), 'not a tarball');
    await expect(restoreDataDir(pg, path.join(dir, 'junk.tar.gz'))).rejects.toThrow(
      /is not empty; pass --force/,
    );
    const empty = path.join(dir, 'empty');
    await expect(restoreDataDir(empty, path.join(dir, 'junk.tar.gz'))).rejects.toThrow(CommandError);
    await expect(restoreDataDir(empty, path.join(dir, 'missing.tar.gz'))).rejects.toThrow(/no such file/);
  });
});

describe('restoring a backup of another version', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gow-backup-version-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A dump of a migrated database after `change` (PGlite's own format, which restore reads as well). */
  async function dumpAfter(name: string, change: string): Promise<string> {
    const db = await openDb();
    try {
      await db.migrate();
      await db.exec(change);
      const file = path.join(dir, `${name}.tar`);
      await db.dump(file);
      return file;
    } finally {
      await db.close();
    }
  }

  it('refuses one a newer build made, changing nothing', async () => {
    const file = await dumpAfter(
      'newer',
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${newestKnownMigration().when + 1})`,
    );
    const target = path.join(dir, 'newer-target');
    mkdirSync(target);
    writeFileSync(path.join(target, 'keep'), 'x');
    await expect(restoreDataDir(target, file, { force: true })).rejects.toThrow(/made by a newer build/);
    expect(readdirSync(dir).filter((name) => name.startsWith('newer-target'))).toEqual(['newer-target']);
  }, 60_000);

  it('restores one of an older version and says how many migrations its first start applies', async () => {
    const file = await dumpAfter(
      'older',
      `delete from drizzle.__drizzle_migrations where created_at = ${newestKnownMigration().when}`,
    );
    const out = await runBackupCommand(parseBackupArgs(['restore', file]), {
      dataDir: path.join(dir, 'older'),
    });
    expect(out).toContain(`its first start applies 1 migrations, ${newestKnownMigration().tag} to`);
  }, 60_000);
});
