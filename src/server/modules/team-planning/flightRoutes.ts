import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, z } from '../../../shared/messages.ts';
import {
  teamEmployeesWithTasksSchema,
  teamFlightsSchema,
  teamOutsideFlightsSchema,
  teamPlanFileName,
  teamsWithFlightsSchema,
} from '../../../shared/team-planning.ts';
import { attachmentHeader } from '../../http/attachment.ts';
import { BadRequestError } from '../../http/errors.ts';
import { filterFlag, filterIds, filterText } from '../../http/filters.ts';
import { listQuery } from '../../http/list.ts';
import { requirePeriod } from '../../http/period.ts';
import { routeGroup } from '../../http/route.ts';
import { sendTypedJson } from '../../http/typedJson.ts';
import type { ModuleOptions } from '../index.ts';
import type { FlightFilter } from './flightFilter.ts';
import { READ, TAGS } from './rules.ts';

const route = routeGroup({ tags: TAGS, access: READ });

/** One id of a filter (`filter[flight_type]=1`). */
const filterId = (value: unknown, field: string) => {
  const ids = filterIds(value, field);
  if (ids && ids.length !== 1) throw new BadRequestError(MESSAGES.malformed, { [field]: [MESSAGES.idRange] });
  return ids?.[0];
};

const FLIGHT_FILTERS = {
  begin_datetime: filterText,
  end_datetime: filterText,
  flight_type: filterId,
  flight_fact: filterFlag,
  flight_aid: filterIds,
  department_id: filterIds,
  emp_pos_id: filterIds,
  team_id: filterIds,
  conflict: filterFlag,
  name: filterText,
  scale: filterId,
};
const flightQuery = listQuery({ filters: FLIGHT_FILTERS, sorts: [] });
type Filters = {
  [K in keyof typeof FLIGHT_FILTERS]?: Exclude<ReturnType<(typeof FLIGHT_FILTERS)[K]>, undefined>;
};

const FILTERS_TEXT =
  'Фильтры: filter[begin_datetime], filter[end_datetime] (обязательны, YYYY-MM-DD HH:mm:ss в зоне Time-Zone, ≤ 93 дней), ' +
  'filter[flight_type], filter[flight_fact] (1 — есть фактическое время, 0 — нет), filter[flight_aid][], ' +
  'filter[department_id][] и filter[emp_pos_id][] (рейсы с задачами этих должностей; для бригад — бригады с такими ' +
  'должностями), filter[team_id][], filter[name] (часть названия бригады), filter[conflict]=1 (только рейсы с ' +
  'конфликтом).';

/** The flight filter of a parsed query, 400 without a period. */
function flightFilter(filters: Filters, zone: string): FlightFilter {
  const period = requirePeriod(
    { 'filter.begin_datetime': filters.begin_datetime, 'filter.end_datetime': filters.end_datetime },
    'filter.begin_datetime',
    'filter.end_datetime',
    zone,
  );
  return {
    period,
    flightType: filters.flight_type,
    flightFact: filters.flight_fact === undefined ? undefined : filters.flight_fact ? 1 : 0,
    aids: filters.flight_aid,
    departmentIds: filters.department_id,
    positionIds: filters.emp_pos_id,
    teamIds: filters.team_id,
    name: filters.name,
    conflict: filters.conflict,
  };
}

/** Russian date 'DD.MM.YYYY HH.mm' of a wall clock 'YYYY-MM-DD HH:mm:ss' (no colons: it names a file). */
const fileStamp = (wall: string) =>
  `${wall.slice(8, 10)}.${wall.slice(5, 7)}.${wall.slice(0, 4)}${wall.slice(11, 16) === '00:00' ? '' : ` ${wall.slice(11, 13)}.${wall.slice(14, 16)}`}`;

/** The flight views and the download of team planning. */
export async function flightRoutes(app: FastifyInstance, { services }: ModuleOptions) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const service = services.teamPlanning;
  const base = '/team-planning/v1';

  typed.get(
    `${base}/flights-without-team`,
    route({
      summary: 'Рейсы (обороты) периода без бригады',
      description: `Обороты, окно обслуживания которых (от начала первой задачи до конца последней) пересекает период. ${FILTERS_TEXT}`,
      querystring: flightQuery,
      response: teamFlightsSchema,
    }),
    async (request, reply) =>
      sendTypedJson(
        reply,
        await service.withoutTeam(
          flightFilter(request.query.filters as Filters, request.timeZone),
          request.timeZone,
          request.signal,
        ),
      ),
  );

  typed.get(
    `${base}/teams-with-flights`,
    route({
      summary: 'Бригады периода с их рейсами и конфликтами',
      description:
        'Каждая бригада (как в списке) с рейсами периода; у рейса conflict (1 — есть хоть один вид), ' +
        'task_without_employee (задач, где людей должностей бригады меньше, чем нужно), task_with_employee_diff_team ' +
        '(задач, где должность бригады занимает человек не из неё), employee_overlap (задач, чей исполнитель занят ' +
        `в это время другой задачей), team_flight_id. ${FILTERS_TEXT}`,
      querystring: flightQuery,
      response: teamsWithFlightsSchema,
    }),
    async (request, reply) =>
      sendTypedJson(
        reply,
        await service.teamsWithFlights(
          flightFilter(request.query.filters as Filters, request.timeZone),
          request.user,
          request.timeZone,
          request.signal,
        ),
      ),
  );

  typed.get(
    `${base}/flights-outside-team`,
    route({
      summary: 'Рейсы вне бригады: обороты, на задачах которых работают члены бригады, не назначенные ей',
      description: `По каждой бригаде периода — такие рейсы в пределах её смены. ${FILTERS_TEXT}`,
      querystring: flightQuery,
      response: teamOutsideFlightsSchema,
    }),
    async (request, reply) =>
      sendTypedJson(
        reply,
        await service.outsideTeam(
          flightFilter(request.query.filters as Filters, request.timeZone),
          request.user,
          request.timeZone,
          request.signal,
        ),
      ),
  );

  typed.get(
    `${base}/team-employees-with-tasks`,
    route({
      summary: 'Сотрудники бригады с задачами',
      description:
        'filter[team_id] (обязательно), filter[flight_aid][]. employees — члены бригады с их задачами за смену ' +
        '(только этих рейсов, если flight_aid задан); tasksWithoutEmployee — задачи рейсов бригады, где не хватает ' +
        'людей её должностей (positions: сколько нужно и сколько не хватает); outsideTheTeam — задачи рейсов ' +
        'бригады, где её должность занимает человек не из неё.',
      querystring: listQuery({ filters: { team_id: filterId, flight_aid: filterIds }, sorts: [] }),
      response: teamEmployeesWithTasksSchema,
    }),
    (request) => {
      const { team_id: teamId, flight_aid: aids } = request.query.filters as {
        team_id?: number;
        flight_aid?: number[];
      };
      if (teamId === undefined)
        throw new BadRequestError(MESSAGES.required, { 'filter.team_id': [MESSAGES.required] });
      return service.employeesWithTasks(teamId, aids, request.user, request.timeZone);
    },
  );

  const download = route({
    summary: 'Выгрузка планирования бригад в .xlsx',
    description:
      `Файл «Планирование бригад на {с} - {по}.xlsx»: строка на задачу каждого рейса бригады (бригада без рейсов — ` +
      `одна строка), строится вне потока HTTP. Начало и конец смены и задачи — даты Excel по часам часового пояса ` +
      `запроса; «Задача бригады» — «Да», когда задаче нужна должность бригады или среди её сотрудников есть член ` +
      `бригады. filter[scale] принимается и не влияет на файл. ${FILTERS_TEXT}`,
    querystring: flightQuery,
    response: z.unknown(),
  });
  typed.get(
    `${base}/download-teams-with-flights`,
    { ...download, schema: { ...download.schema, response: {} } },
    async (request, reply) => {
      const filters = request.query.filters as Filters;
      const filter = flightFilter(filters, request.timeZone);
      const file = await service.download(filter, request.user, request.timeZone);
      const from = filters.begin_datetime as string;
      const to = filters.end_datetime as string;
      const name = `${teamPlanFileName(fileStamp(from), fileStamp(to))}.xlsx`;
      reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      reply.header(
        'content-disposition',
        attachmentHeader(`team-plan_${from.slice(0, 10)}_${to.slice(0, 10)}.xlsx`, name),
      );
      return reply.send(file);
    },
  );
}
