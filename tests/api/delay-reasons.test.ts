/** Delay reasons and operational settings over HTTP (spec 7): each call, session access, 404/422 with nothing written. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { appConfig, delayIataCodes, delayRrpCodes } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  configEntrySchema,
  DELAY_MESSAGES,
  type DelayLists,
  delayListsSchema,
  UNSTORED_VERSION,
} from '../../src/shared/delay-reasons.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
});
afterAll(() => app.close());

type Method = 'GET' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });
const iataFlag = async (numberCode: string) =>
  (
    await db.db
      .select({ id: delayIataCodes.id, flag: delayIataCodes.isReasonAirport })
      .from(delayIataCodes)
      .where(eq(delayIataCodes.numberCode, numberCode))
  )[0];
const rrpFlag = async (code: string) =>
  (
    await db.db
      .select({ id: delayRrpCodes.id, flag: delayRrpCodes.isReasonAirport })
      .from(delayRrpCodes)
      .where(eq(delayRrpCodes.code, code))
  )[0];
const storedConfig = async () => db.db.select({ key: appConfig.key, value: appConfig.value }).from(appConfig);

describe('GET /v2/delay-iata-rrp', () => {
  it('answers both classifiers to any signed-in user, IATA by numeric code', async () => {
    const res = await call('GET', '/v2/delay-iata-rrp', 'viewer');
    expect(res.statusCode).toBe(200);
    const body = res.json() as DelayLists;
    const codes = body.delayIata.map((item) => item.number_code);
    expect(codes).toEqual([...codes].sort());
    expect(body.delayIata.find((item) => item.number_code === '32')).toMatchObject({
      letter_code: 'GL',
      delay_iata_type_id: 3,
      is_reason_airport: true,
    });
    expect(body.delayRrp.length).toBeGreaterThan(5);
    expect(body.delayRrp[0]).toEqual({
      id: 1,
      code: 'АП',
      name: expect.any(String),
      is_reason_airport: true,
      version: expect.stringMatching(/^\d+$/),
    });
    delayListsSchema.parse(body);
  });

  it('keeps only the items whose code or text contains the search, case and ё ignored', async () => {
    const byLetter = (await call('GET', '/v2/delay-iata-rrp?search=gl')).json() as DelayLists;
    expect(byLetter.delayIata.map((item) => item.letter_code)).toEqual(['GL']);
    const byText = (
      await call('GET', `/v2/delay-iata-rrp?search=${encodeURIComponent('экипаж')}`)
    ).json() as DelayLists;
    expect(byText.delayIata.length).toBeGreaterThan(1);
    expect(byText.delayRrp.map((item) => item.code)).toEqual(['АЭ']);
  });

  it('refuses a call without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/delay-iata-rrp' });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /v2/delay-iata-rrp/update', () => {
  it('writes only the changed items and answers both classifiers as stored', async () => {
    const weather = await iataFlag('71');
    const cleaning = await iataFlag('35');
    const crew = await rrpFlag('АЭ');
    const res = await call('PUT', '/v2/delay-iata-rrp/update', 'viewer', {
      delayIata: [{ id: weather.id, is_reason_airport: true }],
      delayRrp: [{ id: crew.id, is_reason_airport: true }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as DelayLists;
    expect(body.delayIata.find((item) => item.id === weather.id)?.is_reason_airport).toBe(true);
    expect((await iataFlag('71')).flag).toBe(true);
    expect((await rrpFlag('АЭ')).flag).toBe(true);
    expect((await iataFlag('35')).flag).toBe(cleaning.flag);
  });

  it('accepts one classifier alone', async () => {
    const crew = await rrpFlag('АЭ');
    const res = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayRrp: [{ id: crew.id, is_reason_airport: false }],
    });
    expect(res.statusCode).toBe(200);
    expect((await rrpFlag('АЭ')).flag).toBe(false);
  });

  it('refuses an unknown id with 422 on its path and writes nothing of the rest', async () => {
    const before = await iataFlag('72');
    const res = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [{ id: before.id, is_reason_airport: !before.flag }],
      delayRrp: [{ id: 9999, is_reason_airport: true }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ 'delayRrp.0.id': [DELAY_MESSAGES.unknownRrp(9999)] });
    expect((await iataFlag('72')).flag).toBe(before.flag);
  });

  it('refuses an empty save, a repeated id and a flag that is not true or false', async () => {
    const empty = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', { delayIata: [], delayRrp: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields.delayIata).toEqual([DELAY_MESSAGES.empty]);
    const twice = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [
        { id: 1, is_reason_airport: true },
        { id: 1, is_reason_airport: false },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().fields['delayIata.1.id']).toEqual([DELAY_MESSAGES.duplicate]);
    const before = await iataFlag('11');
    const bad = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [{ id: before.id, is_reason_airport: 'yes' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields)).toEqual(['delayIata.0.is_reason_airport']);
    expect((await iataFlag('11')).flag).toBe(before.flag);
  });
});

describe('stale edits of PUT /v2/delay-iata-rrp/update', () => {
  const read = async () => (await call('GET', '/v2/delay-iata-rrp')).json() as DelayLists;
  const iataOf = (lists: DelayLists, code: string) =>
    lists.delayIata.find((item) => item.number_code === code) as DelayLists['delayIata'][number];
  const rrpOf = (lists: DelayLists, code: string) =>
    lists.delayRrp.find((item) => item.code === code) as DelayLists['delayRrp'][number];
  const change = (item: { id: number; is_reason_airport: boolean; version: string }) => ({
    id: item.id,
    is_reason_airport: !item.is_reason_airport,
    version: item.version,
  });

  it('accepts the versions read, answers the new ones, and refuses a save over them (409) writing nothing', async () => {
    const mine = await read();
    const theirs = await read();
    // The other user saves first with the versions read: accepted, the answer carries the new versions.
    const first = await call('PUT', '/v2/delay-iata-rrp/update', 'viewer', {
      delayIata: [change(iataOf(theirs, '41'))],
    });
    expect(first.statusCode).toBe(200);
    const after = delayListsSchema.parse(first.json());
    expect(iataOf(after, '41').is_reason_airport).toBe(!iataOf(mine, '41').is_reason_airport);
    expect(iataOf(after, '41').version).not.toBe(iataOf(mine, '41').version);
    expect(iataOf(after, '42').version).toBe(iataOf(mine, '42').version);
    expect(await read()).toEqual(after);
    // This user read the old version of one of their items: refused, none of their items written.
    const stale = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [change(iataOf(mine, '42')), change(iataOf(mine, '41'))],
      delayRrp: [change(rrpOf(mine, 'ПР'))],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: MESSAGES.staleEdit,
      fields: { 'delayIata.1.is_reason_airport': [DELAY_MESSAGES.changed] },
    });
    expect(await read()).toEqual(after);
    // Saved again with the answer's versions, the same change passes.
    const again = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [change(iataOf(after, '42')), change(iataOf(after, '41'))],
      delayRrp: [change(rrpOf(after, 'ПР'))],
    });
    expect(again.statusCode).toBe(200);
    expect(iataOf(again.json(), '41').is_reason_airport).toBe(iataOf(mine, '41').is_reason_airport);
  });

  it('names every stale item of both lists, and an unknown id is the 422 first', async () => {
    const mine = await read();
    const body = {
      delayIata: [change(iataOf(mine, '43'))],
      delayRrp: [change(rrpOf(mine, 'АП')), change(rrpOf(mine, 'АЭ'))],
    };
    expect((await call('PUT', '/v2/delay-iata-rrp/update', 'admin', body)).statusCode).toBe(200);
    const after = await read();
    const stale = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      ...body,
      delayRrp: [...body.delayRrp, change(rrpOf(after, 'ПР'))],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().fields).toEqual({
      'delayIata.0.is_reason_airport': [DELAY_MESSAGES.changed],
      'delayRrp.0.is_reason_airport': [DELAY_MESSAGES.changed],
      'delayRrp.1.is_reason_airport': [DELAY_MESSAGES.changed],
    });
    const unknown = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      ...body,
      delayRrp: [...body.delayRrp, { id: 9999, is_reason_airport: true, version: '1' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ 'delayRrp.2.id': [DELAY_MESSAGES.unknownRrp(9999)] });
    expect(await read()).toEqual(after);
  });

  it('accepts exactly one of two saves sent together over one version', async () => {
    const item = iataOf(await read(), '44');
    const both = await Promise.all(
      [0, 1].map(() => call('PUT', '/v2/delay-iata-rrp/update', 'admin', { delayIata: [change(item)] })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('does not check an item sent without a version, and refuses a malformed one with 422', async () => {
    const before = await read();
    const item = iataOf(before, '46');
    await call('PUT', '/v2/delay-iata-rrp/update', 'admin', { delayIata: [change(item)] });
    const unchecked = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [{ id: item.id, is_reason_airport: item.is_reason_airport }],
    });
    expect(unchecked.statusCode).toBe(200);
    const mid = await read();
    expect(iataOf(mid, '46').is_reason_airport).toBe(item.is_reason_airport);
    const malformed = await call('PUT', '/v2/delay-iata-rrp/update', 'admin', {
      delayIata: [{ ...change(iataOf(mid, '46')), version: 'abc' }],
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ 'delayIata.0.version': [MESSAGES.rowVersionFormat] });
    expect(await read()).toEqual(mid);
  });
});

describe('/v2/config/{key}', () => {
  it('answers the stored time for unfinished tasks', async () => {
    const res = await call('GET', '/v2/config/time-show-unfinished-tasks', 'viewer');
    expect(res.statusCode).toBe(200);
    expect(configEntrySchema.parse(res.json())).toEqual({
      key: 'time-show-unfinished-tasks',
      value: 60,
      version: expect.stringMatching(/^\d+$/),
    });
  });

  it('stores a new value and answers it', async () => {
    const res = await call('PATCH', '/v2/config/time-show-unfinished-tasks', 'viewer', { value: 90 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'time-show-unfinished-tasks', value: 90, version: expect.any(String) });
    expect((await call('GET', '/v2/config/time-show-unfinished-tasks')).json().value).toBe(90);
  });

  it('answers 404 for an unknown key, reading or writing, and writes nothing', async () => {
    const before = await storedConfig();
    const read = await call('GET', '/v2/config/no-such-setting');
    expect(read.statusCode).toBe(404);
    expect(read.json()).toEqual({ message: 'Нет такой настройки' });
    const write = await call('PATCH', '/v2/config/no-such-setting', 'admin', { value: 5 });
    expect(write.statusCode).toBe(404);
    expect(write.json()).toEqual({ message: 'Нет такой настройки' });
    expect(await storedConfig()).toEqual(before);
  });

  it('never quotes the key back, a control character included', async () => {
    const before = await storedConfig();
    for (const key of ['%00', 'x%0Ay', '%3Cscript%3E']) {
      const read = await call('GET', `/v2/config/${key}`);
      expect(read.statusCode, key).toBe(404);
      expect(read.json(), key).toEqual({ message: 'Нет такой настройки' });
      const write = await call('PATCH', `/v2/config/${key}`, 'admin', { value: 5 });
      expect(write.statusCode, key).toBe(404);
      expect(write.json(), key).toEqual({ message: 'Нет такой настройки' });
    }
    expect(await storedConfig()).toEqual(before);
  });

  it.each([
    [{ value: -1 }, DELAY_MESSAGES.minutesRange(1440)],
    [{ value: 1441 }, DELAY_MESSAGES.minutesRange(1440)],
    [{ value: 1.5 }, DELAY_MESSAGES.minutesWhole],
    [{ value: '30' }, DELAY_MESSAGES.minutesWhole],
    [{}, MESSAGES.required],
  ])('refuses %j with 422 on value and writes nothing', async (payload, message) => {
    const before = await storedConfig();
    const res = await call('PATCH', '/v2/config/time-show-unfinished-tasks', 'admin', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ value: [message] });
    expect(await storedConfig()).toEqual(before);
  });

  it('accepts the version read, answers the new one, and refuses a save over it (409) writing nothing', async () => {
    const url = '/v2/config/time-show-unfinished-tasks';
    const read = configEntrySchema.parse((await call('GET', url)).json());
    const first = await call('PATCH', url, 'viewer', { value: 120, version: read.version });
    expect(first.statusCode).toBe(200);
    const saved = configEntrySchema.parse(first.json());
    expect(saved).toEqual({ key: read.key, value: 120, version: expect.any(String) });
    expect(saved.version).not.toBe(read.version);
    const before = await storedConfig();
    const stale = await call('PATCH', url, 'admin', { value: 30, version: read.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    expect(await storedConfig()).toEqual(before);
    expect((await call('GET', url)).json()).toEqual(saved);
    // Two saves of one version sent together: exactly one is accepted.
    const both = await Promise.all(
      [31, 32].map((value) => call('PATCH', url, 'admin', { value, version: saved.version })),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it('does not check a save without a version, and refuses a malformed one with 422', async () => {
    const url = '/v2/config/time-show-unfinished-tasks';
    const unchecked = await call('PATCH', url, 'admin', { value: 45 });
    expect(unchecked.statusCode).toBe(200);
    const before = await storedConfig();
    const malformed = await call('PATCH', url, 'admin', { value: 50, version: '1.5' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    expect(await storedConfig()).toEqual(before);
  });

  it('gives a setting nobody stored the unstored version, which a first save passes once', async () => {
    const url = '/v2/config/time-show-unfinished-tasks';
    await db.db.delete(appConfig).where(eq(appConfig.key, 'time-show-unfinished-tasks'));
    const read = (await call('GET', url)).json();
    expect(read).toEqual({ key: 'time-show-unfinished-tasks', value: 60, version: UNSTORED_VERSION });
    const first = await call('PATCH', url, 'admin', { value: 70, version: UNSTORED_VERSION });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).not.toBe(UNSTORED_VERSION);
    const stale = await call('PATCH', url, 'admin', { value: 80, version: UNSTORED_VERSION });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', url)).json().value).toBe(70);
    // A version read before the row was removed is stale too.
    await db.db.delete(appConfig).where(eq(appConfig.key, 'time-show-unfinished-tasks'));
    const gone = await call('PATCH', url, 'admin', { value: 80, version: first.json().version });
    expect(gone.statusCode).toBe(409);
    expect(await storedConfig()).toEqual([]);
  });
});
