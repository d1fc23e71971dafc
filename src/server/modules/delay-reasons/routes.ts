import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONFIG_DEFAULTS,
  configEntrySchema,
  configPatchSchema,
  delayListsSchema,
  delayUpdateSchema,
  UNFINISHED_MINUTES_MAX,
  UNSTORED_VERSION,
} from '../../../shared/delay-reasons.ts';
import { z } from '../../../shared/messages.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { plainQuery } from '../../http/list.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

// Spec 2 names no rule for the /system/config hash pages: any signed-in user may read and save them.
const route = routeGroup({ tags: ['Причины задержек'], access: 'session' });

const UPDATE =
  'Тело: {delayIata: [{id, is_reason_airport, version?}], delayRrp: [{id, is_reason_airport, version?}]} — только изменённые причины (каждый список можно не передавать, хотя бы одна причина в сумме, id без повторов). Пишется одной транзакцией: неизвестный id — 422 на delayIata.N.id / delayRrp.N.id, и ничего не записано. Каждая причина ответа несёт version — версию строки; изменённая причина может вернуть в теле version, прочитанную экраном: если причину с тех пор изменил другой пользователь, ответ 409 с fields delayIata.N.is_reason_airport / delayRrp.N.is_reason_airport и ничего не записано; без version причина не сверяется. Ответ — оба классификатора после записи, с новыми версиями.';
const KEYS = `Известные ключи: time-show-unfinished-tasks — минуты после планового окончания, в течение которых незавершённая задача ещё показывается (целое 0..${UNFINISHED_MINUTES_MAX}, по умолчанию ${CONFIG_DEFAULTS['time-show-unfinished-tasks']}). Неизвестный ключ — 404.`;
const keyParams = z.object({ key: z.string().max(100) });

/** Delay reasons and operational settings (spec 7): any session reads and writes them (spec 2 names no rule). */
export const delayReasonsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.delayReasons;

  app.get(
    '/v2/delay-iata-rrp',
    route({
      summary:
        'Причины задержек: коды IATA (AHM 730) и классификатор РРП; search — подстрока кода или текста (регистр и ё не различаются)',
      querystring: plainQuery({ search: z.string().max(200).optional() }),
      response: delayListsSchema,
    }),
    async (request) => service.lists(request.query.search),
  );

  const updated = route({
    summary: 'Сохранение признака «причина — аэропорт» у изменённых причин',
    response: delayListsSchema,
  });
  app.put(
    '/v2/delay-iata-rrp/update',
    { ...updated, schema: { ...updated.schema, description: UPDATE, body: delayUpdateSchema } },
    async (request) => service.update(request.body),
  );

  const read = route({ summary: 'Значение операционной настройки', response: configEntrySchema });
  app.get(
    '/v2/config/:key',
    { ...read, schema: { ...read.schema, description: KEYS, params: keyParams } },
    async (request) => service.config(request.params.key),
  );

  const patched = route({
    summary: 'Изменение операционной настройки (тело {value, version?})',
    response: configEntrySchema,
  });
  app.patch(
    '/v2/config/:key',
    {
      ...patched,
      schema: {
        ...patched.schema,
        description: `${KEYS} Значение, не подходящее ключу, — 422 на value, ничего не записано. ${STALE_EDIT_RULE} Настройка, которую ещё не сохраняли (ответ — значение по умолчанию), имеет version ${UNSTORED_VERSION}.`,
        params: keyParams,
        body: configPatchSchema,
      },
    },
    async (request) => service.setConfig(request.params.key, request.body.value, request.body.version),
  );
};
