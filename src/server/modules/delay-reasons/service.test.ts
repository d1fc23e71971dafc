/** Delay reasons and settings without HTTP, on a one-day demo airport: what is written, refused and answered. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  CONFIG_DEFAULTS,
  DELAY_MESSAGES,
  type DelayLists,
  UNSTORED_VERSION,
} from '../../../shared/delay-reasons.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import type { DbHandle } from '../../db/client.ts';
import { appConfig, delayIataCodes, delayRrpCodes } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { createDelayReasonsService } from './service.ts';

const KEY = 'time-show-unfinished-tasks';
let dbh: DbHandle;
let service: ReturnType<typeof createDelayReasonsService>;
let before: DelayLists;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createDelayReasonsService(dbh);
  before = await service.lists();
});

afterAll(async () => {
  await dbh?.close();
});

describe('the classifiers', () => {
  it('answers both, IATA codes by number code, RRP reasons by id', () => {
    expect(before.delayIata.length).toBeGreaterThan(1);
    expect(before.delayRrp.length).toBeGreaterThan(1);
    const numbers = before.delayIata.map((item) => item.number_code);
    expect(numbers).toEqual([...numbers].sort());
    const ids = before.delayRrp.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('narrows both to the items matching a search, ignoring case', async () => {
    const iata = before.delayIata[0];
    const found = await service.lists(iata.transcript.slice(0, 6).toUpperCase());
    expect(found.delayIata.map((item) => item.id)).toContain(iata.id);
    expect(found.delayIata.length).toBeLessThan(before.delayIata.length);
    expect(await service.lists('no reason reads like this')).toEqual({ delayIata: [], delayRrp: [] });
  });

  it('stores the airport flags of the changed items and answers the lists as stored', async () => {
    const iata = before.delayIata[0];
    const rrp = before.delayRrp[0];
    const after = await service.update({
      delayIata: [{ id: iata.id, is_reason_airport: !iata.is_reason_airport }],
      delayRrp: [{ id: rrp.id, is_reason_airport: !rrp.is_reason_airport }],
    });
    expect(after.delayIata.find((item) => item.id === iata.id)?.is_reason_airport).toBe(
      !iata.is_reason_airport,
    );
    expect(after.delayRrp.find((item) => item.id === rrp.id)?.is_reason_airport).toBe(!rrp.is_reason_airport);
    const [stored] = await dbh.db
      .select({ flag: delayRrpCodes.isReasonAirport })
      .from(delayRrpCodes)
      .where(eq(delayRrpCodes.id, rrp.id));
    expect(stored.flag).toBe(!rrp.is_reason_airport);
  });

  it('refuses unknown ids under their list and position, and writes none of the changes', async () => {
    const iata = before.delayIata[1];
    const flagged = await dbh.db
      .select({ flag: delayIataCodes.isReasonAirport })
      .from(delayIataCodes)
      .where(eq(delayIataCodes.id, iata.id));
    const fields = await fieldsOf(() =>
      service.update({
        delayIata: [
          { id: iata.id, is_reason_airport: !flagged[0].flag },
          { id: 999_999, is_reason_airport: true },
        ],
        delayRrp: [{ id: 888_888, is_reason_airport: true }],
      }),
    );
    expect(fields).toEqual({
      'delayIata.1.id': [DELAY_MESSAGES.unknownIata(999_999)],
      'delayRrp.0.id': [DELAY_MESSAGES.unknownRrp(888_888)],
    });
    const still = await dbh.db
      .select({ flag: delayIataCodes.isReasonAirport })
      .from(delayIataCodes)
      .where(eq(delayIataCodes.id, iata.id));
    expect(still[0].flag).toBe(flagged[0].flag);
  });
});

describe('the settings', () => {
  it('answers the default until a value is stored, then the stored value', async () => {
    await dbh.db.delete(appConfig).where(eq(appConfig.key, KEY));
    expect(await service.config(KEY)).toEqual({
      key: KEY,
      value: CONFIG_DEFAULTS[KEY],
      version: UNSTORED_VERSION,
    });
    const version = expect.stringMatching(/^[1-9]\d*$/);
    expect(await service.setConfig(KEY, 90)).toEqual({ key: KEY, value: 90, version });
    expect(await service.config(KEY)).toEqual({ key: KEY, value: 90, version });
    expect(await service.setConfig(KEY, 0)).toEqual({ key: KEY, value: 0, version });
    const rows = await dbh.db.select().from(appConfig).where(eq(appConfig.key, KEY));
    expect(rows.map((row) => row.value)).toEqual([0]);
  });

  it('refuses a value its schema does not take on `value`, and keeps the stored one', async () => {
    await service.setConfig(KEY, 30);
    expect(await fieldsOf(() => service.setConfig(KEY, 1.5))).toEqual({
      value: [DELAY_MESSAGES.minutesWhole],
    });
    expect(await fieldsOf(() => service.setConfig(KEY, 1441))).toEqual({
      value: [DELAY_MESSAGES.minutesRange(1440)],
    });
    expect(await fieldsOf(() => service.setConfig(KEY, null))).toEqual({ value: [MESSAGES.required] });
    expect((await service.config(KEY)).value).toBe(30);
  });

  it('answers 404 for an unknown key, reading or writing', async () => {
    await expect(service.config('bogus')).rejects.toThrow(NotFoundError);
    await expect(service.setConfig('bogus', 1)).rejects.toThrow(DELAY_MESSAGES.unknownKey);
  });
});
