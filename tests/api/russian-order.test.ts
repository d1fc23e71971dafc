/**
 * Lists ordered by a name answer it in Russian order (docs/DECISIONS.md, "Russian order"): alphabetically,
 * case-insensitively, with ё beside е, on either database, whatever its default collation. Rows are inserted out
 * of order on a fresh database, so that an answer in insertion, id or code-point order fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import {
  departments,
  employeePositions,
  employees,
  resources,
  resourceTypes,
  skills,
  users,
  workingShifts,
} from '../../src/server/db/schema/index.ts';
import { bearer, createTestApp, loginAs, openTestDb } from '../support/testApp.ts';

/**
 * The order a person expects: code-point order would put «Ёлкин» first and «абрамов» last, and ICU's root order
 * (the embedded database's only one) «Adams» first; Russian puts Latin after Cyrillic.
 */
const RUSSIAN = ['абрамов', 'Борисов', 'Елисеев', 'Ёлкин', 'Жуков', 'Adams'];
/** The same names inserted out of order. */
const SHUFFLED = ['Жуков', 'Adams', 'Ёлкин', 'абрамов', 'Елисеев', 'Борисов'];

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Record<string, string>;
let positionId: number;

beforeAll(async () => {
  db = await openTestDb();
  app = await createTestApp({ db, loginRateLimit: 1000 });
  admin = bearer(await loginAs(app, 'admin'));
  await db.db.insert(skills).values(SHUFFLED.map((name) => ({ name })));
  await db.db.insert(departments).values(SHUFFLED.map((name) => ({ name, fullName: `Служба ${name}` })));
  const [department] = await db.db.select().from(departments).limit(1);
  const [position] = await db.db
    .insert(employeePositions)
    .values({ name: 'Грузчик', departmentId: department.id })
    .returning();
  positionId = position.id;
  const [type] = await db.db.insert(resourceTypes).values({ name: 'Тягач' }).returning();
  await db.db.insert(resources).values(SHUFFLED.map((name) => ({ name, resourceTypeId: type.id })));
  await db.db.insert(employees).values(
    SHUFFLED.map((surname, i) => ({
      surname,
      firstName: 'Иван',
      name: `${surname} Иван`,
      personnelNumber: `RU-${i}`,
      departmentId: department.id,
      employeePositionId: position.id,
    })),
  );
  await db.db
    .insert(users)
    .values(SHUFFLED.map((name, i) => ({ login: `russian-${i}`, name, passwordHash: 'scrypt$00$00' })));
  await db.db
    .insert(workingShifts)
    .values(SHUFFLED.map((name) => ({ name, beginTime: '08:00:00', durationMinutes: 720 })));
});
afterAll(() => app.close());

/** The names of an answer's rows under `key`, those of the inserted set only, in the answer's order. */
async function namesOf(url: string, key = 'name'): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  const rows = (Array.isArray(body) ? body : body.items) as Record<string, string>[];
  return rows.map((row) => row[key].replace(/ Иван$/, '')).filter((name) => RUSSIAN.includes(name));
}

describe('when a list is ordered by name', () => {
  it('answers the skills of skill access in Russian order', async () => {
    expect(await namesOf('/v2/skill-access/skill')).toEqual(RUSSIAN);
  });

  it('answers the items a skill may grant in Russian order', async () => {
    expect(await namesOf('/v2/resource')).toEqual(RUSSIAN);
  });

  it('answers the departments and employees of team planning in Russian order', async () => {
    expect(await namesOf('/team-planning/department')).toEqual(RUSSIAN);
    expect(await namesOf('/team-planning/v1.1/employee')).toEqual(RUSSIAN);
  });

  it('answers the users of the audit filter in Russian order', async () => {
    expect(await namesOf('/audit/users')).toEqual(RUSSIAN);
  });

  it('answers the employees of positions and shifts starting together in Russian order', async () => {
    const staff = `/planning/shift?type=1&employee_position_id[]=${positionId}`;
    expect(await namesOf(staff, 'fio')).toEqual(RUSSIAN);
    expect(await namesOf('/planning/working-shift')).toEqual(RUSSIAN);
  });
});
