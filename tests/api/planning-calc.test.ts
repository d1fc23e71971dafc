/**
 * Saved calculations, coefficients and the vacation planner over HTTP (spec 7): the paged list, rename, delete, the
 * coefficient formulas, the what-if and saving of vacation plans, 403 per rule, 400/422 per field.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { employees, planningCalcs, planningVacationDays } from '../../src/server/db/schema/index.ts';
import { loadDemoAirport } from '../../src/server/demo/index.ts';
import { MESSAGES } from '../../src/shared/messages.ts';
import {
  type CalcItem,
  type Coeff,
  calcItemSchema,
  calcRenamedSchema,
  PLANNING_CALC_MESSAGES,
  type VacationAnswer,
} from '../../src/shared/planning-calc.ts';
import { insertPlanningCalc } from '../support/planningCalcBody.ts';
import { bearer, createTestApp, loginAs, loginHolding, openTestDb } from '../support/testApp.ts';

let db: DbHandle;
let app: Awaited<ReturnType<typeof createTestApp>>;
const tokens: Record<string, Record<string, string>> = {};
let positionId: number;
let staff: { id: number; name: string }[];
let calcId: number;

const insertCalc = (name: string, createdAt: string) =>
  insertPlanningCalc(db.db, { position: positionId, name, createdAt });

beforeAll(async () => {
  db = await openTestDb();
  await loadDemoAirport(db, { days: 1, referenceDate: '2026-03-10' });
  app = await createTestApp({ db, loginRateLimit: 1000 });
  for (const login of ['admin', 'planner', 'viewer']) tokens[login] = bearer(await loginAs(app, login));
  tokens.reader = bearer(await loginHolding(app, 'calc-reader', ['calc-index']));
  tokens.editor = bearer(await loginHolding(app, 'calc-editor', ['calc-index', 'calc-update']));
  const [busiest] = await db.db
    .select({ position: employees.employeePositionId, n: count() })
    .from(employees)
    .where(eq(employees.isActive, true))
    .groupBy(employees.employeePositionId)
    .orderBy(desc(count()))
    .limit(1);
  positionId = busiest.position;
  staff = await db.db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(and(eq(employees.employeePositionId, positionId), eq(employees.isActive, true)));
  await insertCalc('Март, перрон', '2026-03-01T09:00:00Z');
  await insertCalc('Апрель, терминал', '2026-03-02T09:00:00Z');
  calcId = await insertCalc('Весна, все службы', '2026-03-03T09:00:00Z');
});
afterAll(() => app.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, as = 'planner', payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: tokens[as], payload });

describe('the calculations list', () => {
  it('answers newest first, 20 a page by default, with the four pagination headers', async () => {
    const res = await call('POST', '/planning/calc', 'planner', {});
    expect(res.statusCode).toBe(200);
    const rows = res.json() as CalcItem[];
    expect(rows.map((row) => row.name)).toEqual(['Весна, все службы', 'Апрель, терминал', 'Март, перрон']);
    expect(rows[0]).toMatchObject({ begin: '2026-03-08', end: '2026-03-21', positions: ['Должность'] });
    expect(rows[0].created_at).toBe('2026-03-03 12:00:00');
    expect(res.headers['x-pagination-per-page']).toBe('20');
    expect(res.headers['x-pagination-total-count']).toBe('3');
    expect(res.headers['x-pagination-page-count']).toBe('1');
    expect(res.headers['x-pagination-current-page']).toBe('1');
  });

  it('pages by the body, sorts by the query and filters by name and created day', async () => {
    const res = await call('POST', '/planning/calc?sort=name', 'planner', { page: 2, 'per-page': 2 });
    expect((res.json() as CalcItem[]).map((row) => row.name)).toEqual(['Март, перрон']);
    expect(res.headers['x-pagination-page-count']).toBe('2');
    expect(res.headers['x-pagination-current-page']).toBe('2');
    const named = await call('POST', '/planning/calc', 'planner', { filter: { name: 'ТЕРМИНАЛ' } });
    expect((named.json() as CalcItem[]).map((row) => row.name)).toEqual(['Апрель, терминал']);
    const dated = await call('POST', '/planning/calc?sort=created_at', 'planner', {
      filter: { created_from: '2026-03-02', created_to: '2026-03-03' },
    });
    expect((dated.json() as CalcItem[]).map((row) => row.name)).toEqual([
      'Апрель, терминал',
      'Весна, все службы',
    ]);
  });

  it('refuses an unknown sort with 400 and a bad body with 422 on the field', async () => {
    const sorted = await call('POST', '/planning/calc?sort=solve_ms', 'planner', {});
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().fields.sort).toBeDefined();
    const paged = await call('POST', '/planning/calc', 'planner', { 'per-page': 0 });
    expect(paged.statusCode).toBe(422);
    expect(paged.json().fields['per-page']).toBeDefined();
    const dated = await call('POST', '/planning/calc', 'planner', { filter: { created_from: '2026-02-30' } });
    expect(dated.statusCode).toBe(422);
    expect(dated.json().fields['filter.created_from']).toEqual([PLANNING_CALC_MESSAGES.dayFormat]);
  });

  it('needs calc-index', async () => {
    expect((await call('POST', '/planning/calc', 'viewer', {})).statusCode).toBe(403);
    expect((await call('POST', '/planning/calc', 'reader', {})).statusCode).toBe(200);
  });
});

describe('renaming a calculation', () => {
  it('stores the trimmed name and answers it', async () => {
    const res = await call('PUT', '/planning/calc/update', 'planner', {
      calc_id: calcId,
      name: '  Весна-2026 ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: calcId, name: 'Весна-2026', version: expect.stringMatching(/^\d+$/) });
    const [row] = await db.db.select().from(planningCalcs).where(eq(planningCalcs.id, calcId));
    expect(row.name).toBe('Весна-2026');
  });

  it('refuses an empty, too long or two-line name with 422 on name, and an unknown calculation with 404', async () => {
    const empty = await call('PUT', '/planning/calc/update', 'planner', { calc_id: calcId, name: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().fields.name).toEqual([PLANNING_CALC_MESSAGES.nameRequired]);
    const long = await call('PUT', '/planning/calc/update', 'planner', {
      calc_id: calcId,
      name: 'я'.repeat(256),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.name).toEqual([PLANNING_CALC_MESSAGES.nameTooLong]);
    const twoLines = await call('PUT', '/planning/calc/update', 'planner', {
      calc_id: calcId,
      name: 'План\nА',
    });
    expect(twoLines.statusCode).toBe(422);
    expect(twoLines.json().fields.name).toEqual([MESSAGES.lineBreaks]);
    const noId = await call('PUT', '/planning/calc/update', 'planner', { name: 'x' });
    expect(noId.json().fields.calc_id).toBeDefined();
    const unknown = await call('PUT', '/planning/calc/update', 'planner', { calc_id: 99_999, name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('needs calc-update: a holder of calc-index alone is refused and nothing changes', async () => {
    const res = await call('PUT', '/planning/calc/update', 'reader', { calc_id: calcId, name: 'Чужое' });
    expect(res.statusCode).toBe(403);
    const [row] = await db.db.select().from(planningCalcs).where(eq(planningCalcs.id, calcId));
    expect(row.name).toBe('Весна-2026');
  });

  it('refuses a rename of a row renamed since it was listed (409) and writes nothing', async () => {
    const id = await insertCalc('Лето, перрон', '2026-03-04T09:00:00Z');
    const list = await call('POST', '/planning/calc', 'planner', { filter: { name: 'Лето' } });
    const [listed] = list.json() as CalcItem[];
    expect(calcItemSchema.parse(listed)).toEqual(listed);
    expect(listed).toMatchObject({ id, version: expect.stringMatching(/^\d+$/) });
    const rename = (name: string, version?: string) =>
      call('PUT', '/planning/calc/update', 'planner', { calc_id: id, name, version });
    // The first user renames with the version listed: accepted, and the answer carries the new one.
    const first = await rename('Лето-1', listed.version);
    expect(first.statusCode).toBe(200);
    const renamed = calcRenamedSchema.parse(first.json());
    expect(renamed.version).not.toBe(listed.version);
    const relisted = (await call('POST', '/planning/calc', 'planner', { filter: { name: 'Лето' } })).json();
    expect(relisted).toEqual([{ ...listed, name: 'Лето-1', version: renamed.version }]);
    // The second user listed the same version: refused, the first rename kept.
    const stale = await rename('Лето-2', listed.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.staleEdit });
    const nameOf = async () =>
      (await db.db.select().from(planningCalcs).where(eq(planningCalcs.id, id)))[0]?.name;
    expect(await nameOf()).toBe('Лето-1');
    // Two renames of one version sent together: exactly one is accepted.
    const both = await Promise.all(['Лето-3', 'Лето-4'].map((name) => rename(name, renamed.version)));
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    // Without a version (the spec's body) the rename is not checked; a malformed one is a 422 on its field.
    expect((await rename('Лето-5')).statusCode).toBe(200);
    expect(await nameOf()).toBe('Лето-5');
    const malformed = await rename('Лето-6', 'abc');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().fields).toEqual({ version: [MESSAGES.rowVersionFormat] });
    // A version of a deleted row: 404, as without one.
    expect((await call('DELETE', '/planning/calc/delete', 'planner', { calc_id: id })).statusCode).toBe(204);
    expect((await rename('Лето-7', renamed.version)).statusCode).toBe(404);
  });
});

describe('the coefficients', () => {
  it('computes every figure of spec 3 from the stored result and the staff list', async () => {
    const res = await call('GET', `/planning/coeff?calc_id=${calcId}&absence_coeff=10&add_emp_count=1`);
    expect(res.statusCode).toBe(200);
    const coeff = res.json() as Coeff;
    // demand 2 × 32 slots × 0.25 h = 16; 54 paid hours; ceil(54 / 40) = 2; ceil(2 × 1.1) + 1 = 4.
    expect(coeff).toEqual({
      calc_id: calcId,
      absence_coeff: 10,
      add_emp_count: 1,
      plan_total: 16,
      calc_plan_total: 54,
      effect_coeff: 0.2963,
      pers_kol: 2,
      required_emp: 4,
      emp_fact_total: staff.length,
      emp_dif: staff.length - 4,
    });
  });

  it('takes empty inputs as zero', async () => {
    const coeff = (
      await call('GET', `/planning/coeff?calc_id=${calcId}&absence_coeff=&add_emp_count=`)
    ).json();
    expect(coeff.required_emp).toBe(2);
  });

  it('refuses bad inputs with 400 on their field and an unknown calculation with 404', async () => {
    const absence = await call('GET', `/planning/coeff?calc_id=${calcId}&absence_coeff=101`);
    expect(absence.statusCode).toBe(400);
    expect(absence.json().fields.absence_coeff).toEqual([PLANNING_CALC_MESSAGES.absenceCoeff]);
    const added = await call('GET', `/planning/coeff?calc_id=${calcId}&add_emp_count=-1`);
    expect(added.statusCode).toBe(400);
    expect(added.json().fields.add_emp_count).toEqual([PLANNING_CALC_MESSAGES.addEmpCount]);
    expect((await call('GET', '/planning/coeff?calc_id=99999')).statusCode).toBe(404);
    expect((await call('GET', '/planning/coeff')).json().fields.calc_id).toBeDefined();
  });

  it('needs strategic planning or calc-index', async () => {
    expect((await call('GET', `/planning/coeff?calc_id=${calcId}`, 'viewer')).statusCode).toBe(403);
    expect((await call('GET', `/planning/coeff?calc_id=${calcId}`, 'reader')).statusCode).toBe(200);
  });
});

describe('the vacation planner', () => {
  const url = (extra = '') => `/planning/vacation?calc_id=${calcId}&per-page=1000${extra}`;
  const profitOn = (answer: VacationAnswer, date: string) =>
    answer.employeeProfit.find((day) => day.date === date);

  it('answers every employee of the positions with 20 days left and the profit of each day of the period', async () => {
    const res = await call('GET', url());
    expect(res.statusCode).toBe(200);
    const answer = res.json() as VacationAnswer;
    expect(answer.calc).toMatchObject({ id: calcId, begin: '2026-03-08', end: '2026-03-21' });
    expect(answer.total_left).toBe(20);
    expect(answer.employees).toHaveLength(staff.length);
    expect(answer.employees.every((row) => row.vacation_left === 20 && row.planDates.length === 0)).toBe(
      true,
    );
    expect(answer.employeeProfit).toHaveLength(14);
    // Sunday needs 2, Monday 4 (3 + 1), Tuesday nobody.
    expect(profitOn(answer, '2026-03-08')).toEqual({
      date: '2026-03-08',
      available: staff.length,
      required: 2,
      profit: staff.length - 2,
    });
    expect(profitOn(answer, '2026-03-09')?.required).toBe(4);
    expect(profitOn(answer, '2026-03-10')?.required).toBe(0);
    expect(res.headers['x-pagination-total-count']).toBe(String(staff.length));
  });

  it('answers a what-if plan without saving it: fewer available that day, fewer days left, first by default sort last', async () => {
    const [first] = staff;
    const res = await call(
      'GET',
      url(
        `&vacation_plan[0][employee_id]=${first.id}&vacation_plan[0][dates][]=2026-03-09&vacation_plan[0][dates][]=2026-03-10`,
      ),
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json() as VacationAnswer;
    expect(profitOn(answer, '2026-03-09')?.available).toBe(staff.length - 1);
    expect(profitOn(answer, '2026-03-09')?.profit).toBe(staff.length - 1 - 4);
    const row = answer.employees.find((employee) => employee.id === first.id);
    expect(row).toMatchObject({ planDates: ['2026-03-09', '2026-03-10'], vacation_left: 18 });
    expect(answer.employees.at(-1)?.id).toBe(first.id);
    const [{ n }] = await db.db.select({ n: count() }).from(planningVacationDays);
    expect(n).toBe(0);
  });

  it('answers the same what-if with the query in the body, and refuses a bad plan there with 422', async () => {
    const [first] = staff;
    const dates = ['2026-03-09', '2026-03-10'];
    const byQuery = await call(
      'GET',
      url(
        `&sort=fio&vacation_plan[0][employee_id]=${first.id}${dates.map((d) => `&vacation_plan[0][dates][]=${d}`).join('')}`,
      ),
    );
    const byBody = await call('POST', '/planning/vacation/preview', 'viewer', {
      calc_id: calcId,
      sort: 'fio',
      'per-page': 1000,
      vacation_plan: [{ employee_id: first.id, dates }],
    });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json()).toEqual(byQuery.json());
    expect(byBody.headers['x-pagination-total-count']).toBe(String(staff.length));
    const refused = await call('POST', '/planning/vacation/preview', 'planner', {
      calc_id: calcId,
      vacation_plan: [{ employee_id: first.id, dates: ['2026-05-01'] }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields['vacation_plan.0.dates']).toEqual([
      PLANNING_CALC_MESSAGES.dayOutside('2026-03-08', '2026-03-21'),
    ]);
    const [{ n }] = await db.db.select({ n: count() }).from(planningVacationDays);
    expect(n).toBe(0);
  });

  it('sorts by name both ways and filters by a part of the name', async () => {
    const names = staff.map((employee) => employee.name).sort((a, b) => a.localeCompare(b, 'ru'));
    const up = (await call('GET', url('&sort=fio'))).json() as VacationAnswer;
    expect(up.employees.map((row) => row.name)).toEqual(names);
    const down = (await call('GET', url('&sort=-fio'))).json() as VacationAnswer;
    expect(down.employees[0].name).toBe(names.at(-1));
    const part = names[0].split(' ')[0].toUpperCase();
    const filtered = (
      await call('GET', url(`&filter[employee]=${encodeURIComponent(part)}`))
    ).json() as VacationAnswer;
    expect(filtered.employees.length).toBeGreaterThan(0);
    expect(filtered.employees.every((row) => row.name.toUpperCase().includes(part))).toBe(true);
    expect(filtered.employeeProfit[0].available).toBe(staff.length);
    expect((await call('GET', url('&sort=position'))).statusCode).toBe(400);
  });

  it('gives at most 1,000 employees a page however many are asked, and the pages in the headers', async () => {
    const many = await call('POST', '/planning/vacation/preview', 'viewer', {
      calc_id: calcId,
      'per-page': 5000,
    });
    expect(many.statusCode).toBe(200);
    expect(many.headers['x-pagination-per-page']).toBe('1000');
    const names = staff.map((employee) => employee.name).sort((a, b) => a.localeCompare(b, 'ru'));
    const second = await call('POST', '/planning/vacation/preview', 'viewer', {
      calc_id: calcId,
      sort: 'fio',
      page: 2,
      'per-page': 1,
    });
    expect(second.headers['x-pagination-page-count']).toBe(String(staff.length));
    expect(second.headers['x-pagination-current-page']).toBe('2');
    expect((second.json() as VacationAnswer).employees.map((row) => row.name)).toEqual([names[1]]);
  });

  it('refuses a what-if outside the period or for an unknown employee with 400 on its field', async () => {
    const outside = await call(
      'GET',
      url(`&vacation_plan[0][employee_id]=${staff[0].id}&vacation_plan[0][dates][]=2026-04-01`),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields['vacation_plan.0.dates']).toEqual([
      PLANNING_CALC_MESSAGES.dayOutside('2026-03-08', '2026-03-21'),
    ]);
    const stranger = await call('GET', url('&vacation_plan[0][employee_id]=99999'));
    expect(stranger.json().fields['vacation_plan.0.employee_id']).toEqual([
      PLANNING_CALC_MESSAGES.unknownEmployee,
    ]);
  });

  it('saves plans in one go: the listed employees are replaced, the others kept', async () => {
    const [first, second] = staff;
    const save = (plan: object[]) =>
      call('PUT', '/planning/vacation', 'planner', { calc_id: calcId, vacation_plan: plan });
    expect(
      (
        await save([
          { employee_id: first.id, dates: ['2026-03-09', '2026-03-10', '2026-03-11'] },
          { employee_id: second.id, dates: ['2026-03-09'] },
        ])
      ).json(),
    ).toEqual({ saved: 2 });
    expect((await save([{ employee_id: first.id, dates: ['2026-03-12'] }])).statusCode).toBe(200);
    const answer = (await call('GET', url())).json() as VacationAnswer;
    expect(answer.employees.find((row) => row.id === first.id)?.planDates).toEqual(['2026-03-12']);
    expect(answer.employees.find((row) => row.id === second.id)?.vacation_left).toBe(19);
    expect(profitOn(answer, '2026-03-09')?.available).toBe(staff.length - 1);
  });

  it('saves with strategic-planning-index or calc-update, and refuses a holder of calc-index alone', async () => {
    const plan = { calc_id: calcId, vacation_plan: [{ employee_id: staff[3].id, dates: ['2026-03-16'] }] };
    expect((await call('PUT', '/planning/vacation', 'reader', plan)).statusCode).toBe(403);
    expect((await call('PUT', '/planning/vacation', 'editor', plan)).json()).toEqual({ saved: 1 });
    const cleared = { ...plan, vacation_plan: [{ employee_id: staff[3].id, dates: [] }] };
    expect((await call('PUT', '/planning/vacation', 'planner', cleared)).statusCode).toBe(200);
  });

  it('refuses a bad plan with 422 on each field and writes nothing', async () => {
    const before = (await db.db.select({ n: count() }).from(planningVacationDays))[0].n;
    const res = await call('PUT', '/planning/vacation', 'planner', {
      calc_id: calcId,
      vacation_plan: [
        { employee_id: staff[0].id, dates: ['2026-03-22'] },
        { employee_id: 99_999, dates: [] },
        { employee_id: staff[1].id, dates: ['2026-03-09', '2026-03-09'] },
        { employee_id: staff[2].id, dates: ['2026-3-9'] },
      ],
    });
    expect(res.statusCode).toBe(422);
    const fields = res.json().fields;
    expect(fields['vacation_plan.3.dates.0']).toEqual([PLANNING_CALC_MESSAGES.dayFormat]);
    const checked = await call('PUT', '/planning/vacation', 'planner', {
      calc_id: calcId,
      vacation_plan: [
        { employee_id: staff[0].id, dates: ['2026-03-22'] },
        { employee_id: 99_999, dates: [] },
        { employee_id: staff[1].id, dates: ['2026-03-09', '2026-03-09'] },
      ],
    });
    expect(checked.statusCode).toBe(422);
    expect(checked.json().fields).toEqual({
      'vacation_plan.0.dates': [PLANNING_CALC_MESSAGES.dayOutside('2026-03-08', '2026-03-21')],
      'vacation_plan.1.employee_id': [PLANNING_CALC_MESSAGES.unknownEmployee],
      'vacation_plan.2.dates': [PLANNING_CALC_MESSAGES.duplicateDay],
    });
    const unknownCalc = await call('PUT', '/planning/vacation', 'planner', {
      calc_id: 99_999,
      vacation_plan: [],
    });
    expect(unknownCalc.statusCode).toBe(404);
    expect((await db.db.select({ n: count() }).from(planningVacationDays))[0].n).toBe(before);
  });

  it('refuses more days than are left', async () => {
    const cleared = await call('PUT', '/planning/vacation', 'planner', {
      calc_id: calcId,
      vacation_plan: [{ employee_id: staff[0].id, dates: [] }],
    });
    expect(cleared.statusCode).toBe(200);
    // The period has 14 days: more than 20 cannot be asked in it, so the allowance is checked on a short one.
    const services = (
      await import('../../src/server/modules/planning-calc/vacation.ts')
    ).createVacationService(db, {
      totalLeft: 2,
    });
    await expect(
      services.save({
        calc_id: calcId,
        vacation_plan: [{ employee_id: staff[0].id, dates: ['2026-03-09', '2026-03-10', '2026-03-11'] }],
      }),
    ).rejects.toMatchObject({ fields: { 'vacation_plan.0.dates': [PLANNING_CALC_MESSAGES.tooManyDays(2)] } });
  });

  it('lets any signed-in user read the planner and only strategic planning save it', async () => {
    expect((await call('GET', url(), 'viewer')).statusCode).toBe(200);
    const res = await call('PUT', '/planning/vacation', 'viewer', { calc_id: calcId, vacation_plan: [] });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/planning/vacation?calc_id=99999')).statusCode).toBe(404);
  });
});

describe('deleting a calculation', () => {
  it('needs calc-delete', async () => {
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/planning/calc/delete',
      headers: tokens.reader,
      payload: { calc_id: calcId },
    });
    expect(res.statusCode).toBe(403);
  });

  it('deletes it with its vacation plans, then answers 404', async () => {
    const res = await call('DELETE', '/planning/calc/delete', 'planner', { calc_id: calcId });
    expect(res.statusCode).toBe(204);
    expect(await db.db.select().from(planningCalcs).where(eq(planningCalcs.id, calcId))).toHaveLength(0);
    const [{ n }] = await db.db
      .select({ n: count() })
      .from(planningVacationDays)
      .where(eq(planningVacationDays.calcId, calcId));
    expect(n).toBe(0);
    expect((await call('DELETE', '/planning/calc/delete', 'planner', { calc_id: calcId })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', '/planning/calc/delete', 'planner', {})).statusCode).toBe(422);
  });
});
