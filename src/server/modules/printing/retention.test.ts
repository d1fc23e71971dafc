/** The print spool's retention without HTTP: which files the purge deletes, and its timer. */
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSpoolPurger, purgeSpool } from './retention.ts';

const DAY_MS = 86_400_000;
let spoolDir: string;

beforeEach(async () => {
  spoolDir = await mkdtemp(path.join(os.tmpdir(), 'gow-spool-retention-'));
});
afterEach(() => rm(spoolDir, { recursive: true, force: true }));

/** Writes a file of the spool last modified `days` ago. */
async function aged(name: string, days: number): Promise<void> {
  const file = path.join(spoolDir, name);
  await writeFile(file, '%PDF-');
  const at = new Date(Date.now() - days * DAY_MS);
  await utimes(file, at, at);
}

describe('purging the print spool', () => {
  it("deletes exactly the job PDFs and leftover temporary files older than the cutoff, and nothing that is not the spool's", async () => {
    await aged('1.pdf', 45);
    await aged('2.pdf', 30.01);
    await aged('3.pdf', 29.9);
    await aged('4.pdf', 0);
    await aged('.0123456789abcdef.tmp', 31);
    await aged('notes.txt', 400);
    await aged('5.pdf.bak', 400);
    await mkdir(path.join(spoolDir, '6.pdf'));
    expect(await purgeSpool(spoolDir, { olderThanDays: 30 })).toBe(3);
    expect((await readdir(spoolDir)).sort()).toEqual(['3.pdf', '4.pdf', '5.pdf.bak', '6.pdf', 'notes.txt']);
  });

  it('has nothing to delete in a folder that was never made', async () => {
    expect(await purgeSpool(path.join(spoolDir, 'never'), { olderThanDays: 1 })).toBe(0);
  });

  it.each([0, -1, 1.5])('refuses %s days rather than delete everything', async (days) => {
    await expect(purgeSpool(spoolDir, { olderThanDays: days })).rejects.toThrow(/olderThanDays/);
  });

  it('stops before the next file once aborted', async () => {
    await aged('1.pdf', 90);
    const closing = new AbortController();
    closing.abort();
    expect(await purgeSpool(spoolDir, { olderThanDays: 30, signal: closing.signal })).toBe(0);
    expect(await readdir(spoolDir)).toEqual(['1.pdf']);
  });
});

describe('the spool purger', () => {
  it('purges shortly after start and tells how many files went, then stops', async () => {
    await aged('7.pdf', 60);
    await aged('8.pdf', 1);
    const told: number[] = [];
    const purger = createSpoolPurger({
      spoolDir,
      retentionDays: 30,
      firstDelayMs: 10,
      intervalMs: 60_000,
      onPurged: (deleted) => told.push(deleted),
    });
    purger.start();
    const deadline = Date.now() + 3000;
    while (told.length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await purger.stop();
    expect(told).toEqual([1]);
    expect(await readdir(spoolDir)).toEqual(['8.pdf']);
  });
});
