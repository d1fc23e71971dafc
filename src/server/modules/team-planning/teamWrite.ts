/**
 * Writing teams (spec 7): create and edit with rules, accesses and members; add, replace and delete a member; delete
 * a team. Each write is one transaction; a refusal writes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from '../../../shared/messages.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { TEAM_MESSAGES, type Team, type teamPayloadSchema } from '../../../shared/team-planning.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { lockRow } from '../../db/rowVersion.ts';
import {
  departments,
  employeePositions,
  employees,
  taskEmployees,
  tasks,
  teamEmployees,
  teamFlights,
  teamPositionRules,
  teamRuleAccesses,
  teamStatuses,
  teams,
  turnarounds,
} from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { busyInTeams, itemKey, itemLabels, missingItems, skillGrants, skillsOf } from './access.ts';
import { departmentNames, foreignEmployees, heldTo } from './departments.ts';
import { type Caller, requireScope, scopeOf } from './scope.ts';
import { readTeams } from './teamRead.ts';
import { notifyAll, type Reader, type Tx } from './tx.ts';

type TeamPayload = z.output<typeof teamPayloadSchema>;

const MS_PER_HOUR = 3_600_000;
/** A team is a shift's crew: a longer period is a typing error, and it would hold its members for days. */
const MAX_TEAM_HOURS = 48;

/** Adds a message under a payload path. */
function addField(fields: FieldErrors, path: string, message: string) {
  fields[path] = [...(fields[path] ?? []), message];
}

/** The item kinds of a rule's payload lists. */
const ITEM_LISTS = [
  ['resource_ids', 'resource'],
  ['resource_type_ids', 'resourceType'],
  ['aircraft_type_ids', 'aircraftType'],
  ['job_ids', 'job'],
] as const;

/** The team (404 when missing) and its department. */
export async function requireTeam(reader: Reader, teamId: number) {
  const [team] = await reader.select().from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
  return team;
}

/**
 * The team (404 when missing), its row rewritten as it is: for a write of the team's members, which live in another
 * table. The team's version (its row's, rowVersion.ts) then changes, so a team form opened before it is refused (409)
 * instead of putting the old members back. Called first in the write's transaction, it also holds the team's row
 * until the commit, so a PUT of the team running meanwhile waits and then sees the new version.
 */
export async function touchTeam(tx: Tx, teamId: number) {
  const [team] = await tx
    .update(teams)
    .set({ name: sql`${teams.name}` })
    .where(eq(teams.id, teamId))
    .returning();
  if (!team) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
  return team;
}

/** Removes the members' staff from the tasks of the team's linked turnarounds; answers the task ids touched. */
export async function dropMembersFromTeamFlights(
  tx: Tx,
  teamId: number,
  employeeIds: readonly number[],
  aids?: readonly number[],
): Promise<number[]> {
  if (employeeIds.length === 0) return [];
  const links = await tx
    .select({ arrival: turnarounds.arrivalFlightId, departure: turnarounds.departureFlightId })
    .from(teamFlights)
    .innerJoin(turnarounds, eq(turnarounds.aid, teamFlights.aid))
    .where(and(eq(teamFlights.teamId, teamId), aids ? inArray(teamFlights.aid, [...aids, 0]) : undefined));
  const legIds = links.flatMap((l) => [l.arrival, l.departure]).filter((id): id is number => id !== null);
  if (legIds.length === 0) return [];
  const gone = await tx
    .delete(taskEmployees)
    .where(
      and(
        inArray(taskEmployees.employeeId, [...employeeIds]),
        inArray(
          taskEmployees.taskId,
          tx.select({ id: tasks.id }).from(tasks).where(inArray(tasks.flightId, legIds)),
        ),
      ),
    )
    .returning({ taskId: taskEmployees.taskId });
  return [...new Set(gone.map((g) => g.taskId))];
}

/** Team writes; every one checks the caller's write scope (403 outside it). */
export function createTeamWrites({ db, kind }: Pick<DbHandle, 'db' | 'kind'>) {
  /**
   * Checks the payload against the database: 422 fields by payload path, nothing written. With `ownDepartment` (a
   * writer without team-all) the rules' positions and the members must be of that department (departments.ts).
   */
  async function checkPayload(
    tx: Tx,
    payload: TeamPayload,
    zone: string,
    teamId: number | undefined,
    ownDepartment: number | undefined,
  ) {
    const fields: FieldErrors = {};
    const begin = wallClockToInstant(payload.begin_datetime, zone);
    const end = wallClockToInstant(payload.end_datetime, zone);
    if (!begin) addField(fields, 'begin_datetime', MESSAGES.wallClockFormat);
    if (!end) addField(fields, 'end_datetime', MESSAGES.wallClockFormat);
    if (begin && end && end <= begin) addField(fields, 'end_datetime', TEAM_MESSAGES.periodReversed);
    if (begin && end && end.getTime() - begin.getTime() > MAX_TEAM_HOURS * MS_PER_HOUR)
      addField(fields, 'end_datetime', TEAM_MESSAGES.periodTooLong);
    const [status] = await tx
      .select({ id: teamStatuses.id })
      .from(teamStatuses)
      .where(eq(teamStatuses.id, payload.team_status_id));
    if (!status) addField(fields, 'team_status_id', TEAM_MESSAGES.unknownStatus);
    const [department] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(eq(departments.id, payload.department_id));
    if (!department) addField(fields, 'department_id', TEAM_MESSAGES.unknownDepartment);

    const rules = payload.employeePositionRules;
    const positionIds = [...new Set(rules.map((r) => r.employee_position_id))];
    const positions = positionIds.length
      ? await tx.select().from(employeePositions).where(inArray(employeePositions.id, positionIds))
      : [];
    const positionName = new Map(positions.map((p) => [p.id, p.name]));
    const positionDepartment = new Map(positions.map((p) => [p.id, p.departmentId]));
    const itemNames = await itemLabels(tx, {
      job: rules.flatMap((r) => r.job_ids),
      resourceType: rules.flatMap((r) => r.resource_type_ids),
      resource: rules.flatMap((r) => r.resource_ids),
      aircraftType: rules.flatMap((r) => r.aircraft_type_ids),
    });
    const employeeIds = [...new Set(rules.flatMap((r) => r.employees.map((e) => e.employee_id)))];
    const people = employeeIds.length
      ? await tx.select().from(employees).where(inArray(employees.id, employeeIds))
      : [];
    const person = new Map(people.map((p) => [p.id, p]));
    const busy =
      begin && end && end > begin ? await busyInTeams(tx, employeeIds, { begin, end }, teamId) : new Map();
    const grants = await skillGrants(tx, {
      job: rules.flatMap((r) => r.job_ids),
      resourceType: rules.flatMap((r) => r.resource_type_ids),
      resource: rules.flatMap((r) => r.resource_ids),
      aircraftType: rules.flatMap((r) => r.aircraft_type_ids),
    });
    const held = await skillsOf(tx, employeeIds);
    const holding = department ? ownDepartment : undefined;
    const outsiders =
      holding === undefined ? new Map<number, number>() : await foreignEmployees(tx, employeeIds, holding);
    const names = await departmentNames(tx, [
      ...outsiders.values(),
      ...positions
        .filter((p) => holding !== undefined && p.departmentId !== holding)
        .map((p) => p.departmentId),
    ]);
    const seenPositions = new Set<number>();
    const seenEmployees = new Set<number>();
    rules.forEach((rule, i) => {
      const at = `employeePositionRules.${i}`;
      const position = positionName.get(rule.employee_position_id);
      if (position === undefined)
        addField(fields, `${at}.employee_position_id`, TEAM_MESSAGES.unknownPosition);
      const away = positionDepartment.get(rule.employee_position_id);
      if (position !== undefined && holding !== undefined && away !== holding)
        addField(
          fields,
          `${at}.employee_position_id`,
          TEAM_MESSAGES.positionOfOtherDepartment(position, names.get(away as number) ?? ''),
        );
      if (seenPositions.has(rule.employee_position_id))
        addField(fields, `${at}.employee_position_id`, TEAM_MESSAGES.duplicatePosition);
      seenPositions.add(rule.employee_position_id);
      const keys: string[] = [];
      for (const [list, kind] of ITEM_LISTS)
        for (const id of rule[list]) {
          if (!itemNames.has(itemKey(kind, id))) addField(fields, `${at}.${list}`, MESSAGES.unknownIds([id]));
          keys.push(itemKey(kind, id));
        }
      rule.employees.forEach((member, j) => {
        const path = `${at}.employees.${j}.employee_id`;
        const row = person.get(member.employee_id);
        if (!row) {
          addField(fields, path, TEAM_MESSAGES.employeeNotFound);
          return;
        }
        if (seenEmployees.has(row.id)) addField(fields, path, TEAM_MESSAGES.duplicateEmployee);
        seenEmployees.add(row.id);
        if (!row.isActive) addField(fields, path, TEAM_MESSAGES.inactiveEmployee);
        if (position !== undefined && row.employeePositionId !== rule.employee_position_id)
          addField(fields, path, TEAM_MESSAGES.wrongPosition(position));
        const outside = outsiders.get(row.id);
        if (outside !== undefined)
          addField(fields, path, TEAM_MESSAGES.employeeOfOtherDepartment(names.get(outside) ?? ''));
        for (const name of busy.get(row.id) ?? []) addField(fields, path, TEAM_MESSAGES.busyInTeam(name));
        for (const key of missingItems(grants, held.get(row.id) ?? new Set(), keys))
          addField(fields, path, TEAM_MESSAGES.lacksSkill(itemNames.get(key) ?? key));
      });
    });
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    return { begin: begin as Date, end: end as Date };
  }

  /** Writes the rules, their accesses and members of a team (its old ones are gone already). */
  async function writeRules(tx: Tx, teamId: number, payload: TeamPayload) {
    for (const rule of payload.employeePositionRules) {
      const [row] = await tx
        .insert(teamPositionRules)
        .values({ teamId, employeePositionId: rule.employee_position_id, count: rule.count })
        .returning({ id: teamPositionRules.id });
      const accesses = [
        ...rule.resource_ids.map((id) => ({ ruleId: row.id, resourceId: id })),
        ...rule.resource_type_ids.map((id) => ({ ruleId: row.id, resourceTypeId: id })),
        ...rule.aircraft_type_ids.map((id) => ({ ruleId: row.id, aircraftTypeId: id })),
        ...rule.job_ids.map((id) => ({ ruleId: row.id, jobId: id })),
      ];
      if (accesses.length) await tx.insert(teamRuleAccesses).values(accesses);
      if (rule.employees.length)
        await tx.insert(teamEmployees).values(
          rule.employees.map((e) => ({
            teamId,
            ruleId: row.id,
            employeeId: e.employee_id,
            isMainEmployee: e.is_main_employee,
          })),
        );
    }
  }

  /** The team as answered after a write, through the transaction. */
  async function answer(tx: Tx, teamId: number, zone: string): Promise<Team> {
    const [team] = await readTeams(tx, kind, { ids: [teamId] }, { all: true }, zone);
    return team;
  }

  return {
    /**
     * Creates a team (`teamId` undefined) or replaces one's fields, rules and members; a replace with the payload's
     * `version` other than the team's is refused (409, nothing written).
     */
    async save(
      payload: TeamPayload,
      teamId: number | undefined,
      caller: Caller,
      zone: string,
    ): Promise<Team> {
      return db.transaction(async (tx) => {
        const scope = await scopeOf(tx, caller, 'write');
        if (teamId !== undefined) {
          requireScope(scope, (await requireTeam(tx, teamId)).departmentId);
          await lockRow(tx, teams, teams.id, teamId, payload.version, TEAM_MESSAGES.teamNotFound);
        }
        const { begin, end } = await checkPayload(
          tx,
          payload,
          zone,
          teamId,
          heldTo(scope, payload.department_id),
        );
        requireScope(scope, payload.department_id);
        const values = {
          name: payload.name,
          beginAt: begin,
          endAt: end,
          departmentId: payload.department_id,
          teamStatusId: payload.team_status_id,
        };
        let id = teamId;
        if (id === undefined) {
          const [row] = await tx
            .insert(teams)
            .values({ ...values, createdBy: caller.id })
            .returning({ id: teams.id });
          id = row.id;
        } else {
          // Always, even when the fields are as they were: the team's version must change with its rules and members.
          await tx.update(teams).set(values).where(eq(teams.id, id));
          await tx.delete(teamPositionRules).where(eq(teamPositionRules.teamId, id));
        }
        await writeRules(tx, id, payload);
        await notifyAll(tx, [{ entity: 'team', ids: [id], by: caller.id }]);
        return answer(tx, id, zone);
      });
    },

    /** Deletes a team: its members leave its flights' tasks, its links go. Answers the deleted team's name. */
    async remove(teamId: number, caller: Caller): Promise<{ id: number; name: string }> {
      return db.transaction(async (tx) => {
        const team = await requireTeam(tx, teamId);
        requireScope(await scopeOf(tx, caller, 'write'), team.departmentId);
        const members = await tx
          .select({ id: teamEmployees.employeeId })
          .from(teamEmployees)
          .where(eq(teamEmployees.teamId, teamId));
        const touched = await dropMembersFromTeamFlights(
          tx,
          teamId,
          members.map((m) => m.id),
        );
        const links = await tx.delete(teamFlights).where(eq(teamFlights.teamId, teamId)).returning();
        await tx.delete(teams).where(eq(teams.id, teamId));
        await notifyAll(tx, [
          { entity: 'team', ids: [teamId], by: caller.id },
          { entity: 'team_flight', ids: links.map((l) => l.id), by: caller.id },
          { entity: 'task_employee', ids: touched, by: caller.id },
        ]);
        return { id: teamId, name: team.name };
      });
    },
  };
}
