import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allocationBodySchema,
  allocationSchema,
  coefTypeSchema,
  contractorSchema,
} from '../../../shared/allocation.ts';
import { z } from '../../../shared/messages.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, sendPage } from '../../http/list.ts';
import { queryId } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { ALLOCATION_LIST } from './service.ts';

const route = routeGroup({ tags: ['Аллокация подрядчиков'], access: anyRule('allocation-index') });
const idParams = z.object({ id: queryId });

const BODY_RULES =
  'contractor_id и department_id обязательны, подразделение должно принадлежать подрядчику; is_priority_set — подрядчик получает задачи подразделения в первую очередь, is_provide_set — учитывается его обеспеченность персоналом и техникой (оба по умолчанию false); distance_range_set — {from, to} в метрах (0…100000, to ≥ from) или null (любое расстояние); coefs — [{coef_type_id, value}], каждый тип не более одного раза, value 0…1000, не больше 4 знаков после запятой. Неизвестный id — 422 на его поле; запись одной транзакцией.';

/** Contractor allocation (spec 7 "Allocation"): reading needs allocation-index, each write its own rule. */
export const allocationRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.allocation;

  app.get(
    '/v2/allocation',
    route({
      summary:
        'Настройки аллокации: страница (per-page, page; по умолчанию 20), фильтры contractor_id, department_id',
      querystring: listQuery(ALLOCATION_LIST),
      response: z.array(allocationSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.list(request.query)),
  );

  app.get(
    '/v2/allocation/:id',
    withParams(
      route({
        summary: 'Настройка аллокации с подрядчиком, подразделением и коэффициентами',
        response: allocationSchema,
      }),
    ),
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/v2/contractor',
    route({ summary: 'Подрядчики (id, name)', response: z.array(contractorSchema) }),
    async () => service.contractors(),
  );

  app.get(
    '/v2/coef-type',
    route({ summary: 'Типы коэффициентов аллокации (id, name)', response: z.array(coefTypeSchema) }),
    async () => service.coefTypes(),
  );

  const created = route({
    summary: 'Создание настройки аллокации',
    response: allocationSchema,
    access: anyRule('allocation-create'),
  });
  app.post(
    '/v2/allocation',
    { ...created, schema: { ...created.schema, description: BODY_RULES, body: allocationBodySchema } },
    async (request) => service.create(request.body),
  );

  const updated = route({
    summary: 'Изменение настройки аллокации; коэффициенты заменяются целиком',
    response: allocationSchema,
    access: anyRule('allocation-update'),
  });
  app.patch(
    '/v2/allocation/:id',
    {
      ...updated,
      schema: {
        ...updated.schema,
        params: idParams,
        description: `${BODY_RULES} ${STALE_EDIT_RULE}`,
        body: allocationBodySchema,
      },
    },
    async (request) => service.update(request.params.id, request.body),
  );

  const removed = route({
    summary: 'Удаление настройки аллокации с её коэффициентами',
    response: z.null(),
    access: anyRule('allocation-delete'),
  });
  app.delete(
    '/v2/allocation/:id',
    { ...removed, schema: { ...removed.schema, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** A route of one allocation: `{id}` in the path, digits in the id range (else 400). */
function withParams<T extends ReturnType<typeof route>>(options: T) {
  return { ...options, schema: { ...options.schema, params: idParams } };
}
