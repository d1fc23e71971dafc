import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_PERIOD_DAYS } from '../../../shared/dates.ts';
import { MESSAGES, z } from '../../../shared/messages.ts';
import { namedItemSchema } from '../../../shared/reference.ts';
import {
  accessibilitySchema,
  replaceEmployeeSchema,
  replaceResultSchema,
  teamAircraftTypeSchema,
  teamCandidatesSchema,
  teamDepartmentSchema,
  teamPayloadSchema,
  teamPositionSchema,
  teamSchema,
  teamsSchema,
  timeCalendarSchema,
} from '../../../shared/team-planning.ts';
import { DAY_PATTERN } from '../../../shared/turnaround.ts';
import { wallClockToInstant } from '../../../shared/wallClock.ts';
import { STALE_EDIT_RULE } from '../../db/rowVersion.ts';
import { plainQuery } from '../../http/list.ts';
import { readPeriod, requirePeriod } from '../../http/period.ts';
import { queryId, queryIds, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { assignRoutes } from './assignRoutes.ts';
import { flightRoutes } from './flightRoutes.ts';
import { READ, TAGS, WRITE } from './rules.ts';

const route = routeGroup({ tags: TAGS, access: READ });
const items = z.array(namedItemSchema);
const idParams = z.object({ id: queryId });

/** The department rule of every write that puts positions or people in a team (departments.ts). */
const OWN_DEPARTMENT =
  'Без team-all должности правил — только подразделения бригады (иначе 422 на employee_position_id правила), ' +
  'сотрудники — только её подразделения: и по карточке сотрудника, и по его должности (иначе 422 на его ' +
  'employee_id); team-all может включать должности и сотрудников других подразделений.';

const PAYLOAD =
  'Тело: {name, begin_datetime, end_datetime (YYYY-MM-DD HH:mm:ss в зоне Time-Zone, не длиннее 48 часов), team_status_id, ' +
  'department_id, employeePositionRules: [{employee_position_id, count, resource_ids[], resource_type_ids[], ' +
  'aircraft_type_ids[], job_ids[], employees: [{employee_id, is_main_employee}]}]}. Должность — одно правило на ' +
  'бригаду; сотрудник занимает должность правила, состоит в бригаде один раз, не состоит в другой (не расформированной) ' +
  'бригаде в это время и имеет навыки, дающие доступ ко всем ресурсам, типам ресурсов, типам ВС и работам правила ' +
  '(элемент, к которому не даёт доступ ни один навык, доступен всем). PUT заменяет правила и состав целиком. Одна ' +
  'транзакция: ошибки — 422 с fields по путям тела (employeePositionRules.0.employees.1.employee_id). Бригаду чужого ' +
  'подразделения при edit-department-team без team-all — 403. ' +
  OWN_DEPARTMENT;

/** The PUT's version rule: the team's version covers its members, which the member writes change. */
const VERSION =
  `${STALE_EDIT_RULE} Версия бригады (version её ответов) меняется и при изменении состава: add-employee, ` +
  'replace-employee, delete-employee.';

const teamListQuery = plainQuery({
  begin_datetime: z.string().max(40).optional(),
  end_datetime: z.string().max(40).optional(),
  emp_pos_id: queryIds.optional(),
  status_id: queryIds.optional(),
  department_id: queryIds.optional(),
  name: queryText.optional(),
});

const employeeQuery = plainQuery({
  dates: z
    .array(z.string().max(40))
    .max(2)
    .optional()
    .describe('dates[]=начало&dates[]=конец (YYYY-MM-DD HH:mm:ss)'),
  begin_datetime: z.string().max(40).optional().describe('то же, что dates[0]'),
  end_datetime: z.string().max(40).optional().describe('то же, что dates[1]'),
  department_id: queryIds.optional(),
  emp_pos_id: queryIds.optional(),
  resource_id: queryIds.optional(),
  resource_type_id: queryIds.optional(),
  aircraft_type_id: queryIds.optional(),
  job_id: queryIds.optional(),
  name: queryText.optional(),
  team_id: queryId.optional(),
});

const dayQuery = plainQuery({
  date: z
    .string(MESSAGES.dateFormat)
    .regex(DAY_PATTERN, MESSAGES.dateFormat)
    .refine((day) => wallClockToInstant(`${day} 00:00:00`, 'UTC') !== null, MESSAGES.dateFormat)
    // A night shift of the last four-digit day ends in year 10000, which the answer's format cannot write (a 500).
    .refine((day) => day < '9999-12-31', MESSAGES.dateFormat),
});

const accessibleQuery = plainQuery({
  team_id: queryId.optional(),
  begin_datetime: z.string().max(40).optional(),
  end_datetime: z.string().max(40).optional(),
  employee_id: queryIds.pipe(z.array(z.number()).min(1, MESSAGES.required).max(1000)),
});

/** Team planning (spec 7): reads need any of the four team rules; writes edit-department-team or team-all. */
export const teamPlanningRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  const service = options.services.teamPlanning;
  const base = '/team-planning';

  app.get(`${base}/team-status`, route({ summary: 'Статусы бригад', response: items }), () =>
    service.statuses(),
  );
  app.get(
    `${base}/department`,
    route({ summary: 'Подразделения', response: z.array(teamDepartmentSchema) }),
    () => service.departments(),
  );
  app.get(
    `${base}/employee-position`,
    route({
      summary: 'Должности (фильтр department_id[])',
      querystring: plainQuery({ department_id: queryIds.optional() }),
      response: z.array(teamPositionSchema),
    }),
    (request) => service.positions(request.query.department_id),
  );
  app.get(`${base}/job`, route({ summary: 'Работы', response: items }), () => service.jobs());
  app.get(`${base}/resource`, route({ summary: 'Ресурсы', response: items }), () => service.resources());
  app.get(`${base}/resource-type`, route({ summary: 'Типы ресурсов', response: items }), () =>
    service.resourceTypes(),
  );
  app.get(
    `${base}/aircraft-type`,
    route({ summary: 'Типы ВС', response: z.array(teamAircraftTypeSchema) }),
    () => service.aircraftTypes(),
  );
  app.get(
    `${base}/time-calendar`,
    route({
      summary: 'Смены дня (date=YYYY-MM-DD): рабочие смены, положенные на этот день по часам аэропорта',
      querystring: dayQuery,
      response: timeCalendarSchema,
    }),
    (request) => service.timeCalendar(request.query.date, request.timeZone),
  );

  app.get(
    `${base}/v1/team`,
    route({
      summary: 'Бригады периода (begin_datetime и end_datetime обязательны, ≤ 93 дней)',
      description:
        'Бригады, работающие в периоде, с правилами должностей, доступами и составом; фильтры emp_pos_id[], ' +
        'status_id[], department_id[], name (часть названия). read-department-team и edit-department-team без ' +
        'read-all-team и team-all видят только бригады своего подразделения. count — сумма count правил, ' +
        'real_count — число сотрудников.',
      querystring: teamListQuery,
      response: teamsSchema,
    }),
    (request) => {
      const q = request.query;
      const period = requirePeriod(q, 'begin_datetime', 'end_datetime', request.timeZone);
      return service.teams(
        {
          period,
          positionIds: q.emp_pos_id,
          statusIds: q.status_id,
          departmentIds: q.department_id,
          name: q.name?.trim() || undefined,
        },
        request.user,
        request.timeZone,
      );
    },
  );

  app.get(
    `${base}/v1.1/employee`,
    route({
      summary: 'Сотрудники для бригады',
      description:
        `Активные сотрудники по имени, не больше 1000; фильтры department_id[], emp_pos_id[], name, и resource_id[], ` +
        'resource_type_id[], aircraft_type_id[], job_id[] — остаются те, чьи навыки дают доступ ко всем названным. С ' +
        'dates[] (начало и конец; или begin_datetime и end_datetime) is_accessible: сотрудник не состоит в другой бригаде в это время (кроме team_id), ' +
        'busy_in — такие бригады.',
      querystring: employeeQuery,
      response: teamCandidatesSchema,
    }),
    (request) => {
      const q = request.query;
      const [begin, end] = q.dates ?? [q.begin_datetime, q.end_datetime];
      const period = readPeriod(
        { begin, end },
        { begin: 'begin', end: 'end', maxDays: MAX_PERIOD_DAYS },
        request.timeZone,
      );
      return service.employees({
        period,
        departmentIds: q.department_id,
        positionIds: q.emp_pos_id,
        resourceIds: q.resource_id,
        resourceTypeIds: q.resource_type_id,
        aircraftTypeIds: q.aircraft_type_id,
        jobIds: q.job_id,
        name: q.name?.trim() || undefined,
        teamId: q.team_id,
      });
    },
  );

  app.get(
    `${base}/check-employee-accessible`,
    route({
      summary: 'Доступны ли сотрудники бригаде на период',
      description:
        'employee_id[] (до 1000), begin_datetime, end_datetime, team_id (необязательно). Доступен: активен, не ' +
        'состоит в другой бригаде в это время; с team_id ещё и у бригады есть правило его должности, а навыки дают ' +
        'доступ ко всему, что правило требует. reasons — почему нет.',
      querystring: accessibleQuery,
      response: accessibilitySchema,
    }),
    (request) => {
      const q = request.query;
      const period = requirePeriod(q, 'begin_datetime', 'end_datetime', request.timeZone);
      return service.accessible(q.employee_id, period, q.team_id);
    },
  );

  const created = route({ summary: 'Создание бригады', response: teamSchema, access: WRITE });
  app.post(
    `${base}/v1/team`,
    { ...created, schema: { ...created.schema, description: PAYLOAD, body: teamPayloadSchema } },
    (request) => service.save(request.body, undefined, request.user, request.timeZone),
  );
  const updated = route({ summary: 'Изменение бригады', response: teamSchema, access: WRITE });
  app.put(
    `${base}/v1/team/:id`,
    {
      ...updated,
      schema: {
        ...updated.schema,
        description: `${PAYLOAD} ${VERSION}`,
        params: idParams,
        body: teamPayloadSchema,
      },
    },
    (request) => service.save(request.body, request.params.id, request.user, request.timeZone),
  );
  const removed = route({
    summary: 'Удаление бригады',
    description:
      'Сотрудники бригады снимаются с задач её рейсов, связи с рейсами удаляются; одна транзакция. Ответ {id, name}.',
    response: z.object({ id: z.number(), name: z.string() }),
    access: WRITE,
  });
  app.delete(
    `${base}/v1/team/:team_id`,
    { ...removed, schema: { ...removed.schema, params: z.object({ team_id: queryId }) } },
    (request) => service.remove(request.params.team_id, request.user),
  );
  const added = route({
    summary: 'Добавление сотрудников в бригаду (employee_id[]): каждого — в правило его должности',
    description: `Ошибки — 422 с fields employee_id.<номер в запросе>. ${OWN_DEPARTMENT}`,
    querystring: plainQuery({
      employee_id: queryIds.pipe(z.array(z.number()).min(1, MESSAGES.required).max(100)),
    }),
    response: teamSchema,
    access: WRITE,
  });
  app.put(
    `${base}/v1.1/team/:id/add-employee`,
    { ...added, schema: { ...added.schema, params: idParams } },
    (request) =>
      service.addEmployees(request.params.id, request.query.employee_id, request.user, request.timeZone),
  );
  const replaced = route({
    summary: 'Замена сотрудника бригады',
    description:
      'Тело {employee_id}: новый сотрудник встаёт в правило старого (old_id) с тем же признаком основного; он должен ' +
      'занимать должность правила и быть доступен. Задачи старого на рейсах бригады переходят к новому, если он ' +
      'может их взять (в смене бригады, навыки позволяют, нет пересечения с его задачами); остальные остаются без ' +
      'исполнителя. Ответ — бригада и число задач: tasks_handed_over (переданы), tasks_left_uncovered (без исполнителя). ' +
      OWN_DEPARTMENT,
    response: replaceResultSchema,
    access: WRITE,
  });
  app.put(
    `${base}/v1/team/:id/replace-employee/:old_id`,
    {
      ...replaced,
      schema: {
        ...replaced.schema,
        params: z.object({ id: queryId, old_id: queryId }),
        body: replaceEmployeeSchema,
      },
    },
    (request) =>
      service.replaceEmployee(
        request.params.id,
        request.params.old_id,
        request.body.employee_id,
        request.user,
        request.timeZone,
      ),
  );
  const dropped = route({
    summary: 'Исключение сотрудника из бригады (он снимается с задач её рейсов)',
    response: teamSchema,
    access: WRITE,
  });
  app.delete(
    `${base}/v1/team/:team_id/delete-employee/:employee_id`,
    {
      ...dropped,
      schema: { ...dropped.schema, params: z.object({ team_id: queryId, employee_id: queryId }) },
    },
    (request) =>
      service.deleteEmployee(
        request.params.team_id,
        request.params.employee_id,
        request.user,
        request.timeZone,
      ),
  );

  await flightRoutes(app, options);
  await assignRoutes(app, options);
};
