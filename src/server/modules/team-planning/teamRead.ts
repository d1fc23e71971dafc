/** Reading teams with their rules, accesses and members, shaped as spec 3 "Team planning" says. */
import { and, asc, eq, gt, ilike, inArray, lt, ne, type SQL } from 'drizzle-orm';
import { TEAM_STATUS, type Team } from '../../../shared/team-planning.ts';
import { instantToWallClock } from '../../../shared/wallClock.ts';
import type { DbHandle } from '../../db/client.ts';
import { rowVersion } from '../../db/rowVersion.ts';
import {
  aircraftTypes,
  departments,
  employeePositions,
  employees,
  jobs,
  resources,
  resourceTypes,
  teamEmployees,
  teamPositionRules,
  teamRuleAccesses,
  teamStatuses,
  teams,
} from '../../db/schema/index.ts';
import { containsPattern, sortKey } from '../../http/filters.ts';
import type { TeamScope } from './scope.ts';
import type { Reader } from './tx.ts';

/** The team list's filters (spec 7: begin_datetime, end_datetime, emp_pos_id[], status_id[], department_id[], name). */
export interface TeamFilter {
  period?: { begin: Date; end: Date };
  positionIds?: number[];
  statusIds?: number[];
  departmentIds?: number[];
  name?: string;
  ids?: number[];
  /** Leave out disbanded teams (the flight views). */
  active?: boolean;
}

/** The where clause of a filter within a scope; undefined when the scope sees nothing. */
function teamWhere(reader: Reader, filter: TeamFilter, scope: TeamScope): SQL | undefined | null {
  if (!scope.all && scope.departmentId === null) return null;
  const where: (SQL | undefined)[] = [];
  if (!scope.all && scope.departmentId !== null) where.push(eq(teams.departmentId, scope.departmentId));
  if (filter.period) where.push(lt(teams.beginAt, filter.period.end), gt(teams.endAt, filter.period.begin));
  if (filter.statusIds?.length) where.push(inArray(teams.teamStatusId, filter.statusIds));
  if (filter.departmentIds?.length) where.push(inArray(teams.departmentId, filter.departmentIds));
  if (filter.name) where.push(ilike(teams.name, containsPattern(filter.name)));
  if (filter.ids) where.push(inArray(teams.id, filter.ids.length ? filter.ids : [0]));
  if (filter.active) where.push(ne(teams.teamStatusId, TEAM_STATUS.disbanded));
  if (filter.positionIds?.length)
    where.push(
      inArray(
        teams.id,
        reader
          .select({ id: teamPositionRules.teamId })
          .from(teamPositionRules)
          .where(inArray(teamPositionRules.employeePositionId, filter.positionIds)),
      ),
    );
  return and(...where);
}

/** Teams matching the filter, by begin then name, with rules, accesses and members. */
export async function readTeams(
  reader: Reader,
  kind: DbHandle['kind'],
  filter: TeamFilter,
  scope: TeamScope,
  zone: string,
): Promise<Team[]> {
  const where = teamWhere(reader, filter, scope);
  if (where === null) return [];
  const heads = await reader
    .select({
      id: teams.id,
      name: teams.name,
      beginAt: teams.beginAt,
      endAt: teams.endAt,
      templateTeamRuleId: teams.templateTeamRuleId,
      statusId: teamStatuses.id,
      statusName: teamStatuses.name,
      departmentId: departments.id,
      departmentName: departments.name,
      version: rowVersion(teams),
    })
    .from(teams)
    .innerJoin(teamStatuses, eq(teamStatuses.id, teams.teamStatusId))
    .innerJoin(departments, eq(departments.id, teams.departmentId))
    .where(where)
    .orderBy(asc(teams.beginAt), asc(sortKey(teams.name, kind)), asc(teams.id));
  if (heads.length === 0) return [];
  const teamIds = heads.map((h) => h.id);
  const rules = await reader
    .select({
      id: teamPositionRules.id,
      teamId: teamPositionRules.teamId,
      count: teamPositionRules.count,
      positionId: employeePositions.id,
      positionName: employeePositions.name,
    })
    .from(teamPositionRules)
    .innerJoin(employeePositions, eq(employeePositions.id, teamPositionRules.employeePositionId))
    .where(inArray(teamPositionRules.teamId, teamIds))
    .orderBy(asc(teamPositionRules.id));
  const ruleIds = rules.map((r) => r.id);
  const accesses = ruleIds.length
    ? await reader
        .select({
          ruleId: teamRuleAccesses.ruleId,
          resourceId: resources.id,
          resourceName: resources.name,
          resourceTypeId: resourceTypes.id,
          resourceTypeName: resourceTypes.name,
          aircraftTypeId: aircraftTypes.id,
          aircraftTypeName: aircraftTypes.name,
          jobId: jobs.id,
          jobName: jobs.name,
        })
        .from(teamRuleAccesses)
        .leftJoin(resources, eq(resources.id, teamRuleAccesses.resourceId))
        .leftJoin(resourceTypes, eq(resourceTypes.id, teamRuleAccesses.resourceTypeId))
        .leftJoin(aircraftTypes, eq(aircraftTypes.id, teamRuleAccesses.aircraftTypeId))
        .leftJoin(jobs, eq(jobs.id, teamRuleAccesses.jobId))
        .where(inArray(teamRuleAccesses.ruleId, ruleIds))
        .orderBy(asc(teamRuleAccesses.id))
    : [];
  const members = await reader
    .select({
      id: teamEmployees.id,
      ruleId: teamEmployees.ruleId,
      isMain: teamEmployees.isMainEmployee,
      templateId: teamEmployees.templateTeamRuleEmployeeId,
      employeeId: employees.id,
      employeeName: employees.name,
    })
    .from(teamEmployees)
    .innerJoin(employees, eq(employees.id, teamEmployees.employeeId))
    .where(inArray(teamEmployees.teamId, teamIds))
    .orderBy(asc(teamEmployees.id));
  const byRule = new Map<number, Team['employeePositionRules'][number]>();
  const rulesOf = new Map<number, Team['employeePositionRules']>();
  for (const r of rules) {
    const rule = {
      id: r.id,
      employeePosition: { id: r.positionId, name: r.positionName },
      real_count: 0,
      count: r.count,
      groupResourceAccesses: [],
      groupResourceTypeAccesses: [],
      groupAircraftTypeAccesses: [],
      groupJobAccesses: [],
      teamEmployees: [],
    } as Team['employeePositionRules'][number];
    byRule.set(r.id, rule);
    rulesOf.set(r.teamId, [...(rulesOf.get(r.teamId) ?? []), rule]);
  }
  for (const a of accesses) {
    const rule = byRule.get(a.ruleId);
    if (!rule) continue;
    if (a.resourceId !== null)
      rule.groupResourceAccesses.push({ resource: { id: a.resourceId, name: a.resourceName ?? '' } });
    if (a.resourceTypeId !== null)
      rule.groupResourceTypeAccesses.push({
        resourceType: { id: a.resourceTypeId, name: a.resourceTypeName ?? '' },
      });
    if (a.aircraftTypeId !== null)
      rule.groupAircraftTypeAccesses.push({
        aircraftType: { id: a.aircraftTypeId, name: a.aircraftTypeName ?? '' },
      });
    if (a.jobId !== null) rule.groupJobAccesses.push({ job: { id: a.jobId, name: a.jobName ?? '' } });
  }
  for (const m of members) {
    const rule = byRule.get(m.ruleId);
    if (!rule) continue;
    rule.teamEmployees.push({
      id: m.id,
      is_main_employee: m.isMain,
      template_team_rule_employee_id: m.templateId,
      employee: { id: m.employeeId, name: m.employeeName },
    });
    rule.real_count = (rule.real_count ?? 0) + 1;
  }
  return heads.map((h) => {
    const list = rulesOf.get(h.id) ?? [];
    return {
      id: h.id,
      name: h.name,
      begin_datetime: instantToWallClock(h.beginAt, zone),
      end_datetime: instantToWallClock(h.endAt, zone),
      real_count: list.reduce((sum, r) => sum + (r.real_count ?? 0), 0),
      count: list.reduce((sum, r) => sum + r.count, 0),
      template_team_rule_id: h.templateTeamRuleId,
      teamStatus: { id: h.statusId, name: h.statusName },
      department: { id: h.departmentId, name: h.departmentName },
      employeePositionRules: list,
      version: h.version,
    };
  });
}
