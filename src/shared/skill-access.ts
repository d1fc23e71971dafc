/**
 * Skill access (spec 2, 3, 4, 7: "/skill-access"): what a skill grants — jobs, resource types, resources and
 * aircraft types, one tab each — the links as the wire has them (the item under the tab's key, `TARGET_KEY`) and the
 * body of `POST /v2/skill-access/update-access`. Client and server validate with the same schemas.
 */
import { z } from './messages.ts';
import { idSchema } from './reference.ts';

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

/** A stored link of a tab: `{id, skill_id, job_id}` on jobs, `{id, skill_id, resource_id}` on resources, … */
function linkSchemaOf<T extends SkillAccessTab>(tab: T) {
  return z.object({
    id: z.number().int(),
    skill_id: z.number().int(),
    ...keyed(TARGET_KEY[tab], z.number().int()),
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

/** The body of one tab: the tab and its added and removed pairs. */
function tabUpdateSchemaOf<T extends SkillAccessTab>(tab: T) {
  const batch = z.array(pairSchemaOf(tab)).max(LINK_BATCH_MAX, SKILL_ACCESS_MESSAGES.tooMany).default([]);
  return z.object({ tab: z.literal(tab), add: batch, remove: batch });
}

/**
 * `POST /v2/skill-access/update-access`: the added and removed links of one tab, in one transaction, each pair with
 * the tab's key; a pair occurs once across both lists.
 * Example: `{tab: 'jobs', add: [{skill_id: 1, job_id: 4}], remove: [{skill_id: 2, job_id: 4}]}`.
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
  });
export type SkillAccessUpdate = z.input<typeof skillAccessUpdateSchema>;

/** The body of a tab's save from its pairs. Example: `tabUpdate('jobs', [{skill_id: 1, job_id: 4}], [])`. */
export function tabUpdate(
  tab: SkillAccessTab,
  add: readonly SkillLinkPair[],
  remove: readonly SkillLinkPair[],
): SkillAccessUpdate {
  return { tab, add, remove } as SkillAccessUpdate;
}
