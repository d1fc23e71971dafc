/**
 * Member writes of a team (spec 7): add, replace and delete a member, each one transaction. Each rewrites the team's
 * row first (`touchTeam`), so the team's version covers its members.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { type ReplaceResult, TEAM_MESSAGES, type Team } from '../../../shared/team-planning.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  employeePositions,
  employees,
  taskEmployees,
  tasks,
  teamEmployees,
  teamFlights,
  teamPositionRules,
  teamRuleAccesses,
  type teams,
} from '../../db/schema/index.ts';
import { type FieldErrors, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { planHandOver } from '../../domain/teamAssignment.ts';
import {
  busyInTeams,
  itemKey,
  itemLabels,
  missingItems,
  skillGrants,
  skillsOf,
  taskItems,
  taskKeys,
} from './access.ts';
import { departmentNames, foreignEmployees, heldTo } from './departments.ts';
import { type PairTask, pairsOfAids } from './pairs.ts';
import { type Caller, requireScope, scopeOf, type TeamScope } from './scope.ts';
import { readTeams } from './teamRead.ts';
import { dropMembersFromTeamFlights, touchTeam } from './teamWrite.ts';
import { notifyAll, type Tx } from './tx.ts';

/** Adds a message under a payload path. */
function addField(fields: FieldErrors, path: string, message: string) {
  fields[path] = [...(fields[path] ?? []), message];
}

export function createMemberWrites({ db, kind }: Pick<DbHandle, 'db' | 'kind'>) {
  /** The rule of the team for a position, or undefined. */
  async function ruleFor(tx: Tx, teamId: number, positionId: number) {
    const [rule] = await tx
      .select()
      .from(teamPositionRules)
      .where(and(eq(teamPositionRules.teamId, teamId), eq(teamPositionRules.employeePositionId, positionId)));
    return rule;
  }

  /** Refuses (422 under `field`) employees that cannot join the team: busy in another team, or lacking skills. */
  async function checkJoin(
    tx: Tx,
    team: typeof teams.$inferSelect,
    people: (typeof employees.$inferSelect)[],
    field: (index: number) => string,
  ) {
    const fields: FieldErrors = {};
    const busy = await busyInTeams(
      tx,
      people.map((p) => p.id),
      { begin: team.beginAt, end: team.endAt },
      team.id,
    );
    const held = await skillsOf(
      tx,
      people.map((p) => p.id),
    );
    for (const [i, p] of people.entries()) {
      if (!p.isActive) addField(fields, field(i), TEAM_MESSAGES.inactiveEmployee);
      for (const name of busy.get(p.id) ?? []) addField(fields, field(i), TEAM_MESSAGES.busyInTeam(name));
      const rule = await ruleFor(tx, team.id, p.employeePositionId);
      if (!rule) {
        const [pos] = await tx
          .select({ name: employeePositions.name })
          .from(employeePositions)
          .where(eq(employeePositions.id, p.employeePositionId));
        addField(fields, field(i), TEAM_MESSAGES.noRuleForPosition(pos?.name ?? ''));
        continue;
      }
      const accesses = await tx.select().from(teamRuleAccesses).where(eq(teamRuleAccesses.ruleId, rule.id));
      const keys = accesses.map((a) =>
        a.jobId !== null
          ? itemKey('job', a.jobId)
          : a.resourceTypeId !== null
            ? itemKey('resourceType', a.resourceTypeId)
            : a.resourceId !== null
              ? itemKey('resource', a.resourceId)
              : itemKey('aircraftType', a.aircraftTypeId ?? 0),
      );
      const items = {
        job: accesses.flatMap((a) => (a.jobId === null ? [] : [a.jobId])),
        resourceType: accesses.flatMap((a) => (a.resourceTypeId === null ? [] : [a.resourceTypeId])),
        resource: accesses.flatMap((a) => (a.resourceId === null ? [] : [a.resourceId])),
        aircraftType: accesses.flatMap((a) => (a.aircraftTypeId === null ? [] : [a.aircraftTypeId])),
      };
      const grants = await skillGrants(tx, items);
      const missing = missingItems(grants, held.get(p.id) ?? new Set(), keys);
      const labels = missing.length ? await itemLabels(tx, items) : new Map<string, string>();
      for (const key of missing) addField(fields, field(i), TEAM_MESSAGES.lacksSkill(labels.get(key) ?? key));
    }
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }

  /**
   * Adds to `fields` (under `field`) the employees who may not join the team because they are of another department
   * and the writer lacks team-all (departments.ts).
   */
  async function checkDepartment(
    tx: Tx,
    scope: TeamScope,
    team: typeof teams.$inferSelect,
    people: (typeof employees.$inferSelect)[],
    field: (index: number) => string,
    fields: FieldErrors,
  ) {
    const own = heldTo(scope, team.departmentId);
    if (own === undefined) return;
    const outsiders = await foreignEmployees(
      tx,
      people.map((p) => p.id),
      own,
    );
    const names = await departmentNames(tx, outsiders.values());
    for (const [i, p] of people.entries()) {
      const away = outsiders.get(p.id);
      if (away !== undefined)
        addField(fields, field(i), TEAM_MESSAGES.employeeOfOtherDepartment(names.get(away) ?? ''));
    }
  }

  /** The employees by id (422 under `field` when one is missing), in the order asked. */
  async function requireEmployees(tx: Tx, ids: readonly number[], field: (index: number) => string) {
    const rows = await tx
      .select()
      .from(employees)
      .where(inArray(employees.id, [...ids, 0]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const fields: FieldErrors = {};
    ids.forEach((id, i) => {
      if (!byId.has(id)) addField(fields, field(i), TEAM_MESSAGES.employeeNotFound);
    });
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
    return ids.map((id) => byId.get(id) as typeof employees.$inferSelect);
  }

  /**
   * Moves the leaver's staff rows on the tasks of the team's linked turnarounds to the substitute where he may take
   * them (inside the team's shift, allowed by his skills, overlapping no task he holds) and deletes the rest, which
   * are then short of staff (`task_without_employee`). Answers the task ids handed over and left.
   */
  async function handOverTasks(tx: Tx, team: typeof teams.$inferSelect, oldId: number, employeeId: number) {
    const links = await tx
      .select({ aid: teamFlights.aid })
      .from(teamFlights)
      .where(eq(teamFlights.teamId, team.id));
    const pairs = await pairsOfAids(
      tx,
      links.map((l) => l.aid),
    );
    const rows = pairs.flatMap((pair) =>
      pair.tasks.flatMap((task) =>
        task.staff
          .filter((s) => s.employeeId === oldId)
          .map((s) => ({ task, taskEmployeeId: s.taskEmployeeId })),
      ),
    );
    if (rows.length === 0) return { handed: [], left: [] };
    const from = Math.min(...rows.map((r) => r.task.begin.getTime()));
    const to = Math.max(...rows.map((r) => r.task.end.getTime()));
    const busy = await tx
      .select({ begin: tasks.beginAt, end: tasks.endAt })
      .from(taskEmployees)
      .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
      .where(
        and(
          eq(taskEmployees.employeeId, employeeId),
          lt(tasks.beginAt, new Date(to)),
          gt(tasks.endAt, new Date(from)),
        ),
      );
    const list = rows.map((r) => r.task);
    const grants = await skillGrants(tx, taskItems(list));
    const held = (await skillsOf(tx, [employeeId])).get(employeeId) ?? new Set<number>();
    const byId = new Map(list.map((task) => [task.id, task]));
    const plan = planHandOver({
      tasks: list.map((task) => ({ id: task.id, begin: task.begin.getTime(), end: task.end.getTime() })),
      busy: busy.map((b) => ({ begin: b.begin.getTime(), end: b.end.getTime() })),
      shift: { begin: team.beginAt.getTime(), end: team.endAt.getTime() },
      allowed: (taskId) => missingItems(grants, held, taskKeys(byId.get(taskId) as PairTask)).length === 0,
    });
    const rowOf = (taskId: number) => rows.filter((r) => r.task.id === taskId).map((r) => r.taskEmployeeId);
    const moved = plan.handed.flatMap(rowOf);
    const dropped = plan.left.flatMap(rowOf);
    if (moved.length)
      await tx.update(taskEmployees).set({ employeeId }).where(inArray(taskEmployees.id, moved));
    if (dropped.length) await tx.delete(taskEmployees).where(inArray(taskEmployees.id, dropped));
    return plan;
  }

  /** The team as answered after a write, through the transaction. */
  async function answer(tx: Tx, teamId: number, zone: string): Promise<Team> {
    const [team] = await readTeams(tx, kind, { ids: [teamId] }, { all: true }, zone);
    return team;
  }

  return {
    /** Adds employees to the rules of their positions (not main); a full rule's count rises to its members. */
    async addEmployees(teamId: number, employeeIds: number[], caller: Caller, zone: string): Promise<Team> {
      return db.transaction(async (tx) => {
        const team = await touchTeam(tx, teamId);
        const scope = await scopeOf(tx, caller, 'write');
        requireScope(scope, team.departmentId);
        const field = (i: number) => `employee_id.${i}`;
        const people = await requireEmployees(tx, employeeIds, field);
        const current = await tx
          .select({ id: teamEmployees.employeeId })
          .from(teamEmployees)
          .where(eq(teamEmployees.teamId, teamId));
        const fields: FieldErrors = {};
        const members = new Set(current.map((c) => c.id));
        people.forEach((p, i) => {
          if (members.has(p.id)) addField(fields, field(i), TEAM_MESSAGES.alreadyMember);
          members.add(p.id);
        });
        await checkDepartment(tx, scope, team, people, field, fields);
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
        await checkJoin(tx, team, people, field);
        const ruleIds = new Set<number>();
        for (const p of people) {
          const rule = await ruleFor(tx, teamId, p.employeePositionId);
          await tx.insert(teamEmployees).values({ teamId, ruleId: rule.id, employeeId: p.id });
          ruleIds.add(rule.id);
        }
        // A rule's count is never below its members (the team form refuses that): a member added to a full rule
        // raises it, the planner having asked for one more of the position.
        await tx
          .update(teamPositionRules)
          .set({
            count: sql`greatest(${teamPositionRules.count},
              (select count(*)::int from ${teamEmployees} where ${teamEmployees.ruleId} = ${teamPositionRules.id}))`,
          })
          .where(inArray(teamPositionRules.id, [...ruleIds]));
        await notifyAll(tx, [{ entity: 'team', ids: [teamId], by: caller.id }]);
        return answer(tx, teamId, zone);
      });
    },

    /**
     * Puts `employeeId` in place of member `oldId` under the same rule (and main flag); the new employee must hold the
     * rule's position. The substitute takes over the leaver's tasks on the team's flights wherever he may
     * (`planHandOver`); the others are left uncovered.
     */
    async replaceEmployee(
      teamId: number,
      oldId: number,
      employeeId: number,
      caller: Caller,
      zone: string,
    ): Promise<ReplaceResult> {
      return db.transaction(async (tx) => {
        const team = await touchTeam(tx, teamId);
        const scope = await scopeOf(tx, caller, 'write');
        requireScope(scope, team.departmentId);
        const [old] = await tx
          .select()
          .from(teamEmployees)
          .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.employeeId, oldId)));
        if (!old) throw new NotFoundError(TEAM_MESSAGES.notMember);
        const [person] = await requireEmployees(tx, [employeeId], () => 'employee_id');
        const outside: FieldErrors = {};
        await checkDepartment(tx, scope, team, [person], () => 'employee_id', outside);
        if (Object.keys(outside).length > 0) throw new ValidationError(outside);
        const [rule] = await tx.select().from(teamPositionRules).where(eq(teamPositionRules.id, old.ruleId));
        if (person.employeePositionId !== rule.employeePositionId) {
          const [pos] = await tx
            .select({ name: employeePositions.name })
            .from(employeePositions)
            .where(eq(employeePositions.id, rule.employeePositionId));
          throw new ValidationError({ employee_id: [TEAM_MESSAGES.wrongPosition(pos?.name ?? '')] });
        }
        if (employeeId !== oldId) {
          const [already] = await tx
            .select({ id: teamEmployees.id })
            .from(teamEmployees)
            .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.employeeId, employeeId)));
          if (already) throw new ValidationError({ employee_id: [TEAM_MESSAGES.alreadyMember] });
        }
        await checkJoin(tx, team, [person], () => 'employee_id');
        const handOver =
          employeeId === oldId ? { handed: [], left: [] } : await handOverTasks(tx, team, oldId, employeeId);
        await tx.update(teamEmployees).set({ employeeId }).where(eq(teamEmployees.id, old.id));
        await notifyAll(tx, [
          { entity: 'team', ids: [teamId], by: caller.id },
          { entity: 'task_employee', ids: [...handOver.handed, ...handOver.left], by: caller.id },
        ]);
        return {
          ...(await answer(tx, teamId, zone)),
          tasks_handed_over: handOver.handed.length,
          tasks_left_uncovered: handOver.left.length,
        };
      });
    },

    /** Removes a member; his staff on the team's flights goes too. */
    async deleteEmployee(teamId: number, employeeId: number, caller: Caller, zone: string): Promise<Team> {
      return db.transaction(async (tx) => {
        const team = await touchTeam(tx, teamId);
        requireScope(await scopeOf(tx, caller, 'write'), team.departmentId);
        const gone = await tx
          .delete(teamEmployees)
          .where(and(eq(teamEmployees.teamId, teamId), eq(teamEmployees.employeeId, employeeId)))
          .returning();
        if (gone.length === 0) throw new NotFoundError(TEAM_MESSAGES.notMember);
        const touched = await dropMembersFromTeamFlights(tx, teamId, [employeeId]);
        await notifyAll(tx, [
          { entity: 'team', ids: [teamId], by: caller.id },
          { entity: 'task_employee', ids: touched, by: caller.id },
        ]);
        return answer(tx, teamId, zone);
      });
    },
  };
}
