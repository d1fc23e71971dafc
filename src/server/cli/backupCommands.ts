import { execFile } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { knownMigrations, newestKnownMigration } from '../db/client.ts';
import {
  claimDataDir,
  dataDirHolder,
  inUseMessage,
  type PgliteWorker,
  startPgliteWorker,
} from '../db/pgliteWorker.ts';
import { CommandError } from './userCommands.ts';

const BACKUP_USAGE = `usage: npm run backup -- <file> [--force]    write the embedded database (DATA_DIR/pg) to a .tar.gz
       npm run restore -- <file> [--force]   load such a file into DATA_DIR/pg; --force moves a non-empty folder aside
Both refuse while a server (or another command) has the folder open. With DATABASE_URL set they print the
pg_dump / pg_restore commands to use instead and exit with code 2.`;

export interface BackupArgs {
  command: 'backup' | 'restore';
  file: string;
  force: boolean;
}

/** Reads `backup|restore <file> [--force]`. Example: `['backup', 'x.tar.gz']` → `{command: 'backup', file: 'x.tar.gz', force: false}`. */
export function parseBackupArgs(argv: readonly string[]): BackupArgs {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const files = rest.filter((arg) => arg !== '--force');
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || files[0].startsWith('-')) {
    throw new CommandError(BACKUP_USAGE);
  }
  return { command, file: files[0], force };
}

/** Refusal with code 2: the PostgreSQL server has its own tools, which this command names instead of wrapping. */
export class UsePostgresToolsError extends CommandError {}

/**
 * What to run on PostgreSQL instead. The URL is named as the variable, never printed: it may hold a password.
 * Example: `postgresEquivalent({command: 'backup', file: 'b.dump'})` names `pg_dump --format=custom`.
 */
export function postgresEquivalent({ command, file }: Pick<BackupArgs, 'command' | 'file'>): string {
  const quoted = `'${file.replaceAll("'", "'\\''")}'`;
  const lines =
    command === 'backup'
      ? [
          'DATABASE_URL is set: the database is a PostgreSQL server, which this command does not copy. Back it up',
          'with its own tool (custom format, consistent while the servers keep running):',
          `  pg_dump --format=custom --no-owner --file=${quoted} "$DATABASE_URL"`,
        ]
      : [
          'DATABASE_URL is set: the database is a PostgreSQL server, which this command does not write. Stop the',
          'servers, create an empty database, point DATABASE_URL at it and restore with its own tool:',
          `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" ${quoted}`,
          'then start the servers (they apply the migrations a newer version needs).',
        ];
  return lines.join('\n');
}

/** What a database holds, printed after a backup or restore so that the operator sees it is the expected one. */
export interface DatabaseSummary {
  migrations: number;
  /** `created_at` of the newest applied migration (the journal's `when`), as text; null when none is. */
  newest: string | null;
  users: number;
  tables: number;
}

async function summarize(worker: PgliteWorker): Promise<DatabaseSummary> {
  const client = new pg.Client({
    host: worker.socketDir,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  });
  await client.connect();
  try {
    const { rows } = await client.query<DatabaseSummary>(
      `select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
              (select count(*)::int from drizzle.__drizzle_migrations) as migrations,
              (select max(created_at)::text from drizzle.__drizzle_migrations) as newest,
              (select count(*)::int from users) as users`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** Opens a database folder (or a dump in memory), answers its summary and closes it. */
async function openAndSummarize(options: {
  dataDir?: string;
  loadDataDir?: string;
}): Promise<DatabaseSummary> {
  const worker = await startPgliteWorker({ ...options, lockWaitMs: 0 });
  try {
    return await summarize(worker);
  } finally {
    await worker.close();
  }
}

function refuseWhenInUse(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) throw new CommandError(inUseMessage(dataDir, holder));
}

const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** `DATA_DIR/pg` plus a suffix, in the same folder, so that the final rename never crosses file systems. */
const beside = (dataDir: string, suffix: string) => `${path.resolve(dataDir)}.${suffix}`;

/**
 * Runs the system's `tar` (GNU tar on Linux, bsdtar on macOS and Windows 10+): it streams the folder, where PGlite's
 * own dump builds the whole tarball in memory (2.8 GB of memory for the 570 MB demo database).
 */
async function tar(args: string[]): Promise<void> {
  try {
    await promisify(execFile)('tar', args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    throw new CommandError(`tar failed: ${(stderr || message).trim()}`);
  }
}

/** Whether the file starts with gzip's magic bytes (a backup of this command, not a PGlite dump). */
function isGzip(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the embedded database to `file` as a gzipped tarball of the folder's contents. The database is opened first
 * (replaying the WAL of a server that was killed, then shutting down cleanly) and the folder stays claimed while
 * `tar` reads it; the file is written under a temporary name and renamed at the end, so an interrupted backup leaves
 * no half-written file under the name. Offline: refuses while another process holds the folder (PGlite is one
 * process).
 */
export async function backupDataDir(
  dataDir: string,
  file: string,
  { force = false } = {},
): Promise<DatabaseSummary & { bytes: number }> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new CommandError(`no embedded database in ${path.resolve(dataDir)} (DATA_DIR/pg)`);
  }
  if (existsSync(file) && !force) throw new CommandError(`${file} exists; pass --force to overwrite it`);
  refuseWhenInUse(dataDir);
  const partial = `${file}.${process.pid}.partial`;
  try {
    const summary = await openAndSummarize({ dataDir }).catch((error: Error) => {
      throw new CommandError(error.message);
    });
    const release = await claimDataDir(dataDir).catch((error: Error) => {
      throw new CommandError(error.message);
    });
    try {
      await tar(['-czf', partial, '-C', path.resolve(dataDir), '.']);
    } finally {
      release();
    }
    // Reads the whole archive back (gzip's checksum included) before it takes the name.
    await tar(['-tzf', partial]);
    renameSync(partial, file);
    return { ...summary, bytes: statSync(file).size };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Loads a backup into `dataDir`. The folder must be empty or absent; with `force` a non-empty one is moved aside
 * (`<folder>.before-restore-<time>`), never deleted. The backup is unpacked into a staging folder beside and renamed
 * into place only once it has opened, so an interrupted restore leaves the old folder or none, never half of one.
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  { force = false, now = new Date() } = {},
): Promise<DatabaseSummary & { movedAside?: string }> {
  if (!existsSync(file)) throw new CommandError(`${file}: no such file`);
  refuseWhenInUse(dataDir);
  if (!isEmptyFolder(dataDir) && !force) {
    throw new CommandError(
      `${path.resolve(dataDir)} is not empty; pass --force to move it aside and restore into a fresh folder`,
    );
  }
  const staging = beside(dataDir, 'restoring');
  rmSync(staging, { recursive: true, force: true });
  try {
    // A backup of this command is unpacked by tar; a PGlite dump (`dumpDataDir`, the tests' template) by PGlite.
    const gzipped = isGzip(file);
    if (gzipped) {
      mkdirSync(staging, { recursive: true });
      await tar(['-xzf', file, '-C', staging]);
    }
    const summary = await openAndSummarize(
      gzipped ? { dataDir: staging } : { dataDir: staging, loadDataDir: file },
    ).catch((error: Error) => {
      throw new CommandError(`${file} is not a backup of the embedded database: ${error.message}`);
    });
    // A backup of a newer build: this build's server would refuse to start on it (src/server/db/client.ts).
    const known = newestKnownMigration();
    if (Number(summary.newest ?? 0) > known.when)
      throw new CommandError(
        `${file} was made by a newer build of this application (${summary.migrations} migrations; this build knows ` +
          `up to ${known.tag}), which this build cannot start on: restore it with that build. Nothing was changed.`,
      );
    refuseWhenInUse(dataDir);
    let movedAside: string | undefined;
    if (!isEmptyFolder(dataDir)) {
      movedAside = beside(dataDir, `before-restore-${now.toISOString().replace(/[:.]/g, '-')}`);
      renameSync(dataDir, movedAside);
    } else {
      rmSync(dataDir, { recursive: true, force: true });
    }
    renameSync(staging, dataDir);
    return { ...summary, movedAside };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs the parsed command on the configured database and answers the lines to print. */
export async function runBackupCommand(
  args: BackupArgs,
  config: { dataDir: string; databaseUrl?: string },
): Promise<string> {
  if (config.databaseUrl) throw new UsePostgresToolsError(postgresEquivalent(args));
  const dataDir = path.join(config.dataDir, 'pg');
  const counts = (s: DatabaseSummary) => `${s.tables} tables, ${s.migrations} migrations, ${s.users} users`;
  if (args.command === 'backup') {
    const done = await backupDataDir(dataDir, args.file, args);
    return `backup written: ${args.file} (${(done.bytes / 1e6).toFixed(1)} MB; ${counts(done)})`;
  }
  const done = await restoreDataDir(dataDir, args.file, args);
  const pending = knownMigrations().filter((m) => m.when > Number(done.newest ?? 0));
  return [
    `restored into ${path.resolve(dataDir)} (${counts(done)}); the server can start on it` +
      (pending.length > 0
        ? ` (a backup of an older version: its first start applies ${pending.length} migrations, ${pending[0].tag} to ${pending.at(-1)?.tag})`
        : ''),
    ...(pending.some((m) => m.tag === '0025_print_files')
      ? [
          'its tag PDFs were kept in DATA_DIR/prints, not in the backup: copy that folder beside pg before the ' +
            'first start and the start moves them into the database',
        ]
      : []),
    ...(done.movedAside ? [`the previous folder was moved to ${done.movedAside}`] : []),
  ].join('\n');
}
