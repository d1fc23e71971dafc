/**
 * The flight views of team planning (spec 7): flights without a team, teams with their flights and conflicts, flights
 * outside a team, and a team's employees with their tasks. The filters they take, and which turnarounds pass them,
 * are flightFilter.ts.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { z } from '../../../shared/messages.ts';
import type {
  LinkedFlight,
  TeamEmployeesWithTasks,
  TeamFlight,
  TeamTask,
  teamOutsideFlightsSchema,
  teamWithFlightsSchema,
} from '../../../shared/team-planning.ts';
import { TEAM_MESSAGES } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { DbHandle } from '../../db/client.ts';
import { turnTaker, yieldToEvents } from '../../db/gate.ts';
import { epochMs, rawRows } from '../../db/rawRows.ts';
import { taskEmployees, tasks, teamEmployees, teamFlights, teams } from '../../db/schema/index.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { flightConflicts, type HeldTask, holdKey, overlappingHolds } from '../../domain/teamConflicts.ts';
import { splitPeriod } from '../../http/period.ts';
import { type FlightFilter, pairPasses, positionsOfFilter, teamFilterOf } from './flightFilter.ts';
import { type Pair, type PairTask, pairsInPeriod, pairsOfAids, pairsOfLegs, toTeamFlight } from './pairs.ts';
import { type Caller, inScope, scopeOf } from './scope.ts';
import { readTeams } from './teamRead.ts';
import type { Reader } from './tx.ts';

const MS_PER_DAY = 86_400_000;
/** Turnarounds whose staff's other tasks are read at once for the overlap check. */
const PAIRS_PER_READ = 200;

type Deps = Pick<DbHandle, 'db' | 'kind' | 'heavy'>;
type TeamWithFlights = z.infer<typeof teamWithFlightsSchema>;

/** A team of the board with its flights as shown and their turnarounds (the download's rows). */
export interface PlanTeam {
  team: Omit<TeamWithFlights, 'flights'>;
  flights: { flight: LinkedFlight; pair: Pair }[];
}

/** Everyone's tasks around the pairs held by their staff, to find overlaps. */
async function holdsAround(reader: Reader, pairs: readonly Pair[]): Promise<HeldTask[]> {
  const employeeIds = [
    ...new Set(pairs.flatMap((p) => p.tasks.flatMap((t) => t.staff.map((s) => s.employeeId)))),
  ];
  if (employeeIds.length === 0) return [];
  const from = Math.min(...pairs.map((p) => p.begin.getTime()));
  const to = Math.max(...pairs.map((p) => p.end.getTime()));
  // Raw SQL with epoch numbers: tens of thousands of rows, which Drizzle's select would map field by field.
  return rawRows<HeldTask>(
    reader,
    sql`select te.employee_id as "employeeId", t.id as "taskId", ${epochMs(sql`t.begin_at`)} as "begin",
               ${epochMs(sql`t.end_at`)} as "end"
        from task_employees te join tasks t on t.id = te.task_id
        where ${anyOf(sql`te.employee_id`, employeeIds)}
          and t.begin_at < ${new Date(to + MS_PER_DAY)} and t.end_at > ${new Date(from - MS_PER_DAY)}`,
  );
}

/** A task as the employees-with-tasks answer shows it. */
function toTeamTask(
  task: PairTask,
  zone: string,
  taskEmployeeId: number | null,
  conflict: boolean,
): TeamTask {
  const wall = (d: Date) => instantToWallClock(d, zone);
  return {
    task_employee_id: taskEmployeeId,
    task_id: task.id,
    flight_id: task.flightId,
    flight_aid: task.aid,
    job: { id: task.jobId, name: task.jobName },
    resourceTypes: task.resourceTypes,
    begin: wall(task.begin),
    end: wall(task.end),
    plan_begin: wall(task.planBegin),
    plan_end: wall(task.planEnd),
    fact_begin: task.factBegin ? wall(task.factBegin) : null,
    fact_end: task.factEnd ? wall(task.factEnd) : null,
    tgo_id: task.tgoId,
    conflict: conflict ? 1 : 0,
  };
}

/** Members and positions of teams. */
async function teamMembers(reader: Reader, teamIds: readonly number[]) {
  const rows = teamIds.length
    ? await reader
        .select({ teamId: teamEmployees.teamId, employeeId: teamEmployees.employeeId })
        .from(teamEmployees)
        .where(anyOf(teamEmployees.teamId, teamIds))
    : [];
  const members = new Map<number, Set<number>>();
  for (const row of rows) members.set(row.teamId, (members.get(row.teamId) ?? new Set()).add(row.employeeId));
  return members;
}

export function createFlightViews({ db, kind, heavy }: Deps) {
  /** Teams of the filter with their linked turnarounds in the period that pass it, with conflicts. */
  const teamBoard = (
    filter: FlightFilter,
    caller: Caller,
    zone: string,
    signal?: AbortSignal,
  ): Promise<PlanTeam[]> =>
    heavy(async () => {
      const scope = await scopeOf(db, caller, 'read');
      const list = await readTeams(db, kind, teamFilterOf(filter), scope, zone);
      if (list.length === 0) return [];
      const links = await db
        .select({ id: teamFlights.id, teamId: teamFlights.teamId, aid: teamFlights.aid })
        .from(teamFlights)
        .where(
          anyOf(
            teamFlights.teamId,
            list.map((t) => t.id),
          ),
        );
      const pairs = await pairsOfAids(
        db,
        links.map((l) => l.aid),
      );
      const pairByAid = new Map(pairs.map((p) => [p.aid as number, p]));
      // Overlaps a chunk of turnarounds (in time order) at a time: each reads only the tasks around its own span.
      const overlaps = new Set<string>();
      const ordered = [...pairs].sort((a, b) => +a.begin - +b.begin);
      for (let at = 0; at < ordered.length; at += PAIRS_PER_READ)
        for (const key of overlappingHolds(await holdsAround(db, ordered.slice(at, at + PAIRS_PER_READ))))
          overlaps.add(key);
      const members = await teamMembers(
        db,
        list.map((t) => t.id),
      );
      return list.map((team) => {
        const positions = new Set(team.employeePositionRules.map((r) => r.employeePosition.id));
        const flights: PlanTeam['flights'] = [];
        for (const link of links.filter((l) => l.teamId === team.id)) {
          const pair = pairByAid.get(link.aid);
          if (!pair || !pairPasses(pair, { ...filter, positionIds: undefined }, undefined)) continue;
          if (pair.begin >= filter.period.end || pair.end <= filter.period.begin) continue;
          const counts = flightConflicts(
            pair.tasks.map((t) => ({ id: t.id, needs: t.needs, staff: t.staff })),
            { members: members.get(team.id) ?? new Set(), positions },
            overlaps,
          );
          if (filter.conflict && counts.conflict === 0) continue;
          const flight = {
            ...toTeamFlight(pair, zone, counts.conflict === 1),
            ...counts,
            team_flight_id: link.id,
          };
          flights.push({ flight, pair });
        }
        flights.sort((a, b) => a.flight.begin_datetime.localeCompare(b.flight.begin_datetime));
        return { team, flights };
      });
    }, signal);

  return {
    /** Turnarounds of the period with no team, filtered. */
    async withoutTeam(filter: FlightFilter, zone: string, signal?: AbortSignal) {
      const positions = await positionsOfFilter(db, filter);
      const seen = new Set<number>();
      const out: { pair: Pair; flight: TeamFlight }[] = [];
      const turn = turnTaker();
      // A day at a time through the heavy gate, so light calls wait behind at most one day's reading; a turnaround
      // met in an earlier day is not read again, and each day's answers are written before the next is read.
      for (const window of splitPeriod(filter.period, MS_PER_DAY)) {
        const part = await heavy(async () => {
          const pairs = (await pairsInPeriod(db, window, seen)).filter((p) => p.aid !== null);
          // Whether a turnaround is shown does not depend on the window it is met in.
          for (const pair of pairs) seen.add(pair.aid as number);
          const linked = new Set(
            (
              await db
                .select({ aid: teamFlights.aid })
                .from(teamFlights)
                .where(
                  anyOf(
                    teamFlights.aid,
                    pairs.map((p) => p.aid as number),
                  ),
                )
            ).map((r) => r.aid),
          );
          return pairs.filter((p) => !linked.has(p.aid as number) && pairPasses(p, filter, positions));
        }, signal);
        // A day of a big hub is over a thousand turnarounds: built in turns of the event loop.
        for (const pair of part) {
          await turn();
          out.push({ pair, flight: toTeamFlight(pair, zone) });
        }
      }
      return out
        .sort((a, b) => +a.pair.begin - +b.pair.begin || (a.pair.aid ?? 0) - (b.pair.aid ?? 0))
        .map((entry) => entry.flight);
    },

    /** Teams of the period (as the list) with their linked turnarounds and conflicts. */
    async teamsWithFlights(
      filter: FlightFilter,
      caller: Caller,
      zone: string,
      signal?: AbortSignal,
    ): Promise<TeamWithFlights[]> {
      const board = await teamBoard(filter, caller, zone, signal);
      return board.map(({ team, flights }) => ({ ...team, flights: flights.map((f) => f.flight) }));
    },

    /**
     * The teams and flights of `teamsWithFlights` for the same filter, each flight with its turnaround (tasks and
     * staff): the download writes exactly what the board shows.
     */
    planTeams: teamBoard,

    /** Per team of the period, the turnarounds its members work on within its shift that are not linked to it. */
    async outsideTeam(
      filter: FlightFilter,
      caller: Caller,
      zone: string,
      signal?: AbortSignal,
    ): Promise<z.infer<typeof teamOutsideFlightsSchema>> {
      return heavy(async () => {
        const scope = await scopeOf(db, caller, 'read');
        const list = await readTeams(db, kind, teamFilterOf(filter), scope, zone);
        if (list.length === 0) return [];
        const teamIds = list.map((t) => t.id);
        const heads = new Map(
          (await db.select().from(teams).where(anyOf(teams.id, teamIds))).map((h) => [h.id, h]),
        );
        const members = await teamMembers(db, teamIds);
        const everyone = [...new Set([...members.values()].flatMap((set) => [...set]))];
        const from = Math.max(
          filter.period.begin.getTime(),
          Math.min(...[...heads.values()].map((h) => +h.beginAt)),
        );
        const to = Math.min(
          filter.period.end.getTime(),
          Math.max(...[...heads.values()].map((h) => +h.endAt)),
        );
        // One read of everyone's tasks in the teams' span, then each team keeps those within its own shift.
        const held = everyone.length
          ? await rawRows<{ employeeId: number; flightId: number; begin: number; end: number }>(
              db,
              sql`select te.employee_id as "employeeId", t.flight_id as "flightId",
                         ${epochMs(sql`t.begin_at`)} as "begin", ${epochMs(sql`t.end_at`)} as "end"
                  from task_employees te join tasks t on t.id = te.task_id
                  where ${anyOf(sql`te.employee_id`, everyone)}
                    and t.begin_at < ${new Date(to)} and t.end_at > ${new Date(from)}`,
            )
          : [];
        const links = await db
          .select({ teamId: teamFlights.teamId, aid: teamFlights.aid })
          .from(teamFlights)
          .where(anyOf(teamFlights.teamId, teamIds));
        const pairs = await pairsOfLegs(db, [...new Set(held.map((h) => h.flightId))]);
        await yieldToEvents();
        const pairOfLeg = new Map<number, Pair>();
        for (const pair of pairs)
          for (const leg of [pair.arrival, pair.departure]) if (leg) pairOfLeg.set(leg.id, pair);
        // By employee and by team, so a team looks at its members' tasks only (a week: 200 teams, 50,000 tasks).
        const heldBy = new Map<number, typeof held>();
        for (const h of held) {
          const rows = heldBy.get(h.employeeId);
          if (rows) rows.push(h);
          else heldBy.set(h.employeeId, [h]);
        }
        const ownAids = new Map<number, Set<number>>();
        for (const l of links) {
          const aids = ownAids.get(l.teamId);
          if (aids) aids.add(l.aid);
          else ownAids.set(l.teamId, new Set([l.aid]));
        }
        // A turnaround in several teams' lists is written once (the same answer object in each list).
        const written = new Map<Pair, TeamFlight>();
        const write = (pair: Pair) => {
          let flight = written.get(pair);
          if (!flight) {
            flight = toTeamFlight(pair, zone);
            written.set(pair, flight);
          }
          return flight;
        };
        return list.map((team) => {
          const head = heads.get(team.id);
          const people = members.get(team.id) ?? new Set<number>();
          if (!head || people.size === 0) return { id: team.id, name: team.name, flights: [] };
          const begin = Math.max(+head.beginAt, filter.period.begin.getTime());
          const end = Math.min(+head.endAt, filter.period.end.getTime());
          const own = ownAids.get(team.id) ?? new Set<number>();
          const found = new Set<Pair>();
          for (const person of people) {
            for (const h of heldBy.get(person) ?? []) {
              if (h.begin >= end || h.end <= begin) continue;
              const pair = pairOfLeg.get(h.flightId);
              if (pair && (pair.aid === null || !own.has(pair.aid)) && pairPasses(pair, filter, undefined))
                found.add(pair);
            }
          }
          const flights = [...found]
            .sort((a, b) => +a.begin - +b.begin || (a.aid ?? 0) - (b.aid ?? 0))
            .map(write);
          return { id: team.id, name: team.name, flights };
        });
      }, signal);
    },

    /**
     * A team's members with their tasks in the team's period (only those turnarounds when `aids` is given), the
     * tasks of its turnarounds lacking staff of its positions, and those done by people outside the team.
     */
    async employeesWithTasks(
      teamId: number,
      aids: number[] | undefined,
      caller: Caller,
      zone: string,
    ): Promise<TeamEmployeesWithTasks> {
      const scope = await scopeOf(db, caller, 'read');
      const [team] = await readTeams(db, kind, { ids: [teamId] }, { all: true }, zone);
      if (!team || !inScope(scope, team.department.id)) throw new NotFoundError(TEAM_MESSAGES.teamNotFound);
      const [head] = await db.select().from(teams).where(eq(teams.id, teamId));
      const positions = new Set(team.employeePositionRules.map((r) => r.employeePosition.id));
      const memberList = team.employeePositionRules.flatMap((r) =>
        r.teamEmployees.map((m) => ({ ...m, position: r.employeePosition })),
      );
      const memberIds = new Set(memberList.map((m) => m.employee.id));
      const linked = (
        await db.select({ aid: teamFlights.aid }).from(teamFlights).where(eq(teamFlights.teamId, teamId))
      ).map((r) => r.aid);
      const flightAids = aids?.length ? aids : linked;
      const legs = memberIds.size
        ? await db
            .selectDistinct({ flightId: tasks.flightId })
            .from(taskEmployees)
            .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
            .where(
              and(
                anyOf(taskEmployees.employeeId, [...memberIds]),
                lt(tasks.beginAt, head.endAt),
                gte(tasks.endAt, head.beginAt),
              ),
            )
        : [];
      const memberPairs = await pairsOfLegs(
        db,
        legs.map((l) => l.flightId),
      );
      const teamPairs = await pairsOfAids(db, flightAids);
      const allPairs = [...memberPairs, ...teamPairs];
      const overlaps = overlappingHolds(await holdsAround(db, allPairs));
      const aidSet = new Set(flightAids);
      const seen = new Set<number>();
      const employees = memberList.map((m) => {
        const held: TeamTask[] = [];
        for (const pair of memberPairs) {
          if (aids?.length && (pair.aid === null || !aidSet.has(pair.aid))) continue;
          for (const task of pair.tasks)
            for (const s of task.staff)
              if (s.employeeId === m.employee.id && task.end > head.beginAt && task.begin < head.endAt)
                held.push(
                  toTeamTask(task, zone, s.taskEmployeeId, overlaps.has(holdKey(s.employeeId, task.id))),
                );
        }
        held.sort((a, b) => a.begin.localeCompare(b.begin) || a.task_id - b.task_id);
        return {
          id: m.id,
          is_main_employee: m.is_main_employee,
          employee: m.employee,
          employeePosition: m.position,
          tasks: held,
        };
      });
      const tasksWithoutEmployee: TeamEmployeesWithTasks['tasksWithoutEmployee'] = [];
      const outsideTheTeam: TeamEmployeesWithTasks['outsideTheTeam'] = [];
      for (const pair of teamPairs)
        for (const task of pair.tasks) {
          if (seen.has(task.id)) continue;
          seen.add(task.id);
          const lacking = task.needs
            .filter((n) => positions.has(n.positionId))
            .map((n) => ({
              id: n.positionId,
              name: n.positionName,
              count: n.count,
              missing: n.count - task.staff.filter((s) => s.positionId === n.positionId).length,
            }))
            .filter((n) => n.missing > 0);
          if (lacking.length)
            tasksWithoutEmployee.push({ ...toTeamTask(task, zone, null, false), positions: lacking });
          for (const s of task.staff)
            if (positions.has(s.positionId) && !memberIds.has(s.employeeId))
              outsideTheTeam.push({
                ...toTeamTask(task, zone, s.taskEmployeeId, overlaps.has(holdKey(s.employeeId, task.id))),
                employee: { id: s.employeeId, name: s.employeeName },
                position: { id: s.positionId, name: s.positionName },
              });
        }
      return { employees, tasksWithoutEmployee, outsideTheTeam };
    },
  };
}
