/** PDFs spooled to DATA_DIR/prints by builds before migration 0025, brought into print_files at start. */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spoolJobs } from '../../../tests/support/spool.ts';
import { openTestDb } from '../../../tests/support/testApp.ts';
import type { DbHandle } from './client.ts';
import { importSpooledPrints } from './spooledPrints.ts';

let dbh: DbHandle;
let dataDir: string;
let oldJob: Awaited<ReturnType<typeof spoolJobs>>;

beforeAll(async () => {
  dbh = await openTestDb();
  // A job row as an old build wrote it (its PDF on disk, none in print_files), `age` ago.
  oldJob = await spoolJobs(dbh);
});
afterAll(() => dbh.close());

beforeEach(async () => {
  await dbh.exec('delete from print_jobs');
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'gow-spooled-'));
  return () => rm(dataDir, { recursive: true, force: true });
});

const files = async () =>
  dbh.query<{ job_id: number; size: number; bytes: Buffer; aged: boolean }>(
    `select f.job_id, f.size, f.bytes, f.created_at = j.created_at as aged
       from print_files f join print_jobs j on j.id = f.job_id order by f.job_id`,
  );

describe('importing the PDFs of DATA_DIR/prints', () => {
  it("moves each old job's PDF into print_files with the job's time, and renames the folder", async () => {
    const first = await oldJob('2 days');
    const second = await oldJob('40 days');
    const sent = await oldJob('1 day', 'sent');
    const prints = path.join(dataDir, 'prints');
    await mkdir(prints);
    await writeFile(path.join(prints, `${first}.pdf`), '%PDF-1.3 first');
    await writeFile(path.join(prints, `${second}.pdf`), '%PDF-1.3 second');
    await writeFile(path.join(prints, `${sent}.pdf`), '%PDF-1.3 not a spooled job');
    await writeFile(path.join(prints, '999999.pdf'), '%PDF-1.3 no such job');
    await writeFile(path.join(prints, 'notes.txt'), 'an operator note');
    await writeFile(path.join(prints, `${first}.pdf.tmp`), 'half written');

    const result = await importSpooledPrints(dbh, prints);

    expect(result.imported).toBe(2);
    expect(result.skipped.sort()).toEqual(
      [`${first}.pdf.tmp`, `${sent}.pdf`, '999999.pdf', 'notes.txt'].sort(),
    );
    expect(result.movedTo).toBe(path.join(dataDir, 'prints.imported'));
    expect((await files()).map((f) => [f.job_id, f.bytes.toString(), f.size, f.aged])).toEqual([
      [first, '%PDF-1.3 first', 14, true],
      [second, '%PDF-1.3 second', 15, true],
    ]);
    // Nothing deleted: the files are all in the renamed folder.
    expect((await readdir(path.join(dataDir, 'prints.imported'))).length).toBe(6);
    expect(await readdir(dataDir)).toEqual(['prints.imported']);
  });

  it('never replaces a PDF the job has, and a second folder is renamed beside the first', async () => {
    const job = await oldJob('1 hour');
    await dbh.query(`insert into print_files (job_id, size, bytes) values ($1, 3, '\\x414243')`, [job]);
    await mkdir(path.join(dataDir, 'prints.imported'));
    const prints = path.join(dataDir, 'prints');
    await mkdir(prints);
    await writeFile(path.join(prints, `${job}.pdf`), '%PDF-1.3 older copy');

    const result = await importSpooledPrints(dbh, prints);

    expect(result).toEqual({ imported: 0, skipped: [`${job}.pdf`], movedTo: `${prints}.imported-2` });
    expect((await files()).map((f) => f.bytes.toString())).toEqual(['ABC']);
  });

  it('does nothing without the folder', async () => {
    expect(await importSpooledPrints(dbh, path.join(dataDir, 'prints'))).toEqual({
      imported: 0,
      skipped: [],
      movedTo: null,
    });
    expect(await readdir(dataDir)).toEqual([]);
  });
});
