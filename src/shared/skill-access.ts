/**
 * Skill access (spec 2, 3, 4, 7: "/skill-access"): what a skill grants — jobs, resource types, resources and
 * aircraft types, one tab each — the links as the wire has them and the body of
 * `POST /v2/skill-access/update-access`. Client and server validate with the same schemas.
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
const skillAccessTabSchema = z.enum(Object.keys(SKILL_ACCESS_TABS) as [SkillAccessTab, ...SkillAccessTab[]]);

/** The wire key of a tab's target. Example: `TARGET_KEY.resourceTypes` → 'resource_type_id'. */
export const TARGET_KEY = {
  jobs: 'job_id',
  resourceTypes: 'resource_type_id',
  resources: 'resource_id',
  aircraftTypes: 'aircraft_type_id',
} as const satisfies Record<SkillAccessTab, string>;

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
} as const;

/** A skill, or an item a skill may grant: `{id, name}`. */
export const skillAccessItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type SkillAccessItem = z.infer<typeof skillAccessItemSchema>;

/** A stored link of a tab: the skill and the item of the tab (`target_id` is `job_id` etc. by tab). */
export const skillLinkSchema = z.object({
  id: z.number().int(),
  skill_id: z.number().int(),
  target_id: z.number().int(),
});
export type SkillLink = z.infer<typeof skillLinkSchema>;

/** A link to add or remove: the pair of skill and item. */
const linkPairSchema = z.object({ skill_id: idSchema, target_id: idSchema });
export type SkillLinkPair = z.infer<typeof linkPairSchema>;

/** The key of a pair. Example: `linkKey({skill_id: 3, target_id: 7})` → '3:7'. */
export function linkKey(pair: { skill_id: number; target_id: number }): string {
  return `${pair.skill_id}:${pair.target_id}`;
}

const batch = z.array(linkPairSchema).max(LINK_BATCH_MAX, SKILL_ACCESS_MESSAGES.tooMany).default([]);

/**
 * `POST /v2/skill-access/update-access`: the added and removed links of one tab, in one transaction; a pair occurs
 * once across both lists. Example: `{tab: 'jobs', add: [{skill_id: 1, target_id: 4}], remove: []}`.
 */
export const skillAccessUpdateSchema = z
  .object({ tab: skillAccessTabSchema, add: batch, remove: batch })
  .superRefine((body, ctx) => {
    if (body.add.length + body.remove.length === 0)
      ctx.addIssue({ code: 'custom', message: SKILL_ACCESS_MESSAGES.empty, path: ['add'] });
    const seen = new Set<string>();
    for (const list of ['add', 'remove'] as const)
      body[list].forEach((pair, index) => {
        const key = linkKey(pair);
        if (seen.has(key))
          ctx.addIssue({
            code: 'custom',
            message: SKILL_ACCESS_MESSAGES.duplicate,
            path: [list, index, 'target_id'],
          });
        seen.add(key);
      });
  });
export type SkillAccessUpdate = z.input<typeof skillAccessUpdateSchema>;
