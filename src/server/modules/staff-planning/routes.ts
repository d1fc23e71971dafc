import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  departmentSchema,
  employeePositionSchema,
  flightParamsSchema,
  namedItemSchema,
  scaleSchema,
} from '../../../shared/reference.ts';
import { planningFlightsSchema } from '../../../shared/staff-planning.ts';
import { anyRule } from '../../http/access.ts';
import { plainQuery } from '../../http/list.ts';
import { readPeriod } from '../../http/period.ts';
import { sendJsonBuffer } from '../../http/precompressed.ts';
import { queryId, queryIds, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { flightQuerySchema, readFlightQuery } from './flightQuery.ts';
import { PLANNING_MAX_DAYS } from './service.ts';

const route = routeGroup({ tags: ['Планирование: справочники'], access: 'session' });

const PLAN_PERIOD = { begin: 'plan_begin_time', end: 'plan_end_time', maxDays: PLANNING_MAX_DAYS } as const;

const positionQuery = plainQuery({
  plan_begin_time: queryText.optional(),
  plan_end_time: queryText.optional(),
  flight_schedule_id: queryIds.optional(),
  flight_type: queryIds.optional(),
  flight_status: queryIds.optional(),
  department_id: queryId.optional(),
  department_ids: queryIds.optional(),
}).superRefine((query, ctx) => {
  // The flight filters narrow the tasks of a period; without one they would scan every task there is.
  const flightFiltered = query.flight_schedule_id || query.flight_type || query.flight_status;
  if (flightFiltered && !query.plan_begin_time && !query.plan_end_time)
    ctx.addIssue({ code: 'custom', message: MESSAGES.periodBothBounds, path: ['plan_begin_time'] });
});

const FLIGHT_DESCRIPTION = `Рейсы и их задачи наземного обслуживания для шкалы планирования персонала. Период times[]=начало&times[]=конец обязателен (YYYY-MM-DD HH:mm:ss в зоне Time-Zone, не длиннее ${PLANNING_MAX_DAYS} дней). flight_period_type=2 (по умолчанию): рейсы, плановое время которых в периоде; 1: рейсы, задача которых пересекает период. Фильтры рейсов: flight_schedule_id[], flight_type[], flight_status[], flight_class[]. Фильтры задач: employee_position[] (задачи, которым нужна одна из должностей; в employee_positions только они, count — их сумма), department_id (то же для должностей подразделения), resource_type_id[], job[]; рейс без подходящих задач не выводится. Время задачи — плановое (plan_begin_at … plan_end_at); begin/end рейса — от начала первой до конца последней его задачи (плановое время рейса, если задач нет). is_conflict=1: сотрудник одной из задач рейса занят в то же время другой задачей. Нехватка персонала: taskEmployee.length < count. scale проверяется по справочнику масштабов. Неизвестные id, неверные даты и списки — 400 с fields. Сортировка: begin, затем id.`;

/** The reference lists of the staff-planning screen; every route needs only a session. */
export const staffPlanningRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.staffPlanning;
  // The flight answer's worker thread ends with the app, so that nothing outlives app.close().
  app.addHook('onClose', () => service.close());
  // A listening server loads the worker now, not on the first month asked for (tests through inject never listen).
  app.addHook('onListen', async () => {
    service.warm().catch((error) => app.log.warn({ err: error }, 'planning flight thread warm-up failed'));
  });

  app.get(
    '/planning/flight',
    route({
      summary: 'Рейсы с задачами наземного обслуживания за период (шкала планирования персонала)',
      description: FLIGHT_DESCRIPTION,
      querystring: flightQuerySchema,
      response: planningFlightsSchema,
      access: anyRule('strategic-planning-index'),
    }),
    async (request, reply) => {
      const query = await readFlightQuery(app, request.query, request.timeZone);
      const json = await service.flightsJson(query, request.signal);
      // The service writes the JSON bytes itself (a month is ~70,000 tasks): a Buffer goes out as is, without the
      // schema's serializer walking it again (the schema above documents the answer), brotli-compressed once per
      // cached answer rather than once per request.
      return sendJsonBuffer(request, reply, json);
    },
  );
  app.get(
    '/planning/flight-params',
    route({
      summary:
        'Списки фильтров: виды расписания, статусы заявок, типы и классы рейсов, вид периода; с выбором по умолчанию',
      response: flightParamsSchema,
    }),
    async () => service.flightParams(),
  );
  app.get(
    '/planning/department',
    route({
      summary: 'Подразделения аэропорта',
      response: z.array(departmentSchema.omit({ contractor_id: true })),
    }),
    async () => service.departments(),
  );
  app.get(
    '/planning/scale',
    route({ summary: 'Масштабы шкалы (period, минуты; is_default)', response: z.array(scaleSchema) }),
    async () => service.scales(),
  );
  app.get(
    '/planning/resource-type',
    route({ summary: 'Типы ресурсов', response: z.array(namedItemSchema) }),
    async () => service.resourceTypes(),
  );

  app.get(
    '/planning/employee-position',
    route({
      summary: `Должности подразделений, нужные задачам за период (plan_begin_time и plan_end_time вместе, в зоне Time-Zone, не длиннее ${PLANNING_MAX_DAYS} дней) на рейсах выбранных видов, типов и статусов; без периода — все должности подразделений`,
      querystring: positionQuery,
      response: z.array(employeePositionSchema),
    }),
    async (request) => {
      const q = request.query;
      const departmentIds = [
        ...(q.department_ids ?? []),
        ...(q.department_id !== undefined ? [q.department_id] : []),
      ];
      return service.positions(
        {
          period: readPeriod(q, PLAN_PERIOD, request.timeZone),
          flightSchedule: q.flight_schedule_id,
          flightType: q.flight_type,
          flightStatus: q.flight_status,
          departmentIds: departmentIds.length ? departmentIds : undefined,
        },
        request.signal,
      );
    },
  );
  app.get(
    '/planning/job',
    route({
      summary:
        'Работы, которые выполняют должности employee_position_id[] (или должности подразделения department_id)',
      querystring: plainQuery({
        department_id: queryId.optional(),
        employee_position_id: queryIds.optional(),
      }),
      response: z.array(namedItemSchema),
    }),
    async (request) =>
      service.jobs({
        departmentId: request.query.department_id,
        positionIds: request.query.employee_position_id,
      }),
  );
};
