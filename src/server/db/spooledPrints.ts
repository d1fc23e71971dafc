import { readdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DbHandle } from './client.ts';
import { PRINT_FILE_MAX_BYTES } from './schema/printing.ts';

const JOB_FILE = /^(\d{1,10})\.pdf$/u;

export interface SpooledImport {
  /** PDFs now in `print_files`. */
  imported: number;
  /** Files left out: not a job's PDF, no such job, the job has its PDF already, empty or too big. */
  skipped: string[];
  /** Where the folder was moved once read (null: there was no folder). */
  movedTo: string | null;
}

/**
 * Builds before migration 0025 kept a spooled job's PDF as DATA_DIR/prints/{job id}.pdf; 0025 moved the PDFs into
 * `print_files` and kept the old jobs' rows, so after an upgrade those downloads answered 404 while the files were
 * still on disk, and nothing would ever clean them. At start each such file whose job exists and has no PDF yet is
 * written into `print_files` (with the job's time, so `PRINT_RETENTION_DAYS` purges it as it would have purged the
 * file), then the folder is renamed `prints.imported` (never deleted: remove it once the downloads are checked), so
 * the next start neither reads it again nor brings back what the retention has purged since.
 */
export async function importSpooledPrints(
  db: Pick<DbHandle, 'query'>,
  folder: string,
): Promise<SpooledImport> {
  let names: string[];
  try {
    if (!(await stat(folder)).isDirectory()) return { imported: 0, skipped: [], movedTo: null };
    names = (await readdir(folder)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { imported: 0, skipped: [], movedTo: null };
    throw error;
  }
  let imported = 0;
  const skipped: string[] = [];
  for (const name of names) {
    const id = JOB_FILE.exec(name)?.[1];
    const file = path.join(folder, name);
    const size = id ? (await stat(file)).size : 0;
    if (!id || Number(id) > 2_147_483_647 || size < 1 || size > PRINT_FILE_MAX_BYTES) {
      skipped.push(name);
      continue;
    }
    const bytes = await readFile(file);
    const rows = await db.query(
      `insert into print_files (job_id, created_at, size, bytes)
       select id, created_at, $2, $3 from print_jobs where id = $1 and status = 'spooled'
       on conflict (job_id) do nothing returning job_id`,
      [Number(id), bytes.length, bytes],
    );
    if (rows.length > 0) imported += 1;
    else skipped.push(name);
  }
  const movedTo = await freeName(`${folder}.imported`);
  await rename(folder, movedTo);
  return { imported, skipped, movedTo };
}

/** `base`, or `base-2`, `base-3`… when it is taken. */
async function freeName(base: string): Promise<string> {
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? base : `${base}-${n}`;
    try {
      await stat(name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return name;
      throw error;
    }
  }
}
