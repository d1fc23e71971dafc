import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  vipFieldCreateSchema,
  vipFieldEvaluationSchema,
  vipFieldSchema,
  vipFieldUpdateSchema,
} from '../../../shared/tariff-vip.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { VIP_FIELD_LIST } from './service.ts';

const route = routeGroup({ tags: ['Тарифы: VIP-поля'], access: 'session' });
const idParams = z.object({ id: queryId });

const BODY_RULES =
  'Обязательны name и хотя бы по одному значению в vipFieldServiceHalls, vipFieldPassengerCategory, vipFieldAviacompany, vipFieldDirection (1 вылет, 2 прилёт), vipFieldFlightClass, vipFieldFlightType, vipFieldHallAccessType, vipFieldHallPayType; vipFieldTravelClass, vipFieldLoyaltyCardType, vipFieldHallCardBankType могут быть пустыми. Неизвестный id справочника — 422 на поле списка; use_parent_access_type хранится только при выбранном типе допуска 7, иначе null. Поле и все списки пишутся одной транзакцией.';

const EVALUATE =
  'flight_aid — aid разворота (прилёт и вылет одного борта или один рейс). Каждый рейс разворота проверяется по данным рейса: авиакомпания, направление, класс и тип рейса должны входить в выбранные значения поля (пустой список — любое значение). Условия о пассажирах (зал, категория, класс обслуживания, тип допуска, карты, оплата) не проверяются: данных о пассажирах нет, и в шагах они отмечены «не проверяется». Поле применяется к развороту, если подходит хотя бы один его рейс. Время рейса — в зоне Time-Zone.';

/** VIP fields (spec 7.3): reading needs a session, each write its tariff rule. */
export const tariffVipRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.tariffVip;

  app.get(
    '/tariff/vip-field',
    route({
      summary:
        'VIP-поля: страница с фильтрами по каждой колонке (name, description — подстрока; *_id — id, один или несколько; is_guest_count, use_parent_access_type — 1 или 0) и сортировкой по любой колонке',
      querystring: listQuery(VIP_FIELD_LIST),
      response: z.array(vipFieldSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.list(request.query)),
  );

  app.get(
    '/tariff/vip-field/:id',
    withParams(
      route({ summary: 'VIP-поле со всеми списками и вложенными объектами', response: vipFieldSchema }),
    ),
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/tariff/vip-field/:id/evaluate',
    withParams(
      route({
        summary: 'Проверка VIP-поля на реальном развороте: подходит ли рейс по каждому условию',
        querystring: plainQuery({ flight_aid: queryId }),
        response: vipFieldEvaluationSchema,
      }),
      EVALUATE,
    ),
    async (request) => service.evaluate(request.params.id, request.query.flight_aid, request.timeZone),
  );

  const created = route({
    summary: 'Создание VIP-поля',
    response: vipFieldSchema,
    access: anyRule('tariff-vip-field-create'),
  });
  app.post(
    '/tariff/vip-field',
    { ...created, schema: { ...created.schema, description: BODY_RULES, body: vipFieldCreateSchema } },
    async (request) => service.create(request.body),
  );

  const updated = route({
    summary: 'Изменение VIP-поля (id в теле запроса); списки заменяются целиком',
    response: vipFieldSchema,
    access: anyRule('tariff-vip-field-update'),
  });
  app.patch(
    '/tariff/vip-field',
    {
      ...updated,
      schema: {
        ...updated.schema,
        description: `${BODY_RULES} ${STALE_EDIT_RULE}`,
        body: vipFieldUpdateSchema,
      },
    },
    async (request) => {
      const { id, ...input } = request.body;
      return service.update(id, input);
    },
  );

  const removed = route({
    summary: 'Удаление VIP-поля со всеми его списками',
    response: z.null(),
    access: anyRule('tariff-vip-field-delete'),
  });
  app.delete(
    '/tariff/vip-field/:id',
    { ...removed, schema: { ...removed.schema, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** A route of one field: `{id}` in the path, digits in the id range (else 400); an optional long description. */
function withParams<T extends ReturnType<typeof route>>(options: T, description?: string) {
  return {
    ...options,
    schema: { ...options.schema, params: idParams, ...(description ? { description } : {}) },
  };
}
