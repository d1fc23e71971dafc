import { describe, expect, it } from 'vitest';
import type { WriteListener } from '../../db/writes.ts';
import { createListingMemo } from './listingMemo.ts';
import type { RowEntry } from './rows.ts';

/** A database handle's write watch and data channel, driven by the test. */
function fakeDb(listenFails = false) {
  const writes = new Set<WriteListener>();
  const notices = new Set<() => void>();
  return {
    db: {
      onWrite(listener: WriteListener) {
        writes.add(listener);
        return () => writes.delete(listener);
      },
      async listen(_channel: string, onPayload: (payload: string) => void) {
        if (listenFails) throw new Error('no listener');
        const notice = () => onPayload('');
        notices.add(notice);
        return async () => {
          notices.delete(notice);
        };
      },
    },
    write: (tables: string[] | null) => {
      for (const listener of writes) listener(tables);
    },
    notice: () => {
      for (const notice of notices) notice();
    },
    get watchers() {
      return writes.size + notices.size;
    },
  };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i }) as unknown as RowEntry);

describe('the listing memo', () => {
  it('builds a listing once for the pages that follow, and again for another key', async () => {
    const { db } = fakeDb();
    const memo = createListingMemo(db);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return rows(3);
    };
    const first = await memo.rows('a', build);
    expect(await memo.rows('a', build)).toBe(first);
    expect(builds).toBe(1);
    await memo.rows('b', build);
    expect(builds).toBe(2);
  });

  it('builds again after a write of this process or another’s notice, not after a session write', async () => {
    const fake = fakeDb();
    const memo = createListingMemo(fake.db);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return rows(2);
    };
    await memo.rows('a', build);
    fake.write(['sessions']);
    await memo.rows('a', build);
    expect(builds).toBe(1);
    fake.write(['flights']);
    await memo.rows('a', build);
    expect(builds).toBe(2);
    fake.notice();
    await memo.rows('a', build);
    expect(builds).toBe(3);
  });

  it('does not keep a listing a write came during', async () => {
    const fake = fakeDb();
    const memo = createListingMemo(fake.db);
    let builds = 0;
    const build = async () => {
      builds += 1;
      if (builds === 1) fake.write(['tasks']);
      return rows(2);
    };
    await memo.rows('a', build);
    await memo.rows('a', build);
    expect(builds).toBe(2);
    expect(memo.size).toBe(1);
  });

  it('keeps nothing while the data channel cannot be listened to, and drops its age-old listings', async () => {
    const memo = createListingMemo(fakeDb(true).db);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return rows(1);
    };
    await memo.rows('a', build);
    await memo.rows('a', build);
    expect(builds).toBe(2);
    let clock = 0;
    const aged = createListingMemo(fakeDb().db, { maxAgeMs: 1000, now: () => clock });
    await aged.rows('a', build);
    clock = 1500;
    await aged.rows('a', build);
    expect(builds).toBe(4);
  });

  it('holds at most its rows, least recently read out first, and stops watching when closed', async () => {
    const fake = fakeDb();
    const memo = createListingMemo(fake.db, { maxRows: 5 });
    await memo.rows('a', async () => rows(3));
    await memo.rows('b', async () => rows(2));
    await memo.rows('a', async () => rows(3));
    await memo.rows('c', async () => rows(2));
    expect(memo.size).toBe(2);
    expect(fake.watchers).toBe(2);
    await memo.close();
    expect(fake.watchers).toBe(0);
    expect(memo.size).toBe(0);
  });
});
