/** The print spool's retention without HTTP: which PDFs the purge deletes, in batches, and its timer. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spoolJobs } from '../../../../tests/support/spool.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import type { DbHandle } from '../../db/client.ts';
import { createSpoolPurger, purgeSpool } from './retention.ts';

let dbh: DbHandle;
let spooledJob: Awaited<ReturnType<typeof spoolJobs>>;

beforeAll(async () => {
  dbh = await openTestDb();
  // The spool printer and a PDF template the jobs below name.
  spooledJob = await spoolJobs(dbh);
});
afterAll(() => dbh.close());

/** Each test starts from an empty spool. */
beforeEach(async () => {
  await dbh.exec('delete from print_jobs');
});

/** A spooled job per age, its PDF written `now()` minus the age; answers the job ids in the order given. */
async function agedPdfs(ages: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const age of ages) {
    const job = await spooledJob(age);
    const pdf = Buffer.from(`%PDF-1.3 ${age}`);
    await dbh.query(
      `insert into print_files (job_id, created_at, size, bytes) values ($1, now() - $2::interval, $3, $4)`,
      [job, age, pdf.length, pdf],
    );
    ids.push(job);
  }
  return ids;
}

/** Ids of the jobs that still have their PDF. */
const kept = async () =>
  (await dbh.query<{ job_id: number }>('select job_id from print_files order by created_at')).map(
    (r) => r.job_id,
  );
const jobCount = async () => (await dbh.query<{ n: number }>('select count(*)::int n from print_jobs'))[0].n;

const old = (n: number) => Array.from({ length: n }, (_, i) => `${31 + i} days`);

describe('purging the print spool', () => {
  it('deletes exactly the PDFs older than the cutoff, and keeps every job row', async () => {
    const [, , newer, fresh] = await agedPdfs(['45 days', '30 days 1 hour', '29 days 23 hours', '0 days']);
    expect(await purgeSpool(dbh, { olderThanDays: 30 })).toBe(2);
    expect(await kept()).toEqual([newer, fresh]);
    expect(await jobCount()).toBe(4);
  });

  it('works through several batches until one comes back short, and answers the total', async () => {
    const ids = await agedPdfs([...old(25), '1 day']);
    expect(await purgeSpool(dbh, { olderThanDays: 30, batch: 10 })).toBe(25);
    expect(await kept()).toEqual([ids[25]]);
  });

  it('goes on past a batch that is exactly full', async () => {
    await agedPdfs(old(20));
    expect(await purgeSpool(dbh, { olderThanDays: 30, batch: 10 })).toBe(20);
    expect(await kept()).toEqual([]);
  });

  it('answers 0 when nothing is old enough', async () => {
    const ids = await agedPdfs(['29 days']);
    expect(await purgeSpool(dbh, { olderThanDays: 30 })).toBe(0);
    expect(await kept()).toEqual(ids);
  });

  it('shares the work with a purge running at once (another process): each PDF is deleted once', async () => {
    await agedPdfs([...old(30), '1 day']);
    const [a, b] = await Promise.all([
      purgeSpool(dbh, { olderThanDays: 30, batch: 4 }),
      purgeSpool(dbh, { olderThanDays: 30, batch: 4 }),
    ]);
    expect(a + b).toBe(30);
    expect(await kept()).toHaveLength(1);
  });

  it.each([0, -1, 1.5])('refuses %s days rather than delete everything', async (days) => {
    await agedPdfs(['1 day']);
    await expect(purgeSpool(dbh, { olderThanDays: days })).rejects.toThrow(/olderThanDays/);
    expect(await kept()).toHaveLength(1);
  });

  it('stops before the next batch once aborted', async () => {
    await agedPdfs(old(2));
    const closing = new AbortController();
    closing.abort();
    expect(await purgeSpool(dbh, { olderThanDays: 30, signal: closing.signal })).toBe(0);
    expect(await kept()).toHaveLength(2);
  });

  it('leaves no audit rows: print_files is not audited', async () => {
    await agedPdfs(old(2));
    const audited = async () =>
      (
        await dbh.query<{ n: number }>(`select count(*)::int n from audit_log where entity = 'print_files'`)
      )[0].n;
    expect(await purgeSpool(dbh, { olderThanDays: 30 })).toBe(2);
    expect(await audited()).toBe(0);
  });
});

describe('the spool purger', () => {
  it('purges shortly after start and tells how many PDFs went, then stops', async () => {
    const [, young] = await agedPdfs(['60 days', '1 day']);
    const told: number[] = [];
    const purger = createSpoolPurger({
      db: dbh,
      retentionDays: 30,
      firstDelayMs: 10,
      intervalMs: 60_000,
      onPurged: (deleted) => told.push(deleted),
    });
    purger.start();
    await expect.poll(() => told.length, { timeout: 3000 }).toBe(1);
    await purger.stop();
    expect(told).toEqual([1]);
    expect(await kept()).toEqual([young]);
  });
});
