import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '../../../shared/messages.ts';
import {
  airlineSchema,
  airportSchema,
  aviacompanyItemSchema,
  departmentSchema,
  employeePositionSchema,
  fullNamedItemSchema,
  jobIndicatorSchema,
  namedItemSchema,
  resourceItemSchema,
  serviceItemSchema,
} from '../../../shared/reference.ts';
import { listQuery, plainQuery, sendPage } from '../../http/list.ts';
import { queryIds, queryText } from '../../http/query.ts';
import { routeGroup } from '../../http/route.ts';
import type { ModuleOptions } from '../index.ts';
import { AIRLINE_LIST, AIRPORT_LIST } from './directory.ts';
import { DEPARTMENT_LIST, NAME_LIST, type NamedListKind, POSITION_LIST } from './service.ts';

/** `{id, name}` lists: path → [list, summary]. */
const NAMED_ROUTES: [string, NamedListKind, string][] = [
  ['/v2/service-hall', 'service-hall', 'Залы обслуживания'],
  ['/v2/passenger-category', 'passenger-category', 'Категории пассажиров'],
  ['/v2/travel-class', 'travel-class', 'Классы обслуживания'],
  ['/v2/flight-class', 'flight-class', 'Классы рейсов'],
  ['/v2/flight-type', 'flight-type', 'Типы рейсов (1 внутренний, 2 международный)'],
  ['/v2/vip-hall-access-type', 'vip-hall-access-type', 'Типы допуска в зал'],
  ['/v2/loyalty-card-type', 'loyalty-card-type', 'Типы карт лояльности'],
  ['/v2/vip-hall-card-bank-type', 'vip-hall-card-bank-type', 'Типы банковских карт'],
  ['/v2/pay-type', 'pay-type', 'Типы оплаты'],
  ['/v2/med-service', 'med-service', 'Медицинские услуги'],
  ['/v2/vip-service', 'vip-service', 'VIP-услуги'],
  ['/tariff/calc-type', 'calc-type', 'Типы расчёта (1 продолжительность, 2 операции, 3 показатели)'],
  ['/v2/job', 'job', 'Работы'],
];

const route = routeGroup({ tags: ['Справочники'], access: 'session' });
const jobIdsQuery = plainQuery({ unique_job_id: queryIds.optional() });

/** Reference lists of both spec files; every route needs only a session. */
export const referenceRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { services }) => {
  const service = services.reference;

  for (const [path, list, summary] of NAMED_ROUTES) {
    app.get(
      path,
      route({ summary, querystring: listQuery(NAME_LIST), response: z.array(namedItemSchema) }),
      async (request) => service.named(list, request.query),
    );
  }
  for (const [path, list, summary] of [
    ['/tariff/format', 'format', 'Единицы измерения'],
    ['/tariff/rounding', 'rounding', 'Округления (1 — без округления)'],
  ] as const) {
    app.get(
      path,
      route({ summary, querystring: listQuery(NAME_LIST), response: z.array(fullNamedItemSchema) }),
      async (request) => service.fullNamed(list, request.query),
    );
  }
  app.get(
    '/v2/service',
    route({
      summary: 'Услуги (name_ru, name_en, id_1c)',
      querystring: listQuery(NAME_LIST),
      response: z.array(serviceItemSchema),
    }),
    async (request) => service.services(request.query),
  );
  app.get(
    '/v2/aviacompany',
    route({
      summary: 'Действующие авиакомпании',
      querystring: listQuery(NAME_LIST),
      response: z.array(aviacompanyItemSchema),
    }),
    async (request) => service.aviacompanies(request.query),
  );

  app.get(
    '/v2/employee-position/job',
    route({
      summary: 'Должности, выполняющие любую из работ unique_job_id[]',
      querystring: jobIdsQuery,
      response: z.array(employeePositionSchema),
    }),
    async (request) => service.positionsOfJobs(request.query.unique_job_id ?? []),
  );
  app.get(
    '/v2/resource-type/job',
    route({
      summary: 'Типы ресурсов работ unique_job_id[]',
      querystring: jobIdsQuery,
      response: z.array(namedItemSchema),
    }),
    async (request) => service.resourceTypesOfJobs(request.query.unique_job_id ?? []),
  );
  app.get(
    '/v2/resource/job',
    route({
      summary: 'Ресурсы типов, нужных работам unique_job_id[]',
      querystring: jobIdsQuery,
      response: z.array(resourceItemSchema),
    }),
    async (request) => service.resourcesOfJobs(request.query.unique_job_id ?? []),
  );
  app.get(
    '/v2/job-indicator',
    route({
      summary: 'Показатели работ job_id[] (все, если работы не указаны)',
      querystring: plainQuery({ job_id: queryIds.optional() }),
      response: z.array(jobIndicatorSchema),
    }),
    async (request) => service.jobIndicators(request.query.job_id),
  );
  app.get(
    '/v2/department',
    route({
      summary: 'Подразделения (filter[name], filter[contractor_id])',
      querystring: listQuery(DEPARTMENT_LIST),
      response: z.array(departmentSchema),
    }),
    async (request) => service.departments(request.query),
  );
  app.get(
    '/v3/employee-position',
    route({
      summary: 'Должности (filter[department_ids][], filter[name])',
      querystring: listQuery(POSITION_LIST),
      response: z.array(employeePositionSchema),
    }),
    async (request) => service.positions(request.query),
  );

  app.get(
    '/airport',
    route({
      summary: 'Аэропорты: поиск filter[name] по названиям и кодам, страницы page/per-page (по умолчанию 50)',
      querystring: listQuery(AIRPORT_LIST),
      response: z.array(airportSchema),
    }),
    async (request, reply) => sendPage(reply, request.query, await service.airports(request.query)),
  );
  app.get(
    '/aviacompany',
    route({
      summary:
        'Авиакомпании: filter[or][][iata_code|icao_code|sirena_code|name_ru|name_en][like], filter[is_deleted], filter[name]; expand=aviacompanyBaggageRegister',
      querystring: listQuery(AIRLINE_LIST, { expand: queryText.optional() }),
      response: z.array(airlineSchema),
    }),
    async (request, reply) =>
      sendPage(reply, request.query, await service.airlines(request.query, request.user.rules)),
  );
};
