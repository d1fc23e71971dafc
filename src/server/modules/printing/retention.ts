/**
 * Bounded growth of the print spool (`PRINT_RETENTION_DAYS`): spooled tag PDFs (`<id>.pdf` in DATA_DIR/prints) older
 * than the retention are deleted, once a minute after the start and then hourly, like the audit trail's purge. The
 * `print_jobs` rows stay (docs/DECISIONS.md, "Printing: spool retention"): a job whose file has gone answers its PDF
 * with 404, as a job whose file was lost always did.
 */
import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { createPeriodic } from '../../jobs/periodic.ts';

/** The spool's own files: a job's PDF, or the temporary file a spool in flight (or a crash) left. */
const SPOOL_FILE = /^(?:\d+\.pdf|\.[0-9a-f]{16}\.tmp)$/;

const DAY_MS = 86_400_000;

interface SpoolPurgeOptions {
  /** Files last written more than this many days before `now` go; at least 1. */
  olderThanDays: number;
  /** The clock (tests); `Date.now()` otherwise. */
  now?: number;
  /** Stops between two files once aborted (the server is closing). */
  signal?: AbortSignal;
}

/**
 * Deletes the spool files of `spoolDir` last written more than `olderThanDays` ago; answers how many went. Anything
 * else in the folder (another name, a folder, a link) is left alone; a missing folder has nothing to delete.
 * Example: `purgeSpool('/srv/gow/data/prints', { olderThanDays: 30 })` → 0 when every PDF is younger than 30 days.
 */
export async function purgeSpool(spoolDir: string, options: SpoolPurgeOptions): Promise<number> {
  const { olderThanDays, now = Date.now(), signal } = options;
  // 0 means "keep forever" in the configuration; here it would delete every file, so it is refused.
  if (!Number.isSafeInteger(olderThanDays) || olderThanDays < 1) {
    throw new Error(`purgeSpool: olderThanDays must be a whole number from 1, got ${olderThanDays}`);
  }
  const cutoff = now - olderThanDays * DAY_MS;
  let names: string[];
  try {
    names = await readdir(spoolDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let deleted = 0;
  for (const name of names) {
    if (signal?.aborted) break;
    if (!SPOOL_FILE.test(name)) continue;
    const file = path.join(spoolDir, name);
    // Gone meanwhile (another process on the same folder): nothing to do.
    const stats = await lstat(file).catch(() => undefined);
    if (!stats?.isFile() || stats.mtimeMs >= cutoff) continue;
    await rm(file, { force: true });
    deleted += 1;
  }
  return deleted;
}

interface SpoolPurgerOptions {
  spoolDir: string;
  /** Files older than this many days go (`PRINT_RETENTION_DAYS`, at least 1). */
  retentionDays: number;
  /** Between two purges (default one hour). */
  intervalMs?: number;
  /** From `start()` to the first purge (default one minute: the start's own work goes first). */
  firstDelayMs?: number;
  /** Told how many files a purge deleted, when it deleted any. */
  onPurged?: (deleted: number) => void;
  /** Told of a failed purge; the next tick tries again. */
  onError?: (error: unknown) => void;
}

/** Purges the spool on a timer: `start()` runs one purge shortly and then one every interval until `stop()`. */
export function createSpoolPurger(options: SpoolPurgerOptions) {
  return createPeriodic({
    run: (signal) => purgeSpool(options.spoolDir, { olderThanDays: options.retentionDays, signal }),
    intervalMs: options.intervalMs,
    firstDelayMs: options.firstDelayMs,
    onDone: (deleted) => {
      if (deleted) options.onPurged?.(deleted);
    },
    onError: options.onError,
  });
}
