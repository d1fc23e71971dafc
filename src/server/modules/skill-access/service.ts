import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import {
  linkKey,
  NO_LINKS_VERSION,
  pairOf,
  SKILL_ACCESS_MESSAGES,
  type SkillAccessItem,
  type SkillAccessTab,
  type SkillLink,
  type SkillLinkPair,
  type SkillVersion,
  TARGET_KEY,
  targetOf,
} from '../../../shared/skill-access.ts';
import { anyOf } from '../../db/anyOf.ts';
import type { Db, DbHandle } from '../../db/client.ts';
import { refuseSave, rowVersion } from '../../db/rowVersion.ts';
import {
  aircraftTypes,
  jobs,
  resources,
  resourceTypes,
  skillAccesses,
  skills,
} from '../../db/schema/index.ts';
import type { FieldErrors } from '../../domain/errors.ts';
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

/**
 * The version of one skill's links on a tab (src/shared/skill-access.ts), from its links' ids and row versions:
 * the first 32 bits of an MD5 of them in id order, as digits. Any write to the set changes it — an added link (a new
 * id), a removed one (an id gone), a rewritten one (its xmin) — and nothing else does. A skill without links on the
 * tab has `NO_LINKS_VERSION`. Example: `[{id: 7, version: '1543'}]` → '2712047081' (say).
 */
function setVersion(links: readonly { id: number; version: string }[]): string {
  if (links.length === 0) return NO_LINKS_VERSION;
  const text = [...links]
    .sort((a, b) => a.id - b.id)
    .map((link) => `${link.id}:${link.version}`)
    .join(',');
  return String(Number.parseInt(createHash('md5').update(text).digest('hex').slice(0, 8), 16));
}

/** The version of each skill's links among `rows` (the links of one tab), by skill id. */
function versionsBySkill(rows: readonly { id: number; skillId: number; version: string }[]) {
  const bySkill = new Map<number, { id: number; version: string }[]>();
  for (const row of rows) {
    const links = bySkill.get(row.skillId);
    if (links) links.push(row);
    else bySkill.set(row.skillId, [row]);
  }
  return new Map([...bySkill].map(([skillId, links]) => [skillId, setVersion(links)]));
}

/** Adds a message under a payload path. */
function addField(fields: FieldErrors, path: string, message: string) {
  fields[path] = [...(fields[path] ?? []), message];
}

/** Skills and what they grant (spec 2, 3, 7): reads, and the save of one tab in one transaction. */
export function createSkillAccessService({ db, kind }: SkillAccessDeps) {
  /**
   * Links of a tab through the given handle, by skill then item, the item under the tab's key (`job_id`, …), each
   * with the version of its skill's links on the tab.
   */
  async function linksOf(handle: Db, tab: SkillAccessTab): Promise<SkillLink[]> {
    const { column } = TABS[tab];
    const rows = await handle
      .select({
        id: skillAccesses.id,
        skillId: skillAccesses.skillId,
        targetId: column,
        version: rowVersion(skillAccesses),
      })
      .from(skillAccesses)
      .where(isNotNull(column))
      .orderBy(asc(skillAccesses.skillId), asc(column));
    const versions = versionsBySkill(rows);
    return rows.map((row) => ({
      id: row.id,
      ...pairOf(tab, row.skillId, row.targetId ?? 0),
      version: versions.get(row.skillId) as string,
    }));
  }

  /**
   * Locks the skills a save changes or names in `versions` for the rest of its transaction (their rows, in id order,
   * `for no key update`: two saves of a skill take turns — a row lock on the links could not stop a link being added
   * beside them — while links may still be inserted under the skill's foreign key), then checks each version sent
   * against the skill's links on the tab now. Answers the 422 fields of unknown skills in `versions` and the stale
   * ones (409) under `versions.N.version`. A save that waited for another's lock reads the links that one wrote.
   */
  async function lockSkills(
    tx: Db,
    tab: SkillAccessTab,
    touched: readonly number[],
    versions: readonly SkillVersion[],
  ) {
    const fields: FieldErrors = {};
    const stale: FieldErrors = {};
    const ids = [...new Set([...touched, ...versions.map((entry) => entry.skill_id)])];
    if (ids.length === 0) return { fields, stale };
    const locked = await tx
      .select({ id: skills.id, name: skills.name })
      .from(skills)
      .where(anyOf(skills.id, ids))
      .orderBy(asc(skills.id))
      .for('no key update');
    if (versions.length === 0) return { fields, stale };
    const names = new Map(locked.map((row) => [row.id, row.name]));
    const { column } = TABS[tab];
    const rows = await tx
      .select({ id: skillAccesses.id, skillId: skillAccesses.skillId, version: rowVersion(skillAccesses) })
      .from(skillAccesses)
      .where(
        and(
          isNotNull(column),
          anyOf(
            skillAccesses.skillId,
            versions.map((entry) => entry.skill_id),
          ),
        ),
      );
    const current = versionsBySkill(rows);
    versions.forEach((entry, index) => {
      const name = names.get(entry.skill_id);
      if (name === undefined)
        addField(fields, `versions.${index}.skill_id`, SKILL_ACCESS_MESSAGES.unknownSkill(entry.skill_id));
      else if ((current.get(entry.skill_id) ?? NO_LINKS_VERSION) !== entry.version)
        addField(stale, `versions.${index}.version`, SKILL_ACCESS_MESSAGES.changed(name));
    });
    return { fields, stale };
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
     * one changes nothing (two users agreeing); an unknown skill or item is a 422, a skill whose links on the tab
     * another user changed since the version sent a 409; either way nothing is written. Answers the tab's links
     * after the save, with their skills' new versions.
     */
    async update(input: {
      tab: SkillAccessTab;
      add: readonly SkillLinkPair[];
      remove: readonly SkillLinkPair[];
      versions?: readonly SkillVersion[];
    }): Promise<SkillLink[]> {
      const { tab } = input;
      const { column } = TABS[tab];
      // The embedded database has one connection: inside the transaction only `tx` may run a statement.
      return db.transaction(async (tx) => {
        const touched = [...input.add, ...input.remove].map((pair) => pair.skill_id);
        const locked = await lockSkills(tx, tab, touched, input.versions ?? []);
        const fields = { ...(await checkIds(tx, tab, input)), ...locked.fields };
        refuseSave(fields, locked.stale);
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
