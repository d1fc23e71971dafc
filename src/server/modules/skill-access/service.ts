import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import {
  linkKey,
  pairOf,
  SKILL_ACCESS_MESSAGES,
  type SkillAccessItem,
  type SkillAccessTab,
  type SkillLink,
  type SkillLinkPair,
  TARGET_KEY,
  targetOf,
} from '../../../shared/skill-access.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import {
  aircraftTypes,
  jobs,
  resources,
  resourceTypes,
  skillAccesses,
  skills,
} from '../../db/schema/index.ts';
import { type FieldErrors, ValidationError } from '../../domain/errors.ts';
import { sortKey } from '../../http/filters.ts';

/** What the service reads: the Drizzle handle and the kind that picks the text collation. */
export type SkillAccessDeps = Pick<DbHandle, 'db' | 'kind'>;

/** Per tab: the link column naming the item, and the item table. */
const TABS = {
  jobs: { column: skillAccesses.jobId, table: jobs },
  resourceTypes: { column: skillAccesses.resourceTypeId, table: resourceTypes },
  resources: { column: skillAccesses.resourceId, table: resources },
  aircraftTypes: { column: skillAccesses.aircraftTypeId, table: aircraftTypes },
} as const;

/** The insert key of a tab's item column. */
const INSERT_KEY = {
  jobs: 'jobId',
  resourceTypes: 'resourceTypeId',
  resources: 'resourceId',
  aircraftTypes: 'aircraftTypeId',
} as const satisfies Record<SkillAccessTab, keyof typeof skillAccesses.$inferInsert>;

/** Adds a message under a payload path. */
function addField(fields: FieldErrors, path: string, message: string) {
  fields[path] = [...(fields[path] ?? []), message];
}

/** Skills and what they grant (spec 2, 3, 7): reads, and the save of one tab in one transaction. */
export function createSkillAccessService({ db, kind }: SkillAccessDeps) {
  /** Links of a tab through the given handle, by skill then item, the item under the tab's key (`job_id`, …). */
  async function linksOf(handle: Db, tab: SkillAccessTab): Promise<SkillLink[]> {
    const { column } = TABS[tab];
    const rows = await handle
      .select({ id: skillAccesses.id, skillId: skillAccesses.skillId, targetId: column })
      .from(skillAccesses)
      .where(isNotNull(column))
      .orderBy(asc(skillAccesses.skillId), asc(column));
    return rows.map((row) => ({ id: row.id, ...pairOf(tab, row.skillId, row.targetId ?? 0) }));
  }

  /** Unknown skills or items of the pairs, as 422 fields under `<list>.N.skill_id` or `<list>.N.<the tab's key>`. */
  async function checkIds(
    tx: Db,
    tab: SkillAccessTab,
    lists: Record<'add' | 'remove', readonly SkillLinkPair[]>,
  ) {
    const all = [...lists.add, ...lists.remove];
    const fields: FieldErrors = {};
    if (all.length === 0) return fields;
    const { table } = TABS[tab];
    const skillRows = await tx
      .select({ id: skills.id })
      .from(skills)
      .where(inArray(skills.id, [...new Set(all.map((pair) => pair.skill_id))]));
    const itemRows = await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.id, [...new Set(all.map((pair) => targetOf(tab, pair)))]));
    const knownSkills = new Set(skillRows.map((row) => row.id));
    const knownItems = new Set(itemRows.map((row) => row.id));
    for (const list of ['add', 'remove'] as const)
      lists[list].forEach((pair, index) => {
        if (!knownSkills.has(pair.skill_id))
          addField(fields, `${list}.${index}.skill_id`, SKILL_ACCESS_MESSAGES.unknownSkill(pair.skill_id));
        const target = targetOf(tab, pair);
        if (!knownItems.has(target))
          addField(
            fields,
            `${list}.${index}.${TARGET_KEY[tab]}`,
            SKILL_ACCESS_MESSAGES.unknownTarget(target),
          );
      });
    return fields;
  }

  return {
    /** Every skill, by name. */
    async skills(): Promise<SkillAccessItem[]> {
      return db
        .select({ id: skills.id, name: skills.name })
        .from(skills)
        .orderBy(asc(sortKey(skills.name, kind)), asc(skills.id));
    },

    /** The items a skill may grant on a tab, by name. */
    async items(tab: SkillAccessTab): Promise<SkillAccessItem[]> {
      const { table } = TABS[tab];
      return db
        .select({ id: table.id, name: table.name })
        .from(table)
        .orderBy(asc(sortKey(table.name, kind)), asc(table.id));
    },

    /** The stored links of a tab. */
    async links(tab: SkillAccessTab): Promise<SkillLink[]> {
      return linksOf(db, tab);
    },

    /**
     * The save of one tab: adds and removes links in one transaction. Adding a stored link or removing an absent
     * one changes nothing (two users agreeing); an unknown skill or item is a 422 and nothing is written.
     * Answers the tab's links after the save.
     */
    async update(input: {
      tab: SkillAccessTab;
      add: readonly SkillLinkPair[];
      remove: readonly SkillLinkPair[];
    }): Promise<SkillLink[]> {
      const { tab } = input;
      const { column } = TABS[tab];
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const fields = await checkIds(tx, tab, input);
        if (Object.keys(fields).length > 0) throw new ValidationError(fields);
        if (input.remove.length > 0)
          await tx
            .delete(skillAccesses)
            .where(
              or(
                ...input.remove.map((pair) =>
                  and(eq(skillAccesses.skillId, pair.skill_id), eq(column, targetOf(tab, pair))),
                ),
              ),
            );
        if (input.add.length > 0) {
          const stored = new Set((await linksOf(tx, tab)).map((link) => linkKey(tab, link)));
          const fresh = input.add.filter((pair) => !stored.has(linkKey(tab, pair)));
          if (fresh.length > 0)
            await tx
              .insert(skillAccesses)
              .values(
                fresh.map((pair) => ({ skillId: pair.skill_id, [INSERT_KEY[tab]]: targetOf(tab, pair) })),
              );
        }
        return linksOf(tx, tab);
      });
    },
  };
}
