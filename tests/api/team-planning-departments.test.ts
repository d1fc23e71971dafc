/**
 * Team planning holds an edit-department-team writer (the demo brigadir, СНО) to his department's people: no rule for
 * another department's position and no employee of another department, in a create, an update, add-employee and
 * replace-employee; a team-all writer (admin) may still mix departments. Refusals are 422 on the path and write nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, skillAccesses } from '../../src/server/db/schema/index.ts';
import {
  replaceResultSchema,
  TEAM_MESSAGES,
  TEAM_STATUS,
  teamSchema,
} from '../../src/shared/team-planning.ts';
import { freeEmployeesOf } from '../support/teamBody.ts';
import { bearer, createDemoTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let admin: Record<string, string>;
let brigadir: Record<string, string>;
/** The brigadir's department (СНО), another one (СПП), and their names. */
let own: { id: number; name: string };
let foreign: { id: number; name: string };
/** «Грузчик» (СНО) and «Агент по регистрации» (СПП). */
let ownPosition: { id: number; name: string };
let foreignPosition: { id: number; name: string };

/** Rows of a raw query (test setup only). */
async function rows<T>(text: string): Promise<T[]> {
  return ((await app.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** How many teams, rules, accesses and members are stored: a refusal must leave them all as they were. */
async function teamCounts() {
  const [row] = await rows<Record<string, number>>(
    `select (select count(*)::int from teams) as teams,
            (select count(*)::int from team_position_rules) as rules,
            (select count(*)::int from team_rule_accesses) as accesses,
            (select count(*)::int from team_employees) as members`,
  );
  return row;
}

/** The members of a team by position, sorted, read from the tables. */
async function membersOf(teamId: number) {
  return rows<{ position: number; employee: number }>(
    `select r.employee_position_id as position, m.employee_id as employee from team_employees m
       join team_position_rules r on r.id = m.rule_id where m.team_id = ${teamId} order by 1, 2`,
  );
}

let nextSkip = 0;
/** `n` free active employees of the position never handed out before in this file. */
async function free(positionId: number, n: number): Promise<number[]> {
  const ids = await freeEmployeesOf(app.db, positionId, n, nextSkip);
  nextSkip += n;
  if (ids.length < n) throw new Error(`only ${ids.length} free employees of position ${positionId}`);
  return ids;
}

/** An own-position employee (a «Грузчик») whose record says he is of the foreign department (СПП). */
async function ownPositionForeigner(): Promise<number> {
  const [id] = await free(ownPosition.id, 1);
  await app.db.update(employees).set({ departmentId: foreign.id }).where(eq(employees.id, id));
  return id;
}

/** A team body of the department with rules `[position, members]` (the first member of a rule is its main one). */
function body(departmentId: number, rules: [number, number[]][], name = 'Бригада отдела') {
  return {
    name,
    begin_datetime: '2026-03-10 08:00:00',
    end_datetime: '2026-03-10 20:00:00',
    team_status_id: TEAM_STATUS.formed,
    department_id: departmentId,
    employeePositionRules: rules.map(([positionId, members]) => ({
      employee_position_id: positionId,
      count: Math.max(1, members.length),
      employees: members.map((id, i) => ({ employee_id: id, is_main_employee: i === 0 })),
    })),
  };
}

const create = (headers: Record<string, string>, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/team-planning/v1/team', headers, payload: payload as object });
const update = (headers: Record<string, string>, id: number, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/team-planning/v1/team/${id}`, headers, payload: payload as object });
const addEmployees = (headers: Record<string, string>, id: number, ids: number[]) =>
  app.inject({
    method: 'PUT',
    url: `/api/team-planning/v1.1/team/${id}/add-employee?${ids.map((e) => `employee_id[]=${e}`).join('&')}`,
    headers,
  });
const replaceEmployee = (headers: Record<string, string>, id: number, oldId: number, employeeId: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/team-planning/v1/team/${id}/replace-employee/${oldId}`,
    headers,
    payload: { employee_id: employeeId },
  });

beforeAll(async () => {
  const demo = await createDemoTestApp('admin', { days: 1, referenceDate: '2026-03-10' });
  app = demo.app;
  admin = bearer(await loginAs(app, 'admin'));
  brigadir = bearer(await loginAs(app, 'brigadir'));
  await app.db.delete(skillAccesses);
  [own] = await rows<{ id: number; name: string }>(
    `select d.id, d.name from users u join departments d on d.id = u.department_id where u.login = 'brigadir'`,
  );
  [foreign] = await rows<{ id: number; name: string }>(`select id, name from departments where name = 'СПП'`);
  [ownPosition] = await rows<{ id: number; name: string }>(
    `select id, name from employee_positions where name = 'Грузчик' and department_id = ${own.id}`,
  );
  [foreignPosition] = await rows<{ id: number; name: string }>(
    `select id, name from employee_positions where name = 'Агент по регистрации' and department_id = ${foreign.id}`,
  );
  expect(own.name).toBe('СНО');
});
afterAll(() => app.close());

describe('an edit-department-team writer (brigadir, СНО)', () => {
  it('may not create a team with a rule for another department’s position: 422 on the rule, nothing written', async () => {
    const agents = await free(foreignPosition.id, 2);
    const before = await teamCounts();
    const res = await create(brigadir, body(own.id, [[foreignPosition.id, agents]]));
    expect(res.statusCode, res.body).toBe(422);
    const fields = res.json().fields;
    expect(fields['employeePositionRules.0.employee_position_id']).toEqual([
      TEAM_MESSAGES.positionOfOtherDepartment(foreignPosition.name, foreign.name),
    ]);
    expect(fields['employeePositionRules.0.employees.0.employee_id']).toEqual([
      TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name),
    ]);
    expect(fields['employeePositionRules.0.employees.1.employee_id']).toEqual([
      TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name),
    ]);
    expect(await teamCounts()).toEqual(before);
  });

  it('may not put another department’s employee under an own position: 422 on the member, nothing written', async () => {
    const [loader] = await free(ownPosition.id, 1);
    const stranger = await ownPositionForeigner();
    const before = await teamCounts();
    const res = await create(brigadir, body(own.id, [[ownPosition.id, [loader, stranger]]]));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toEqual({
      'employeePositionRules.0.employees.1.employee_id': [
        TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name),
      ],
    });
    expect(await teamCounts()).toEqual(before);
  });

  it('saves a team of the own department, and refuses an update adding foreign people, keeping the team', async () => {
    const loaders = await free(ownPosition.id, 2);
    const created = await create(brigadir, body(own.id, [[ownPosition.id, loaders]], 'Своя бригада'));
    expect(created.statusCode, created.body).toBe(200);
    const team = teamSchema.parse(created.json());
    expect(team.real_count).toBe(2);
    const stored = await membersOf(team.id);

    const [agent] = await free(foreignPosition.id, 1);
    const stranger = await ownPositionForeigner();
    const before = await teamCounts();
    const res = await update(
      brigadir,
      team.id,
      body(
        own.id,
        [
          [ownPosition.id, [...loaders, stranger]],
          [foreignPosition.id, [agent]],
        ],
        'Своя бригада',
      ),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().fields).toEqual({
      'employeePositionRules.0.employees.2.employee_id': [
        TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name),
      ],
      'employeePositionRules.1.employee_position_id': [
        TEAM_MESSAGES.positionOfOtherDepartment(foreignPosition.name, foreign.name),
      ],
      'employeePositionRules.1.employees.0.employee_id': [
        TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name),
      ],
    });
    expect(await teamCounts()).toEqual(before);
    expect(await membersOf(team.id)).toEqual(stored);

    const [more] = await free(ownPosition.id, 1);
    const saved = await update(
      brigadir,
      team.id,
      body(own.id, [[ownPosition.id, [...loaders, more]]], 'Своя'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(teamSchema.parse(saved.json()).real_count).toBe(3);
  });

  it('may not add or swap in another department’s employee, even into a rule a team-all user made', async () => {
    const [loader] = await free(ownPosition.id, 1);
    const [agent] = await free(foreignPosition.id, 1);
    const made = await create(
      admin,
      body(
        own.id,
        [
          [ownPosition.id, [loader]],
          [foreignPosition.id, [agent]],
        ],
        'Смешанная',
      ),
    );
    expect(made.statusCode, made.body).toBe(200);
    const teamId = made.json().id as number;
    const stored = await membersOf(teamId);
    const [otherAgent, posing] = await free(foreignPosition.id, 2);
    // An agent (СПП position) whose record says СНО: his position still makes him СПП's.
    await app.db.update(employees).set({ departmentId: own.id }).where(eq(employees.id, posing));
    const stranger = await ownPositionForeigner();
    const before = await teamCounts();

    const added = await addEmployees(brigadir, teamId, [otherAgent, stranger, posing]);
    expect(added.statusCode, added.body).toBe(422);
    expect(added.json().fields).toEqual({
      'employee_id.0': [TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name)],
      'employee_id.1': [TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name)],
      'employee_id.2': [TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name)],
    });
    const swappedAgent = await replaceEmployee(brigadir, teamId, agent, otherAgent);
    expect(swappedAgent.statusCode, swappedAgent.body).toBe(422);
    expect(swappedAgent.json().fields).toEqual({
      employee_id: [TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name)],
    });
    const swappedLoader = await replaceEmployee(brigadir, teamId, loader, stranger);
    expect(swappedLoader.statusCode, swappedLoader.body).toBe(422);
    expect(swappedLoader.json().fields).toEqual({
      employee_id: [TEAM_MESSAGES.employeeOfOtherDepartment(foreign.name)],
    });
    expect(await teamCounts()).toEqual(before);
    expect(await membersOf(teamId)).toEqual(stored);

    const [ownMore, ownSubstitute] = await free(ownPosition.id, 2);
    expect((await addEmployees(brigadir, teamId, [ownMore])).statusCode).toBe(200);
    const swapped = await replaceEmployee(brigadir, teamId, loader, ownSubstitute);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(replaceResultSchema.parse(swapped.json()).real_count).toBe(3);
  });
});

describe('a team-all writer (admin)', () => {
  it('still mixes departments in a create, an update, add-employee and replace-employee', async () => {
    const [loader] = await free(ownPosition.id, 1);
    const [agent, second, third] = await free(foreignPosition.id, 3);
    const stranger = await ownPositionForeigner();
    const created = await create(
      admin,
      body(
        own.id,
        [
          [ownPosition.id, [loader, stranger]],
          [foreignPosition.id, [agent]],
        ],
        'Смешанная admin',
      ),
    );
    expect(created.statusCode, created.body).toBe(200);
    const teamId = created.json().id as number;
    const updated = await update(
      admin,
      teamId,
      body(
        own.id,
        [
          [ownPosition.id, [loader, stranger]],
          [foreignPosition.id, [agent, second]],
        ],
        'Смешанная admin',
      ),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await addEmployees(admin, teamId, [third])).statusCode).toBe(200);
    const [fourth] = await free(foreignPosition.id, 1);
    const swapped = await replaceEmployee(admin, teamId, agent, fourth);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(replaceResultSchema.parse(swapped.json()).real_count).toBe(5);
  });
});
