import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  distanceDeleteSchema,
  distanceEntrySchema,
  distancePatchSchema,
  distanceSaveSchema,
  workplaceQuerySchema,
  workplaceSchema,
} from '../../../shared/workplace.ts';
import { anyRule } from '../../http/access.ts';
import { plainQuery } from '../../http/list.ts';
import { queryIds } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

const route = routeGroup({
  tags: ['Расстояния между рабочими местами'],
  access: anyRule('workplace-distance-index'),
});
const UPDATE = anyRule('workplace-distance-update');
const entries = z.array(distanceEntrySchema);

const ENTRY =
  'Расстояние — метры от workplace_from_id до workplace_to_id, неотрицательное число не больше 100 000 (хранится с двумя знаками после запятой); матрица направленная: A→B и B→A — разные записи. Место не может быть парой самому себе.';
const VERSION =
  'Каждая запись ответа несёт version — версию строки; изменённая запись может вернуть в теле version, прочитанную экраном: если запись с тех пор изменил другой пользователь, ответ 409 с fields update.N.distance и ничего не записано; без version запись не сверяется.';
const SAVE = `Тело: {create: [{workplace_from_id, workplace_to_id, distance}], update: [{id, workplace_from_id, workplace_to_id, distance, version?}]} — списки новых и изменённых записей экрана, каждый до 10 000, хотя бы одна запись; пара мест встречается в теле один раз. Пишется одной транзакцией: неизвестное место или запись (или запись с другой парой мест) — 422 с fields по путям тела (create.0.workplace_to_id, update.2.id), новая пара, уже сохранённая другим пользователем, — 409; в обоих случаях ничего не записано. Ответ — записанные записи с новыми версиями. ${VERSION} ${ENTRY}`;
const PATCH = `Тело: {update: [{id, workplace_from_id, workplace_to_id, distance, version?}]} — изменение расстояний сохранённых записей одной транзакцией; пара мест должна совпадать с сохранённой, иначе 422 на update.N.id и ничего не записано. ${VERSION} ${ENTRY}`;
const DELETE =
  'Тело: {ids: [id, …]} — записи, которые нужно удалить (до 10 000, без повторов). Одна транзакция: если хотя бы одной записи нет, 422 на ids и ничего не удалено. Ответ 204.';

/** Workplaces and the distance matrix (spec 7): reading needs workplace-distance-index, writing -update. */
export const workplaceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.workplace;

  const listed = route({ summary: 'Рабочие места по списку id', response: z.array(workplaceSchema) });
  app.post(
    '/v2/workplace',
    {
      ...listed,
      schema: {
        ...listed.schema,
        description:
          'Тело: {ids: [id, …]} — рабочие места с этими id; пустой список — все места. Порядок: по виду (1 место стоянки, 2 выход на посадку, 3 зал, 4 служебное здание), внутри вида — как на плане аэропорта. Чтение, ничего не пишет.',
        body: workplaceQuerySchema,
      },
    },
    async (request) => service.workplaces(request.body.ids),
  );

  app.get(
    '/v2/workplace-distance',
    route({
      summary:
        'Расстояния от мест workplace_from_id[] до мест workplace_to_id[] (любой список можно не передавать — без ограничения с этой стороны)',
      querystring: plainQuery({
        workplace_from_id: queryIds.optional(),
        workplace_to_id: queryIds.optional(),
      }),
      response: entries,
    }),
    async (request) => service.distances(request.query.workplace_from_id, request.query.workplace_to_id),
  );

  const saved = route({
    summary: 'Сохранение новых и изменённых расстояний',
    response: entries,
    access: UPDATE,
  });
  app.post(
    '/v2/workplace-distance',
    { ...saved, schema: { ...saved.schema, description: SAVE, body: distanceSaveSchema } },
    async (request) => service.save(request.body),
  );

  const patched = route({ summary: 'Изменение сохранённых расстояний', response: entries, access: UPDATE });
  app.patch(
    '/v2/workplace-distance',
    { ...patched, schema: { ...patched.schema, description: PATCH, body: distancePatchSchema } },
    async (request) => service.update(request.body.update),
  );

  const removed = route({
    summary: 'Удаление расстояний (тело со списком id)',
    response: z.null(),
    access: UPDATE,
  });
  app.delete(
    '/v2/workplace-distance',
    {
      ...removed,
      schema: {
        ...removed.schema,
        description: DELETE,
        body: distanceDeleteSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await service.remove(request.body);
      return reply.status(204).send(null);
    },
  );
};
