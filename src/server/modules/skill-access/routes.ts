import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  SKILL_ACCESS_TABS,
  SKILL_LINK_SCHEMAS,
  type SkillAccessTab,
  skillAccessItemSchema,
  skillAccessUpdateSchema,
  TAB_PATH,
  TARGET_KEY,
} from '../../../shared/skill-access.ts';
import { anyRule } from '../../http/access.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

const route = routeGroup({ tags: ['Доступы навыков'], access: anyRule('skill-access-index') });
const items = z.array(skillAccessItemSchema);
const TABS = Object.keys(SKILL_ACCESS_TABS) as SkillAccessTab[];
/** The links of each tab, each by its tab's schema; the save answers those of the tab it saved. */
const linksOf = (tab: SkillAccessTab) => z.array(SKILL_LINK_SCHEMAS[tab]);
const savedLinks = z.union(
  TABS.map(linksOf) as [ReturnType<typeof linksOf>, ...ReturnType<typeof linksOf>[]],
);
const KEYS = TABS.map((tab) => `${tab} — ${TARGET_KEY[tab]}`).join(', ');

const VERSION =
  'Каждая связь ответа несёт version — версию связей её навыка на этой вкладке (одну на все его связи; у навыка без связей на вкладке версия 0). Тело может вернуть versions: [{skill_id, version}] — версии, прочитанные экраном, для навыков, которые оно меняет: если связи навыка на вкладке с тех пор изменил другой пользователь, ответ 409 с fields versions.N.version и ничего не записано; навык без версии в теле не сверяется. Изменения других навыков и других вкладок версию не меняют.';
const UPDATE = `Тело: {tab, add: [{skill_id, <ключ вкладки>}], remove: [{skill_id, <ключ вкладки>}], versions?: [{skill_id, version}]} — добавленные и снятые связи одной вкладки; ключ записи по вкладке: ${KEYS}, другого ключа в паре быть не может (422). До 5 000 в каждом списке, хотя бы одна; пара встречается в теле один раз. Одна транзакция: неизвестный навык или запись — 422 с fields по путям тела (add.0.job_id) и ничего не записано; добавление уже сохранённой связи и снятие отсутствующей ничего не меняют. Ответ — связи вкладки после сохранения с новыми версиями: {id, skill_id, <ключ вкладки>, version}. ${VERSION}`;

/** Item lists of the tabs beyond `/v2/job` (reference): what a skill may grant. */
const ITEM_ROUTES: [string, SkillAccessTab, string][] = [
  ['/v2/resource-type', 'resourceTypes', 'Типы ресурсов, доступ к которым дают навыки'],
  ['/v2/resource', 'resources', 'Ресурсы, доступ к которым дают навыки'],
  ['/v2/aircraft-type', 'aircraftTypes', 'Типы ВС, доступ к которым дают навыки'],
];

/** Skill access (spec 7): reading needs skill-access-index, saving skill-access-update. */
export const skillAccessRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.skillAccess;

  app.get('/v2/skill-access/skill', route({ summary: 'Навыки', response: items }), async () =>
    service.skills(),
  );

  for (const tab of TABS)
    app.get(
      `/v2/skill-access/${TAB_PATH[tab]}`,
      route({
        summary: `Связи навыков вкладки «${SKILL_ACCESS_TABS[tab]}»: {id, skill_id, ${TARGET_KEY[tab]}, version}`,
        response: linksOf(tab),
      }),
      async () => service.links(tab),
    );

  for (const [path, tab, summary] of ITEM_ROUTES)
    app.get(path, route({ summary, response: items }), async () => service.items(tab));

  const updated = route({
    summary: 'Сохранение связей навыков одной вкладки',
    response: savedLinks,
    access: anyRule('skill-access-update'),
  });
  app.post(
    '/v2/skill-access/update-access',
    { ...updated, schema: { ...updated.schema, description: UPDATE, body: skillAccessUpdateSchema } },
    async (request) => service.update(request.body),
  );
};
