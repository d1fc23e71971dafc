import { employeeSkills, skills } from '../../src/server/db/schema/index.ts';
import type { FuzzApp, FuzzAuth, FuzzSeed } from './fuzzRun.ts';
import { idsPastDrawn, madeFirst, need } from './fuzzSeeds.ts';
import { findTeamFlight, freeEmployeesOf, teamBody } from './teamBody.ts';

const TEAM = '/api/team-planning/v1/team';
const LINK = '/api/team-planning/v1/team-flight';

/**
 * Team planning around the fixture's first turnaround without a team: a new team, a change of a saved one with
 * members (the position's staff, freed, in halves between it and a second team), a member replaced by himself, and the flight assigned, moved to a second team and taken off it again
 * (in that order each seed is accepted, and the flight ends without a team as it began).
 */
export async function teamSeeds(app: FuzzApp, auth: FuzzAuth): Promise<FuzzSeed[]> {
  const flight = await findTeamFlight(app.db);
  // Every employee of the position, freed and split between the two teams: the flight needs several at once.
  const staff = await freeEmployeesOf(app.db, flight.positionId, 100, 0);
  const half = Math.ceil(staff.length / 2);
  const [members, others] = [staff.slice(0, half), staff.slice(half)];
  const member = need(members[0], "employee of the flight's position");
  // With every skill, so that no skill access of the fixture keeps them off a task of the flight.
  const allSkills = await app.db.select({ id: skills.id }).from(skills);
  if (allSkills.length)
    await app.db
      .insert(employeeSkills)
      .values(staff.flatMap((employeeId) => allSkills.map((skill) => ({ employeeId, skillId: skill.id }))))
      .onConflictDoNothing();
  await idsPastDrawn(app, 'teams');
  const saved = teamBody(flight, members, { name: 'Бригада фаззинга' });
  const team = await madeFirst<{ id: number }>(app, auth, { method: 'POST', url: TEAM, body: saved });
  const spare = await madeFirst<{ id: number }>(app, auth, {
    method: 'POST',
    url: TEAM,
    body: teamBody(flight, others, { name: 'Запасная бригада фаззинга' }),
  });
  const link = (to: string, body: object): FuzzSeed => ({
    method: 'POST',
    route: `${LINK}/${to}`,
    url: `${LINK}/${to}`,
    body: { flight_aid: flight.aid, ...body },
  });
  return [
    {
      method: 'POST',
      route: TEAM,
      url: TEAM,
      body: teamBody(flight, [], { name: 'Новая бригада фаззинга' }),
    },
    { method: 'PUT', route: `${TEAM}/:id`, url: `${TEAM}/${team.id}`, body: saved },
    {
      method: 'PUT',
      route: `${TEAM}/:id/replace-employee/:old_id`,
      url: `${TEAM}/${team.id}/replace-employee/${member}`,
      body: { employee_id: member },
    },
    link('assign', { team_id: team.id }),
    link('reassign', { from_team_id: team.id, to_team_id: spare.id }),
    link('de-assign', { team_id: spare.id }),
  ];
}
