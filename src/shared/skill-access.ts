/**
 * Skill access (spec 2, 3, 4, 7: "/skill-access"): what a skill grants — jobs, resource types, resources and
 * aircraft types, one tab each — the links as the wire has them (the item under the tab's key, `TARGET_KEY`) and the
 * body of `POST /v2/skill-access/update-access`. Client and server validate with the same schemas.
 *
 * Stale edits: the unit a user edits is one skill's links on one tab (the screen shows one skill's ticks at a time),
 * so the version is that set's: every link answered carries the version of its skill's links on its tab, a skill
 * without links there has `NO_LINKS_VERSION`, and a save sends the versions of the skills it changes. Another user's
 * save of the same skill on the same tab since the read changes the version (a 409); saves of other skills or other
 * tabs do not.
 */
import { z } from './messages.ts';
import { idSchema } from './reference.ts';
import { rowVersionSchema } from './rowVersion.ts';

/** The screen's tabs, in order, with their Russian titles. */
export const SKILL_ACCESS_TABS = {
  jobs: 'Работы',
  resourceTypes: 'Типы ресурсов',
  resources: 'Ресурсы',
  aircraftTypes: 'Типы ВС',
} as const;
export type SkillAccessTab = keyof typeof SKILL_ACCESS_TABS;

/**
 * The wire key of a tab's item (spec 3: "exactly one of job_id, resource_type_id, resource_id, aircraft_type_id (by
 * tab)"), in the links answered and the pairs sent. Example: `TARGET_KEY.resourceTypes` → 'resource_type_id'.
 */
export const TARGET_KEY = {
  jobs: 'job_id',
  resourceTypes: 'resource_type_id',
  resources: 'resource_id',
  aircraftTypes: 'aircraft_type_id',
} as const satisfies Record<SkillAccessTab, string>;
type TargetKey<T extends SkillAccessTab> = (typeof TARGET_KEY)[T];

/** The path part of a tab's calls. Example: `TAB_PATH.aircraftTypes` → 'aircraft-type'. */
export const TAB_PATH = {
  jobs: 'job',
  resourceTypes: 'resource-type',
  resources: 'resource',
  aircraftTypes: 'aircraft-type',
} as const satisfies Record<SkillAccessTab, string>;

/** Links one save may carry. */
const LINK_BATCH_MAX = 5_000;

/** Russian texts of the screen beyond the shared catalogue. */
export const SKILL_ACCESS_MESSAGES = {
  saved: 'Сохранено',
  empty: 'Нечего сохранять',
  tooMany: `Не больше ${LINK_BATCH_MAX.toLocaleString('ru-RU')} связей за раз`,
  duplicate: 'Эта связь уже есть в запросе',
  unknownSkill: (id: number) => `Нет навыка с id ${id}`,
  unknownTarget: (id: number) => `Нет записи с id ${id} на этой вкладке`,
  changed: (skill: string) => `Связи навыка «${skill}» на этой вкладке изменены другим пользователем`,
  duplicateVersion: 'Версия этого навыка уже есть в запросе',
  unknownTab: `Ожидается вкладка: ${Object.keys(SKILL_ACCESS_TABS).join(', ')}`,
  otherKey: (tab: SkillAccessTab, keys: readonly string[]) =>
    `Лишнее поле ${keys.join(', ')}: связь вкладки «${SKILL_ACCESS_TABS[tab]}» задаёт ${TARGET_KEY[tab]}`,
} as const;

/** A skill, or an item a skill may grant: `{id, name}`. */
export const skillAccessItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type SkillAccessItem = z.infer<typeof skillAccessItemSchema>;

/** `{[key]: value}` typed by its literal key. */
function keyed<K extends string, V>(key: K, value: V): { [P in K]: V } {
  return { [key]: value } as { [P in K]: V };
}

/**
 * The version of a skill's links on a tab when it has none there (a skill no link of the answer names): a save
 * sending it is refused if another user has linked the skill on the tab since.
 */
export const NO_LINKS_VERSION = '0';

/**
 * A stored link of a tab: `{id, skill_id, job_id, version}` on jobs, `{id, skill_id, resource_id, version}` on
 * resources, …; `version` is that of the skill's links on the tab (the same on each of them, see the head of file).
 */
function linkSchemaOf<T extends SkillAccessTab>(tab: T) {
  return z.object({
    id: z.number().int(),
    skill_id: z.number().int(),
    ...keyed(TARGET_KEY[tab], z.number().int()),
    version: rowVersionSchema,
  });
}

/** The link schema of each tab, by which client and server read `GET /v2/skill-access/{tab}`. */
export const SKILL_LINK_SCHEMAS = {
  jobs: linkSchemaOf('jobs'),
  resourceTypes: linkSchemaOf('resourceTypes'),
  resources: linkSchemaOf('resources'),
  aircraftTypes: linkSchemaOf('aircraftTypes'),
} satisfies Record<SkillAccessTab, z.ZodType>;
/** A stored link of the tab `T` (of any tab when `T` is left out). */
export type SkillLink<T extends SkillAccessTab = SkillAccessTab> = {
  [P in T]: z.infer<(typeof SKILL_LINK_SCHEMAS)[P]>;
}[T];

/**
 * A link of a tab to add or remove: the skill and the tab's item under the tab's key, and no other key (422 on the
 * key that is not the tab's, 'Поле обязательно для заполнения' on the tab's key when it is missing).
 */
function pairSchemaOf<T extends SkillAccessTab>(tab: T) {
  return z.strictObject(
    { skill_id: idSchema, ...keyed(TARGET_KEY[tab], idSchema) },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? SKILL_ACCESS_MESSAGES.otherKey(tab, issue.keys) : undefined,
    },
  );
}
/** A link to add or remove on the tab `T` (on any tab when `T` is left out). */
export type SkillLinkPair<T extends SkillAccessTab = SkillAccessTab> = {
  [P in T]: z.infer<ReturnType<typeof pairSchemaOf<P>>>;
}[T];

/** The pair of a skill and an item of the tab. Example: `pairOf('jobs', 3, 7)` → `{skill_id: 3, job_id: 7}`. */
export function pairOf<T extends SkillAccessTab>(
  tab: T,
  skillId: number,
  targetId: number,
): SkillLinkPair<T> {
  return { skill_id: skillId, ...keyed(TARGET_KEY[tab], targetId) } as SkillLinkPair<T>;
}

/** The item of a tab's link or pair. Example: `targetOf('resources', {skill_id: 3, resource_id: 7})` → 7. */
export function targetOf(tab: SkillAccessTab, link: SkillLinkPair): number {
  return (link as Partial<Record<TargetKey<SkillAccessTab>, number>>)[TARGET_KEY[tab]] ?? 0;
}

/** The key of a tab's link or pair. Example: `linkKey('jobs', {skill_id: 3, job_id: 7})` → '3:7'. */
export function linkKey(tab: SkillAccessTab, link: SkillLinkPair): string {
  return `${link.skill_id}:${targetOf(tab, link)}`;
}

/**
 * The version of a skill's links on the tab as the screen read them (`version` of its links, `NO_LINKS_VERSION`
 * when it had none): when sent, a save over another user's change of them is refused with a 409.
 */
const skillVersionSchema = z.object({ skill_id: idSchema, version: rowVersionSchema });
export type SkillVersion = z.infer<typeof skillVersionSchema>;

/** The body of one tab: the tab, its added and removed pairs, and the versions of their skills (optional). */
function tabUpdateSchemaOf<T extends SkillAccessTab>(tab: T) {
  const batch = z.array(pairSchemaOf(tab)).max(LINK_BATCH_MAX, SKILL_ACCESS_MESSAGES.tooMany).default([]);
  return z.object({
    tab: z.literal(tab),
    add: batch,
    remove: batch,
    versions: z.array(skillVersionSchema).max(LINK_BATCH_MAX, SKILL_ACCESS_MESSAGES.tooMany).optional(),
  });
}

/**
 * `POST /v2/skill-access/update-access`: the added and removed links of one tab, in one transaction, each pair with
 * the tab's key; a pair occurs once across both lists, a skill once in `versions`.
 * Example: `{tab: 'jobs', add: [{skill_id: 1, job_id: 4}], remove: [{skill_id: 2, job_id: 4}],
 * versions: [{skill_id: 1, version: '0'}, {skill_id: 2, version: '2712047081'}]}`.
 */
export const skillAccessUpdateSchema = z
  .discriminatedUnion(
    'tab',
    [
      tabUpdateSchemaOf('jobs'),
      tabUpdateSchemaOf('resourceTypes'),
      tabUpdateSchemaOf('resources'),
      tabUpdateSchemaOf('aircraftTypes'),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? SKILL_ACCESS_MESSAGES.unknownTab : undefined) },
  )
  .superRefine((body, ctx) => {
    if (body.add.length + body.remove.length === 0)
      ctx.addIssue({ code: 'custom', message: SKILL_ACCESS_MESSAGES.empty, path: ['add'] });
    const seen = new Set<string>();
    for (const list of ['add', 'remove'] as const)
      body[list].forEach((pair: SkillLinkPair, index) => {
        const key = linkKey(body.tab, pair);
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            message: SKILL_ACCESS_MESSAGES.duplicate,
            path: [list, index, TARGET_KEY[body.tab]],
          });
        seen.add(key);
      });
    const versioned = new Set<number>();
    body.versions?.forEach((entry, index) => {
      if (versioned.has(entry.skill_id))
        ctx.addIssue({
          code: 'custom',
          message: SKILL_ACCESS_MESSAGES.duplicateVersion,
          path: ['versions', index, 'skill_id'],
        });
      versioned.add(entry.skill_id);
    });
  });
export type SkillAccessUpdate = z.input<typeof skillAccessUpdateSchema>;

/**
 * The body of a tab's save from its pairs, with the versions read of their skills when given.
 * Example: `tabUpdate('jobs', [{skill_id: 1, job_id: 4}], [], [{skill_id: 1, version: '0'}])`.
 */
export function tabUpdate(
  tab: SkillAccessTab,
  add: readonly SkillLinkPair[],
  remove: readonly SkillLinkPair[],
  versions?: readonly SkillVersion[],
): SkillAccessUpdate {
  return (versions ? { tab, add, remove, versions } : { tab, add, remove }) as SkillAccessUpdate;
}
