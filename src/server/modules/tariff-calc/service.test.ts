/** Service calculations without HTTP, on a one-day demo airport: what is written, refused and answered. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldsOf } from '../../../../tests/support/refusal.ts';
import { TARIFF_CALC_JOBS, tariffCalcBody } from '../../../../tests/support/tariffCalcBody.ts';
import { openTestDb } from '../../../../tests/support/testApp.ts';
import {
  CALC_MESSAGES,
  type CalcCreate,
  calcCreateSchema,
  calcUpdateSchema,
} from '../../../shared/tariff-calc.ts';
import type { DbHandle } from '../../db/client.ts';
import { jobs, services, tariffCalcCharges, tariffCalcs } from '../../db/schema/index.ts';
import { loadDemoAirport } from '../../demo/index.ts';
import { ConflictError, NotFoundError } from '../../domain/errors.ts';
import { createTariffCalcService } from './service.ts';

let dbh: DbHandle;
let service: ReturnType<typeof createTariffCalcService>;
let form: () => CalcCreate;

const rows = async (table: typeof tariffCalcs | typeof services) =>
  (await dbh.db.select({ n: count() }).from(table))[0].n;

beforeAll(async () => {
  dbh = await openTestDb();
  await loadDemoAirport(dbh, { days: 1, referenceDate: '2026-03-10' });
  service = createTariffCalcService(dbh);
  const idOf = async (name: string) =>
    (await dbh.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, name)))[0].id;
  const ids = { steps: await idOf(TARIFF_CALC_JOBS.steps), bus: await idOf(TARIFF_CALC_JOBS.bus) };
  form = () => calcCreateSchema.parse(tariffCalcBody(ids));
}, 120_000);

afterAll(async () => {
  await dbh?.close();
});

describe('writing', () => {
  it('creates a calc with its service and every link list, and reads it back the same', async () => {
    const calc = await service.create(form());
    expect(calc.service).toMatchObject({ name_ru: 'Трап тестовый', id_1c: 'TEST-TRAP' });
    expect(calc.calcJob).toHaveLength(2);
    expect(calc.calcEmployeePosition.map((p) => p.id)).toEqual([1, 2]);
    expect(calc.calcResource.map((r) => r.id)).toEqual([1, 2]);
    expect(await service.get(calc.id)).toEqual(calc);
  });

  it('replaces the link lists on update', async () => {
    const calc = await service.create({ ...form(), service: { ...form().service, id_1c: 'TEST-UPD' } });
    const changed = await service.update(
      calcUpdateSchema.parse({
        ...form(),
        service: { name_ru: 'Другой', name_en: '', id_1c: 'TEST-UPD' },
        id: calc.id,
        calcJob: form().calcJob.slice(1),
        calc_employee_position_id: [],
        calc_resource_id: [2],
      }),
    );
    expect(changed.calcJob).toEqual(calc.calcJob.slice(1));
    expect(changed.calcEmployeePosition).toEqual([]);
    expect(changed.calcResource.map((r) => r.id)).toEqual([2]);
    expect(changed.service.name_ru).toBe('Другой');
  });

  it('deletes a calc without charges, then answers 404 for it', async () => {
    const calc = await service.create({ ...form(), service: { ...form().service, id_1c: 'TEST-DEL' } });
    await service.remove(calc.id);
    expect(await dbh.db.select().from(tariffCalcs).where(eq(tariffCalcs.id, calc.id))).toEqual([]);
    await expect(service.get(calc.id)).rejects.toThrow(NotFoundError);
    await expect(service.remove(calc.id)).rejects.toThrow(NotFoundError);
  });
});

describe('refusing', () => {
  it('refuses unknown link ids on their list fields, writing neither the calc nor its service', async () => {
    const before = [await rows(tariffCalcs), await rows(services)];
    const fields = await fieldsOf(() =>
      service.create({
        ...form(),
        service: { ...form().service, id_1c: 'NEW-1C' },
        format_id: 99_999,
        calc_resource_id: [1, 99_999],
      }),
    );
    expect(fields).toEqual({
      format_id: [CALC_MESSAGES.unknownIds],
      calc_resource_id: [CALC_MESSAGES.unknownIds],
    });
    expect([await rows(tariffCalcs), await rows(services)]).toEqual(before);
  });

  it('refuses to delete a calc that has billing charges, keeping it', async () => {
    const [charged] = await dbh.db
      .select({ id: tariffCalcCharges.calcId, n: count() })
      .from(tariffCalcCharges)
      .groupBy(tariffCalcCharges.calcId)
      .limit(1);
    const error = await service.remove(charged.id).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(CALC_MESSAGES.deleteReferenced(charged.n));
    expect((await service.get(charged.id)).id).toBe(charged.id);
  });

  it('answers 404 for an unknown calc and an unknown turnaround', async () => {
    await expect(service.update({ ...form(), id: 999_999 })).rejects.toThrow(NotFoundError);
    const [calc] = await dbh.db.select({ id: tariffCalcs.id }).from(tariffCalcs).limit(1);
    await expect(service.evaluate(calc.id, 999_999_999, 'Europe/Moscow')).rejects.toThrow('Рейс не найден');
  });
});

describe('reading', () => {
  it('pages the list with the total of every page', async () => {
    const all = await service.list({ filters: {}, sort: null, page: 1, perPage: 1000 });
    expect(all.total).toBe(await rows(tariffCalcs));
    const second = await service.list({ filters: {}, sort: null, page: 2, perPage: 2 });
    expect(second.total).toBe(all.total);
    expect(second.items).toEqual(all.items.slice(2, 4));
  });
});
