import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import { patternSaveSchema, patternSchema, patternTypeSchema } from '../../../shared/postal-statements.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';

// Spec 2 names no rule for the /system/config hash pages: any signed-in user reads and saves them, as delay reasons.
const route = routeGroup({ tags: ['Почтовые ведомости'], access: 'session' });
const list = z.array(patternSchema);

const SAVE =
  'Тело: {patterns: [{id?, version?, pattern_type_id, department_ids: [id], excluded_position_ids: [id]}], removed?: [{id, version}]} — весь набор шаблонов, как на экране: шаблон с id сохраняется (и переписывается, если изменён), без id — создаётся, сохранённые шаблоны, которых нет в теле, удаляются. До 200 шаблонов; в шаблоне хотя бы одно подразделение, значения без повторов; исключать можно только должности выбранных подразделений. Одна транзакция: неизвестный шаблон, тип, подразделение или должность и чужая должность — 422 с fields по путям тела (patterns.0.department_ids.1, patterns.2.excluded_position_ids.0), и ничего не записано. Каждый шаблон ответа несёт version — версию строки, которая меняется при каждом изменении шаблона (шаблон, присланный без изменений, не переписывается). Шаблон тела может вернуть version, прочитанную экраном, а removed — перечислить удаляемые шаблоны с их версиями: если шаблон с тех пор изменил другой пользователь, ответ 409 с fields patterns.N.id / removed.N.id, если при переданном removed в базе есть шаблон, которого нет ни в patterns, ни в removed (его добавил другой пользователь), — 409 с fields removed; ничего не записано. Без version шаблон не сверяется, без removed не сверяются удаляемые. Ответ — сохранённые шаблоны с их версиями (у изменённых и созданных — новыми).';

/** Postal statements (spec 7): patterns and their types; any session reads and writes them (spec 2 names no rule). */
export const postalStatementsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.postalStatements;

  app.get(
    '/v2/pattern-type',
    route({ summary: 'Типы шаблонов почтовых ведомостей', response: z.array(patternTypeSchema) }),
    async () => service.types(),
  );

  app.get(
    '/v2/pattern',
    route({
      summary:
        'Шаблоны почтовых ведомостей: подразделения, исключённые должности и должности, которые шаблон охватывает',
      response: list,
    }),
    async () => service.list(),
  );

  const saved = route({ summary: 'Сохранение всего набора шаблонов', response: list });
  app.post(
    '/v2/pattern',
    { ...saved, schema: { ...saved.schema, description: SAVE, body: patternSaveSchema } },
    async (request) => service.save(request.body),
  );
};
