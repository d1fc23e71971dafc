/** Workplace distance over HTTP (spec 7): each call, its rules (403), bad input (422, nothing written). */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { workplaceDistances } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES, z } from '../../src/shared/messages.ts';
import {
  type DistanceEntry,
  distanceEntrySchema,
  WORKPLACE_MESSAGES,
  type Workplace,
} from '../../src/shared/workplace.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  tokens.index = bearer(
    await loginHolding(app, 'only-workplace-distance-index', ['workplace-distance-index']),
  );
  tokens.update = bearer(
    await loginHolding(app, 'only-workplace-distance-update', ['workplace-distance-update']),
  );
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });
const stored = async () => (await db.db.select({ n: count() }).from(workplaceDistances))[0].n;
const between = async (from: number, to: number): Promise<DistanceEntry | undefined> =>
  (await call('GET', `/v2/workplace-distance?workplace_from_id[]=${from}&workplace_to_id[]=${to}`)).json()[0];

describe('POST /v2/workplace', () => {
  it('answers the workplaces of the ids, or all of them for an empty list', async () => {
    const some = await call('POST', '/v2/workplace', 'admin', { ids: [2, 1] });
    expect(some.statusCode).toBe(200);
    expect(some.json().map((w: Workplace) => w.id)).toEqual([1, 2]);
    const all = (await call('POST', '/v2/workplace', 'index', {})).json() as Workplace[];
    expect(new Set(all.map((w) => w.kind))).toEqual(new Set([1, 2, 3, 4]));
  });

  it('refuses an id that is not a whole number (422)', async () => {
    const res = await call('POST', '/v2/workplace', 'admin', { ids: ['x'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields)).toEqual(['ids.0']);
  });
});

describe('GET /v2/workplace-distance', () => {
  it('answers the entries between the chosen places', async () => {
    const res = await call(
      'GET',
      '/v2/workplace-distance?workplace_from_id[]=1&workplace_from_id[]=2&workplace_to_id=3',
      'index',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: DistanceEntry) => [e.workplace_from_id, e.workplace_to_id])).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('refuses a malformed id or an unknown filter (400)', async () => {
    expect((await call('GET', '/v2/workplace-distance?workplace_from_id[]=abc')).statusCode).toBe(400);
    expect((await call('GET', '/v2/workplace-distance?filter[name]=x')).statusCode).toBe(400);
  });
});

describe('writing', () => {
  it('saves new and changed entries, and they read back', async () => {
    const gates = ((await call('POST', '/v2/workplace', 'admin', {})).json() as Workplace[]).filter(
      (w) => w.kind === 2,
    );
    const old = (await between(1, 2)) as DistanceEntry;
    const res = await call('POST', '/v2/workplace-distance', 'update', {
      create: [{ workplace_from_id: gates[0].id, workplace_to_id: gates[1].id, distance: 46 }],
      update: [{ ...old, distance: 512.5 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect((await between(1, 2))?.distance).toBe(512.5);
    expect((await between(gates[0].id, gates[1].id))?.distance).toBe(46);
  });

  it('changes entries with PATCH', async () => {
    const old = (await between(2, 1)) as DistanceEntry;
    const res = await call('PATCH', '/v2/workplace-distance', 'admin', { update: [{ ...old, distance: 0 }] });
    expect(res.statusCode).toBe(200);
    expect((await between(2, 1))?.distance).toBe(0);
  });

  it('deletes entries named in the body', async () => {
    const entry = (await between(3, 1)) as DistanceEntry;
    const res = await call('DELETE', '/v2/workplace-distance', 'admin', { ids: [entry.id] });
    expect(res.statusCode).toBe(204);
    expect(await between(3, 1)).toBeUndefined();
  });

  it('refuses a negative distance with 422 on its path and writes nothing', async () => {
    const before = await stored();
    const old = (await between(4, 5)) as DistanceEntry;
    const res = await call('POST', '/v2/workplace-distance', 'admin', {
      create: [{ workplace_from_id: 3, workplace_to_id: 1, distance: 10 }],
      update: [{ ...old, distance: -5 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.validation,
      fields: { 'update.0.distance': [WORKPLACE_MESSAGES.distanceNegative] },
    });
    const patched = await call('PATCH', '/v2/workplace-distance', 'admin', {
      update: [{ ...old, distance: -1 }],
    });
    expect(patched.statusCode).toBe(422);
    expect(await stored()).toBe(before);
    expect((await between(4, 5))?.distance).toBe(old.distance);
  });

  it('refuses an unknown entry in a delete and removes nothing', async () => {
    const before = await stored();
    const entry = (await between(5, 4)) as DistanceEntry;
    const res = await call('DELETE', '/v2/workplace-distance', 'admin', { ids: [entry.id, 2_000_000_000] });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.ids).toEqual([WORKPLACE_MESSAGES.unknownEntry(2_000_000_000)]);
    expect(await stored()).toBe(before);
  });

  it('refuses a save of entries written since they were read (409) and writes nothing', async () => {
    const gates = ((await call('POST', '/v2/workplace', 'admin', {})).json() as Workplace[])
      .filter((w) => w.kind === 2)
      .map((w) => w.id);
    const a = (await between(6, 7)) as DistanceEntry;
    const b = (await between(7, 6)) as DistanceEntry;
    expect(a.version).toMatch(/^\d+$/);
    // The first user saves with the version read: accepted, and the answer carries the new one.
    const first = await call('POST', '/v2/workplace-distance', 'admin', {
      update: [{ ...a, distance: 111 }],
    });
    expect(first.statusCode).toBe(200);
    const [saved] = z.array(distanceEntrySchema).parse(first.json());
    expect(saved).toEqual({ ...a, distance: 111, version: expect.any(String) });
    expect(saved.version).not.toBe(a.version);
    expect(await between(6, 7)).toEqual(saved);
    // The second user read the old version of one of their entries: refused, nothing of theirs written.
    const before = await stored();
    const pair = { workplace_from_id: gates.at(-1) as number, workplace_to_id: gates.at(-2) as number };
    const stale = await call('POST', '/v2/workplace-distance', 'admin', {
      create: [{ ...pair, distance: 5 }],
      update: [
        { ...b, distance: 1 },
        { ...a, distance: 2 },
      ],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: MESSAGES.staleEdit,
      fields: { 'update.1.distance': [WORKPLACE_MESSAGES.changed] },
    });
    const patched = await call('PATCH', '/v2/workplace-distance', 'admin', {
      update: [{ ...a, distance: 2 }],
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toBe(MESSAGES.staleEdit);
    expect(await stored()).toBe(before);
    expect(await between(6, 7)).toEqual(saved);
    expect(await between(7, 6)).toEqual(b);
    // A whole matrix in one save is checked in one locking read: the stale entry among thousands is the one named.
    const all = (await call('GET', '/v2/workplace-distance')).json() as DistanceEntry[];
    expect(all.length).toBeGreaterThan(3000);
    const matrix = all.map((entry) => (entry.id === a.id ? a : entry));
    const bulk = await call('PATCH', '/v2/workplace-distance', 'admin', {
      update: matrix.map((entry) => ({ ...entry, distance: entry.distance + 1 })),
    });
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().fields).toEqual({
      [`update.${matrix.findIndex((entry) => entry.id === a.id)}.distance`]: [WORKPLACE_MESSAGES.changed],
    });
    expect(await between(7, 6)).toEqual(b);
    // Two saves of one version sent together: exactly one is accepted.
    const both = await Promise.all(
      [3, 4].map((distance) =>
        call('PATCH', '/v2/workplace-distance', 'admin', { update: [{ ...saved, distance }] }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the entry is not checked; a malformed one is a 422 on its path.
    const { version: _read, ...unversioned } = a;
    const unchecked = await call('PATCH', '/v2/workplace-distance', 'admin', { update: [unversioned] });
    expect(unchecked.statusCode).toBe(200);
    const malformed = await call('PATCH', '/v2/workplace-distance', 'admin', {
      update: [{ ...b, version: 'abc' }],
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ 'update.0.version': [MESSAGES.rowVersionFormat] });
    // A version of a deleted entry: the 422 on its id, as without one.
    await call('DELETE', '/v2/workplace-distance', 'admin', { ids: [b.id] });
    const gone = await call('POST', '/v2/workplace-distance', 'admin', { update: [{ ...b, distance: 9 }] });
    expect(gone.statusCode).toBe(422);
    expect(gone.json().fields).toEqual({ 'update.0.id': [WORKPLACE_MESSAGES.unknownEntry(b.id)] });
  });

  it('answers 409 for a new pair that is already stored', async () => {
    const res = await call('POST', '/v2/workplace-distance', 'admin', {
      create: [{ workplace_from_id: 1, workplace_to_id: 6, distance: 10 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WORKPLACE_MESSAGES.exists);
  });
});

describe('access', () => {
  const reads: [Method, string, object?][] = [
    ['POST', '/v2/workplace', { ids: [] }],
    ['GET', '/v2/workplace-distance'],
  ];
  const writes: [Method, string, object][] = [
    [
      'POST',
      '/v2/workplace-distance',
      { create: [{ workplace_from_id: 1, workplace_to_id: 7, distance: 1 }] },
    ],
    [
      'PATCH',
      '/v2/workplace-distance',
      { update: [{ id: 1, workplace_from_id: 1, workplace_to_id: 2, distance: 1 }] },
    ],
    ['DELETE', '/v2/workplace-distance', { ids: [1] }],
  ];

  it.each(reads)('%s %s needs workplace-distance-index', async (method, url, body) => {
    expect((await call(method, url, 'viewer', body)).statusCode).toBe(403);
    expect((await call(method, url, 'update', body)).statusCode).toBe(403);
    expect((await call(method, url, 'index', body)).statusCode).toBe(200);
  });

  it.each(writes)(
    '%s %s needs workplace-distance-update and writes nothing without it',
    async (method, url, body) => {
      const before = await stored();
      for (const as of ['viewer', 'index']) {
        const res = await call(method, url, as, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MESSAGES.forbidden);
      }
      expect(await stored()).toBe(before);
    },
  );

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/workplace-distance' });
    expect(res.statusCode).toBe(401);
  });
});
