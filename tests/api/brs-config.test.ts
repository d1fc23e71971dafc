/** Airline baggage-register settings over HTTP: create, update, 409, rules, 422 with nothing written, the expand. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { airlines, aviacompanyBaggageRegisters } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import {
  BRS_DEFAULTS,
  BRS_MESSAGES,
  type BrsAirline,
  type BrsSettings,
  brsRegisterSchema,
} from '../../src/shared/brs-config.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};

const CREATE = '/brs/api/v1/aviacompany-baggage-register/create';
const UPDATE = '/brs/api/v1/aviacompany-baggage-register/update';

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  for (const rule of ['read-settings-baggage-aviacompany', 'edit-settings-baggage-aviacompany'] as const)
    tokens[rule] = bearer(await loginHolding(app, `only-${rule}`, [rule]));
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });

async function airlineId(iata: string): Promise<number> {
  const [row] = await db.db.select({ id: airlines.id }).from(airlines).where(eq(airlines.iataCode, iata));
  return row.id;
}

async function registerCount(): Promise<number> {
  const [row] = await db.db.select({ n: count() }).from(aviacompanyBaggageRegisters);
  return row.n;
}

/** The airline of `/aviacompany?expand=aviacompanyBaggageRegister` found by its IATA code. */
async function expanded(iata: string, as = 'admin'): Promise<BrsAirline> {
  const url = `/aviacompany?expand=aviacompanyBaggageRegister&filter[or][][iata_code][like]=${iata}`;
  const res = await call('GET', url, as);
  expect(res.statusCode).toBe(200);
  return (res.json() as BrsAirline[]).find((a) => a.iata_code === iata) as BrsAirline;
}

const SETTINGS: BrsSettings = {
  ...BRS_DEFAULTS,
  is_enabled: true,
  bsm_exchange: true,
  max_bag_weight_kg: 23,
  loading_close_minutes: 35,
};

describe('when reading the settings through the airline list', () => {
  it('answers the stored row of an airline with settings and null for one without', async () => {
    const su = await expanded('SU');
    expect(su.aviacompanyBaggageRegister).toMatchObject({
      aviacompany_id: su.id,
      is_enabled: true,
      bsm_exchange: true,
      bpm_exchange: true,
      max_bag_weight_kg: 32,
      loading_close_minutes: 40,
      priority_tag_handling: 'separate_container',
      rush_tag_handling: 'auto',
    });
    expect((await expanded('DP')).aviacompanyBaggageRegister).toBeNull();
  });

  it('lets the read rule alone read them and refuses a user without either rule', async () => {
    const su = await expanded('SU', 'read-settings-baggage-aviacompany');
    expect(su.aviacompanyBaggageRegister?.max_bag_pieces).toBe(3);
    const refused = await call('GET', '/aviacompany?expand=aviacompanyBaggageRegister', 'viewer');
    expect(refused.statusCode).toBe(403);
  });
});

describe('when creating settings', () => {
  it('creates the row of an airline that has none and answers it', async () => {
    const id = await airlineId('DP');
    const res = await call('POST', CREATE, 'admin', { aviacompany_id: id, ...SETTINGS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      aviacompany_id: id,
      ...SETTINGS,
      version: expect.stringMatching(/^\d+$/),
    });
    expect((await expanded('DP')).aviacompanyBaggageRegister).toEqual(res.json());
  });

  it('refuses a second create for the same airline with 409 and keeps the first', async () => {
    const id = await airlineId('DP');
    const before = await registerCount();
    const res = await call('POST', CREATE, 'admin', { aviacompany_id: id, ...BRS_DEFAULTS });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BRS_MESSAGES.alreadyExists);
    expect(await registerCount()).toBe(before);
    expect((await expanded('DP')).aviacompanyBaggageRegister?.max_bag_weight_kg).toBe(23);
  });

  it('refuses bad input with 422 and the fields, writing nothing', async () => {
    const before = await registerCount();
    const id = await airlineId('WZ');
    const res = await call('POST', CREATE, 'admin', {
      ...SETTINGS,
      aviacompany_id: id,
      max_bag_pieces: 0,
      rush_tag_handling: 'later',
      is_enabled: undefined,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      max_bag_pieces: [BRS_MESSAGES.wholeBetween(1, 20)],
      rush_tag_handling: [BRS_MESSAGES.choose],
      is_enabled: [MESSAGES.required],
    });
    const unknown = await call('POST', CREATE, 'admin', { ...SETTINGS, aviacompany_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({ aviacompany_id: [BRS_MESSAGES.unknownAirline] });
    expect(await registerCount()).toBe(before);
  });

  it('needs the edit rule: the viewer and the read rule get 403', async () => {
    const before = await registerCount();
    const body = { ...SETTINGS, aviacompany_id: await airlineId('WZ') };
    for (const as of ['viewer', 'read-settings-baggage-aviacompany'])
      expect((await call('POST', CREATE, as, body)).statusCode).toBe(403);
    expect(await registerCount()).toBe(before);
    const allowed = await call('POST', CREATE, 'edit-settings-baggage-aviacompany', body);
    expect(allowed.statusCode).toBe(200);
  });
});

describe('when updating settings', () => {
  it('changes the fields sent and keeps the others and the airline', async () => {
    const su = await expanded('SU');
    const row = su.aviacompanyBaggageRegister!;
    const res = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', {
      bpm_exchange: false,
      max_bag_pieces: 5,
      aviacompany_id: await airlineId('DP'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...row,
      bpm_exchange: false,
      max_bag_pieces: 5,
      version: expect.any(String),
    });
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(res.json());
  });

  it('refuses a save of a row written since it was read (409) and writes nothing', async () => {
    const row = (await expanded('SU')).aviacompanyBaggageRegister!;
    expect(row.version).toMatch(/^\d+$/);
    // The first user saves with the version read: accepted, and the answer carries the new one.
    const first = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', {
      max_bag_weight_kg: 30,
      version: row.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = brsRegisterSchema.parse(first.json());
    expect(saved.version).not.toBe(row.version);
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(saved);
    // The second user read the same version: refused, nothing of theirs written.
    const stale = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', {
      max_bag_pieces: 7,
      version: row.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(saved);
    // Two saves of one version sent together: exactly one is accepted (the interleaving: src/server/db/rowVersion.test.ts).
    const both = await Promise.all(
      [6, 8].map((pieces) =>
        call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', { max_bag_pieces: pieces, version: saved.version }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the save is not checked; a malformed one is a 422 on its field.
    const unchecked = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', { max_bag_pieces: 3 });
    expect(unchecked.statusCode).toBe(200);
    const malformed = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', {
      max_bag_pieces: 2,
      version: 'abc',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(unchecked.json());
    // A version of a row that is not there: 404, as without one.
    const missing = await call('PATCH', `${UPDATE}?id=999999`, 'admin', {
      max_bag_pieces: 2,
      version: saved.version,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad input with 422 writing nothing, a missing row with 404, a bad id with 400', async () => {
    const row = (await expanded('SU')).aviacompanyBaggageRegister!;
    const res = await call('PATCH', `${UPDATE}?id=${row.id}`, 'admin', {
      max_bag_pieces: 2,
      loading_close_minutes: 500,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ loading_close_minutes: [BRS_MESSAGES.wholeBetween(0, 240)] });
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(row);
    const missing = await call('PATCH', `${UPDATE}?id=999999`, 'admin', { max_bag_pieces: 2 });
    expect(missing.statusCode).toBe(404);
    expect((await call('PATCH', `${UPDATE}?id=abc`, 'admin', { max_bag_pieces: 2 })).statusCode).toBe(400);
  });

  it('needs the edit rule', async () => {
    const row = (await expanded('SU')).aviacompanyBaggageRegister!;
    for (const as of ['viewer', 'read-settings-baggage-aviacompany'])
      expect((await call('PATCH', `${UPDATE}?id=${row.id}`, as, { max_bag_pieces: 1 })).statusCode).toBe(403);
    expect((await expanded('SU')).aviacompanyBaggageRegister).toEqual(row);
  });
});
