import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../tests/support/testApp.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { ConflictError, NotFoundError } from '../domain/errors.ts';
import type { DbHandle } from './client.ts';
import { lockRow, rowVersion } from './rowVersion.ts';
import { airlines } from './schema/index.ts';

describe('rowVersion and lockRow', () => {
  let db: DbHandle;
  let id: number;
  const versionOf = async () =>
    (
      await db.db
        .select({ version: rowVersion(airlines) })
        .from(airlines)
        .where(eq(airlines.id, id))
    )[0].version;
  const rename = (name: string) => db.db.update(airlines).set({ nameRu: name }).where(eq(airlines.id, id));

  beforeAll(async () => {
    db = await openTestDb();
    const [row] = await db.db
      .insert(airlines)
      .values({ nameRu: 'Тестовая', nameEn: 'Test', countryCode: 'RU' })
      .returning({ id: airlines.id });
    id = row.id;
  });
  afterAll(() => db.close());

  it('changes with every write to the row, and only then', async () => {
    const read = await versionOf();
    expect(read).toMatch(/^\d+$/);
    expect(await versionOf()).toBe(read);
    await rename('Тестовая 2');
    expect(await versionOf()).not.toBe(read);
  });

  it('passes the version read, refuses an older one (409) and a missing row (404)', async () => {
    const current = await versionOf();
    await db.db.transaction((tx) => lockRow(tx, airlines, airlines.id, id, current, 'нет'));
    await db.db.transaction((tx) => lockRow(tx, airlines, airlines.id, id, undefined, 'нет'));
    await rename('Тестовая 3');
    const stale = db.db.transaction((tx) => lockRow(tx, airlines, airlines.id, id, current, 'нет'));
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    await expect(stale).rejects.toThrow(MESSAGES.staleEdit);
    const missing = db.db.transaction((tx) =>
      lockRow(tx, airlines, airlines.id, 2_000_000_000, undefined, 'нет'),
    );
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a save that waited for another on the same row and version', async () => {
    const current = await versionOf();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const first = db.db.transaction(async (tx) => {
      await lockRow(tx, airlines, airlines.id, id, current, 'нет');
      locked();
      await held;
      await tx.update(airlines).set({ nameRu: 'Первый' }).where(eq(airlines.id, id));
    });
    await new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The second save starts while the first holds the row (on PostgreSQL it waits at the lock; PGlite has one
    // connection, so its transaction waits for the first's), then the first writes and commits.
    const second = db.db.transaction(async (tx) => {
      await lockRow(tx, airlines, airlines.id, id, current, 'нет');
      await tx.update(airlines).set({ nameRu: 'Второй' }).where(eq(airlines.id, id));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await first;
    await expect(second).rejects.toBeInstanceOf(ConflictError);
    const [row] = await db.db.select({ name: airlines.nameRu }).from(airlines).where(eq(airlines.id, id));
    expect(row.name).toBe('Первый');
  });
});
