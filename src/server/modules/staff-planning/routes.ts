import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  departmentSchema,
  employeePositionSchema,
  flightParamsSchema,
  namedItemSchema,
  scaleSchema,
} from '../../../shared/reference.ts';
import { plainQuery } from '../../http/list.ts';
import { readPeriod } from '../../http/period.ts';
import { queryId, queryIds, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
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

/** The reference lists of the staff-planning screen; every route needs only a session. */
export const staffPlanningRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.staffPlanning;

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
