import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  delayAssignSchema,
  delayEmployeeSchema,
  employeeOptionSchema,
} from '../../../shared/delay-employee.ts';
import { z } from '../../../shared/messages.ts';
import { DAY_PATTERN } from '../../../shared/turnaround.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import { anyRule } from '../../http/access.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { EMPLOYEE_LIST } from './service.ts';

const route = routeGroup({ tags: ['Ответственные за задержки'], access: anyRule('delay-employee-index') });
const delays = z.array(delayEmployeeSchema);

const DAY_MESSAGE = 'Ожидается дата YYYY-MM-DD';
const dayQuery = plainQuery({
  date: z
    .string(DAY_MESSAGE)
    .regex(DAY_PATTERN, DAY_MESSAGE)
    .refine((day) => wallClockToInstant(`${day} 00:00:00`, 'UTC') !== null, DAY_MESSAGE),
});

const ASSIGN =
  'Тело: {items: [{delay_id, employee_id, version?}]} — изменённые назначения: задержка и ответственный сотрудник (null — снять ответственного), от 1 до 1000, каждая задержка один раз. Одна транзакция: неизвестная задержка или сотрудник — 422 на items.N.delay_id / items.N.employee_id, и ничего не записано. Каждая задержка ответа несёт version — версию строки задержки; назначение может вернуть в теле version, прочитанную экраном: если задержку с тех пор изменил другой пользователь, ответ 409 с fields items.N.employee_id и ничего не записано; без version назначение не сверяется. Ответ — изменённые задержки с новыми версиями (время в зоне Time-Zone).';

/** Delay-employee (spec 7): reading needs delay-employee-index, assigning delay-employee-update. */
export const delayEmployeeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.delayEmployee;

  app.get(
    '/v2/delay-employee',
    route({
      summary:
        'Задержки рейсов дня (date=YYYY-MM-DD в зоне Time-Zone): рейс, код IATA (цифровой и буквенный), минуты, ответственный сотрудник',
      querystring: dayQuery,
      response: delays,
    }),
    async (request) => service.ofDay(request.query.date, request.timeZone),
  );

  app.get(
    '/v2/employee',
    route({
      summary:
        'Действующие сотрудники для назначения: filter[name] — часть ФИО, страницы page/per-page (до 50)',
      querystring: listQuery(EMPLOYEE_LIST),
      response: z.array(employeeOptionSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.employees(request.query)),
  );

  const assigned = route({
    summary: 'Назначение ответственных за задержки',
    response: delays,
    access: anyRule('delay-employee-update'),
  });
  app.patch(
    '/v2/delay-employees',
    { ...assigned, schema: { ...assigned.schema, description: ASSIGN, body: delayAssignSchema } },
    async (request) => service.assign(request.body, request.timeZone),
  );
};
