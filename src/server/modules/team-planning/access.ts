/**
 * Who may do what (DOMAIN "Team planning", skill access): an item (job, resource type, resource, aircraft type) that
 * some skills grant needs one of them; an item no skill grants is open to everyone. And who is free: an employee is
 * in at most one team (not disbanded) at a time.
 */
import { and, asc, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import { TEAM_STATUS } from '../../../shared/team-planning.ts';
import {
  aircraftTypes,
  employeeSkills,
  jobs,
  resources,
  resourceTypes,
  skillAccesses,
  teamEmployees,
  teams,
} from '../../db/schema/index.ts';
import { skillsAllow } from '../../domain/teamAssignment.ts';
import type { PairTask } from './pairs.ts';
import type { Reader } from './tx.ts';

/** The four kinds of items a skill grants. */
export type ItemKind = 'job' | 'resourceType' | 'resource' | 'aircraftType';

/** Items by kind. */
export type Items = Record<ItemKind, readonly number[]>;

/** The key of an item in the grants map. Example: `itemKey('job', 5)` → 'job:5'. */
export function itemKey(kind: ItemKind, id: number): string {
  return `${kind}:${id}`;
}

/** The table naming each kind of item. */
const ITEM_TABLES = {
  job: jobs,
  resourceType: resourceTypes,
  resource: resources,
  aircraftType: aircraftTypes,
};

/** The Russian label of an item in a refusal. Example: 'работа «Уборка салона»'. */
const KIND_LABEL: Record<ItemKind, string> = {
  job: 'работа',
  resourceType: 'тип ресурса',
  resource: 'ресурс',
  aircraftType: 'тип ВС',
};

/** The Russian labels of the items that exist, by key. Example: 'aircraftType:17' → 'тип ВС «Airbus A330-200»'. */
export async function itemLabels(reader: Reader, items: Items): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const kind of Object.keys(ITEM_TABLES) as ItemKind[]) {
    const ids = [...new Set(items[kind])];
    if (ids.length === 0) continue;
    const table = ITEM_TABLES[kind];
    const rows = await reader
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(inArray(table.id, ids));
    for (const row of rows) labels.set(itemKey(kind, row.id), `${KIND_LABEL[kind]} «${row.name}»`);
  }
  return labels;
}

/** The keys of the items a task needs skills for: its job, resource types, resources and the aircraft type. */
export function taskKeys(task: PairTask): string[] {
  return [
    itemKey('job', task.jobId),
    ...task.resourceTypes.map((t) => itemKey('resourceType', t.id)),
    ...task.resourceIds.map((id) => itemKey('resource', id)),
    itemKey('aircraftType', task.aircraftTypeId),
  ];
}

/** What a task needs skills for, by kind (the argument of `skillGrants`). */
export function taskItems(list: readonly PairTask[]): Items {
  return {
    job: list.map((t) => t.jobId),
    resourceType: list.flatMap((t) => t.resourceTypes.map((r) => r.id)),
    resource: list.flatMap((t) => t.resourceIds),
    aircraftType: list.map((t) => t.aircraftTypeId),
  };
}

/** For each of the items that some skill grants, the skills granting it. */
export async function skillGrants(reader: Reader, items: Items): Promise<Map<string, Set<number>>> {
  const conditions = [
    items.job.length ? inArray(skillAccesses.jobId, [...items.job]) : undefined,
    items.resourceType.length ? inArray(skillAccesses.resourceTypeId, [...items.resourceType]) : undefined,
    items.resource.length ? inArray(skillAccesses.resourceId, [...items.resource]) : undefined,
    items.aircraftType.length ? inArray(skillAccesses.aircraftTypeId, [...items.aircraftType]) : undefined,
  ].filter((c) => c !== undefined);
  const grants = new Map<string, Set<number>>();
  if (conditions.length === 0) return grants;
  const rows = await reader
    .select()
    .from(skillAccesses)
    .where(or(...conditions));
  for (const row of rows) {
    const key =
      row.jobId !== null
        ? itemKey('job', row.jobId)
        : row.resourceTypeId !== null
          ? itemKey('resourceType', row.resourceTypeId)
          : row.resourceId !== null
            ? itemKey('resource', row.resourceId)
            : itemKey('aircraftType', row.aircraftTypeId ?? 0);
    const set = grants.get(key) ?? new Set<number>();
    set.add(row.skillId);
    grants.set(key, set);
  }
  return grants;
}

/** The skills each employee holds. */
export async function skillsOf(
  reader: Reader,
  employeeIds: readonly number[],
): Promise<Map<number, Set<number>>> {
  const held = new Map<number, Set<number>>();
  if (employeeIds.length === 0) return held;
  const rows = await reader
    .select()
    .from(employeeSkills)
    .where(inArray(employeeSkills.employeeId, [...employeeIds]));
  for (const row of rows) {
    const set = held.get(row.employeeId) ?? new Set<number>();
    set.add(row.skillId);
    held.set(row.employeeId, set);
  }
  return held;
}

/** The items of a list whose grants the held skills do not meet. */
export function missingItems(
  grants: ReadonlyMap<string, ReadonlySet<number>>,
  held: ReadonlySet<number>,
  keys: readonly string[],
): string[] {
  return keys.filter((key) => !skillsAllow(grants.get(key), held));
}

/** For each employee, the other teams (not disbanded) he is in that overlap the period: team names. */
export async function busyInTeams(
  reader: Reader,
  employeeIds: readonly number[],
  period: { begin: Date; end: Date },
  exceptTeamId?: number,
): Promise<Map<number, string[]>> {
  const busy = new Map<number, string[]>();
  if (employeeIds.length === 0) return busy;
  const rows = await reader
    .select({ employeeId: teamEmployees.employeeId, name: teams.name })
    .from(teamEmployees)
    .innerJoin(teams, eq(teams.id, teamEmployees.teamId))
    .where(
      and(
        inArray(teamEmployees.employeeId, [...employeeIds]),
        lt(teams.beginAt, period.end),
        gt(teams.endAt, period.begin),
        ne(teams.teamStatusId, TEAM_STATUS.disbanded),
        exceptTeamId === undefined ? undefined : ne(teams.id, exceptTeamId),
      ),
    )
    .orderBy(asc(teams.beginAt));
  for (const row of rows) busy.set(row.employeeId, [...(busy.get(row.employeeId) ?? []), row.name]);
  return busy;
}
