import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_DEFAULT_DAYS,
  AUDIT_MAX_PER_PAGE,
  auditEntitySchema,
  auditEntrySchema,
  auditUserSchema,
} from '../../../shared/audit.ts';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { z } from '../../../shared/messages.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, sendPage } from '../../http/list.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { AUDIT_LIST } from './service.ts';

const route = routeGroup({ tags: ['Журнал изменений'], access: anyRule('audit-index') });

const LIST = `Каждая записанная строка бизнес-таблиц: кто (user — {id, login, name}, null — система: загрузка демо-данных, миграции, консольные команды, фоновые задачи), когда (at — ISO 8601 со смещением часового пояса запроса), action (insert, update, delete), entity (таблица), entity_id (первичный ключ строки; составной — через запятую), change (insert — новая строка, delete — удалённая, update — только изменённые столбцы {столбец: [было, стало]}; пароли и токены — «***»), refs — названия записей, на которые ссылаются id в change, на момент запроса: {столбец: {id: название}} для столбцов *_id, указывающих на известную таблицу (сотрудники — «Фамилия И. О.», подразделения, должности, авиакомпании, рейсы — «SU1234 25.11.2026 10:30», пользователи — «Имя (логин)», …); null — запись с тех пор удалена; столбцов без ссылок в refs нет. Названия читаются одним запросом на таблицу и только для id текущей страницы. Пишется триггерами в той же транзакции, что и изменение. Новые сверху. Фильтры: filter[user_id] (один или несколько id), filter[entity], filter[entity_id], filter[from] и filter[to] (YYYY-MM-DD или YYYY-MM-DD HH:mm:ss в часовом поясе запроса; день в to — включительно). Без периода — последние ${AUDIT_DEFAULT_DAYS} дней; с одной границей — ${AUDIT_DEFAULT_DAYS} дней от неё или до неё; период длиннее ${MAX_PERIOD_DAYS} дней или обратный — 400 с fields. per-page до ${AUDIT_MAX_PER_PAGE} (по умолчанию 50), заголовки x-pagination-*.`;

/** The audit trail (issue 17): administrators read it; nothing here writes. */
export const auditRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.audit;

  app.get(
    '/audit',
    route({
      summary: 'Журнал изменений: страница записей',
      description: LIST,
      querystring: listQuery(AUDIT_LIST),
      response: z.array(auditEntrySchema),
    }),
    async (request, reply) =>
      sendPage(reply, request.query, await service.list(request.query, request.timeZone)),
  );

  app.get(
    '/audit/entities',
    route({
      summary:
        'Журнал изменений: таблицы, изменения которых записываются, с русскими названиями (для фильтра)',
      response: z.array(auditEntitySchema),
    }),
    async () => service.entities(),
  );

  app.get(
    '/audit/users',
    route({
      summary: 'Журнал изменений: пользователи для фильтра (id, login, name; первые 1 000 по имени)',
      response: z.array(auditUserSchema),
    }),
    async () => service.users(),
  );
};
