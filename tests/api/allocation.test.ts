/** Contractor allocation over HTTP (spec 7 "Allocation"): list with paging, CRUD, the choice lists, rules, 422. */
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { allocationCoefs, allocations, departments } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { ALLOCATION_MESSAGES, type Allocation, type AllocationPayload } from '../../src/shared/allocation.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import { allocationBody } from '../support/allocationBody.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
let body: AllocationPayload;
let otherDepartment: number;

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  tokens.reader = bearer(await loginHolding(app, 'allocation-reader', ['allocation-index']));
  const [first, second] = await db.db
    .select()
    .from(departments)
    .where(isNotNull(departments.contractorId))
    .orderBy(departments.id);
  otherDepartment = second.id;
  body = allocationBody({ id: first.id, contractorId: first.contractorId as number });
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, as = 'admin', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });

const rowCount = async () => (await db.db.select({ n: count() }).from(allocations))[0].n;
const coefCount = async () => (await db.db.select({ n: count() }).from(allocationCoefs))[0].n;

describe('reading', () => {
  it('answers the demo allocations a page at a time with the pagination headers', async () => {
    const res = await call('GET', '/v2/allocation?per-page=2&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-pagination-total-count']).toBe('5');
    expect(res.headers['x-pagination-page-count']).toBe('3');
    expect(res.headers['x-pagination-current-page']).toBe('2');
    expect(res.headers['x-pagination-per-page']).toBe('2');
    const rows = res.json() as Allocation[];
    expect(rows.map((row) => row.id)).toEqual([3, 4]);
    expect(rows[0].contractor.name).toBe('ООО «Клининг Плюс»');
    expect(rows[0].coefs.map((coef) => coef.coef_type.name)).toEqual([
      'Коэффициент обеспеченности',
      'Коэффициент загрузки',
    ]);
    const plain = await call('GET', '/v2/allocation');
    expect(plain.headers['x-pagination-per-page']).toBe('20');
  });

  it('answers one allocation, the contractors and the coefficient types', async () => {
    const one = (await call('GET', '/v2/allocation/1')).json() as Allocation;
    expect(one).toMatchObject({ id: 1, is_priority_set: true, distance_range_set: { from: 0, to: 1500 } });
    expect(one.coefs[0]).toEqual({
      coef_type_id: 1,
      coef_type: { id: 1, name: 'Коэффициент приоритета' },
      value: 1.5,
    });
    expect((await call('GET', '/v2/contractor')).json()).toHaveLength(4);
    expect((await call('GET', '/v2/coef-type')).json()[0]).toEqual({ id: 1, name: 'Коэффициент приоритета' });
    expect((await call('GET', '/v2/allocation/999')).statusCode).toBe(404);
  });

  it('refuses every read without allocation-index', async () => {
    for (const url of ['/v2/allocation', '/v2/allocation/1', '/v2/contractor', '/v2/coef-type'])
      expect((await call('GET', url, 'viewer')).statusCode).toBe(403);
    expect((await call('GET', '/v2/allocation', 'reader')).statusCode).toBe(200);
  });
});

describe('writing', () => {
  it('creates, reads back, updates and deletes an allocation', async () => {
    const created = await call('POST', '/v2/allocation', 'admin', body);
    expect(created.statusCode).toBe(200);
    const row = created.json() as Allocation;
    expect(row).toMatchObject({
      department_id: body.department_id,
      distance_range_set: { from: 100, to: 2500 },
    });
    expect(row.coefs.map((coef) => [coef.coef_type_id, coef.value])).toEqual([
      [1, 1.25],
      [2, 0.85],
    ]);
    const patched = await call('PATCH', `/v2/allocation/${row.id}`, 'admin', {
      ...body,
      id: row.id,
      is_priority_set: false,
      distance_range_set: null,
      coefs: [{ coef_type_id: 4, value: 3.0625 }],
    });
    expect(patched.statusCode).toBe(200);
    const read = (await call('GET', `/v2/allocation/${row.id}`)).json() as Allocation;
    expect(read).toMatchObject({ is_priority_set: false, distance_range_set: null });
    expect(read.coefs).toEqual([
      { coef_type_id: 4, coef_type: { id: 4, name: 'Коэффициент загрузки' }, value: 3.0625 },
    ]);
    expect((await call('DELETE', `/v2/allocation/${row.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/v2/allocation/${row.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/allocation/${row.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/v2/allocation/${row.id}`, 'admin', body)).statusCode).toBe(404);
  });

  it('refuses a save of a row written since it was read (409) and writes nothing', async () => {
    const row = (await call('POST', '/v2/allocation', 'admin', body)).json() as Allocation;
    expect(row.version).toMatch(/^\d+$/);
    const read = (await call('GET', `/v2/allocation/${row.id}`)).json() as Allocation;
    expect(read.version).toBe(row.version);
    const listed = (await call('GET', '/v2/allocation?per-page=50')).json() as Allocation[];
    expect(listed.find((item) => item.id === row.id)?.version).toBe(row.version);
    // The first user saves with the version read: accepted, and the answer carries the new one.
    const first = await call('PATCH', `/v2/allocation/${row.id}`, 'admin', {
      ...body,
      id: row.id,
      is_provide_set: true,
      version: row.version,
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as Allocation;
    expect(saved.version).not.toBe(row.version);
    // The second user read the same version: refused, nothing of theirs written.
    const stale = await call('PATCH', `/v2/allocation/${row.id}`, 'admin', {
      ...body,
      id: row.id,
      coefs: [],
      version: row.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    const after = (await call('GET', `/v2/allocation/${row.id}`)).json() as Allocation;
    expect(after).toEqual(saved);
    // Two saves of one version sent together: exactly one is accepted (the interleaving: src/server/db/rowVersion.test.ts).
    const both = await Promise.all(
      [true, false].map((flag) =>
        call('PATCH', `/v2/allocation/${row.id}`, 'admin', {
          ...body,
          id: row.id,
          is_priority_set: flag,
          version: saved.version,
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the save is not checked; a malformed one is a 422 on its field.
    expect(
      (await call('PATCH', `/v2/allocation/${row.id}`, 'admin', { ...body, id: row.id })).statusCode,
    ).toBe(200);
    const malformed = await call('PATCH', `/v2/allocation/${row.id}`, 'admin', { ...body, version: 'abc' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    // A version of a deleted row: 404, as without one.
    await call('DELETE', `/v2/allocation/${row.id}`);
    const gone = await call('PATCH', `/v2/allocation/${row.id}`, 'admin', {
      ...body,
      version: saved.version,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses each write without its rule and writes nothing', async () => {
    const before = await rowCount();
    for (const as of ['viewer', 'reader']) {
      expect((await call('POST', '/v2/allocation', as, body)).statusCode).toBe(403);
      expect((await call('PATCH', '/v2/allocation/1', as, body)).statusCode).toBe(403);
      expect((await call('DELETE', '/v2/allocation/1', as)).statusCode).toBe(403);
    }
    expect(await rowCount()).toBe(before);
  });

  it('answers 422 on the fields and writes nothing', async () => {
    const before = [await rowCount(), await coefCount()];
    const missing = await call('POST', '/v2/allocation', 'admin', { coefs: [] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toMatchObject({
      contractor_id: [MESSAGES.required],
      department_id: [MESSAGES.required],
    });
    const unknown = await call('POST', '/v2/allocation', 'admin', {
      ...body,
      contractor_id: 4242,
      coefs: [{ coef_type_id: 99, value: 1 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().fields).toEqual({
      contractor_id: [ALLOCATION_MESSAGES.unknownIds([4242])],
      'coefs.0.coef_type_id': [ALLOCATION_MESSAGES.unknownIds([99])],
    });
    const foreign = await call('PATCH', '/v2/allocation/1', 'admin', {
      ...body,
      department_id: otherDepartment,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().fields).toEqual({ department_id: [ALLOCATION_MESSAGES.foreignDepartment] });
    const reversed = await call('POST', '/v2/allocation', 'admin', {
      ...body,
      distance_range_set: { from: 10, to: 5 },
    });
    expect(reversed.json().fields).toEqual({ 'distance_range_set.to': [ALLOCATION_MESSAGES.reversed] });
    const mismatch = await call('PATCH', '/v2/allocation/1', 'admin', { ...body, id: 2 });
    expect(mismatch.json().fields).toEqual({ id: [ALLOCATION_MESSAGES.idMismatch] });
    expect([await rowCount(), await coefCount()]).toEqual(before);
    const [first] = await db.db.select().from(allocations).where(eq(allocations.id, 1));
    expect(first.distanceTo).toBe(1500);
  });
});
