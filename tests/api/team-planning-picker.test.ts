/**
 * The team form's employee picker and the team save agree: for a rule demanding an aircraft type, `v1.1/employee`
 * with the rule's accesses and the team's department lists exactly the people of the position the save accepts in
 * that rule (the picker lists the others with the reason, from the same call without the accesses).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeSkills, skillAccesses, skills } from '../../src/server/db/schema/index.ts';
import { TEAM_MESSAGES, teamCandidatesSchema } from '../../src/shared/team-planning.ts';
import { findTeamFlight, freeEmployeesOf, type TeamFlight, teamBody } from '../support/teamBody.ts';
import { bearer, createDemoTestApp, loginAs } from '../support/testApp.ts';

let app: Awaited<ReturnType<typeof createDemoTestApp>>['app'];
let admin: Record<string, string>;
let flight: TeamFlight;
/** The aircraft type the rule demands, granted by one skill. */
let aircraftType: { id: number; name: string };
/** Two free people of the flight's position: the first holds the skill, the second does not. */
let rated: number;
let unrated: number;

beforeAll(async () => {
  const demo = await createDemoTestApp('admin', { days: 1, referenceDate: '2026-03-10' });
  app = demo.app;
  admin = bearer(await loginAs(app, 'admin'));
  await app.db.delete(skillAccesses);
  flight = await findTeamFlight(app.db);
  [rated, unrated] = await freeEmployeesOf(app.db, flight.positionId, 2, 0);
  [aircraftType] = (
    (await app.db.execute(sql.raw('select id, name from aircraft_types order by id limit 1'))) as unknown as {
      rows: { id: number; name: string }[];
    }
  ).rows;
  const [skill] = await app.db.insert(skills).values({ name: 'Допуск к типу ВС (тест)' }).returning();
  await app.db.insert(skillAccesses).values({ skillId: skill.id, aircraftTypeId: aircraftType.id });
  await app.db.insert(employeeSkills).values({ employeeId: rated, skillId: skill.id });
});
afterAll(() => app.close());

/** The team of the flight with one rule demanding the aircraft type, holding `members`. */
const body = (members: number[]) => {
  const team = teamBody(flight, members, { name: `Бригада выбора ${members.join(',')}` });
  return {
    ...team,
    employeePositionRules: team.employeePositionRules.map((rule) => ({
      ...rule,
      aircraft_type_ids: [aircraftType.id],
    })),
  };
};

/** What the rule row's picker asks `v1.1/employee` for, with its accesses or without. */
async function listed(withAccesses: boolean) {
  const team = body([]);
  const query = new URLSearchParams({ begin_datetime: team.begin_datetime, end_datetime: team.end_datetime });
  query.append('emp_pos_id[]', String(flight.positionId));
  query.append('department_id[]', String(flight.departmentId));
  if (withAccesses) query.append('aircraft_type_id[]', String(aircraftType.id));
  const res = await app.inject({ url: `/api/team-planning/v1.1/employee?${query}`, headers: admin });
  expect(res.statusCode).toBe(200);
  return teamCandidatesSchema.parse(res.json());
}

describe('the picker of a rule demanding an aircraft type', () => {
  it('lists the rated with the rule, everyone of the department without it', async () => {
    const skilled = await listed(true);
    const everyone = await listed(false);
    expect(skilled.find((c) => c.id === rated)?.is_accessible).toBe(true);
    expect(skilled.some((c) => c.id === unrated)).toBe(false);
    expect(everyone.some((c) => c.id === unrated)).toBe(true);
    for (const candidate of [...skilled, ...everyone])
      expect(candidate.department.id).toBe(flight.departmentId);
  });

  it('is answered by the save as the list says: the unrated refused, the rated taken', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: body([unrated]),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields['employeePositionRules.0.employees.0.employee_id']).toEqual([
      TEAM_MESSAGES.lacksSkill(`тип ВС «${aircraftType.name}»`),
    ]);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/team-planning/v1/team',
      headers: admin,
      payload: body([rated]),
    });
    expect(taken.statusCode).toBe(200);
    const added = await app.inject({
      method: 'PUT',
      url: `/api/team-planning/v1.1/team/${taken.json().id}/add-employee?employee_id[]=${unrated}`,
      headers: admin,
    });
    expect(added.statusCode).toBe(422);
    expect(added.json().fields['employee_id.0']).toEqual([
      TEAM_MESSAGES.lacksSkill(`тип ВС «${aircraftType.name}»`),
    ]);
  });
});
