/**
 * Assign, de-assign and reassign a turnaround to a team (DOMAIN "Team planning"), and which teams would suit it.
 * Each write is one transaction: every refusal (422 with `fields` and a Russian `message`) leaves nothing written.
 */
import { and, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { z } from '../../../shared/messages.ts';
import {
  type AssignPreview,
  type AssignResult,
  type suitableTeamsSchema,
  TEAM_MESSAGES,
  TEAM_STATUS,
} from '../../../shared/team-planning.ts';
import { instantToWallClock, wallClockText } from '../../../shared/wallClock.ts';
import type { Db } from '../../db/client.ts';
import {
  employeePositions,
  taskEmployees,
  tasks,
  teamEmployees,
  teamFlights,
  teamPositionRules,
  teams,
} from '../../db/schema/index.ts';
import { type FieldErrors, ValidationError } from '../../domain/errors.ts';
import {
  type AssignmentPlan,
  type Member,
  planAssignment,
  skillsAllow,
} from '../../domain/teamAssignment.ts';
import type { Interval } from '../../domain/tgoTasks.ts';
import { skillGrants, skillsOf, taskItems, taskKeys } from './access.ts';
import { type Pair, type PairTask, pairsOfAids } from './pairs.ts';
import { PREVIEW_MESSAGES, shortageList } from './preview.ts';
import { type Caller, inScope, requireScope, scopeOf } from './scope.ts';
import { dropMembersFromTeamFlights, requireTeam } from './teamWrite.ts';
import { notifyAll, type Reader, type Tx } from './tx.ts';

const MS_PER_DAY = 86_400_000;

type TeamRow = typeof teams.$inferSelect;

/** What assigning the pair to the team would do, or why it cannot. */
interface Evaluation {
  refusals: FieldErrors;
  plan: AssignmentPlan;
  /** Staff of the team's positions on the pair's tasks who are not members: they make way. */
  dropIds: number[];
  /** Task needs of the pair that the team's positions cover. */
  covered: number;
  tasks: number;
  /** The pair's tasks needing one of the team's positions. */
  relevant: PairTask[];
  positionIds: Set<number>;
  /** Per position of the team: the most people one task would still lack after the assignment. */
  shortage: { id: number; name: string; missing: number }[];
  /** `shortage` but the positions the refusals already name (needs not one member could be given to). */
  partial: { id: number; name: string; missing: number }[];
}

function addField(fields: FieldErrors, path: string, message: string) {
  if (!fields[path]?.includes(message)) fields[path] = [...(fields[path] ?? []), message];
}

/** The members of a team with the position of their rule. */
async function membersOf(reader: Reader, teamId: number): Promise<Member[]> {
  const rows = await reader
    .select({
      employeeId: teamEmployees.employeeId,
      positionId: teamPositionRules.employeePositionId,
      isMain: teamEmployees.isMainEmployee,
    })
    .from(teamEmployees)
    .innerJoin(teamPositionRules, eq(teamPositionRules.id, teamEmployees.ruleId))
    .where(eq(teamEmployees.teamId, teamId));
  return rows;
}

/** The positions of the team's rules, with names. */
async function positionsOf(reader: Reader, teamId: number) {
  return reader
    .select({ id: employeePositions.id, name: employeePositions.name })
    .from(teamPositionRules)
    .innerJoin(employeePositions, eq(employeePositions.id, teamPositionRules.employeePositionId))
    .where(eq(teamPositionRules.teamId, teamId));
}

/**
 * Plans the assignment of the pair to the team without writing: refusals when the team is disbanded, has no
 * position the pair needs, is not on shift over those tasks, or has nobody free and skilled for a need.
 */
async function evaluate(reader: Reader, pair: Pair, team: TeamRow, zone: string): Promise<Evaluation> {
  const refusals: FieldErrors = {};
  const wall = (d: Date | number) => wallClockText(instantToWallClock(d, zone));
  const empty = { added: [], short: [] };
  if (team.teamStatusId === TEAM_STATUS.disbanded) addField(refusals, 'team_id', TEAM_MESSAGES.teamDisbanded);
  const positions = await positionsOf(reader, team.id);
  const positionIds = new Set(positions.map((p) => p.id));
  const relevant = pair.tasks.filter((t) => t.needs.some((n) => positionIds.has(n.positionId)));
  const covered = relevant.reduce(
    (sum, t) => sum + t.needs.filter((n) => positionIds.has(n.positionId)).length,
    0,
  );
  if (relevant.length === 0) {
    addField(refusals, 'flight_aid', TEAM_MESSAGES.noTasksForTeam);
    return {
      refusals,
      plan: empty,
      dropIds: [],
      covered,
      tasks: 0,
      relevant,
      positionIds,
      shortage: [],
      partial: [],
    };
  }
  const from = Math.min(...relevant.map((t) => t.begin.getTime()));
  const to = Math.max(...relevant.map((t) => t.end.getTime()));
  if (from < team.beginAt.getTime() || to > team.endAt.getTime())
    addField(refusals, 'team_id', TEAM_MESSAGES.notOnShift(wall(from), wall(to)));
  const members = await membersOf(reader, team.id);
  const memberIds = new Set(members.map((m) => m.employeeId));
  const dropIds = relevant.flatMap((t) =>
    t.staff
      .filter((s) => positionIds.has(s.positionId) && !memberIds.has(s.employeeId))
      .map((s) => s.taskEmployeeId),
  );
  const dropped = new Set(dropIds);
  const busyRows = members.length
    ? await reader
        .select({ employeeId: taskEmployees.employeeId, beginAt: tasks.beginAt, endAt: tasks.endAt })
        .from(taskEmployees)
        .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
        .where(
          and(
            inArray(taskEmployees.employeeId, [...memberIds]),
            lt(tasks.beginAt, new Date(to + MS_PER_DAY)),
            gte(tasks.endAt, new Date(from - MS_PER_DAY)),
          ),
        )
    : [];
  const busy = new Map<number, Interval[]>();
  for (const row of busyRows)
    busy.set(row.employeeId, [
      ...(busy.get(row.employeeId) ?? []),
      { begin: row.beginAt.getTime(), end: row.endAt.getTime() },
    ]);
  const grants = await skillGrants(reader, taskItems(relevant));
  const held = await skillsOf(reader, [...memberIds]);
  const keysOf = new Map(relevant.map((t) => [t.id, taskKeys(t)]));
  const allowed = (employeeId: number, taskId: number) =>
    (keysOf.get(taskId) ?? []).every((key) =>
      skillsAllow(grants.get(key), held.get(employeeId) ?? new Set()),
    );
  const plan = planAssignment({
    tasks: relevant.map((t) => ({
      id: t.id,
      begin: t.begin.getTime(),
      end: t.end.getTime(),
      needs: t.needs,
      staff: t.staff.filter((s) => !dropped.has(s.taskEmployeeId)),
    })),
    members,
    positions: [...positionIds],
    busy,
    allowed,
  });
  const positionName = new Map(positions.map((p) => [p.id, p.name]));
  const worst = (shorts: AssignmentPlan['short']) => {
    const most = new Map<number, number>();
    for (const s of shorts) most.set(s.positionId, Math.max(most.get(s.positionId) ?? 0, s.missing));
    return [...most]
      .map(([id, missing]) => ({ id, name: positionName.get(id) ?? '', missing }))
      .sort((a, b) => a.name.localeCompare(b.name, 'ru') || a.id - b.id);
  };
  // One sentence for every need left without anyone, not one per task: 'Нет свободных сотрудников: грузчик ×4'.
  // A need the position's members may not do at all (skills: job, resources, aircraft type) has its own sentence:
  // the planner then changes the members or their skills, not the times.
  const unskilled = (s: AssignmentPlan['short'][number]) => {
    const ofPosition = members.filter((m) => m.positionId === s.positionId);
    return ofPosition.length > 0 && ofPosition.every((m) => !allowed(m.employeeId, s.taskId));
  };
  const nobody = plan.short.filter((s) => s.none);
  const busyNeeds = worst(nobody.filter((s) => !unskilled(s)));
  const skillNeeds = worst(nobody.filter(unskilled));
  if (busyNeeds.length) addField(refusals, 'team_id', TEAM_MESSAGES.noFreeStaff(shortageList(busyNeeds)));
  if (skillNeeds.length)
    addField(refusals, 'team_id', TEAM_MESSAGES.noSkilledStaff(shortageList(skillNeeds)));
  const none = worst(nobody);
  const refused = new Set(none.map((p) => p.id));
  return {
    refusals,
    plan,
    dropIds,
    covered,
    tasks: relevant.length,
    relevant,
    positionIds,
    shortage: worst(plan.short),
    partial: worst(plan.short.filter((s) => !refused.has(s.positionId))),
  };
}

/**
 * Why the team does not suit the pair, short: the refusals (what assign would answer) and, when tasks of other
 * positions would stay short, 'Не хватает сотрудников: уборщик салона ВС ×3'.
 */
function suitabilityReasons(evaluation: Evaluation): string[] {
  const reasons = [...new Set(Object.values(evaluation.refusals).flat())];
  if (evaluation.partial.length) reasons.push(PREVIEW_MESSAGES.shortOf(shortageList(evaluation.partial)));
  return reasons;
}

/** The pair as it would be once the members' staff rows are gone (a reassignment's first step). */
function withoutStaffOf(pair: Pair, employeeIds: ReadonlySet<number>): Pair {
  return {
    ...pair,
    tasks: pair.tasks.map((t) => ({ ...t, staff: t.staff.filter((s) => !employeeIds.has(s.employeeId)) })),
  };
}

/** The pair of a turnaround (422 on flight_aid when there is none). */
async function requirePair(reader: Reader, aid: number): Promise<Pair> {
  const [pair] = await pairsOfAids(reader, [aid]);
  if (!pair)
    throw new ValidationError({ flight_aid: [TEAM_MESSAGES.flightNotFound] }, TEAM_MESSAGES.flightNotFound);
  return pair;
}

/** A refusal whose message is the distinct field messages joined, as the error dialog shows them. */
function refuse(fields: FieldErrors): never {
  const messages = [...new Set(Object.values(fields).flat())];
  throw new ValidationError(fields, messages.join('. '));
}

export function createTeamAssignment(db: Db) {
  /** Links and staffs inside the transaction; the pair has no team yet. */
  async function assignIn(tx: Tx, pair: Pair, team: TeamRow, caller: Caller, zone: string) {
    const evaluation = await evaluate(tx, pair, team, zone);
    if (Object.keys(evaluation.refusals).length > 0) refuse(evaluation.refusals);
    if (evaluation.dropIds.length)
      await tx.delete(taskEmployees).where(inArray(taskEmployees.id, evaluation.dropIds));
    const added = evaluation.plan.added.map((a) => ({
      taskId: a.taskId,
      employeeId: a.employeeId,
      employeePositionId: a.positionId,
    }));
    if (added.length) await tx.insert(taskEmployees).values(added);
    const [link] = await tx
      .insert(teamFlights)
      .values({ teamId: team.id, aid: pair.aid as number, createdBy: caller.id })
      .returning({ id: teamFlights.id });
    return {
      linkId: link.id,
      tasks: evaluation.tasks,
      assignments: added.length,
      touched: [...new Set([...added.map((a) => a.taskId), ...pair.tasks.map((t) => t.id)])],
    };
  }

  /** The link of the turnaround, if any, with its team. */
  async function linkOf(reader: Reader, aid: number) {
    const [link] = await reader
      .select({ id: teamFlights.id, teamId: teamFlights.teamId, teamName: teams.name })
      .from(teamFlights)
      .innerJoin(teams, eq(teams.id, teamFlights.teamId))
      .where(eq(teamFlights.aid, aid));
    return link;
  }

  /** The team for a write (404 when missing, 403 outside the caller's write scope). */
  async function writableTeam(tx: Tx, teamId: number, caller: Caller) {
    const team = await requireTeam(tx, teamId);
    requireScope(await scopeOf(tx, caller, 'write'), team.departmentId);
    return team;
  }

  return {
    /** Gives the turnaround to the team: links it and staffs its tasks of the team's positions with members. */
    async assign(aid: number, teamId: number, caller: Caller, zone: string): Promise<AssignResult> {
      return db.transaction(async (tx) => {
        const team = await writableTeam(tx, teamId, caller);
        const pair = await requirePair(tx, aid);
        const link = await linkOf(tx, aid);
        if (link)
          refuse({
            flight_aid: [
              link.teamId === teamId ? TEAM_MESSAGES.sameTeam : TEAM_MESSAGES.flightHasTeam(link.teamName),
            ],
          });
        const done = await assignIn(tx, pair, team, caller, zone);
        await notifyAll(tx, [
          { entity: 'team_flight', ids: [done.linkId], by: caller.id },
          { entity: 'task_employee', ids: done.touched, by: caller.id },
        ]);
        return { team_flight_id: done.linkId, tasks: done.tasks, assignments: done.assignments };
      });
    },

    /** Takes the turnaround from the team: its members leave the turnaround's tasks, the link goes. */
    async deassign(aid: number, teamId: number, caller: Caller): Promise<AssignResult> {
      return db.transaction(async (tx) => {
        await writableTeam(tx, teamId, caller);
        const pair = await requirePair(tx, aid);
        const link = await linkOf(tx, aid);
        if (!link || link.teamId !== teamId) refuse({ flight_aid: [TEAM_MESSAGES.flightNotOfTeam] });
        const members = await membersOf(tx, teamId);
        const touched = await dropMembersFromTeamFlights(
          tx,
          teamId,
          members.map((m) => m.employeeId),
          [aid],
        );
        await tx.delete(teamFlights).where(eq(teamFlights.id, link.id));
        await notifyAll(tx, [
          { entity: 'team_flight', ids: [link.id], by: caller.id },
          { entity: 'task_employee', ids: touched, by: caller.id },
        ]);
        const removed = pair.tasks.reduce(
          (sum, t) => sum + t.staff.filter((s) => members.some((m) => m.employeeId === s.employeeId)).length,
          0,
        );
        return { team_flight_id: null, tasks: pair.tasks.length, assignments: removed };
      });
    },

    /** Moves the turnaround from one team to another in one transaction. */
    async reassign(
      aid: number,
      fromId: number,
      toId: number,
      caller: Caller,
      zone: string,
    ): Promise<AssignResult> {
      return db.transaction(async (tx) => {
        if (fromId === toId) refuse({ to_team_id: [TEAM_MESSAGES.sameTeam] });
        await writableTeam(tx, fromId, caller);
        const to = await writableTeam(tx, toId, caller);
        await requirePair(tx, aid);
        const link = await linkOf(tx, aid);
        if (!link || link.teamId !== fromId) refuse({ flight_aid: [TEAM_MESSAGES.flightNotOfTeam] });
        const members = await membersOf(tx, fromId);
        const dropped = await dropMembersFromTeamFlights(
          tx,
          fromId,
          members.map((m) => m.employeeId),
          [aid],
        );
        await tx.delete(teamFlights).where(eq(teamFlights.id, link.id));
        // Read again: the old team's staff has gone, so the new team is planned against what is left.
        const pair = await requirePair(tx, aid);
        const done = await assignIn(tx, pair, to, caller, zone);
        await notifyAll(tx, [
          { entity: 'team_flight', ids: [link.id, done.linkId], by: caller.id },
          { entity: 'task_employee', ids: [...dropped, ...done.touched], by: caller.id },
        ]);
        return { team_flight_id: done.linkId, tasks: done.tasks, assignments: done.assignments };
      });
    },

    /**
     * The dry run of `assign` (or of `reassign` from `fromId`): whether it would go through, and what it would change
     * on the flight's tasks; nothing is written. 403/404 as the write would answer them.
     */
    async preview(
      aid: number,
      teamId: number,
      fromId: number | undefined,
      caller: Caller,
      zone: string,
    ): Promise<AssignPreview> {
      const scope = await scopeOf(db, caller, 'write');
      const team = await requireTeam(db, teamId);
      requireScope(scope, team.departmentId);
      if (fromId !== undefined) requireScope(scope, (await requireTeam(db, fromId)).departmentId);
      const pair = await requirePair(db, aid);
      const link = await linkOf(db, aid);
      const reasons: string[] = [];
      let leaving = new Set<number>();
      if (fromId === undefined) {
        if (link)
          reasons.push(
            link.teamId === teamId ? TEAM_MESSAGES.sameTeam : TEAM_MESSAGES.flightHasTeam(link.teamName),
          );
      } else if (fromId === teamId) reasons.push(TEAM_MESSAGES.sameTeam);
      else if (!link || link.teamId !== fromId) reasons.push(TEAM_MESSAGES.flightNotOfTeam);
      else leaving = new Set((await membersOf(db, fromId)).map((m) => m.employeeId));
      const evaluation = await evaluate(db, withoutStaffOf(pair, leaving), team, zone);
      for (const reason of Object.values(evaluation.refusals).flat())
        if (!reasons.includes(reason)) reasons.push(reason);
      if (reasons.length) return { possible: false, reasons, removed: 0, added: 0, shortage: [], tasks: [] };
      const dropped = new Set(evaluation.dropIds);
      const addedTo = new Map<number, number>();
      for (const a of evaluation.plan.added) addedTo.set(a.taskId, (addedTo.get(a.taskId) ?? 0) + 1);
      const ofTeam = (positionId: number) => evaluation.positionIds.has(positionId);
      const tasks = [...pair.tasks]
        .sort((a, b) => a.begin.getTime() - b.begin.getTime() || a.id - b.id)
        .map((t) => {
          const goes = (s: PairTask['staff'][number]) =>
            leaving.has(s.employeeId) || dropped.has(s.taskEmployeeId);
          const added = addedTo.get(t.id) ?? 0;
          return {
            task_id: t.id,
            job: t.jobName,
            begin: instantToWallClock(t.begin, zone),
            end: instantToWallClock(t.end, zone),
            removed: t.staff.filter(goes).length,
            added,
            needed: t.needs.filter((n) => ofTeam(n.positionId)).reduce((sum, n) => sum + n.count, 0),
            staffed: t.staff.filter((s) => ofTeam(s.positionId) && !goes(s)).length + added,
          };
        })
        .filter((t) => t.removed > 0 || t.added > 0 || t.staffed < t.needed);
      return {
        possible: true,
        reasons: [],
        removed: tasks.reduce((sum, t) => sum + t.removed, 0),
        added: evaluation.plan.added.length,
        shortage: evaluation.shortage.map((s) => ({
          position: { id: s.id, name: s.name },
          missing: s.missing,
        })),
        tasks,
      };
    },

    /**
     * The teams the caller sees whose period overlaps the turnaround: suitable ones first (most of the flight's needs
     * covered, then by name), then the others with the reasons why not. Suitable: the assignment would go through and
     * leave no task of the team's positions short. On a flight that has a team the others are judged as a
     * reassignment (the old team's staff gone), the team itself as «already assigned».
     */
    async suitable(aid: number, caller: Caller, zone: string): Promise<z.infer<typeof suitableTeamsSchema>> {
      const pair = await requirePair(db, aid);
      const scope = await scopeOf(db, caller, 'read');
      const link = await linkOf(db, aid);
      const leaving = link
        ? new Set((await membersOf(db, link.teamId)).map((m) => m.employeeId))
        : new Set<number>();
      const planned = withoutStaffOf(pair, leaving);
      const candidates = await db
        .select()
        .from(teams)
        .where(
          and(
            lt(teams.beginAt, pair.end),
            gte(teams.endAt, pair.begin),
            ne(teams.teamStatusId, TEAM_STATUS.disbanded),
          ),
        );
      const rated = [];
      for (const team of candidates.filter((t) => inScope(scope, t.departmentId))) {
        const own = link?.teamId === team.id;
        const evaluation = await evaluate(db, own ? pair : planned, team, zone);
        // The flight's own team: its staff is already on the tasks, so only what it still lacks is said.
        const reasons = own
          ? [
              TEAM_MESSAGES.sameTeam,
              ...(evaluation.shortage.length
                ? [PREVIEW_MESSAGES.shortOf(shortageList(evaluation.shortage))]
                : []),
            ]
          : suitabilityReasons(evaluation);
        const possible = !own && Object.keys(evaluation.refusals).length === 0;
        const missing = evaluation.plan.short.reduce((sum, s) => sum + s.missing, 0);
        rated.push({ team, reasons, possible, covered: evaluation.covered, missing });
      }
      rated.sort(
        (a, b) =>
          Number(a.reasons.length > 0) - Number(b.reasons.length > 0) ||
          Number(b.possible) - Number(a.possible) ||
          b.covered - a.covered ||
          a.missing - b.missing ||
          a.team.name.localeCompare(b.team.name, 'ru') ||
          a.team.id - b.team.id,
      );
      return rated.map((r) => ({
        id: r.team.id,
        name: r.team.name,
        suitable: r.reasons.length === 0,
        possible: r.possible,
        reasons: r.reasons,
      }));
    },
  };
}
