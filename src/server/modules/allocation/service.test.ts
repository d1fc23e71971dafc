/** Contractor allocations without HTTP, on a one-day demo airport: what is written, refused and answered. */
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationBody } from '../../../../tests/support/allocationBody.ts';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  ALLOCATION_MESSAGES,
  type AllocationInput,
  allocationBodySchema,
} from '../../../shared/allocation.ts';
import type { DbHandle } from '../../db/client.ts';
import { allocationCoefs, allocations, departments } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { createAllocationService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createAllocationService>;
let body: AllocationInput;
/** A department of another contractor than the body's. */
let foreign: { id: number; contractorId: number };

const rows = async () => (await dbh.db.select({ n: count() }).from(allocations))[0].n;
const coefRows = async () => (await dbh.db.select({ n: count() }).from(allocationCoefs))[0].n;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createAllocationService(dbh);
  const owned = await dbh.db
    .select({ id: departments.id, contractorId: departments.contractorId })
    .from(departments)
    .where(isNotNull(departments.contractorId))
    .orderBy(departments.id);
  const first = owned[0] as { id: number; contractorId: number };
  body = allocationBodySchema.parse(allocationBody(first));
  foreign = owned.find((d) => d.contractorId !== first.contractorId) as { id: number; contractorId: number };
});

afterAll(async () => {
  await dbh?.close();
});

describe('writing', () => {
  it('creates an allocation with its coefficients, answered with the names, coefficients by type', async () => {
    const before = await coefRows();
    const made = await service.create(body);
    expect(made.contractor_id).toBe(body.contractor_id);
    expect(made.department.id).toBe(body.department_id);
    expect(made.department.name).not.toBe('');
    expect(made.distance_range_set).toEqual({ from: 100, to: 2500 });
    expect(made.coefs.map((coef) => [coef.coef_type_id, coef.value])).toEqual([
      [1, 1.25],
      [2, 0.85],
    ]);
    expect(await coefRows()).toBe(before + 2);
    expect(await service.get(made.id)).toEqual(made);
  });

  it('replaces the coefficients on update and clears the range when none is given', async () => {
    const made = await service.create(body);
    const changed = await service.update(made.id, {
      ...body,
      distance_range_set: null,
      coefs: [{ coef_type_id: 1, value: 2 }],
    });
    expect(changed.distance_range_set).toBeNull();
    expect(changed.coefs.map((coef) => [coef.coef_type_id, coef.value])).toEqual([[1, 2]]);
    const stored = await dbh.db
      .select()
      .from(allocationCoefs)
      .where(eq(allocationCoefs.allocationId, made.id));
    expect(stored).toHaveLength(1);
  });

  it('deletes an allocation with its coefficients, then answers 404 for it', async () => {
    const made = await service.create(body);
    await service.remove(made.id);
    expect(
      await dbh.db.select().from(allocationCoefs).where(eq(allocationCoefs.allocationId, made.id)),
    ).toEqual([]);
    await expect(service.get(made.id)).rejects.toThrow(NotFoundError);
    await expect(service.remove(made.id)).rejects.toThrow(ALLOCATION_MESSAGES.notFound);
    await expect(service.update(made.id, body)).rejects.toThrow(NotFoundError);
  });
});

describe('refusing', () => {
  it('refuses unknown ids on their fields and writes nothing', async () => {
    const [before, coefsBefore] = [await rows(), await coefRows()];
    const fields = await fieldsOf(() =>
      service.create({
        ...body,
        contractor_id: 999_999,
        department_id: 999_998,
        coefs: [
          { coef_type_id: 1, value: 1 },
          { coef_type_id: 999_997, value: 1 },
        ],
      }),
    );
    expect(fields).toEqual({
      contractor_id: [ALLOCATION_MESSAGES.unknownIds([999_999])],
      department_id: [ALLOCATION_MESSAGES.unknownIds([999_998])],
      'coefs.1.coef_type_id': [ALLOCATION_MESSAGES.unknownIds([999_997])],
    });
    expect([await rows(), await coefRows()]).toEqual([before, coefsBefore]);
  });

  it("refuses a department that is not the contractor's", async () => {
    expect(await fieldsOf(() => service.create({ ...body, department_id: foreign.id }))).toEqual({
      department_id: [ALLOCATION_MESSAGES.foreignDepartment],
    });
  });

  it('refuses an update whose body names another id, and leaves the row as it was', async () => {
    const made = await service.create(body);
    expect(await fieldsOf(() => service.update(made.id, { ...body, id: made.id + 1 }))).toEqual({
      id: [ALLOCATION_MESSAGES.idMismatch],
    });
    const bad = { ...body, is_priority_set: false, coefs: [{ coef_type_id: 999_997, value: 1 }] };
    await fieldsOf(() => service.update(made.id, bad));
    expect(await service.get(made.id)).toEqual(made);
  });
});

describe('reading', () => {
  it('pages the list with the total, filtered by contractor and sorted as asked', async () => {
    const total = await rows();
    const page = await service.list({ filters: {}, sort: null, page: 2, perPage: 2 });
    expect(page.total).toBe(total);
    const all = await service.list({ filters: {}, sort: null, page: 1, perPage: 1000 });
    expect(page.items).toEqual(all.items.slice(2, 4));
    expect(all.items.map((a) => a.id)).toEqual([...all.items.map((a) => a.id)].sort((a, b) => a - b));
    const own = await service.list({
      filters: { contractor_id: [foreign.contractorId] },
      sort: { key: 'id', desc: true },
      page: 1,
      perPage: 1000,
    });
    expect(own.items.every((a) => a.contractor_id === foreign.contractorId)).toBe(true);
    expect(own.total).toBe(own.items.length);
    const ids = own.items.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('answers the contractors in Russian order and the coefficient types by id', async () => {
    const names = (await service.contractors()).map((c) => c.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    const types = (await service.coefTypes()).map((t) => t.id);
    expect(types).toEqual([...types].sort((a, b) => a - b));
    expect(types).toContain(1);
  });
});
