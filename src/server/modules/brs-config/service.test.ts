/** The baggage-register settings service without HTTP, on a fresh test database with hand-inserted airlines. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import { BRS_DEFAULTS, BRS_MESSAGES } from '../../../shared/brs-config.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { DbHandle } from '../../db/client.ts';
import { airlines } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { type BrsConfigService, createBrsConfigService } from './service.ts';

let dbh: DbHandle;
let service: BrsConfigService;
let airlineIds: number[];

beforeAll(async () => {
  dbh = await openTestDb();
  const rows = await dbh.db
    .insert(airlines)
    .values(
      ['SU', 'S7', 'DP'].map((iata) => ({ nameRu: iata, nameEn: iata, iataCode: iata, countryCode: 'RU' })),
    )
    .returning({ id: airlines.id });
  airlineIds = rows.map((row) => row.id);
  service = createBrsConfigService(dbh);
});
afterAll(() => dbh.close());

describe('when creating settings', () => {
  it('answers the stored row', async () => {
    const created = await service.create({
      aviacompany_id: airlineIds[0],
      ...BRS_DEFAULTS,
      max_bag_pieces: 2,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      aviacompany_id: airlineIds[0],
      ...BRS_DEFAULTS,
      max_bag_pieces: 2,
      version: expect.stringMatching(/^\d+$/),
    });
  });

  it('refuses an airline that has settings, also when two creates race', async () => {
    await expect(service.create({ aviacompany_id: airlineIds[0], ...BRS_DEFAULTS })).rejects.toBeInstanceOf(
      ConflictError,
    );
    const results = await Promise.allSettled(
      [1, 2].map(() => service.create({ aviacompany_id: airlineIds[1], ...BRS_DEFAULTS })),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect(refused.reason.message).toBe(BRS_MESSAGES.alreadyExists);
  });

  it('refuses an unknown airline on its field', async () => {
    const refusal = service.create({ aviacompany_id: 999_999, ...BRS_DEFAULTS });
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toMatchObject({
      fields: { aviacompany_id: [BRS_MESSAGES.unknownAirline] },
    });
  });
});

describe('when updating settings', () => {
  it('changes only the fields given, and answers the new version', async () => {
    const created = await service.create({ aviacompany_id: airlineIds[2], ...BRS_DEFAULTS });
    const updated = await service.update(created.id, { rush_tag_handling: 'refuse' });
    expect(updated).toEqual({ ...created, rush_tag_handling: 'refuse', version: expect.any(String) });
    expect(updated.version).not.toBe(created.version);
    expect(await service.update(created.id, {})).toEqual(updated);
    // The version read before the update is refused, also by a body with nothing to change.
    const stale = service.update(created.id, { version: created.version });
    await expect(stale).rejects.toBeInstanceOf(ConflictError);
    await expect(stale).rejects.toThrow(MESSAGES.staleEdit);
    expect(await service.update(created.id, { version: updated.version })).toEqual(updated);
  });

  it('answers not found for a missing row', async () => {
    await expect(service.update(999_999, { max_bag_pieces: 1 })).rejects.toBeInstanceOf(NotFoundError);
    await expect(service.update(999_999, {})).rejects.toBeInstanceOf(NotFoundError);
  });
});
