import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  departmentSchema,
  employeePositionSchema,
  flightParamsSchema,
  namedItemSchema,
  scaleSchema,
} from '../../../shared/reference.ts';
import { BadRequestError } from '../../http/errors.ts';
import { parseListQuery } from '../../http/list.ts';
import { queryArray } from '../../http/query.ts';
import { createPlanningRefsService } from './service.ts';
import { wallClockToInstant } from './time.ts';

const TAGS = ['Планирование: справочники'];
const NO_FILTERS = { filters: [], sorts: [] } as const;
const ids = queryArray(z.coerce.number().int());
const optionalId = z.coerce.number().int().optional();

const positionQuery = z.looseObject({
  plan_begin_time: z.string().optional(),
  plan_end_time: z.string().optional(),
  flight_schedule_id: ids.optional(),
  flight_type: ids.optional(),
  flight_status: ids.optional(),
  department_id: optionalId,
  department_ids: ids.optional(),
});

/** The reference lists of the staff-planning screen; every route needs only a session. */
export const planningRefsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const service = createPlanningRefsService(app.db);
  const reply200 = <T extends z.ZodType>(summary: string, schema: T) => ({
    schema: { tags: TAGS, summary, response: { 200: schema } },
  });

  app.get(
    '/planning/flight-params',
    reply200(
      'Списки фильтров: виды расписания, статусы заявок, типы и классы рейсов, вид периода; с выбором по умолчанию',
      flightParamsSchema,
    ),
    async (request) => {
      parseListQuery(request.query as Record<string, unknown>, NO_FILTERS);
      return service.flightParams();
    },
  );
  app.get(
    '/planning/department',
    reply200('Подразделения аэропорта', z.array(departmentSchema.omit({ contractor_id: true }))),
    async (request) => {
      parseListQuery(request.query as Record<string, unknown>, NO_FILTERS);
      return service.departments();
    },
  );
  app.get(
    '/planning/scale',
    reply200('Масштабы шкалы (period, минуты; is_default)', z.array(scaleSchema)),
    async (request) => {
      parseListQuery(request.query as Record<string, unknown>, NO_FILTERS);
      return service.scales();
    },
  );
  app.get('/planning/resource-type', reply200('Типы ресурсов', z.array(namedItemSchema)), async (request) => {
    parseListQuery(request.query as Record<string, unknown>, NO_FILTERS);
    return service.resourceTypes();
  });

  app.get(
    '/planning/employee-position',
    {
      schema: {
        tags: TAGS,
        summary:
          'Должности подразделений, нужные задачам за период (plan_begin_time, plan_end_time в зоне Time-Zone) на рейсах выбранных видов, типов и статусов',
        querystring: positionQuery,
        response: { 200: z.array(employeePositionSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      const q = request.query;
      const instant = (field: 'plan_begin_time' | 'plan_end_time') => {
        const text = q[field];
        if (!text) return undefined;
        const at = wallClockToInstant(text, request.timeZone);
        if (!at)
          throw new BadRequestError(MESSAGES.malformed, { [field]: ['Ожидается YYYY-MM-DD HH:mm:ss'] });
        return at;
      };
      const departmentIds = [
        ...(q.department_ids ?? []),
        ...(q.department_id !== undefined ? [q.department_id] : []),
      ];
      return service.positions({
        begin: instant('plan_begin_time'),
        end: instant('plan_end_time'),
        flightSchedule: q.flight_schedule_id,
        flightType: q.flight_type,
        flightStatus: q.flight_status,
        departmentIds: departmentIds.length ? departmentIds : undefined,
      });
    },
  );
  app.get(
    '/planning/job',
    {
      schema: {
        tags: TAGS,
        summary:
          'Работы, которые выполняют должности employee_position_id[] (или должности подразделения department_id)',
        querystring: z.looseObject({ department_id: optionalId, employee_position_id: ids.optional() }),
        response: { 200: z.array(namedItemSchema) },
      },
    },
    async (request) => {
      parseListQuery(request.query, NO_FILTERS);
      return service.jobs(request.query.department_id, request.query.employee_position_id);
    },
  );
};
