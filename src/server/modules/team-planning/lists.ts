/**
 * The lists of team planning (spec 7): statuses, departments, positions, items, the employees a team may take with
 * their accessibility, the day's shift intervals.
 */
import { type AnyColumn, and, asc, count, eq, gt, ilike, inArray, lt } from 'drizzle-orm';
import type { z } from '../../../shared/messages.ts';
import type { accessibilitySchema, teamCandidatesSchema } from '../../../shared/team-planning.ts';
import { instantToWallClock, wallClockToInstant } from '../../../shared/wallClock.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { DbHandle } from '../../db/client.ts';
import {
  aircraftTypes,
  airports,
  departments,
  employeePositions,
  employees,
  jobs,
  resources,
  resourceTypes,
  taskEmployees,
  tasks,
  teamPositionRules,
  teamRuleAccesses,
  teamStatuses,
  workingShifts,
} from '../../db/schema/index.ts';
import { containsPattern, sortKey } from '../../http/filters.ts';
import { busyInTeams, type ItemKind, itemKey, missingItems, skillGrants, skillsOf } from './access.ts';
import type { Reader } from './tx.ts';

const MS_PER_MINUTE = 60_000;
/** The employee list is for picking people: more than this many matches means the filter is too wide. */
const EMPLOYEE_LIMIT = 1000;

/** How many tasks each employee holds overlapping the period (touching ends do not overlap). */
async function tasksHeld(reader: Reader, employeeIds: number[], period: { begin: Date; end: Date }) {
  const held = new Map<number, number>();
  if (employeeIds.length === 0) return held;
  const rows = await reader
    .select({ employeeId: taskEmployees.employeeId, count: count() })
    .from(taskEmployees)
    .innerJoin(tasks, eq(tasks.id, taskEmployees.taskId))
    .where(
      and(
        anyOf(taskEmployees.employeeId, employeeIds),
        lt(tasks.beginAt, period.end),
        gt(tasks.endAt, period.begin),
      ),
    )
    .groupBy(taskEmployees.employeeId);
  for (const row of rows) held.set(row.employeeId, row.count);
  return held;
}

/** The employee list's filters (spec 7 `v1.1/employee`). */
export interface EmployeeFilter {
  period?: { begin: Date; end: Date };
  departmentIds?: number[];
  positionIds?: number[];
  resourceIds?: number[];
  resourceTypeIds?: number[];
  aircraftTypeIds?: number[];
  jobIds?: number[];
  name?: string;
  teamId?: number;
}

/** The zone of the home airport: working shifts are laid on its clock. */
async function homeZone(reader: Reader, fallback: string): Promise<string> {
  const [home] = await reader
    .select({ zone: airports.timeZone })
    .from(airports)
    .where(eq(airports.isHome, true))
    .limit(1);
  return home?.zone ?? fallback;
}

/** The item keys of a team's rule for a position, undefined when the team has no such rule. */
async function ruleKeys(reader: Reader, teamId: number, positionId: number): Promise<string[] | undefined> {
  const [rule] = await reader
    .select({ id: teamPositionRules.id })
    .from(teamPositionRules)
    .where(and(eq(teamPositionRules.teamId, teamId), eq(teamPositionRules.employeePositionId, positionId)));
  if (!rule) return undefined;
  const rows = await reader.select().from(teamRuleAccesses).where(eq(teamRuleAccesses.ruleId, rule.id));
  return rows.map((a) =>
    a.jobId !== null
      ? itemKey('job', a.jobId)
      : a.resourceTypeId !== null
        ? itemKey('resourceType', a.resourceTypeId)
        : a.resourceId !== null
          ? itemKey('resource', a.resourceId)
          : itemKey('aircraftType', a.aircraftTypeId ?? 0),
  );
}

/** Items keyed, from the keys. Example: ['job:5'] → {job: [5], resourceType: [], …}. */
function itemsOf(keys: readonly string[]): Record<ItemKind, number[]> {
  const items: Record<ItemKind, number[]> = { job: [], resourceType: [], resource: [], aircraftType: [] };
  for (const key of keys) {
    const [kind, id] = key.split(':');
    items[kind as ItemKind].push(Number(id));
  }
  return items;
}

export function createTeamLists({ db, kind }: Pick<DbHandle, 'db' | 'kind'>) {
  const byName = (column: AnyColumn) => asc(sortKey(column, kind));
  const named = async (table: typeof teamStatuses | typeof jobs | typeof resourceTypes) =>
    db.select({ id: table.id, name: table.name }).from(table).orderBy(byName(table.name));

  return {
    statuses: () =>
      db
        .select({ id: teamStatuses.id, name: teamStatuses.name })
        .from(teamStatuses)
        .orderBy(asc(teamStatuses.id)),
    departments: () =>
      db
        .select({ id: departments.id, name: departments.name, full_name: departments.fullName })
        .from(departments)
        .orderBy(byName(departments.name)),
    positions: (departmentIds: number[] | undefined) =>
      db
        .select({
          id: employeePositions.id,
          name: employeePositions.name,
          department_id: employeePositions.departmentId,
        })
        .from(employeePositions)
        .where(departmentIds?.length ? inArray(employeePositions.departmentId, departmentIds) : undefined)
        .orderBy(byName(employeePositions.name)),
    jobs: () => named(jobs),
    resourceTypes: () => named(resourceTypes),
    resources: () =>
      db.select({ id: resources.id, name: resources.name }).from(resources).orderBy(byName(resources.name)),
    aircraftTypes: () =>
      db
        .select({ id: aircraftTypes.id, name: aircraftTypes.name, icao_code: aircraftTypes.icaoCode })
        .from(aircraftTypes)
        .orderBy(byName(aircraftTypes.name)),

    /**
     * Active employees matching the filter, by name, at most EMPLOYEE_LIMIT: item filters keep those whose skills allow
     * every item named; with a period, `is_accessible` says whether no other team holds them then.
     */
    async employees(filter: EmployeeFilter): Promise<z.infer<typeof teamCandidatesSchema>> {
      const rows = await db
        .select({
          id: employees.id,
          name: employees.name,
          personnel_number: employees.personnelNumber,
          departmentId: departments.id,
          departmentName: departments.name,
          positionId: employeePositions.id,
          positionName: employeePositions.name,
        })
        .from(employees)
        .innerJoin(departments, eq(departments.id, employees.departmentId))
        .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
        .where(
          and(
            eq(employees.isActive, true),
            filter.departmentIds?.length ? inArray(employees.departmentId, filter.departmentIds) : undefined,
            filter.positionIds?.length
              ? inArray(employees.employeePositionId, filter.positionIds)
              : undefined,
            filter.name ? ilike(employees.name, containsPattern(filter.name)) : undefined,
          ),
        )
        .orderBy(byName(employees.name), asc(employees.id));
      const keys = [
        ...(filter.jobIds ?? []).map((id) => itemKey('job', id)),
        ...(filter.resourceTypeIds ?? []).map((id) => itemKey('resourceType', id)),
        ...(filter.resourceIds ?? []).map((id) => itemKey('resource', id)),
        ...(filter.aircraftTypeIds ?? []).map((id) => itemKey('aircraftType', id)),
      ];
      let kept = rows;
      if (keys.length) {
        const grants = await skillGrants(db, itemsOf(keys));
        const held = await skillsOf(
          db,
          rows.map((r) => r.id),
        );
        kept = rows.filter((r) => missingItems(grants, held.get(r.id) ?? new Set(), keys).length === 0);
      }
      kept = kept.slice(0, EMPLOYEE_LIMIT);
      const busy = filter.period
        ? await busyInTeams(
            db,
            kept.map((r) => r.id),
            filter.period,
            filter.teamId,
          )
        : new Map<number, string[]>();
      const held = filter.period
        ? await tasksHeld(
            db,
            kept.map((r) => r.id),
            filter.period,
          )
        : new Map<number, number>();
      return kept.map((r) => ({
        id: r.id,
        name: r.name,
        personnel_number: r.personnel_number,
        department: { id: r.departmentId, name: r.departmentName },
        employeePosition: { id: r.positionId, name: r.positionName },
        ...(filter.period ? { is_accessible: !busy.has(r.id) } : {}),
        busy_in: busy.get(r.id) ?? [],
        ...(filter.period ? { tasks_in_period: held.get(r.id) ?? 0 } : {}),
      }));
    },

    /**
     * Whether each employee may join (the team, when given) for the period: no other team holds him then, and with a
     * team, it has a rule for his position whose accesses his skills meet. Reasons in Russian.
     */
    async accessible(
      employeeIds: number[],
      period: { begin: Date; end: Date },
      teamId: number | undefined,
    ): Promise<z.infer<typeof accessibilitySchema>> {
      const people = await db
        .select({
          id: employees.id,
          positionId: employees.employeePositionId,
          positionName: employeePositions.name,
          active: employees.isActive,
        })
        .from(employees)
        .innerJoin(employeePositions, eq(employeePositions.id, employees.employeePositionId))
        .where(inArray(employees.id, [...employeeIds, 0]));
      const byId = new Map(people.map((p) => [p.id, p]));
      const busy = await busyInTeams(db, employeeIds, period, teamId);
      const held = await skillsOf(db, employeeIds);
      const out = [];
      for (const id of employeeIds) {
        const person = byId.get(id);
        const reasons: string[] = [];
        if (!person) reasons.push('Сотрудник не найден');
        else {
          if (!person.active) reasons.push('Сотрудник неактивен');
          for (const name of busy.get(id) ?? []) reasons.push(`Уже в бригаде «${name}» в это время`);
          if (teamId !== undefined) {
            const keys = await ruleKeys(db, teamId, person.positionId);
            if (keys === undefined)
              reasons.push(`В бригаде нет правила для должности «${person.positionName}»`);
            else {
              const grants = await skillGrants(db, itemsOf(keys));
              const missing = missingItems(grants, held.get(id) ?? new Set(), keys);
              if (missing.length) reasons.push('Нет навыков, которых требует правило должности');
            }
          }
        }
        out.push({ employee_id: id, is_accessible: reasons.length === 0, reasons });
      }
      return out;
    },

    /** The working shifts laid on the day (home airport clock), as intervals in the request's zone, by begin. */
    async timeCalendar(day: string, zone: string) {
      const clock = await homeZone(db, zone);
      const shifts = await db
        .select()
        .from(workingShifts)
        .orderBy(asc(workingShifts.beginTime), asc(workingShifts.id));
      return shifts
        .map((s) => {
          const begin = wallClockToInstant(`${day} ${s.beginTime.slice(0, 8)}`, clock) as Date;
          const end = new Date(begin.getTime() + s.durationMinutes * MS_PER_MINUTE);
          const beginWall = instantToWallClock(begin, zone);
          const endWall = instantToWallClock(end, zone);
          return {
            id: s.id,
            name: s.name,
            begin_time: beginWall.slice(11),
            end_time: endWall.slice(11),
            begin_datetime: beginWall,
            end_datetime: endWall,
          };
        })
        .sort((a, b) => a.begin_datetime.localeCompare(b.begin_datetime) || a.id - b.id);
    },
  };
}
