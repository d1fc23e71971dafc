/**
 * The skill access module's door to the server (spec 7), copied from `../auth/api.ts`: one function per call on the
 * ofetch clients, each answer checked by the shared schemas of `src/shared/skill-access.ts`, every failure an
 * `ApiError`. The machine of `src/machines/skillAccess.ts` invokes these as named actors.
 */
import { z } from '../../shared/messages.ts';
import {
  SKILL_LINK_SCHEMAS,
  type SkillAccessItem,
  type SkillAccessTab,
  type SkillAccessUpdate,
  type SkillLink,
  skillAccessItemSchema,
  TAB_PATH,
} from '../../shared/skill-access.ts';
import { api } from '../api/clients.ts';
import { call } from '../api/request.ts';

const itemsSchema = z.array(skillAccessItemSchema);
/** A tab's links by its own schema: an answer without the tab's key (`job_id` on jobs, …) is refused. */
const linksSchema = (tab: SkillAccessTab) => z.array(SKILL_LINK_SCHEMAS[tab]);

/** Every skill (`GET /v2/skill-access/skill`). */
export function loadSkills(): Promise<SkillAccessItem[]> {
  return call(api, '/v2/skill-access/skill', itemsSchema);
}

/** What a skill may grant on a tab: jobs from the reference list, the rest from the module. */
export function loadTabItems(tab: SkillAccessTab): Promise<SkillAccessItem[]> {
  return call(api, `/v2/${TAB_PATH[tab]}`, itemsSchema);
}

/** The stored links of a tab (`GET /v2/skill-access/{job|resource-type|resource|aircraft-type}`). */
export function loadTabLinks(tab: SkillAccessTab): Promise<SkillLink[]> {
  return call(api, `/v2/skill-access/${TAB_PATH[tab]}`, linksSchema(tab));
}

/** Saves the added and removed links of one tab in one transaction; answers the tab's links. */
export function saveTabLinks(body: SkillAccessUpdate): Promise<SkillLink[]> {
  return call(api, '/v2/skill-access/update-access', linksSchema(body.tab), { method: 'POST', body });
}
