import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BRS_BOUNDS as B,
  BRS_LABELS,
  brsCreateSchema,
  brsRegisterSchema,
  brsUpdateSchema,
  PRIORITY_HANDLING,
  RUSH_HANDLING,
} from '../../../shared/brs-config.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { anyRule } from '../../http/access.ts';
import { plainQuery } from '../../http/list.ts';
import { queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

const route = routeGroup({
  tags: ['Настройки БРС авиакомпаний'],
  access: anyRule('edit-settings-baggage-aviacompany'),
});

const list = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([key, name]) => `${key} (${name})`)
    .join(', ');

const SETTINGS = [
  `${BRS_LABELS.is_enabled}: is_enabled; ${BRS_LABELS.bsm_exchange}: bsm_exchange; ${BRS_LABELS.bpm_exchange}: bpm_exchange (true/false)`,
  `max_bag_weight_kg ${B.max_bag_weight_kg.min}..${B.max_bag_weight_kg.max}, max_bag_pieces ${B.max_bag_pieces.min}..${B.max_bag_pieces.max}, loading_close_minutes ${B.loading_close_minutes.min}..${B.loading_close_minutes.max} (целые)`,
  `priority_tag_handling: ${list(PRIORITY_HANDLING)}; rush_tag_handling: ${list(RUSH_HANDLING)}`,
].join('. ');

/**
 * Airline baggage-register settings (spec 7, "Airline baggage register"): create and update need
 * `edit-settings-baggage-aviacompany`; reading is `GET /aviacompany?expand=aviacompanyBaggageRegister`.
 */
export const brsConfigRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.brsConfig;

  const created = route({
    summary: 'Создание настроек БРС авиакомпании, у которой их нет (409, если есть)',
    response: brsRegisterSchema,
  });
  app.post(
    '/brs/api/v1/aviacompany-baggage-register/create',
    { ...created, schema: { ...created.schema, description: SETTINGS, body: brsCreateSchema } },
    async (request) => service.create(request.body),
  );

  const updated = route({
    summary: 'Изменение настроек БРС (любые из полей; авиакомпания не меняется)',
    querystring: plainQuery({ id: queryId }),
    response: brsRegisterSchema,
  });
  app.patch(
    '/brs/api/v1/aviacompany-baggage-register/update',
    {
      ...updated,
      schema: { ...updated.schema, description: `${SETTINGS}. ${STALE_EDIT_RULE}`, body: brsUpdateSchema },
    },
    async (request) => service.update(request.query.id, request.body),
  );
};
