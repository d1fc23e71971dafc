/** The workplace distance service without HTTP, on a one-day demo airport (its workplaces and seeded distances). */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { WORKPLACE_MESSAGES } from '../../../shared/workplace.ts';
import type { DbHandle } from '../../db/client.ts';
import { workplaceDistances } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ConflictError, ValidationError } from '../../domain/errors.ts';
import { createWorkplaceService, type WorkplaceService } from './service.ts';

let dbh: DbHandle;
let service: WorkplaceService;
let gates: number[];

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createWorkplaceService(dbh);
  gates = (await service.workplaces([])).filter((w) => w.kind === 2).map((w) => w.id);
});
afterAll(() => dbh.close());

const stored = async () => (await dbh.db.select({ n: count() }).from(workplaceDistances))[0].n;

describe('the demo airport', () => {
  it('has stands, gates, halls and service buildings, in that order', async () => {
    const all = await service.workplaces([]);
    expect([...new Set(all.map((w) => w.kind))]).toEqual([1, 2, 3, 4]);
    expect(all.find((w) => w.kind === 4)?.name).toBe('Служба перронного обеспечения');
  });

  it('keeps a distance for every ordered pair but two gates', async () => {
    const n = (await service.workplaces([])).length;
    expect(await stored()).toBe(n * (n - 1) - gates.length * (gates.length - 1));
    expect(await service.distances(gates, gates)).toEqual([]);
  });

  it('answers the entries between the chosen places only', async () => {
    const [a, b] = await service.workplaces([1, 2]);
    const entries = await service.distances([a.id], [b.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ workplace_from_id: 1, workplace_to_id: 2 });
    expect(entries[0].distance).toBeGreaterThan(0);
  });
});

describe('saving', () => {
  it('creates new pairs and changes stored ones in one call', async () => {
    const [old] = await service.distances([1], [2]);
    const written = await service.save({
      create: [{ workplace_from_id: gates[0], workplace_to_id: gates[1], distance: 46 }],
      update: [{ ...old, distance: 123.45 }],
    });
    expect(written.map((e) => e.distance)).toEqual([46, 123.45]);
    expect((await service.distances([1], [2]))[0].distance).toBe(123.45);
  });

  it('writes nothing when one entry names an unknown workplace', async () => {
    const before = await stored();
    const [old] = await service.distances([3], [4]);
    const error = await service
      .save({
        create: [{ workplace_from_id: gates[2], workplace_to_id: 999_999, distance: 1 }],
        update: [{ ...old, distance: 1 }],
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual({
      'create.0.workplace_to_id': [WORKPLACE_MESSAGES.unknownWorkplace(999_999)],
    });
    expect(await stored()).toBe(before);
    expect((await service.distances([3], [4]))[0].distance).toBe(old.distance);
  });

  it('refuses a new pair that is already stored (a stale screen) with 409', async () => {
    const error = await service
      .save({ create: [{ workplace_from_id: 1, workplace_to_id: 3, distance: 5 }], update: [] })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ConflictError);
  });

  it('refuses a change whose pair differs from the stored one', async () => {
    const [old] = await service.distances([5], [6]);
    const error = await service.update([{ ...old, workplace_to_id: 7, distance: 9 }]).catch((e) => e);
    expect(error.fields).toEqual({ 'update.0.id': [WORKPLACE_MESSAGES.unknownEntry(old.id)] });
  });
});

describe('deleting', () => {
  it('removes the entries, or none of them when one id is unknown', async () => {
    const [a] = await service.distances([7], [8]);
    const [b] = await service.distances([8], [7]);
    await expect(service.remove({ ids: [a.id, 2_000_000_000] })).rejects.toBeInstanceOf(ValidationError);
    expect(
      await dbh.db.select().from(workplaceDistances).where(eq(workplaceDistances.id, a.id)),
    ).toHaveLength(1);
    await service.remove({ ids: [a.id, b.id] });
    expect(await service.distances([7, 8], [7, 8])).toEqual([]);
  });
});
